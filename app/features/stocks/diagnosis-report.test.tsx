import { describe, expect, it } from 'vitest'
import { DiagnosisReport } from './diagnosis-report.tsx'
import { calculationOf } from './fair-value-panel.tsx'
import { buildDiagnosisAnswer } from './testing/diagnosis-answer.fixture.ts'
import { renderMarkup, textOf } from './testing/render-markup.tsx'

describe('diagnosis report', () => {
  it('shows the stock, DEMO badge, summary, every score and check, the labels, levels, fair value and disclaimer', async () => {
    const answer = await buildDiagnosisAnswer('us', 'AAPL', 'en')
    const html = renderMarkup(
      <DiagnosisReport diagnosis={answer} displayLocale="en-US" timeZone="America/New_York" />,
    )
    const text = textOf(html)
    expect(text).toContain('Apple')
    expect(text).toContain('DEMO')
    expect(text).toContain(answer.summary)
    for (const score of answer.scoreDetails) {
      expect(text).toContain(score.label)
      for (const check of score.checks) expect(html).toContain(`data-check="${check.key}"`)
    }
    expect(html).toContain('data-testid="score-radar"')
    expect(html).toMatch(/<table[^>]*>\s*<caption class="sr-only">Total score and the ten scores/)
    expect(text).toContain('Technicals')
    expect(text).toContain('Capital flow')
    for (const vote of answer.technicals.votes) expect(text).toContain(vote.label)
    expect(text).toContain('Support')
    expect(text).toContain('Resistance')
    expect(text).toContain('Two-stage discounted cash flow')
    expect(html).toContain('data-testid="dcf-projection"')
    expect(text).toContain('Research, not personal advice')
    expect(text).toContain('Data as of Nov 20, 2026')
  })

  it('pairs every gain and loss colour with an arrow', async () => {
    const answer = await buildDiagnosisAnswer('hk', '0700', 'en')
    const html = renderMarkup(
      <DiagnosisReport diagnosis={answer} displayLocale="en-US" timeZone="America/New_York" />,
    )
    const coloured = html.match(/<span data-direction="(up|down)"[^>]*>.*?<\/span><\/span>/g) ?? []
    expect(coloured.length).toBeGreaterThan(0)
    for (const span of coloured) expect(span).toMatch(/<svg[^>]*aria-hidden="true"/)
  })

  it('reads in Traditional Chinese on the Chinese site', async () => {
    const answer = await buildDiagnosisAnswer('hk', '0700', 'zh-Hant')
    const text = textOf(
      renderMarkup(<DiagnosisReport diagnosis={answer} displayLocale="zh-TW" timeZone="Asia/Taipei" />, {
        locale: 'zh-Hant',
      }),
    )
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
    const html = renderMarkup(
      <DiagnosisReport diagnosis={answer} displayLocale="en-US" timeZone="Asia/Hong_Kong" />,
    )
    expect(html).toContain('data-testid="justified-pb"')
    expect(textOf(html)).toContain('Justified price-to-book')
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
    const text = textOf(
      renderMarkup(
        <DiagnosisReport diagnosis={withoutResistance} displayLocale="en-US" timeZone="Asia/Seoul" />,
      ),
    )
    expect(text).toContain(
      'The price is at the highest level in the available history; there is no resistance above.',
    )
  })

  it('warns when the data is stale and drops the DEMO badge for real data', async () => {
    const answer = await buildDiagnosisAnswer('us', 'AAPL', 'en')
    const html = renderMarkup(
      <DiagnosisReport
        diagnosis={{
          ...answer,
          stale: true,
          isDemo: false,
          stock: { ...answer.stock, isDemo: false },
          data: { ...answer.data, source: 'yahoo' },
        }}
        displayLocale="en-US"
        timeZone="America/New_York"
      />,
    )
    expect(html).toContain('data-testid="stale-note"')
    expect(textOf(html)).not.toContain('DEMO')
  })
})
