/**
 * Analyst portfolio tracking's arithmetic against examples worked by hand, and who may see it (contracts/benefits.ts:
 * Plus and Premium).
 */
import { describe, expect, it } from 'vitest'
import type { MonthlyPick, MonthlyPicksAnswer } from '#contracts/monthly-picks.ts'
import type { Db } from '#server/db/database.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { createPicksTrackingService, periodReturn, trackPicksPortfolio } from './picks-tracking.ts'

describe('trackPicksPortfolio', () => {
  const october = {
    month: '2026-10',
    picks: [
      { code: 'AAA', market: 'us' as const, name: 'A', return: 0.1, benchmarkReturn: 0.02 },
      { code: 'BBB', market: 'hk' as const, name: 'B', return: -0.05, benchmarkReturn: -0.01 },
      { code: 'CCC', market: 'us' as const, name: 'C', return: 0.04, benchmarkReturn: 0.02 },
    ],
  }
  const november = {
    month: '2026-11',
    picks: [
      { code: 'DDD', market: 'jp' as const, name: 'D', return: 0.02, benchmarkReturn: 0.03 },
      { code: 'EEE', market: 'jp' as const, name: 'E', return: null, benchmarkReturn: null },
    ],
  }

  it('averages each month’s picks in equal weight against the same picks’ benchmarks', () => {
    const { months } = trackPicksPortfolio([november, october])
    const [nov, oct] = months
    // October: (10% − 5% + 4%) ÷ 3 = 3%; 2 of 3 gained; benchmarks (2% − 1% + 2%) ÷ 3 = 1%; ahead by 2 points.
    expect(oct?.picks).toBe(3)
    expect(oct?.averageReturn).toBeCloseTo(0.03, 10)
    expect(oct?.winRate).toBeCloseTo(2 / 3, 10)
    expect(oct?.best).toEqual({ code: 'AAA', market: 'us', name: 'A', return: 0.1 })
    expect(oct?.worst).toEqual({ code: 'BBB', market: 'hk', name: 'B', return: -0.05 })
    expect(oct?.benchmarkReturn).toBeCloseTo(0.01, 10)
    expect(oct?.excessReturn).toBeCloseTo(0.02, 10)
    // November: the pick without a return yet is left out; 2% against 3%, behind by 1 point.
    expect(nov?.picks).toBe(1)
    expect(nov?.averageReturn).toBeCloseTo(0.02, 10)
    expect(nov?.winRate).toBe(1)
    expect(nov?.best?.code).toBe('DDD')
    expect(nov?.worst?.code).toBe('DDD')
    expect(nov?.excessReturn).toBeCloseTo(-0.01, 10)
  })

  it('pools every pick of every month for the cumulative figures', () => {
    const { overall } = trackPicksPortfolio([november, october])
    // (10% − 5% + 4% + 2%) ÷ 4 = 2.75%; 3 of 4 gained; benchmarks (2% − 1% + 2% + 3%) ÷ 4 = 1.5%.
    expect(overall.months).toBe(2)
    expect(overall.picks).toBe(4)
    expect(overall.averageReturn).toBeCloseTo(0.0275, 10)
    expect(overall.winRate).toBeCloseTo(0.75, 10)
    expect(overall.benchmarkReturn).toBeCloseTo(0.015, 10)
    expect(overall.excessReturn).toBeCloseTo(0.0125, 10)
    expect(overall.best?.code).toBe('AAA')
    expect(overall.worst?.code).toBe('BBB')
    expect(overall.monthsAhead).toBe(1)
    expect(overall.monthsCompared).toBe(2)
  })

  it('leaves out a month with no measured pick and answers nothing rather than zero', () => {
    const { months, overall } = trackPicksPortfolio([
      {
        month: '2026-12',
        picks: [{ code: 'X', market: 'kr', name: 'X', return: null, benchmarkReturn: null }],
      },
    ])
    expect(months).toEqual([])
    expect(overall).toMatchObject({
      picks: 0,
      averageReturn: null,
      winRate: null,
      best: null,
      excessReturn: null,
    })
  })
})

describe('periodReturn', () => {
  const points = [
    { date: '2026-10-01', value: 100 },
    { date: '2026-10-02', value: 102 },
    { date: '2026-10-05', value: 99 },
    { date: '2026-10-06', value: 103.02 },
  ]

  it('divides the level on the last day by the level on the first', () => {
    expect(periodReturn(points, '2026-10-02', '2026-10-06')).toBeCloseTo(103.02 / 102 - 1, 12)
    expect(periodReturn(points, '2026-10-02', '2026-10-06')).toBeCloseTo(0.01, 12)
  })

  it('reads a day without prices as the last trading day before it', () => {
    expect(periodReturn(points, '2026-10-03', '2026-10-04')).toBe(0)
    expect(periodReturn(points, '2026-10-04', '2026-10-05')).toBeCloseTo(99 / 102 - 1, 12)
  })

  it('starts from the first level for a day before the index begins, and answers null without points', () => {
    expect(periodReturn(points, '2026-09-30', '2026-10-05')).toBeCloseTo(-0.01, 12)
    expect(periodReturn([], '2026-10-01', '2026-10-05')).toBeNull()
  })
})

describe('trackAnalystPicks', () => {
  function reader(tier: Reader['tier'], role: Reader['role'] = tier ? 'subscriber' : 'member'): Reader {
    return {
      role,
      memberId: role === 'visitor' ? null : 'm',
      tier,
      sessionId: null,
      device: { key: '', network: null },
    }
  }
  const pick = (code: string, market: 'us' | 'hk', actualReturn: number): MonthlyPick =>
    ({
      month: '2026-10',
      code,
      market,
      name: code,
      dataAsOf: '2026-09-30',
      latestPriceDate: '2026-10-06',
      actualReturn,
    }) as MonthlyPick
  const answer = {
    isDemo: true,
    asOf: '2026-10-06',
    stale: false,
    market: null,
    months: [
      {
        month: '2026-10',
        recommendedAt: '2026-10-01',
        picks: [pick('U1', 'us', 0.1), pick('H1', 'hk', 0)],
        lockedCount: 0,
        averageReturn: 0.05,
        winRate: 0.5,
      },
    ],
    trackRecord: { picks: 2, averageReturn: 0.05, winRate: 0.5 },
    rule: '',
  } as MonthlyPicksAnswer
  const service = createPicksTrackingService({
    db: {} as Db,
    listMonthlyPicks: async () => answer,
    // US up 4% over the days, Hong Kong down 2%.
    benchmarkOf: async (_db, market) => ({
      market,
      method: 'test-method',
      points: [
        { date: '2026-09-30', value: 100 },
        { date: '2026-10-06', value: market === 'us' ? 104 : 98 },
      ],
      asOf: '2026-10-06',
      isDemo: true,
      constituents: 10,
    }),
  })

  it.each([
    ['visitor', reader(null, 'visitor'), { kind: 'logIn' }],
    ['member', reader(null), { kind: 'subscribe', tier: 'plus' }],
    ['base', reader('base'), { kind: 'upgrade', tier: 'plus' }],
  ] as const)('locks tracking for a %s', async (_name, who, lock) => {
    expect(await service.trackAnalystPicks({}, who, 'en')).toEqual({ state: 'locked', lock })
  })

  it.each([['plus'], ['premium']] as const)('compares each pick with its own market for %s', async (tier) => {
    const result = await service.trackAnalystPicks({}, reader(tier), 'en')
    if (result.state !== 'open') throw new Error('expected tracking')
    // Picks (10% + 0%) ÷ 2 = 5%; benchmarks (4% − 2%) ÷ 2 = 1%.
    expect(result.tracking.months[0]?.averageReturn).toBeCloseTo(0.05, 10)
    expect(result.tracking.months[0]?.benchmarkReturn).toBeCloseTo(0.01, 10)
    expect(result.tracking).toMatchObject({
      benchmarkMethod: 'test-method',
      asOf: '2026-10-06',
      isDemo: true,
    })
  })
})
