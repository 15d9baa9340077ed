import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createManualClock } from '#server/clock.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import type { AssistantEvent } from '../assistant.ts'
import { offlineAsking, refusal, visitor } from '../testing/offline-asking.ts'
import { lookupCompany } from '../tools/company-tools.ts'
import { formatPercent } from '../tools/tool-format.ts'
import { offlineSuggestions } from './offline/suggestions.ts'
import { textChunks } from './offline-assistant.ts'

const clock = createManualClock('2026-11-22T09:00:00Z')
let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime({}, { clock })
})
afterAll(() => runtime.close())

const { assistant, ask, returnFigures } = offlineAsking(() => runtime, clock)

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

describe('offline assistant: the reason it declines, recorded with the answer', () => {
  const declinedOf = (events: AssistantEvent[]) =>
    events.flatMap((e) => (e.type === 'declined' ? [e.reason] : []))

  it.each([
    ['What is Bitcoin’s price?', 'en', 'crypto'],
    ['今天金價多少？', 'zh-Hant', 'commodity'],
    ['Is Palantir undervalued?', 'en', 'not_covered'],
    ['蔚來的市盈率是多少？', 'zh-Hant', 'not_covered'],
    ['What stocks should I buy?', 'en', 'advice'],
    ['Will Tesla stock go up next week?', 'en', 'forecast'],
    ['Write me a poem about the stock market', 'en', 'out_of_scope'],
    ['What is the KOSPI at today?', 'en', 'index'],
    ['Is Foobarex Quantum undervalued?', 'en', 'no_company'],
  ] as const)('%s → %s', async (question, locale, reason) => {
    const answer = await ask(question, locale)
    expect(declinedOf(answer.events)).toEqual([reason])
  })

  it('records nothing for a question it answers', async () => {
    const answer = await ask('Is Tencent undervalued?', 'en')
    expect(declinedOf(answer.events)).toEqual([])
  })
})

describe('offline assistant: dividends over the years', () => {
  it('answers the figure asked first, then each fiscal year, with its source, date and the demo label', async () => {
    const d = await runtime.services.stocks.readDiagnosis('us', 'JPM', 'en')
    if (d?.dividends.status !== 'payer' || !d.dividends.cagr) throw new Error('JPM pays in the demo data')
    const growth = await ask('How fast are JPMorgan’s dividends growing?', 'en')
    expect(growth.tools).toEqual(['getDividendHistory'])
    const [first] = growth.text.split('\n\n')
    expect(first).toContain(`grew **${formatPercent(d.dividends.cagr.value, true)}** a year`)
    expect(first).toContain(`fiscal year ${d.dividends.fiscalYear}`)
    expect(first).toContain(`as of ${d.asOf}`)
    expect(first).toContain('demo data')
    expect(growth.text).toContain('| Fiscal year | Per share | Year on year | Payout ratio |')
    expect(growth.text).toContain('fiscal-year-cash-dividends-v1')
    expect(growth.text).toContain('/ai-stock-diagnosis?code=JPM&market=us')
    expect(growth.text).not.toContain('Checks passed')

    const payout = await ask('匯豐的派息比率', 'zh-Hant')
    const hsbc = await runtime.services.stocks.readDiagnosis('hk', '0005', 'zh-Hant')
    expect(payout.tools).toEqual(['getDividendHistory'])
    expect(payout.text.split('\n\n')[0]).toContain(
      `派息比率：**${formatPercent(hsbc?.dividends.payoutRatio as number)}**`,
    )
    expect(payout.text).toContain('| 財政年度 | 每股股息 | 按年變化 | 派息比率 |')
  })

  it('says in one sentence that a company paid none, without figures', async () => {
    const tesla = await ask('What dividends has Tesla paid over the years?', 'en')
    expect(tesla.tools).toEqual(['getDividendHistory'])
    expect(tesla.text).toMatch(/paid no dividend in fiscal year \d{4}|show no dividend paid by/)
    expect(tesla.text).not.toContain('| Fiscal year |')
    expect(tesla.text).not.toContain('Payout ratio:')
  })
})
