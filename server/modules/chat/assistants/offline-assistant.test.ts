import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locale, Market, Region } from '#contracts/regions.ts'
import { createManualClock } from '#server/clock.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import type { AssistantEvent } from '../assistant.ts'
import { lookupCompany, type Period } from '../tools/chat-tools.ts'
import { displayCode, formatMoney, formatPercent, formatScore } from '../tools/tool-format.ts'
import { createConfiguredAssistant } from './configured-assistant.ts'
import { offlineSuggestions, textChunks } from './offline-assistant.ts'

const clock = createManualClock('2026-11-22T09:00:00Z')
let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime({}, { clock })
})
afterAll(() => runtime.close())

function visitor(): Reader {
  return {
    role: 'visitor',
    memberId: null,
    tier: null,
    sessionId: null,
    device: { key: randomUUID(), network: null },
  }
}
function subscriber(tier: 'base' | 'plus' | 'premium'): Reader {
  return {
    role: 'subscriber',
    memberId: randomUUID(),
    tier,
    sessionId: null,
    device: { key: randomUUID(), network: null },
  }
}

function assistant() {
  const { stocks, articles } = runtime.services
  return createConfiguredAssistant({ config: runtime.config.chat, stocks, articles, clock })
}

interface Answer {
  events: AssistantEvent[]
  tools: string[]
  text: string
  sources: Extract<AssistantEvent, { type: 'source' }>['source'][]
}

async function ask(
  question: string,
  locale: Locale,
  reader: Reader = visitor(),
  signal?: AbortSignal,
): Promise<Answer> {
  const region: Region = locale === 'en' ? 'en' : 'hant'
  const events: AssistantEvent[] = []
  for await (const event of assistant().answer({
    question,
    history: [],
    locale,
    region,
    reader,
    signal: signal ?? new AbortController().signal,
  })) {
    events.push(event)
  }
  return {
    events,
    tools: events.flatMap((e) => (e.type === 'tool' ? [e.name] : [])),
    text: events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join(''),
    sources: events.flatMap((e) => (e.type === 'source' ? [e.source] : [])),
  }
}

// ——— expected figures, read from the services ———

async function diagnosis(market: Market, code: string, locale: Locale) {
  const d = await runtime.services.stocks.readDiagnosis(market, code, locale)
  if (!d) throw new Error(`no diagnosis for ${market}:${code}`)
  return d
}

const money = (value: number | null | undefined, currency: Parameters<typeof formatMoney>[1]) => {
  if (value === null || value === undefined) throw new Error('figure missing in the test data')
  return formatMoney(value, currency)
}

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

/** The return over a period, computed here from the diagnosis' bars independently of the tool. */
async function returnFigures(
  market: Market,
  code: string,
  period: Period,
  locale: Locale,
): Promise<string[]> {
  const d = await diagnosis(market, code, locale)
  const bars = d.history
  const last = bars[bars.length - 1]
  if (!last) throw new Error('no bars')
  const end = new Date(`${last.date}T00:00:00Z`)
  let start: string
  if (period === 'ytd') start = `${last.date.slice(0, 4)}-01-01`
  else {
    end.setUTCMonth(end.getUTCMonth() - { '1m': 1, '3m': 3, '6m': 6, '1y': 12 }[period])
    start = end.toISOString().slice(0, 10)
  }
  const candidates = bars.filter((b) => (period === 'ytd' ? b.date < start : b.date <= start))
  const first = candidates[candidates.length - 1] ?? bars[0]
  if (!first) throw new Error('no start bar')
  return [
    formatPercent(last.close / first.close - 1, true),
    money(first.close, d.stock.currency),
    money(last.close, d.stock.currency),
    first.date,
    last.date,
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
    ...(month.lockedCount > 0 ? [String(month.lockedCount + Math.max(0, month.picks.length - 10))] : []),
  ]
}

const refusal = { en: 'Sorry, I cannot', 'zh-Hant': '抱歉，我無法' }

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
    tools: ['getDiagnosis'],
    figures: () => diagnosisFigures('us', 'MSFT', en),
  },
  {
    q: 'Give me the diagnosis of Sony',
    locale: en,
    tools: ['getDiagnosis'],
    figures: () => diagnosisFigures('jp', '6758', en),
  },
  { q: 'NVDA', locale: en, tools: ['getDiagnosis'], figures: () => diagnosisFigures('us', 'NVDA', en) },
  {
    q: 'Compare AAPL and MSFT margins',
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
    tools: ['getDiagnosis'],
    figures: () => diagnosisFigures('us', 'MSFT', zh),
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

describe('offline assistant: streaming and texts', () => {
  it('streams tools first, then sources, then small text deltas, and answers Chinese in Traditional characters', async () => {
    const answer = await ask('腾讯被低估了吗', 'zh-Hant')
    const kinds = answer.events.map((e) => e.type)
    expect(kinds.indexOf('text')).toBeGreaterThan(kinds.lastIndexOf('source'))
    expect(kinds.lastIndexOf('tool')).toBeLessThan(kinds.indexOf('source'))
    const tool = answer.events.find((e) => e.type === 'tool')
    expect(tool).toMatchObject({ name: 'getDiagnosis', label: expect.stringContaining('AI 診斷') })
    const deltas = answer.events.flatMap((e) => (e.type === 'text' ? [e.delta] : []))
    expect(deltas.length).toBeGreaterThan(20)
    expect(Math.max(...deltas.map((d) => d.length))).toBeLessThanOrEqual(40)
    expect(answer.text).toContain('騰訊')
    expect(answer.text).not.toMatch(/腾讯|诊断|资料/)
    expect(answer.sources[0]).toMatchObject({
      kind: 'diagnosis',
      href: '/ai-stock-diagnosis?code=0700&market=hk',
      code: '0700',
    })
  })

  it('stops writing when the reader stops the answer', async () => {
    const controller = new AbortController()
    const events: AssistantEvent[] = []
    for await (const event of assistant().answer({
      question: 'Is Tencent undervalued?',
      history: [],
      locale: 'en',
      region: 'en',
      reader: visitor(),
      signal: controller.signal,
    })) {
      events.push(event)
      if (event.type === 'text' && events.filter((e) => e.type === 'text').length === 3) controller.abort()
    }
    expect(events.filter((e) => e.type === 'text')).toHaveLength(3)
  })

  it('reads diagnoses without using the reader’s diagnosis attempts', async () => {
    const reader = visitor()
    const before = await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })
    await ask('Compare Tencent and Alibaba', 'en', reader)
    const after = await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })
    expect(after.remaining).toBe(before.remaining)
    expect(before.remaining).toBeGreaterThan(0)
  })

  it('reads a follow-up with the previous question: its company, or its intent', async () => {
    const history = [
      { role: 'question' as const, text: 'How has Tencent done over the past 3 months?' },
      { role: 'answer' as const, text: '…' },
    ]
    const run = async (question: string) => {
      const events: AssistantEvent[] = []
      for await (const e of assistant().answer({
        question,
        history,
        locale: 'en',
        region: 'en',
        reader: visitor(),
        signal: new AbortController().signal,
      }))
        events.push(e)
      return {
        tools: events.flatMap((e) => (e.type === 'tool' ? [e.name] : [])),
        text: events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join(''),
      }
    }
    const longer = await run('And over the past year?')
    expect(longer.tools).toEqual(['getPriceReturn'])
    for (const figure of await returnFigures('hk', '0700', '1y', 'en')) expect(longer.text).toContain(figure)
    const other = await run('What about Sony?')
    expect(other.tools).toEqual(['getPriceReturn'])
    for (const figure of await returnFigures('jp', '6758', '3m', 'en')) expect(other.text).toContain(figure)
  })

  it('looks companies up by name or code in both languages, as the diagnosis box does', async () => {
    const { stocks, articles } = runtime.services
    const ctx = { stocks, articles, reader: visitor(), locale: 'zh-Hant' as const, region: 'hk' as const }
    for (const [query, code] of [
      ['Tencent', '0700'],
      ['騰訊', '0700'],
      ['0700', '0700'],
      ['700.HK', '0700'],
      ['AAPL', 'AAPL'],
      ['台積電', 'TSM'],
      ['7203', '7203'],
      ['005930', '005930'],
    ] as const) {
      const result = await lookupCompany(ctx, { query })
      expect(result.data, query).toMatchObject({ found: true, company: { code } })
      expect(result.sources[0]?.title, query).toContain('公司資料')
    }
    expect((await lookupCompany(ctx, { query: 'Zzyzx Imaginary Widgets' })).data).toEqual({
      found: false,
      query: 'Zzyzx Imaginary Widgets',
    })
  })

  it('cuts text into pieces that join back exactly', () => {
    const text = '**騰訊控股 (0700.HK)** 收市價 412.30 HKD，合理價估算為 500.00 HKD。\n\n| a | b |'
    const chunks = textChunks(text)
    expect(chunks.join('')).toBe(text)
    expect(chunks.every((c) => c.length <= 12)).toBe(true)
  })

  it('titles a conversation by its company and intent, within 60 characters', async () => {
    const a = assistant()
    const signal = new AbortController().signal
    expect(await a.title('Is Tencent undervalued?', 'en', signal)).toBe('Tencent Holdings Ltd. — valuation')
    expect(await a.title('比较腾讯和阿里巴巴', 'zh-Hant', signal)).toBe('騰訊控股 vs 阿里巴巴 — 比較')
    expect(await a.title('Most undervalued Hong Kong stocks', 'en', signal)).toBe(
      'Most undervalued stocks — Hong Kong stocks',
    )
    expect((await a.title('x'.repeat(200), 'en', signal)).length).toBeLessThanOrEqual(60)
  })

  it('suggests questions about the region’s market that it can answer', async () => {
    for (const [region, locale] of [
      ['en', 'en'],
      ['hk', 'zh-Hant'],
      ['jp', 'en'],
      ['kr', 'en'],
      ['hant', 'zh-Hant'],
    ] as const) {
      const questions = offlineSuggestions(locale, region)
      expect(questions.length).toBeGreaterThanOrEqual(4)
      expect(questions.length).toBeLessThanOrEqual(6)
      for (const question of questions) {
        const answer = await ask(question, locale)
        expect(answer.tools.length, question).toBeGreaterThan(0)
        expect(answer.text, question).not.toContain(refusal[locale])
      }
    }
    expect(offlineSuggestions('zh-Hant', 'hk')[0]).toBe('騰訊被低估了嗎？')
  })
})
