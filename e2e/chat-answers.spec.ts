/**
 * The AI chat answers the question asked, on the English and the Traditional Chinese site: a question for one figure
 * gets that figure with its date and a link to the full diagnosis (not the whole report), a follow-up naming only
 * another company ("compare it with Microsoft") gets that figure for both and the compare page, "what is X" gets the
 * glossary's definition with the page that shows it; "how did the market do this week" gets our own index, named as
 * ours, with the market's page; a comparison ends with the compare page; a "not helpful" vote takes the reader's
 * reason and shows it back, after a reload too. Set-up as in chat.spec.ts: a fresh visitor, cookies accepted.
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
        followUp: '和微軟比呢？',
        rsi: 'RSI（14 日）',
        define: '什麼是市盈率？',
        term: '市盈率',
        asOf: '資料日期',
        market: '港股本週表現如何？',
        ourIndex: '本站自行計算，並非交易所指數',
        compare: '比較蘋果和微軟的市盈率',
        reason: '我問的是市盈率，不是評分',
      }
    : {
        figure: 'What is Apple’s RSI?',
        followUp: 'Compare it with Microsoft',
        rsi: 'RSI (14 days)',
        define: 'What is a P/E ratio?',
        term: 'P/E ratio',
        asOf: 'as of',
        market: 'How did the Hong Kong market do this week?',
        ourIndex: 'our own index, not an exchange’s',
        compare: 'Compare the P/E of Apple and Microsoft',
        reason: 'I asked for the P/E, not a score',
      }

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

test('answers a figure question with that figure first, a follow-up about another company, and a definition', async ({
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

  // A follow-up that names only the other company: the figure asked before, for both, and the compare page.
  const followUp = await ask(page, q.followUp)
  await expect(followUp.locator('table')).toContainText(q.rsi)
  await expect(followUp.locator('a[href^="/compare?codes="]').first()).toHaveAttribute(
    'href',
    /codes=us:AAPL,us:MSFT$/,
  )

  const definition = await ask(page, q.define)
  await expect(definition.locator('strong').first()).toHaveText(q.term)
  await expect(definition.locator('a[href="/ai-stock-diagnosis"]')).toBeVisible()
})

test('answers how a market did from our own index, and links a comparison to the compare page', async ({
  page,
  site,
  t,
}) => {
  const q = questions(site)
  await page.goto('/ai-qna')
  await waitForHydration(page)

  const market = await ask(page, q.market)
  await expect(market).toContainText(q.ourIndex)
  await expect(market).toContainText('equal-weight-universe-v1')
  await expect(market.locator('a[href="/markets/hk"]').first()).toBeVisible()

  const compare = await ask(page, q.compare)
  await expect(compare.locator('a[href="/compare?codes=us:AAPL,us:MSFT"]')).toBeVisible()

  // Not helpful: the reader says why, once.
  await compare.getByTestId('vote-down').click()
  const note = compare.getByTestId('vote-note')
  await note.getByLabel(t('chat:answer.noteLabel')).fill(q.reason)
  await note.getByRole('button', { name: t('chat:answer.noteSend') }).click()
  const recorded = t('chat:answer.noteRecorded', { note: q.reason })
  await expect(compare.getByTestId('vote-note-sent')).toHaveText(recorded)
  // The reason stays shown to the reader after a reload.
  await page.reload()
  await waitForHydration(page)
  await expect(compare.getByTestId('vote-note-sent')).toHaveText(recorded)
})
