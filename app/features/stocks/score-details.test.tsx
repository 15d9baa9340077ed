import { describe, expect, it } from 'vitest'
import type { ValueContext } from './check-values.ts'
import { pageDiagnosisOf, unpackCheck } from './page-diagnosis.ts'
import { checkLabelsOf, ScoreChecks } from './score-details.tsx'
import { buildDiagnosisAnswer } from './testing/diagnosis-answer.fixture.ts'
import { renderMarkup, textOf, translatorOf } from './testing/render-markup.tsx'

function contextOf(locale: 'en' | 'zh-Hant'): ValueContext {
  const t = translatorOf(locale).t
  return {
    locale: locale === 'en' ? 'en-US' : 'zh-TW',
    currency: 'USD',
    reportingCurrency: 'USD',
    t: (key, options) => t(key, options ?? {}) as string,
  }
}

describe('an opened score', () => {
  it('shows every check with its status, value, threshold, weight and the figures it used', async () => {
    const answer = await buildDiagnosisAnswer('us', 'AAPL', 'en')
    const ctx = contextOf('en')
    for (const score of pageDiagnosisOf(answer).scoreDetails) {
      const html = renderMarkup(
        <ScoreChecks score={score} ctx={ctx} asOfText="Nov 20, 2026" labels={checkLabelsOf(ctx.t)} />,
      )
      const text = textOf(html)
      for (const check of score.checks.map(unpackCheck)) {
        expect(html).toContain(`data-check="${check.key}"`)
        expect(text).toContain(check.label)
      }
      expect(text).toContain('Value')
      expect(text).toMatch(/Pass|Fail|Not available/)
      expect(html).toContain('<use href="#report-icon-')
    }
  })

  it('reads in Traditional Chinese', async () => {
    const answer = await buildDiagnosisAnswer('us', 'AAPL', 'zh-Hant')
    const ctx = contextOf('zh-Hant')
    const score = pageDiagnosisOf(answer).scoreDetails[0]!
    const text = textOf(
      renderMarkup(
        <ScoreChecks score={score} ctx={ctx} asOfText="2026年11月20日" labels={checkLabelsOf(ctx.t)} />,
        { locale: 'zh-Hant' },
      ),
    )
    expect(text).toContain(unpackCheck(score.checks[0]!).label)
    expect(text).toContain(translatorOf('zh-Hant').t('stocks:check.value'))
  })

  it('carries each check in the page data as it came from the API, less the reason code and threshold source', async () => {
    const answer = await buildDiagnosisAnswer('hk', '0700', 'en')
    const checks = answer.scoreDetails.flatMap((score) => score.checks)
    const carried = pageDiagnosisOf(answer).scoreDetails.flatMap((score) => score.checks.map(unpackCheck))
    expect(carried).toEqual(checks.map(({ reason: _reason, thresholdSource: _source, ...check }) => check))
  })
})
