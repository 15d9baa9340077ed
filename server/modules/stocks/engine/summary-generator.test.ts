import { describe, expect, it } from 'vitest'
import { diagnoseStock } from './diagnose-stock.ts'
import {
  createRandomWalkBars,
  makeBenchmarks,
  makeCompany,
  makeHealthyStatements,
} from './diagnosis.fixtures.ts'
import { extractSummaryFacts, templateSummaryGenerator, writeTemplateSummary } from './summary-generator.ts'

const diagnosis = diagnoseStock({
  company: makeCompany(),
  asOf: '2025-06-30',
  bars: createRandomWalkBars({ seed: 11, count: 1260, endDate: '2025-06-30', startPrice: 20 }),
  fundamentals: makeHealthyStatements(),
  insiderTransactions: [],
  analystConsensus: {
    asOf: '2025-06-01',
    rating: 'hold',
    meanScore: 2.9,
    analystCount: 8,
    targetMean: null,
    targetHigh: null,
    targetLow: null,
  },
  benchmarks: makeBenchmarks(),
})

describe('template summary', () => {
  it('states the total score, fair value, health zone, technicals and analyst view in English', () => {
    const text = writeTemplateSummary(diagnosis, 'en')
    expect(text).toContain(`scores ${Math.round(diagnosis.total.value!)} out of 100`)
    expect(text).toContain('Test Devices Inc. (TEST)')
    expect(text).toContain('fair value')
    expect(text).toContain('safe zone')
    expect(text).toContain('Technical signals')
    expect(text).toContain('consensus is hold (8 analysts)')
  })

  it('writes natural Traditional Chinese with local financial terms', () => {
    const text = writeTemplateSummary(diagnosis, 'zh-Hant')
    expect(text).toContain(`綜合評分為 ${Math.round(diagnosis.total.value!)} 分`)
    expect(text).toContain('測試裝置公司（TEST）')
    expect(text).toContain('美元')
    expect(text).toContain('安全區')
    expect(text).toContain('「持有」')
    expect(text).not.toMatch(/\b(buy|sell|neutral|score|fair value)\b/i)
  })

  it('uses only facts present in the diagnosis and is the same through the generator interface', async () => {
    const facts = extractSummaryFacts(diagnosis)
    expect(facts.total).toBe(diagnosis.total.value)
    expect(await templateSummaryGenerator.generate(diagnosis, 'en')).toBe(
      writeTemplateSummary(diagnosis, 'en'),
    )
  })

  it('says which scores could not be computed', () => {
    const thin = diagnoseStock({
      company: makeCompany(),
      asOf: '2025-06-30',
      bars: createRandomWalkBars({ seed: 2, count: 400, endDate: '2025-06-30' }),
      fundamentals: [],
      insiderTransactions: null,
      analystConsensus: null,
      benchmarks: null,
    })
    expect(writeTemplateSummary(thin, 'en')).toContain('does not have enough data for an overall score')
    expect(writeTemplateSummary(thin, 'en')).toContain('Not scored for lack of data: fundamentals')
    expect(writeTemplateSummary(thin, 'zh-Hant')).toContain('因資料不足而未評分的項目：基本面')
  })
})

describe('template summary for a bank', () => {
  it('says gross margin does not apply rather than that data is missing', () => {
    const bank = diagnoseStock({
      company: makeCompany({ sector: 'financials', industry: 'banks' }),
      asOf: '2025-06-30',
      bars: createRandomWalkBars({ seed: 2, count: 400, endDate: '2025-06-30' }),
      fundamentals: makeHealthyStatements(),
      insiderTransactions: null,
      analystConsensus: null,
      benchmarks: null,
    })
    const en = writeTemplateSummary(bank, 'en')
    expect(en).toContain('Gross margin does not apply to this kind of company.')
    expect(en).not.toContain('lack of data: gross margin')
    expect(en).toContain('As a financial company it is judged on capital rather than the Altman score')
    expect(writeTemplateSummary(bank, 'zh-Hant')).toContain('毛利率不適用於此類公司')
  })

  it('calls a price more than twice fair value so, and the estimate low-confidence, never a −325% margin', () => {
    const value = diagnosis.fairValue.value as number
    const far = structuredClone(diagnosis)
    far.price = value * 4.25
    far.fairValue.downsideMargin = -3.25
    far.fairValue.marginConfidence = 'low'
    far.fairValue.lowConfidenceReason = 'price_above_twice_fair_value'
    const en = writeTemplateSummary(far, 'en')
    expect(en).toContain('is more than twice it, leaving no margin of safety')
    expect(en).toContain('A gap this wide makes the estimate low-confidence')
    expect(en).not.toMatch(/325/)
    const zh = writeTemplateSummary(far, 'zh-Hant')
    expect(zh).toContain('已是合理價的兩倍以上，暫無安全邊際')
    expect(zh).toContain('這項估值的可信度低')
    const near = structuredClone(diagnosis)
    near.price = value * 1.25
    near.fairValue.downsideMargin = -0.25
    near.fairValue.marginConfidence = 'normal'
    near.fairValue.lowConfidenceReason = null
    expect(writeTemplateSummary(near, 'en')).toContain('is 25.0% above it (premium to fair value)')
    expect(writeTemplateSummary(near, 'zh-Hant')).toContain('較合理價溢價約 25.0%')
  })
})
