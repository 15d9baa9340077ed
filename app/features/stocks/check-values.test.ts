import { describe, expect, it } from 'vitest'
import type { Locale, Market } from '#contracts/regions.ts'
import {
  formatThreshold,
  formatUnitValue,
  inputKindOf,
  inputNameOf,
  inputRowsOf,
  type ValueContext,
} from './check-values.ts'
import { buildDiagnosisAnswer } from './testing/diagnosis-answer.fixture.ts'
import { translatorOf } from './testing/render-markup.tsx'

function contextOf(locale: Locale, currency: ValueContext['currency'] = 'USD'): ValueContext {
  const i18n = translatorOf(locale)
  return {
    locale: locale === 'en' ? 'en-US' : 'zh-TW',
    currency,
    reportingCurrency: currency,
    t: (key, options) => i18n.t(key, options ?? {}) as string,
  }
}

describe('check values', () => {
  it('formats every unit the engine reports', () => {
    const ctx = contextOf('en')
    expect(formatUnitValue(0.152, 'percent', ctx)).toBe('15.2%')
    expect(formatUnitValue(0.012, 'percent_points', ctx)).toBe('1.2 pp')
    expect(formatUnitValue(-0.012, 'percent_points', ctx)).toBe('-1.2 pp')
    expect(formatUnitValue(24.31, 'multiple', ctx)).toBe('24.31×')
    expect(formatUnitValue(189.25, 'currency', ctx)).toBe('$189.25')
    expect(formatUnitValue(3.2e12, 'usd', ctx)).toBe('$3.2T')
    expect(formatUnitValue(55.55, 'index', ctx)).toBe('55.6')
    expect(formatUnitValue(2.345, 'number', ctx)).toBe('2.35')
    expect(formatUnitValue(12, 'count', ctx)).toBe('12')
    expect(formatUnitValue(1.49e10, 'shares', ctx)).toBe('14.9B shares')
    expect(formatUnitValue(24.31, 'multiple', contextOf('zh-Hant'))).toBe('24.31 倍')
  })

  it('writes a threshold with its comparison', () => {
    expect(formatThreshold({ comparison: 'gte', threshold: 0.15, unit: 'percent' }, contextOf('en'))).toBe(
      '≥ 15.0%',
    )
    expect(
      formatThreshold({ comparison: 'lt', threshold: null, unit: 'percent' }, contextOf('en')),
    ).toBeNull()
  })

  it('names year-suffixed inputs by their series and year', () => {
    expect(inputNameOf('revenue2024')).toEqual({ name: 'revenueYYYY', year: '2024' })
    expect(inputNameOf('x4')).toEqual({ name: 'x4', year: null })
    expect(inputNameOf('sma200')).toEqual({ name: 'sma200', year: null })
  })

  it('reads `average` as a margin in the gross-margin check and as a price in a moving-average vote', () => {
    expect(inputKindOf('average', 'gross_margin.latest_vs_average')).toBe('percent')
    expect(inputKindOf('average', 'technicals.sma50')).toBe('perShare')
  })

  it('formats inputs in the right currency and words', () => {
    const ctx = { ...contextOf('en', 'HKD'), reportingCurrency: 'USD' as const }
    const rows = inputRowsOf(
      {
        netIncome: 1.2e9,
        price: 412.6,
        balanceBasis: 'average',
        benchmarkKey: 'banks',
        peers: 12,
        to: '2026-11-20',
      },
      { checkKey: 'profitability.roe_level', unit: 'percent' },
      ctx,
    )
    expect(rows).toEqual([
      { key: 'netIncome', label: 'Net income', value: '$1.2B' },
      { key: 'price', label: 'Price', value: 'HK$412.60' },
      { key: 'balanceBasis', label: 'Balances used', value: 'average of opening and closing' },
      { key: 'peers', label: 'Peers with a figure', value: '12' },
      { key: 'to', label: 'To', value: 'Nov 20, 2026' },
    ])
  })

  it('has a name and a format, in both languages, for every input the engine reports', async () => {
    const samples: Array<[Market, string]> = [
      ['us', 'AAPL'],
      ['us', 'JPM'],
      ['hk', '0700'],
      ['hk', '0005'],
      ['jp', '7203'],
      ['kr', '005930'],
    ]
    const missing: string[] = []
    for (const locale of ['en', 'zh-Hant'] as const) {
      const i18n = translatorOf(locale)
      for (const [market, code] of samples) {
        const answer = await buildDiagnosisAnswer(market, code, locale)
        for (const score of answer.scoreDetails) {
          for (const check of score.checks) {
            for (const [key, value] of Object.entries(check.inputs)) {
              const { name } = inputNameOf(key)
              if (key !== 'benchmarkKey' && !inputKindOf(key, check.key)) missing.push(`kind ${key}`)
              if (key !== 'benchmarkKey' && !i18n.exists(`stock-details:inputs.${name}`))
                missing.push(`${locale} ${name}`)
              if (
                typeof value === 'string' &&
                inputKindOf(key, check.key) === 'text' &&
                !/^[A-Z]{3}$/.test(value)
              ) {
                if (!i18n.exists(`stock-details:inputValues.${value}`))
                  missing.push(`${locale} value ${value}`)
              }
            }
          }
        }
      }
    }
    expect([...new Set(missing)]).toEqual([])
  })
})
