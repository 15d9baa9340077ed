/**
 * The AI chat answers the question asked, on the English and the Traditional Chinese site: a question for one figure
 * gets that figure with its date and a link to the full diagnosis (not the whole report), and "what is X" gets the
 * glossary's definition with the page that shows it. Set-up as in chat.spec.ts: a fresh visitor, cookies accepted.
 */
import type { Page } from '@playwright/test'
import { acceptCookies, expect, type Site, test, waitForHydration } from './support/fixtures.ts'

async function ask(page: Page, question: string) {
  const answers = page.getByTestId('chat-answer')
  const count = await answers.count()
  await page.getByTestId('composer').fill(question)
  await page.getByTestId('composer').press('Enter')
  const answer = answers.nth(count)
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 })
  return answer
}

const questions = (site: Site) =>
  site.locale === 'zh-Hant'
    ? {
        figure: '蘋果的RSI是多少？',
        rsi: 'RSI（14 日）',
        define: '什麼是市盈率？',
        term: '市盈率',
        asOf: '資料日期',
      }
    : {
        figure: 'What is Apple’s RSI?',
        rsi: 'RSI (14 days)',
        define: 'What is a P/E ratio?',
        term: 'P/E ratio',
        asOf: 'as of',
      }

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

test('answers a figure question with that figure first and a definition from the glossary', async ({
  page,
  site,
}) => {
  const q = questions(site)
  await page.goto('/ai-qna')
  await waitForHydration(page)
  await expect(page.locator('[data-testid="conversation-list"] [role="status"]')).toHaveCount(0)

  const figure = await ask(page, q.figure)
  await expect(figure).toContainText(q.rsi)
  await expect(figure).toContainText(q.asOf)
  await expect(figure.locator('a[href^="/ai-stock-diagnosis?code=AAPL"]').first()).toBeVisible()
  // The figure, not the whole diagnosis: no table of every score.
  await expect(figure.locator('table')).toHaveCount(0)

  const definition = await ask(page, q.define)
  await expect(definition.locator('strong').first()).toHaveText(q.term)
  await expect(definition.locator('a[href="/ai-stock-diagnosis"]')).toBeVisible()
})
