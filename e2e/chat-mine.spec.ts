/**
 * The chat and the reader's own stocks (issue 25), on the English and the Traditional Chinese site: a member asks how
 * their watchlist is doing and gets their own stocks with the list's source; a member uploads a holdings workbook,
 * asks to import it, sees the preview with the rejected row and its reason, and nothing is imported until the
 * confirm button. Each test logs a new member in through the API.
 */
import type { Page } from '@playwright/test'
import { workbookOf } from '#server/modules/chat/testing/holdings-workbook.ts'
import { logInThroughApi } from './support/accounts.ts'
import { acceptCookies, expect, type Site, test, waitForHydration } from './support/fixtures.ts'

const apple = { code: 'AAPL', market: 'us', name: { en: 'Apple Inc.', 'zh-Hant': '蘋果' } } as const

async function openChat(page: Page) {
  await page.goto('/ai-qna')
  await waitForHydration(page)
  await expect(page.locator('[data-testid="conversation-list"] [role="status"]')).toHaveCount(0)
}

async function ask(page: Page, question: string) {
  const answers = page.getByTestId('chat-answer')
  const count = await answers.count()
  await page.getByTestId('composer').fill(question)
  await page.getByTestId('send').click()
  const answer = answers.nth(count)
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 })
  return answer
}

/** A POST from the page (its cookies, its origin), as the page's own calls are. */
async function postFromPage(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ path, body }) =>
      (
        await fetch(`/api/portal${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    { path, body },
  )
}

const words = (site: Site) =>
  site.locale === 'zh-Hant'
    ? {
        watchlist: '我的自選股表現如何？',
        summary: '的 2 隻股票在最新交易日',
        importIt: '把這個檔案匯入我的投資組合',
        preview: '**2 行可以匯入**',
        rejected: '以下 1 行不會匯入',
        confirm: '匯入 2 筆交易，略過 1 行',
        done: '已把 2 筆交易匯入您的投資組合。',
      }
    : {
        watchlist: 'How are my watchlist stocks doing?',
        summary: 'Of the 2 stocks on your watchlist',
        importIt: 'Import this file into my portfolio',
        preview: '2 can be imported',
        rejected: 'These 1 rows will not be imported',
        confirm: 'Import 2 transactions, skip 1 rows',
        done: 'Imported 2 transactions into your portfolio.',
      }

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

test('a member asks how their watchlist is doing and gets their own stocks with the list as the source', async ({
  page,
  request,
  site,
  t,
}) => {
  test.setTimeout(60_000)
  await logInThroughApi(page, request, site.origin)
  expect(await postFromPage(page, '/watchlist/follow', { market: 'us', code: 'AAPL' })).toBe(200)
  expect(await postFromPage(page, '/watchlist/follow', { market: 'hk', code: '0700' })).toBe(200)
  await openChat(page)
  const answer = await ask(page, words(site).watchlist)
  await expect(answer).toContainText(words(site).summary.replaceAll('**', ''))
  await expect(answer.getByRole('table')).toContainText(apple.name[site.locale])
  await expect(answer.getByRole('table')).toContainText('0700.HK')
  const source = answer.locator('[data-testid="chat-source"][data-kind="watchlist"]')
  await expect(source).toHaveAttribute('href', '/member/watchlist')
  await expect(source).toContainText(t('chat:answer.kinds.watchlist'))
  await expect(answer.getByTestId('chat-demo')).toBeVisible()
})

test('imports a holdings workbook uploaded in the chat only after the reader confirms the preview', async ({
  page,
  request,
  site,
}) => {
  test.setTimeout(90_000)
  await logInThroughApi(page, request, site.origin)
  await openChat(page)
  const workbook = await workbookOf([
    ['Date', 'Symbol', 'Action', 'Quantity', 'Price', 'Currency'],
    ['2024-01-05', 'AAPL', 'Buy', '10', '150', 'USD'],
    ['2024-02-01', 'MSFT', 'Buy', '5', '400', 'USD'],
    ['2024-04-01', 'ZZZZ', 'Buy', '1', '10', 'USD'],
  ])
  await page.getByTestId('attach-input').setInputFiles({
    name: 'trades.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(workbook),
  })
  await expect(page.getByTestId('file-chip').first()).toHaveAttribute('data-status', 'ready', {
    timeout: 30_000,
  })
  const answer = await ask(page, words(site).importIt)
  await expect(answer).toContainText(words(site).preview.replaceAll('**', ''))
  await expect(answer).toContainText(words(site).rejected)
  await expect(answer.getByRole('table')).toContainText('AAPL')

  // Nothing is saved by the answer: the portfolio is still empty.
  const holdings = async () =>
    page.evaluate(async () => {
      const response = await fetch('/api/portal/member/portfolio')
      return ((await response.json()) as { data: { holdings: { code: string }[] } }).data.holdings
        .map((h) => h.code)
        .sort()
    })
  expect(await holdings()).toEqual([])

  await answer.getByRole('button', { name: words(site).confirm }).click()
  await expect(answer.getByRole('status').filter({ hasText: words(site).done })).toBeVisible()
  expect(await holdings()).toEqual(['AAPL', 'MSFT'])
})
