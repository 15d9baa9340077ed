/**
 * The plan names a reader meets (issue 23): on the Chinese site only the catalogue's Chinese names (基礎版 / 進階版 /
 * 尊享版), never Base/Plus/Premium or 尊尚, and set without an ASCII space inside a Chinese sentence ("升級至進階版");
 * on the English site no Chinese name. Read from the text of the page's main content.
 */
import type { Page } from '@playwright/test'
import { expect, type Site } from './fixtures.ts'

const chineseTierNames = '(?:基礎版|進階版|尊享版)'

export async function expectTierNamesOfTheSite(page: Page, site: Site): Promise<void> {
  const text = (await page.locator('main').textContent()) ?? ''
  if (site.locale === 'zh-Hant') {
    expect(text).not.toMatch(/\b(?:Base|Plus|Premium)\b|尊尚/)
    expect(text).not.toMatch(
      new RegExp(`\\p{Script=Han} +${chineseTierNames}|${chineseTierNames} +\\p{Script=Han}`, 'u'),
    )
  } else {
    expect(text).not.toMatch(new RegExp(`${chineseTierNames}|尊尚`))
  }
}
