import { describe, expect, it } from 'vitest'
import type { StockDiagnosisAnswer } from '#contracts/stock-diagnosis.ts'
import { assessMarginConfidence } from '#contracts/stocks.ts'
import { DiagnosisReport } from './diagnosis-report.tsx'
import { calculationOf } from './fair-value-inputs.ts'
import { Calculation } from './fair-value-panel.tsx'
import { pageDiagnosisOf } from './page-diagnosis.ts'
import { buildDiagnosisAnswer } from './testing/diagnosis-answer.fixture.ts'
import { renderMarkup, textOf, translatorOf } from './testing/render-markup.tsx'

/** The answer with the price moved to `factor` × fair value, its margins as the wire would carry them. */
function pricedAt(answer: StockDiagnosisAnswer, factor: number): StockDiagnosisAnswer {
  const value = answer.fairValue.value as number
  const price = value * factor
  const margin = (value - price) / value
  const confidence = assessMarginConfidence(margin)
  return {
    ...answer,
    stock: { ...answer.stock, price, downsideMargin: margin },
    fairValue: {
      ...answer.fairValue,
      downsideMargin: margin,
      upside: (value - price) / price,
      marginConfidence: confidence?.confidence ?? null,
      lowConfidenceReason: confidence?.reason ?? null,
    },
  }
}

/** The report as the page draws it: English in New York time unless told, Chinese in Taipei time. */
function renderReport(
  answer: StockDiagnosisAnswer,
  { locale = 'en', timeZone }: { locale?: 'en' | 'zh-Hant'; timeZone?: string } = {},
): string {
  const zh = locale === 'zh-Hant'
  return renderMarkup(
    <DiagnosisReport
      diagnosis={pageDiagnosisOf(answer)}
      displayLocale={zh ? 'zh-TW' : 'en-US'}
      timeZone={timeZone ?? (zh ? 'Asia/Taipei' : 'America/New_York')}
    />,
    zh ? { locale: 'zh-Hant' } : undefined,
  )
}

/** The fair value's calculation as it shows when opened, in English. */
function renderCalculation(answer: StockDiagnosisAnswer): string {
  const calculation = calculationOf(answer.fairValue)
  if (!calculation) throw new Error(`${answer.stock.code}: no calculation`)
  const t = translatorOf('en').t
  return renderMarkup(
    <Calculation
      calculation={calculation}
      ctx={{
        locale: 'en-US',
        currency: answer.stock.currency,
        reportingCurrency: answer.stock.currency,
        t: (key, options) => t(key, options ?? {}) as string,
      }}
    />,
  )
}

describe('diagnosis report', () => {
  it('shows the stock, DEMO badge, summary, every score and check, the labels, levels, fair value and disclaimer', async () => {
    const answer = await buildDiagnosisAnswer('us', 'AAPL', 'en')
    const html = renderReport(answer)
    const text = textOf(html)
    expect(text).toContain('Apple')
    expect(text).toContain('DEMO')
    expect(text).toContain(answer.summary)
    for (const score of answer.scoreDetails) {
      expect(text).toContain(score.label)
      expect(html).toContain(`id="score-${score.key}"`)
    }
    // A folded score's checks are drawn when it is opened (score-details.test.tsx), not with the page.
    expect(html).not.toContain('data-check=')
    expect(html).toContain('data-testid="score-radar"')
    expect(html).toMatch(/<table[^>]*>\s*<caption class="sr-only">Total score and the ten scores/)
    expect(text).toContain('Technicals')
    expect(text).toContain('Capital flow')
    for (const vote of answer.technicals.votes) expect(text).toContain(vote.label)
    expect(text).toContain('Support')
    expect(text).toContain('Resistance')
    expect(text).toContain('Two-stage discounted cash flow')
    // The fair value's calculation is folded and drawn when opened (below), not with the page.
    expect(text).toContain('Show the calculation')
    expect(html).not.toContain('data-testid="dcf-projection"')
    expect(text).toContain('Research, not personal advice')
    expect(text).toContain('Data as of Nov 20, 2026')
  })

  it('shows a payer’s dividend yield, payout ratio, growth and its years with their source and dates', async () => {
    const answer = await buildDiagnosisAnswer('us', 'AAPL', 'en')
    const { dividends } = answer
    expect(dividends.status).toBe('payer')
    const text = textOf(renderReport(answer))
    expect(text).toContain('Dividend yield')
    expect(text).toContain(`${((dividends.yield as number) * 100).toFixed(1)}%`)
    expect(text).toContain('Payout ratio')
    expect(text).toContain(`Compound, FY${dividends.cagr?.from}–FY${dividends.cagr?.to}`)
    for (const year of dividends.years) expect(text).toContain(String(year.fiscalYear))
    expect(text).toMatch(/fiscal year \d{4} ended \w{3} \d+, \d{4}\. Source: demonstration data/)

    const zh = textOf(
      renderReport(await buildDiagnosisAnswer('us', 'AAPL', 'zh-Hant'), { locale: 'zh-Hant' }),
    )
    // The words the rest of the site and the chat use (compare, the chat's figures): 股息率, 派息比率, 財政年度.
    expect(zh).toContain('股息率')
    expect(zh).toContain('派息比率')
    expect(zh).not.toMatch(/殖利率|配息率|財年/)
  })

  it('tells in one sentence that a company pays no dividend, without an empty table', async () => {
    const answer = await buildDiagnosisAnswer('us', 'AMZN', 'en')
    expect(answer.dividends.status).toBe('non_payer')
    const html = renderReport(answer)
    expect(textOf(html)).toContain(
      `${answer.stock.name} paid no dividend in fiscal year ${answer.dividends.fiscalYear} (ended`,
    )
    expect(html).not.toContain('class="figure-table"')
    expect(html).not.toContain('Dividend yield')
  })

  it('pairs every gain and loss colour with an arrow', async () => {
    const answer = await buildDiagnosisAnswer('hk', '0700', 'en')
    const html = renderReport(answer)
    const coloured = html.match(/<span data-direction="(up|down)"[^>]*>.*?<\/span><\/span>/g) ?? []
    expect(coloured.length).toBeGreaterThan(0)
    for (const span of coloured) expect(span).toMatch(/<svg[^>]*aria-hidden="true"/)
  })

  it('reads in Traditional Chinese on the Chinese site', async () => {
    const answer = await buildDiagnosisAnswer('hk', '0700', 'zh-Hant')
    const text = textOf(renderReport(answer, { locale: 'zh-Hant' }))
    expect(text).toContain('騰訊')
    expect(text).toContain('綜合評分')
    expect(text).toContain('支撐')
    expect(text).toContain('研究資訊，非個人化投資建議')
    expect(text).toContain('資料日期：2026年11月20日')
    expect(text).toContain('HK$')
  })

  it('values a bank with the justified price-to-book and shows its calculation', async () => {
    const answer = await buildDiagnosisAnswer('hk', '0005', 'en')
    expect(answer.fairValue.method).toBe('justified_price_to_book')
    expect(calculationOf(answer.fairValue)?.kind).toBe('pb')
    const html = renderCalculation(answer)
    expect(html).toContain('data-testid="justified-pb"')
    expect(textOf(html)).toContain('Justified price-to-book')
  })

  it('opens the DCF’s calculation with its inputs and year-by-year projection', async () => {
    const answer = await buildDiagnosisAnswer('us', 'AAPL', 'en')
    const html = renderCalculation(answer)
    expect(html).toContain('data-testid="dcf-projection"')
    expect(textOf(html)).toContain('Discount rate')
  })

  it('reads the engine’s DCF as the fair value’s calculation', async () => {
    const answer = await buildDiagnosisAnswer('jp', '7203', 'en')
    const calculation = calculationOf(answer.fairValue)
    if (answer.fairValue.available) expect(calculation?.kind).toBe('dcf')
    else expect(answer.fairValue.reasonLabel).toBeTruthy()
  })

  it('says why a level is missing instead of drawing one', async () => {
    const answer = await buildDiagnosisAnswer('kr', '005930', 'en')
    const withoutResistance = {
      ...answer,
      levels: { ...answer.levels, resistance: null, resistanceException: 'at_history_high' },
    }
    const text = textOf(renderReport(withoutResistance, { timeZone: 'Asia/Seoul' }))
    expect(text).toContain(
      'The price is at the highest level in the available history; there is no resistance above.',
    )
  })

  it('warns when the data is stale and drops the DEMO badge for real data', async () => {
    const answer = await buildDiagnosisAnswer('us', 'AAPL', 'en')
    const html = renderReport({
      ...answer,
      stale: true,
      isDemo: false,
      stock: { ...answer.stock, isDemo: false },
      data: { ...answer.data, source: 'yahoo' },
    })
    expect(html).toContain('data-testid="stale-note"')
    expect(textOf(html)).not.toContain('DEMO')
  })

  it('shows a −325% margin as a premium of more than 100% with a low-confidence badge and its reason', async () => {
    const answer = pricedAt(await buildDiagnosisAnswer('us', 'AAPL', 'en'), 4.25)
    expect(answer.fairValue.downsideMargin).toBeCloseTo(-3.25, 9)
    const html = renderReport(answer)
    const text = textOf(html)
    expect(text).toContain('Premium to fair value > 100% Low confidence')
    expect(text).toContain('The price is 4.3 times the fair value.')
    expect(text).not.toMatch(/[−-]\s?325(\.0)?\s?%|325\.0\s?%/)
    expect(text).not.toMatch(/downside margin/i)
    expect(html).toContain('data-testid="low-confidence"')
    // The move to fair value is left out rather than printed beside a low-confidence margin.
    expect(text).not.toContain('Move from price to fair value')
  })

  it('shows a −325% margin in its low-confidence form in Traditional Chinese', async () => {
    const answer = pricedAt(await buildDiagnosisAnswer('us', 'AAPL', 'zh-Hant'), 4.25)
    const text = textOf(renderReport(answer, { locale: 'zh-Hant' }))
    expect(text).toContain('較合理價溢價 逾 100% 可信度低')
    expect(text).toContain('股價是合理價的 4.3 倍。')
    expect(text).not.toMatch(/[−-]\s?325(\.0)?\s?%|325\.0\s?%/)
  })

  it('names a price below fair value a margin of safety, with no badge while the gap is within a factor of two', async () => {
    const answer = pricedAt(await buildDiagnosisAnswer('us', 'AAPL', 'en'), 0.8)
    const text = textOf(renderReport(answer))
    expect(text).toContain('Margin of safety 20.0%')
    expect(text).not.toContain('Low confidence')
    expect(text).not.toContain('Premium to fair value')
  })

  it('flags a price under half the fair value too, keeping its margin of safety figure', async () => {
    const answer = pricedAt(await buildDiagnosisAnswer('us', 'AAPL', 'en'), 0.3)
    const text = textOf(renderReport(answer))
    expect(text).toContain('Margin of safety 70.0% Low confidence')
    expect(text).toContain('The price is only 30% of the fair value.')
  })

  it('says what drives the fair value: the assumed growth, the growth the price implies and the low–high range', async () => {
    const answer = await buildDiagnosisAnswer('us', 'AAPL', 'en')
    const sensitivity = answer.fairValue.sensitivity
    expect(sensitivity?.driver).toBe('explicit_growth')
    if (!sensitivity) return
    const html = renderReport(answer)
    const text = textOf(html)
    expect(text).toContain('What drives this fair value')
    const pct = (n: number) => `${(n * 100).toFixed(1)}%`
    expect(text).toContain(
      `The discounted cash flow assumes free cash flow grows ${pct(sensitivity.base.driver)} a year for 5 years`,
    )
    expect(text).toMatch(
      /The price of \$[\d,.]+ implies (about|more than|less than) -?[\d.]+% a year for those 5 years/,
    )
    expect(html).toContain('data-testid="fair-value-range"')
    for (const name of ['Low', 'Base', 'High']) expect(text).toContain(name)
    const money = (n: number) =>
      `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    for (const scenario of [sensitivity.low, sensitivity.base, sensitivity.high])
      if (scenario.value !== null) expect(text).toContain(money(scenario.value))
  })

  it('says the same in Traditional Chinese, for a bank valued on book value', async () => {
    const answer = await buildDiagnosisAnswer('hk', '0005', 'zh-Hant')
    const text = textOf(renderReport(answer, { locale: 'zh-Hant' }))
    expect(text).toContain('合理價的關鍵假設')
    expect(text).toContain('合理股價淨值比模型假設股東權益報酬率長期維持')
    expect(text).toContain('市場隱含的長期股東權益報酬率約為')
    for (const name of ['保守', '基準', '樂觀']) expect(text).toContain(name)
  })
})
