import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locale, Market } from '#contracts/regions.ts'
import { createManualClock } from '#server/clock.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { money, offlineAsking, refusal, subscriber, visitor } from '../testing/offline-asking.ts'
import { displayCode, formatMoney, formatPercent, formatScore } from '../tools/tool-format.ts'

const clock = createManualClock('2026-11-22T09:00:00Z')
let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime({}, { clock })
})
afterAll(() => runtime.close())

const { ask, diagnosis, returnFigures } = offlineAsking(() => runtime, clock)

// ——— expected figures, read from the services ———

async function valuationFigures(market: Market, code: string, locale: Locale): Promise<string[]> {
  const d = await diagnosis(market, code, locale)
  const margin = d.fairValue.downsideMargin as number
  return [
    `${d.stock.name} (${displayCode(d.stock.code, market, d.stock.exchange)})`,
    money(d.stock.price, d.stock.currency),
    money(d.fairValue.value, d.stock.currency),
    formatPercent(Math.abs(margin)),
    d.asOf as string,
  ]
}

async function diagnosisFigures(market: Market, code: string, locale: Locale): Promise<string[]> {
  const d = await diagnosis(market, code, locale)
  return [
    formatScore(d.scores.total as number),
    money(d.fairValue.sensitivity?.low.value, d.stock.currency),
    money(d.fairValue.sensitivity?.high.value, d.stock.currency),
    ...(d.levels.support ? [money(d.levels.support.price, d.stock.currency)] : []),
    d.methods[0]?.title as string,
  ]
}

/** A fair value question is answered with that figure, its range, the close and the margin — not the diagnosis. */
async function fairValueFigures(market: Market, code: string, locale: Locale): Promise<string[]> {
  const d = await diagnosis(market, code, locale)
  return [
    money(d.fairValue.value, d.stock.currency),
    money(d.fairValue.sensitivity?.low.value, d.stock.currency),
    money(d.fairValue.sensitivity?.high.value, d.stock.currency),
    formatPercent(Math.abs(d.fairValue.downsideMargin as number)),
    `/ai-stock-diagnosis?code=${code}`,
  ]
}

async function compareFigures(a: [Market, string], b: [Market, string], locale: Locale): Promise<string[]> {
  const [da, db] = await Promise.all([diagnosis(...a, locale), diagnosis(...b, locale)])
  return [
    formatScore(da.scores.total as number),
    formatScore(db.scores.total as number),
    formatPercent(Math.abs(da.fairValue.downsideMargin as number)),
    formatPercent(Math.abs(db.fairValue.downsideMargin as number)),
    ...(await returnFigures(...a, '3m', locale)).slice(0, 1),
  ]
}

async function listFigures(kind: 'undervalued' | 'overvalued', market: Market | undefined, locale: Locale) {
  const list = await runtime.services.stocks.listValuation({ kind, market, page: 1, pageSize: 5 }, locale)
  expect(list.rows.length).toBeGreaterThan(0)
  return list.rows.flatMap((r) => [
    `${r.name} (${displayCode(r.code, r.market, r.exchange)})`,
    formatPercent(Math.abs(r.downsideMargin as number)),
  ])
}

async function hotFigures(market: Market | undefined, locale: Locale) {
  const list = await runtime.services.stocks.listHotStocks({ market, limit: 5 }, locale)
  return list.rows.flatMap((r) => [
    `${r.name} (${displayCode(r.code, r.market, r.exchange)})`,
    formatScore(r.heat.heatScore),
  ])
}

async function articleFigures(keyword: string, locale: Locale) {
  const found = await runtime.services.articles.findArticles({ keyword, page: 1, pageSize: 3 }, locale)
  // The seeded catalogue writes about these companies: an answer without their articles would be wrong.
  expect(found.rows.length).toBeGreaterThan(0)
  return found.rows.flatMap((r) => [`/articles/${r.key}`, r.title])
}

async function picksFigures(reader: Reader, locale: Locale) {
  const answer = await runtime.services.stocks.listMonthlyPicks({ months: 6 }, reader, locale)
  const month = answer.months[0]
  if (!month) throw new Error('no picks in the test data')
  const shown = month.picks.slice(0, 10)
  return [
    ...shown.map((p) => formatMoney(p.recommendedPrice, p.currency)),
    ...(shown.length > 0 ? [month.recommendedAt] : []),
    ...(month.lockedCount > 0 ? [String(month.lockedCount)] : []),
    ...(month.picks.length > 10 ? [String(month.picks.length), '/member/picks'] : []),
  ]
}

interface Case {
  q: string
  locale: Locale
  tools: string[]
  figures: () => Promise<string[]>
  reader?: () => Reader
}

const en: Locale = 'en'
const zh: Locale = 'zh-Hant'
const cases: Case[] = [
  // ——— English ———
  {
    q: 'Is Tencent undervalued?',
    locale: en,
    tools: ['getDiagnosis'],
    figures: () => valuationFigures('hk', '0700', en),
  },
  {
    q: 'Is 0700 overvalued?',
    locale: en,
    tools: ['getDiagnosis'],
    figures: () => valuationFigures('hk', '0700', en),
  },
  {
    q: 'Is 700.HK cheap right now?',
    locale: en,
    tools: ['getDiagnosis'],
    figures: () => valuationFigures('hk', '0700', en),
  },
  {
    q: 'Is AAPL undervalued?',
    locale: en,
    tools: ['getDiagnosis'],
    figures: () => valuationFigures('us', 'AAPL', en),
  },
  {
    q: 'Is Toyota (7203) expensive?',
    locale: en,
    tools: ['getDiagnosis'],
    figures: () => valuationFigures('jp', '7203', en),
  },
  {
    q: 'What is the AI score of 005930?',
    locale: en,
    tools: ['getDiagnosis'],
    figures: () => diagnosisFigures('kr', '005930', en),
  },
  {
    q: "What's Microsoft's fair value?",
    locale: en,
    tools: ['getStockFigures'],
    figures: () => fairValueFigures('us', 'MSFT', en),
  },
  {
    q: 'Give me the diagnosis of Sony',
    locale: en,
    tools: ['getDiagnosis'],
    figures: () => diagnosisFigures('jp', '6758', en),
  },
  { q: 'NVDA', locale: en, tools: ['getDiagnosis'], figures: () => diagnosisFigures('us', 'NVDA', en) },
  {
    q: 'Compare AAPL and MSFT',
    locale: en,
    tools: ['getDiagnosis', 'getDiagnosis', 'getPriceReturn', 'getPriceReturn'],
    figures: () => compareFigures(['us', 'AAPL'], ['us', 'MSFT'], en),
  },
  {
    q: 'Tencent vs Alibaba',
    locale: en,
    tools: ['getDiagnosis', 'getDiagnosis', 'getPriceReturn', 'getPriceReturn'],
    figures: () => compareFigures(['hk', '0700'], ['hk', '9988'], en),
  },
  {
    q: 'How has Tencent done over the past year?',
    locale: en,
    tools: ['getPriceReturn'],
    figures: () => returnFigures('hk', '0700', '1y', en),
  },
  {
    q: 'What is the price return of AAPL year to date?',
    locale: en,
    tools: ['getPriceReturn'],
    figures: () => returnFigures('us', 'AAPL', 'ytd', en),
  },
  {
    q: 'How did 7203 perform over the last 6 months?',
    locale: en,
    tools: ['getPriceReturn'],
    figures: () => returnFigures('jp', '7203', '6m', en),
  },
  {
    q: 'Samsung price over the past month',
    locale: en,
    tools: ['getPriceReturn'],
    figures: () => returnFigures('kr', '005930', '1m', en),
  },
  {
    q: 'Most undervalued Hong Kong stocks',
    locale: en,
    tools: ['listValuation'],
    figures: () => listFigures('undervalued', 'hk', en),
  },
  {
    q: 'Which US stocks are most overvalued?',
    locale: en,
    tools: ['listValuation'],
    figures: () => listFigures('overvalued', 'us', en),
  },
  {
    q: 'What are the hot stocks today?',
    locale: en,
    tools: ['listHotStocks'],
    figures: () => hotFigures(undefined, en),
  },
  {
    q: 'Trending Japanese stocks',
    locale: en,
    tools: ['listHotStocks'],
    figures: () => hotFigures('jp', en),
  },
  {
    q: 'Any news about Tencent?',
    locale: en,
    tools: ['searchArticles'],
    figures: () => articleFigures('Tencent', en),
  },
  {
    q: 'Latest articles on 005930',
    locale: en,
    tools: ['searchArticles'],
    figures: () => articleFigures('005930', en),
  },
  {
    q: 'Is Tencnt undervalued?',
    locale: en,
    tools: ['getDiagnosis'],
    figures: () => valuationFigures('hk', '0700', en),
  },
  {
    q: 'Show me this month’s stock picks',
    locale: en,
    tools: ['listMonthlyPicks'],
    figures: () => picksFigures(subscriber('base'), en),
    reader: () => subscriber('base'),
  },
  { q: 'Monthly picks', locale: en, tools: ['listMonthlyPicks'], figures: () => picksFigures(visitor(), en) },
  {
    q: 'Will Apple stock go up next year?',
    locale: en,
    tools: [],
    figures: async () => [refusal.en, 'predict'],
  },
  { q: 'What is the weather in Tokyo?', locale: en, tools: [], figures: async () => [refusal.en] },
  { q: 'Tell me a joke', locale: en, tools: [], figures: async () => [refusal.en, 'I can tell you about'] },
  // ——— Chinese (Traditional, and Simplified input) ———
  {
    q: '騰訊被低估了嗎？',
    locale: zh,
    tools: ['getDiagnosis'],
    figures: () => valuationFigures('hk', '0700', zh),
  },
  {
    q: '腾讯被低估了吗？',
    locale: zh,
    tools: ['getDiagnosis'],
    figures: () => valuationFigures('hk', '0700', zh),
  },
  {
    q: '0700 高估了嗎',
    locale: zh,
    tools: ['getDiagnosis'],
    figures: () => valuationFigures('hk', '0700', zh),
  },
  {
    q: '蘋果現在便宜嗎？',
    locale: zh,
    tools: ['getDiagnosis'],
    figures: () => valuationFigures('us', 'AAPL', zh),
  },
  {
    q: '三星電子的AI評分是多少？',
    locale: zh,
    tools: ['getDiagnosis'],
    figures: () => diagnosisFigures('kr', '005930', zh),
  },
  {
    q: '微軟的合理價是多少',
    locale: zh,
    tools: ['getStockFigures'],
    figures: () => fairValueFigures('us', 'MSFT', zh),
  },
  {
    q: '丰田汽车的诊断',
    locale: zh,
    tools: ['getDiagnosis'],
    figures: () => diagnosisFigures('jp', '7203', zh),
  },
  {
    q: '比較蘋果和微軟',
    locale: zh,
    tools: ['getDiagnosis', 'getDiagnosis', 'getPriceReturn', 'getPriceReturn'],
    figures: () => compareFigures(['us', 'AAPL'], ['us', 'MSFT'], zh),
  },
  {
    q: '比较腾讯和阿里巴巴',
    locale: zh,
    tools: ['getDiagnosis', 'getDiagnosis', 'getPriceReturn', 'getPriceReturn'],
    figures: () => compareFigures(['hk', '0700'], ['hk', '9988'], zh),
  },
  {
    q: '騰訊過去一年表現如何？',
    locale: zh,
    tools: ['getPriceReturn'],
    figures: () => returnFigures('hk', '0700', '1y', zh),
  },
  {
    q: 'AAPL 今年以來的股價表現',
    locale: zh,
    tools: ['getPriceReturn'],
    figures: () => returnFigures('us', 'AAPL', 'ytd', zh),
  },
  {
    q: '索尼過去六個月的走勢',
    locale: zh,
    tools: ['getPriceReturn'],
    figures: () => returnFigures('jp', '6758', '6m', zh),
  },
  {
    q: '005930 過去三個月漲了多少',
    locale: zh,
    tools: ['getPriceReturn'],
    figures: () => returnFigures('kr', '005930', '3m', zh),
  },
  {
    q: '港股最被低估的股票',
    locale: zh,
    tools: ['listValuation'],
    figures: () => listFigures('undervalued', 'hk', zh),
  },
  {
    q: '美股有哪些被高估？',
    locale: zh,
    tools: ['listValuation'],
    figures: () => listFigures('overvalued', 'us', zh),
  },
  { q: '今日熱門股票', locale: zh, tools: ['listHotStocks'], figures: () => hotFigures(undefined, zh) },
  { q: '韩股热门股', locale: zh, tools: ['listHotStocks'], figures: () => hotFigures('kr', zh) },
  {
    q: '有關騰訊的新聞',
    locale: zh,
    tools: ['searchArticles'],
    figures: () => articleFigures('騰訊', zh),
  },
  { q: '三星有什么新闻', locale: zh, tools: ['searchArticles'], figures: () => articleFigures('三星', zh) },
  {
    q: '本月精選股票',
    locale: zh,
    tools: ['listMonthlyPicks'],
    figures: () => picksFigures(subscriber('premium'), zh),
    reader: () => subscriber('premium'),
  },
  { q: '明天騰訊會漲嗎？', locale: zh, tools: [], figures: async () => [refusal['zh-Hant'], '預測'] },
  { q: '比特幣值得買嗎', locale: zh, tools: [], figures: async () => [refusal['zh-Hant']] },
  { q: '你好，講個笑話', locale: zh, tools: [], figures: async () => [refusal['zh-Hant'], '我可以回答'] },
]

describe('offline assistant: the table of questions', () => {
  it('has at least 20 questions in each language', () => {
    expect(cases.filter((c) => c.locale === 'en').length).toBeGreaterThanOrEqual(20)
    expect(cases.filter((c) => c.locale === 'zh-Hant').length).toBeGreaterThanOrEqual(20)
  })

  it.each(cases.map((c) => [c.q, c] as const))('%s', async (_q, c) => {
    const answer = await ask(c.q, c.locale, c.reader?.() ?? visitor())
    expect(answer.tools).toEqual(c.tools)
    for (const figure of await c.figures()) expect(answer.text).toContain(figure)
    if (c.tools.length > 0 && c.tools[0] !== 'searchArticles') {
      // The test universe is demo data: every answer built on it marks its sources so (the page shows DEMO) and
      // dates its figures.
      expect(answer.sources.length).toBeGreaterThan(0)
      expect(answer.sources.every((s) => s.isDemo)).toBe(true)
      expect(answer.text).toContain(answer.sources[0]?.asOf as string)
    }
  })
})

describe('offline assistant: the month’s picks by plan', () => {
  it('does not ask a Premium reader to upgrade, and points to the page of every pick', async () => {
    const answer = await ask('Show me this month’s stock picks', en, subscriber('premium'))
    expect(answer.text).not.toMatch(/higher plan|subscri|upgrade/i)
    expect(answer.sources[0]?.href).toBe('/member/picks')
  })

  it('dates the table by the recommendation and by the close its returns are counted to', async () => {
    const reader = subscriber('base')
    const month = (await runtime.services.stocks.listMonthlyPicks({ months: 6 }, reader, en)).months[0]
    const latestClose = month?.picks
      .map((p) => p.latestPriceDate)
      .sort()
      .at(-1)
    const answer = await ask('Show me this month’s stock picks', en, reader)
    expect(answer.text).toContain(
      `Stock picks for ${month?.month} (recommended on ${month?.recommendedAt}; returns to ${latestClose}):`,
    )
    expect(answer.sources[0]?.asOf).toBe(latestClose)
    // Base hides the rest of the month's picks: a higher plan shows them.
    expect(answer.text).toMatch(/more picks this month are shown with a higher plan/)
  })
})
