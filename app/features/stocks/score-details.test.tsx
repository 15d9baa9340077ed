import { describe, expect, it } from 'vitest'
import type { ValueContext } from './check-values.ts'
import { detailsOf } from './diagnosis-details.ts'
import { pageDiagnosisOf } from './page-diagnosis.ts'
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
    const { checksByScore } = detailsOf(answer)
    for (const score of pageDiagnosisOf(answer).scoreDetails) {
      const checks = checksByScore.get(score.key) ?? []
      expect(checks.length).toBeGreaterThan(0)
      const html = renderMarkup(
        <ScoreChecks
          score={score}
          checks={checks}
          ctx={ctx}
          asOfText="Nov 20, 2026"
          labels={checkLabelsOf(ctx.t)}
        />,
      )
      const text = textOf(html)
      for (const check of checks) {
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
    const checks = detailsOf(answer).checksByScore.get(score.key) ?? []
    const text = textOf(
      renderMarkup(
        <ScoreChecks
          score={score}
          checks={checks}
          ctx={ctx}
          asOfText="2026年11月20日"
          labels={checkLabelsOf(ctx.t)}
        />,
        { locale: 'zh-Hant' },
      ),
    )
    expect(text).toContain(checks[0]!.label)
    expect(text).toContain(translatorOf('zh-Hant').t('stocks:check.value'))
  })

  it('leaves the checks out of the page data, keeping how many passed, and gets them back from the API answer', async () => {
    const answer = await buildDiagnosisAnswer('hk', '0700', 'en')
    const page = pageDiagnosisOf(answer)
    expect(JSON.stringify(page)).not.toContain(answer.scoreDetails[0]!.checks[0]!.label)
    const details = detailsOf(answer)
    for (const score of answer.scoreDetails) {
      const carried = page.scoreDetails.find((s) => s.key === score.key)
      expect(carried?.passed).toBe(score.checks.filter((check) => check.status === 'pass').length)
      expect(details.checksByScore.get(score.key)).toEqual(score.checks)
    }
  })
})
