/**
 * The test fixture every journey uses: `t` translates with the site's own catalogs in the project's language
 * (so a test asserts what a reader of that language sees), `site` tells which regional site the project runs on.
 * Pages fail the test on any uncaught error or CSP violation.
 */
import { test as base, expect, type Page } from '@playwright/test'
import { readCatalogFiles } from '../../app/i18n/catalog-files.ts'
import { createTranslator } from '../../app/i18n/i18n.ts'
import type { Locale } from '../../contracts/regions.ts'
import { e2ePort, languageNeutralTag, type SiteRegion, siteOrigin } from './sites.ts'

const translators = {
  en: createTranslator('en', readCatalogFiles('en')),
  'zh-Hant': createTranslator('zh-Hant', readCatalogFiles('zh-Hant')),
}

export interface Site {
  locale: Locale
  region: SiteRegion
  origin: string
  /** The other language's site, where the switcher leads. */
  other: { locale: Locale; region: SiteRegion; origin: string }
}

export const test = base.extend<{
  site: Site
  t: (key: string, options?: Record<string, unknown>) => string
  pageErrors: string[]
}>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  site: async ({}, use, testInfo) => {
    const isChinese = testInfo.project.name === 'zh-Hant'
    await use({
      locale: isChinese ? 'zh-Hant' : 'en',
      region: isChinese ? 'hant' : 'en',
      origin: siteOrigin(isChinese ? 'hant' : 'en', e2ePort),
      other: isChinese
        ? { locale: 'en', region: 'en', origin: siteOrigin('en', e2ePort) }
        : { locale: 'zh-Hant', region: 'hant', origin: siteOrigin('hant', e2ePort) },
    })
  },
  t: async ({ site }, use) => {
    const translator = translators[site.locale]
    await use((key, options) => translator.t(key, options ?? {}) as string)
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
          errors.push(message.text())
      })
      await use(errors)
      expect(errors, 'uncaught page errors or CSP violations').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * Marks a journey whose behaviour does not depend on the site's language (ADR 0042): keyboard and pointer mechanics,
 * history and length limits, routing, reloads, tracking, paging, the later rungs of a quota. It runs on the English
 * site only; what a reader of either language sees (words, messages, layout of text, fonts, regional defaults) runs
 * on both, and every screen keeps at least one journey on both sites.
 */
export const languageNeutral = { tag: languageNeutralTag }

/** Waits until React has hydrated, so clicks reach their handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  // The footer and a console section hydrate after the page (their code is fetched after the page's): wait for them
  // too, when there are.
  await page.waitForFunction(() => {
    const later = ['footer[data-site-footer]', '[data-console-section]'].map((selector) =>
      document.querySelector<HTMLElement>(selector),
    )
    return (
      document.documentElement.dataset.hydrated === 'true' &&
      later.every((part) => !part || part.dataset.hydrated === 'true')
    )
  })
}

/** Accepts the cookie banner up front, for journeys about something else. */
export async function acceptCookies(page: Page, origin: string): Promise<void> {
  const { hostname } = new URL(origin)
  await page.context().addCookies([{ name: 'privacy', value: 'accepted', domain: hostname, path: '/' }])
}
