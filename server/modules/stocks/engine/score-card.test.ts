import { describe, expect, it } from 'vitest'
import { buildScore, compareCheck, compareValues, finiteOrNull } from './score-card.ts'

const base = { unit: 'percent', thresholdSource: 'fixed' } as const

describe('checks and scores', () => {
  it('marks a check with a missing value as not available, never as passed or failed', () => {
    const c = compareCheck({
      ...base,
      key: 'piotroski.roa_positive',
      value: null,
      comparison: 'gt',
      threshold: 0,
    })
    expect(c).toMatchObject({ passed: null, status: 'not_available', reason: 'missing_data' })
  })

  it('excludes unavailable checks from the score instead of counting them', () => {
    const score = buildScore({
      key: 'fundamentals',
      checks: [
        compareCheck({ ...base, key: 'piotroski.roa_positive', value: 1, comparison: 'gt', threshold: 0 }),
        compareCheck({
          ...base,
          key: 'piotroski.cfo_positive',
          value: -1,
          comparison: 'gt',
          threshold: 0,
          weight: 3,
        }),
        compareCheck({
          ...base,
          key: 'piotroski.roa_improved',
          value: null,
          comparison: 'gt',
          threshold: 0,
          weight: 10,
        }),
      ],
      minChecksAvailable: 2,
      asOf: '2025-06-30',
      dataThrough: null,
      methods: [],
    })
    expect(score.value).toBe(25)
    expect(score.checksAvailable).toBe(2)
    expect(score.weightCoverage).toBeCloseTo(4 / 14, 4)
  })

  it('reports a score with too few available checks as not available', () => {
    const score = buildScore({
      key: 'fundamentals',
      checks: [
        compareCheck({ ...base, key: 'piotroski.roa_positive', value: 1, comparison: 'gt', threshold: 0 }),
      ],
      minChecksAvailable: 2,
      asOf: '2025-06-30',
      dataThrough: null,
      methods: [],
    })
    expect(score).toMatchObject({ value: null, available: false, reason: 'too_few_checks' })
  })

  it('treats values equal to nine significant digits as equal, so floating-point noise cannot flip a check', () => {
    const a = 0.1 + 0.2
    expect(a === 0.3).toBe(false)
    expect(compareValues(a, 'gt', 0.3)).toBe(false)
    expect(compareValues(0.3, 'lt', a)).toBe(false)
    expect(compareValues(a, 'lte', 0.3)).toBe(true)
    expect(compareValues(0.3000001, 'gt', 0.3)).toBe(true)
  })

  it('turns NaN and infinities into null', () => {
    expect([
      finiteOrNull(Number.NaN),
      finiteOrNull(Number.POSITIVE_INFINITY),
      finiteOrNull(undefined),
      finiteOrNull(0),
    ]).toEqual([null, null, null, 0])
  })
})
