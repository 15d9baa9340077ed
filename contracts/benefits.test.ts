import { describe, expect, it } from 'vitest'
import {
  type BenefitReader,
  benefitReaderOf,
  benefitReaders,
  benefitsOf,
  type LockReason,
  lessonOpens,
  lockReasonFor,
  strategyVisible,
} from './benefits.ts'
import { deviceWatchlistMax } from './watchlist-rules.ts'

/**
 * ADR 0017's table written out by hand: if the table in benefits.ts changes, this must be changed with it (and the
 * ADR), on purpose.
 */
const expected: Record<
  BenefitReader,
  {
    deepDive: string
    options: string
    live: string
    mentorship: string
    strategies: string
    picks: number | null
    tracking: boolean
    expert: boolean
    adviser: boolean
  }
> = {
  visitor: {
    deepDive: 'none',
    options: 'none',
    live: 'none',
    mentorship: 'none',
    strategies: 'none',
    picks: 0,
    tracking: false,
    expert: false,
    adviser: false,
  },
  member: {
    deepDive: 'none',
    options: 'none',
    live: 'none',
    mentorship: 'none',
    strategies: 'none',
    picks: 0,
    tracking: false,
    expert: false,
    adviser: false,
  },
  base: {
    deepDive: 'partial',
    options: 'partial',
    live: 'partial',
    mentorship: 'none',
    strategies: 'curated',
    picks: 5,
    tracking: false,
    expert: true,
    adviser: false,
  },
  plus: {
    deepDive: 'full',
    options: 'partial',
    live: 'full',
    mentorship: 'none',
    strategies: 'public',
    picks: 10,
    tracking: true,
    expert: true,
    adviser: false,
  },
  premium: {
    deepDive: 'full',
    options: 'full',
    live: 'full',
    mentorship: 'full',
    strategies: 'exclusive',
    picks: null,
    tracking: true,
    expert: true,
    adviser: true,
  },
}

describe('the member benefits table (ADR 0017)', () => {
  it.each(benefitReaders)('gives %s what the ADR says', (reader) => {
    const benefits = benefitsOf(reader)
    const want = expected[reader]
    expect({
      deepDive: benefits.classroom.deepDive,
      options: benefits.classroom.options,
      live: benefits.classroom.live,
      mentorship: benefits.classroom.mentorship,
      strategies: benefits.strategies,
      picks: benefits.monthlyPicks,
      tracking: benefits.analystTracking,
      expert: benefits.expertDiagnosis,
      adviser: benefits.adviser,
    }).toEqual(want)
  })

  it('gives each reader the watchlists of issue 25: member 1 × 20, Base 3 × 50, Plus 10 × 100, Premium 20 × 200', () => {
    expect(
      Object.fromEntries(benefitReaders.map((reader) => [reader, benefitsOf(reader).watchlists])),
    ).toEqual({
      visitor: { lists: 1, stocksPerList: 20 },
      member: { lists: 1, stocksPerList: 20 },
      base: { lists: 3, stocksPerList: 50 },
      plus: { lists: 10, stocksPerList: 100 },
      premium: { lists: 20, stocksPerList: 200 },
    })
    // The device list of a visitor (contracts/watchlist-rules.ts writes its size out for the browser).
    expect(deviceWatchlistMax).toBe(benefitsOf('visitor').watchlists.stocksPerList)
  })

  it('never gives a higher tier less than the one below it', () => {
    const rank = { none: 0, partial: 1, full: 2, curated: 1, public: 2, exclusive: 3 } as Record<
      string,
      number
    >
    const ladder = ['visitor', 'member', 'base', 'plus', 'premium'] as const
    for (let i = 1; i < ladder.length; i++) {
      const lower = benefitsOf(ladder[i - 1] as BenefitReader)
      const higher = benefitsOf(ladder[i] as BenefitReader)
      for (const kind of ['deepDive', 'options', 'live', 'mentorship'] as const)
        expect(rank[higher.classroom[kind]]).toBeGreaterThanOrEqual(rank[lower.classroom[kind]] as number)
      expect(rank[higher.strategies] ?? 0).toBeGreaterThanOrEqual(rank[lower.strategies] ?? 0)
      expect(higher.monthlyPicks ?? Number.POSITIVE_INFINITY).toBeGreaterThanOrEqual(
        lower.monthlyPicks ?? Number.POSITIVE_INFINITY,
      )
    }
  })

  it('keeps saved screens for members only, more on each higher rung (ADR 0036)', () => {
    expect(benefitReaders.map((reader) => benefitsOf(reader).savedScreens)).toEqual([0, 3, 10, 25, 50])
  })

  it('opens a lesson marked partial with partial or full access, and one marked full only with full access', () => {
    expect([
      lessonOpens('none', 'partial'),
      lessonOpens('partial', 'partial'),
      lessonOpens('full', 'partial'),
    ]).toEqual([false, true, true])
    expect([
      lessonOpens('none', 'full'),
      lessonOpens('partial', 'full'),
      lessonOpens('full', 'full'),
    ]).toEqual([false, false, true])
  })

  it('shows curated strategies from Base, public ones from Plus, exclusive ones in Premium', () => {
    const seen = (reach: Parameters<typeof strategyVisible>[0]) =>
      (['curated', 'public', 'exclusive'] as const).filter((visibility) => strategyVisible(reach, visibility))
    expect(seen('none')).toEqual([])
    expect(seen('curated')).toEqual(['curated'])
    expect(seen('public')).toEqual(['curated', 'public'])
    expect(seen('exclusive')).toEqual(['curated', 'public', 'exclusive'])
  })

  it('names the one step that opens a locked benefit: log in, subscribe or upgrade to the cheapest tier', () => {
    const adviser = (reader: BenefitReader) => lockReasonFor(reader, (b) => b.adviser)
    const tracking = (reader: BenefitReader) => lockReasonFor(reader, (b) => b.analystTracking)
    const fullOptions = (reader: BenefitReader) =>
      lockReasonFor(reader, (b) => b.classroom.options === 'full')
    expect(adviser('visitor')).toEqual<LockReason>({ kind: 'logIn' })
    expect(adviser('member')).toEqual<LockReason>({ kind: 'subscribe', tier: 'premium' })
    expect(adviser('base')).toEqual<LockReason>({ kind: 'upgrade', tier: 'premium' })
    expect(adviser('premium')).toBeNull()
    expect(tracking('member')).toEqual<LockReason>({ kind: 'subscribe', tier: 'plus' })
    expect(tracking('base')).toEqual<LockReason>({ kind: 'upgrade', tier: 'plus' })
    expect(tracking('plus')).toBeNull()
    expect(fullOptions('plus')).toEqual<LockReason>({ kind: 'upgrade', tier: 'premium' })
  })

  it('reads the rung of a reader: their tier when subscribed, else visitor or member', () => {
    expect(benefitReaderOf({ role: 'visitor', tier: null })).toBe('visitor')
    expect(benefitReaderOf({ role: 'member', tier: null })).toBe('member')
    expect(benefitReaderOf({ role: 'subscriber', tier: 'plus' })).toBe('plus')
  })
})
