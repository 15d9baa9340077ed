/**
 * The chat's "my watchlist" and "my portfolio" (issue 25), asked of the offline assistant as the chat asks it: the
 * answer reads the asking reader's own lists (never another reader's), puts first what was asked, carries the list's
 * source with its as-of date and demo flag, and tells a visitor or a reader without a list how to make one.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locale } from '#contracts/regions.ts'
import { createManualClock } from '#server/clock.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { createCapturedSms } from '#server/testing/captured-sms.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { offlineAsking, visitor } from '../testing/offline-asking.ts'
import { formatMoney, formatScore } from './tool-format.ts'

const clock = createManualClock('2026-11-22T09:00:00Z')
const sms = createCapturedSms()
let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime({}, { clock, smsSender: sms.sender })
})
afterAll(() => runtime.close())

const { ask } = offlineAsking(() => runtime, clock)

let phoneSeed = 0
async function newMember(): Promise<Reader> {
  phoneSeed += 1
  const mobile = `9325${String(phoneSeed).padStart(4, '0')}`
  const { accounts } = runtime.services
  await accounts.sendLoginCode({ country: 'HK', mobile }, { locale: 'en' })
  const result = await accounts.logIn(
    { country: 'HK', mobile, code: sms.codeSentTo(`+852${mobile}`), agreed: true },
    { locale: 'en' },
  )
  return {
    role: 'member',
    memberId: result.userInfo.memberId,
    tier: null,
    sessionId: null,
    device: { key: randomUUID(), network: null },
  }
}

async function follow(reader: Reader, market: 'us' | 'hk', code: string) {
  await runtime.services.watchlists.followStock(reader, { market, code }, 'en')
}

async function buy(reader: Reader, market: 'us' | 'hk', code: string, quantity: number, price: number) {
  await runtime.services.portfolios.addTransaction(
    reader,
    { kind: 'buy', market, code, tradeDate: '2026-03-02', quantity, price, fee: 0, amount: 0, note: '' },
    'en',
  )
}

async function stock(market: 'us' | 'hk', code: string, locale: Locale) {
  const found = await runtime.services.stocks.getStock(market, code, locale)
  if (!found) throw new Error(`no stock ${market}:${code}`)
  return found
}

describe('chat: my watchlist', () => {
  it('answers from the reader’s own watchlist only, with each stock’s figures, the as-of date and the demo source', async () => {
    const reader = await newMember()
    await follow(reader, 'us', 'AAPL')
    await follow(reader, 'hk', '0700')
    const other = await newMember()
    await follow(other, 'us', 'MSFT')

    const answer = await ask('How are my watchlist stocks doing?', 'en', reader)
    expect(answer.tools).toEqual(['getMyWatchlist'])
    const apple = await stock('us', 'AAPL', 'en')
    const tencent = await stock('hk', '0700', 'en')
    expect(answer.text).toContain('Of the 2 stocks on your watchlist')
    expect(answer.text).toContain(`${apple.name} (AAPL)`)
    expect(answer.text).toContain(`${tencent.name} (0700.HK)`)
    expect(answer.text).toContain(formatMoney(apple.price as number, apple.currency))
    expect(answer.text).not.toContain('MSFT')
    expect(answer.text).toContain(`Data as of ${apple.latestPriceDate}`)
    expect(answer.text).toContain('(/member/watchlist)')
    expect(answer.sources).toEqual([
      expect.objectContaining({ kind: 'watchlist', href: '/member/watchlist', isDemo: true }),
    ])
  })

  it('names the lowest score on the watchlist first, in Chinese', async () => {
    const reader = await newMember()
    await follow(reader, 'us', 'AAPL')
    await follow(reader, 'hk', '0700')
    await follow(reader, 'us', 'MSFT')
    const rows = await Promise.all([
      stock('us', 'AAPL', 'zh-Hant'),
      stock('hk', '0700', 'zh-Hant'),
      stock('us', 'MSFT', 'zh-Hant'),
    ])
    const lowest = rows.filter((r) => r.score !== null).sort((a, b) => (a.score ?? 0) - (b.score ?? 0))[0]
    if (!lowest) throw new Error('no scores in the test data')
    const answer = await ask('我的自選股中哪一隻評分最低？', 'zh-Hant', reader)
    expect(answer.tools).toEqual(['getMyWatchlist'])
    expect(answer.text.split('\n')[0]).toContain(`AI 評分最低的是 **${lowest.name}`)
    expect(answer.text).toContain(formatScore(lowest.score as number))
    expect(answer.text).toContain('資料日期：')
  })

  it('tells a visitor it reads only an account’s watchlist, and a member without one how to start, with the link', async () => {
    const asVisitor = await ask('How are my watchlist stocks doing?', 'en', visitor())
    expect(asVisitor.text).toContain('only when it is kept in your account')
    expect(asVisitor.text).toContain('[your watchlist](/member/watchlist)')
    expect(asVisitor.sources).toEqual([])
    const empty = await ask('我關注的股票表現如何？', 'zh-Hant', await newMember())
    expect(empty.text).toContain('您的自選清單還沒有股票')
    expect(empty.text).toContain('[我的自選清單](/member/watchlist)')
  })
})

describe('chat: my portfolio', () => {
  it('says what the portfolio is worth in its base currency, from the reader’s own holdings', async () => {
    const reader = await newMember()
    await buy(reader, 'us', 'AAPL', 10, 100)
    await buy(reader, 'us', 'MSFT', 5, 200)
    const other = await newMember()
    await buy(other, 'hk', '0700', 100, 300)
    const portfolio = await runtime.services.portfolios.getPortfolio(reader, undefined, 'en')

    const answer = await ask('What is my portfolio worth?', 'en', reader)
    expect(answer.tools).toEqual(['getMyPortfolio'])
    expect(answer.text).toContain(
      `Your portfolio is worth **${formatMoney(portfolio.totals.marketValue, 'USD')}**`,
    )
    expect(answer.text).toContain(`cost ${formatMoney(2000, 'USD')}`)
    expect(answer.text).not.toContain('0700')
    expect(answer.text).toContain('(/member/portfolio)')
    expect(answer.sources).toEqual([
      expect.objectContaining({ kind: 'portfolio', href: '/member/portfolio', isDemo: true }),
    ])
  })

  it('names the holding with the lowest score, in both languages', async () => {
    const reader = await newMember()
    await buy(reader, 'us', 'AAPL', 10, 100)
    await buy(reader, 'hk', '0700', 100, 300)
    const portfolio = await runtime.services.portfolios.getPortfolio(reader, undefined, 'en')
    const lowest = portfolio.holdings
      .filter((h) => h.totalScore !== null)
      .sort((a, b) => (a.totalScore ?? 0) - (b.totalScore ?? 0))[0]
    if (!lowest) throw new Error('no scores in the test data')
    const en = await ask('Which of my holdings has the lowest score?', 'en', reader)
    expect(en.text.split('\n')[0]).toContain(`The lowest AI score among your holdings is **${lowest.name}`)
    expect(en.text).toContain(formatScore(lowest.totalScore as number))
    const zh = await ask('我的持倉中哪一隻評分最低？', 'zh-Hant', reader)
    expect(zh.text.split('\n')[0]).toContain('您的持倉中 AI 評分最低的是')
    expect(zh.text).toContain(formatScore(lowest.totalScore as number))
  })

  it('tells a visitor and a member without holdings how to create a portfolio, with the link', async () => {
    const asVisitor = await ask('我的投資組合值多少？', 'zh-Hant', visitor())
    expect(asVisitor.tools).toEqual(['getMyPortfolio'])
    expect(asVisitor.text).toContain('[我的投資組合](/member/portfolio)')
    expect(asVisitor.text).toContain('登入')
    const empty = await ask('What is my portfolio worth?', 'en', await newMember())
    expect(empty.text).toContain('Your portfolio has no holdings yet')
    expect(empty.text).toContain('[your portfolio](/member/portfolio)')
  })
})
