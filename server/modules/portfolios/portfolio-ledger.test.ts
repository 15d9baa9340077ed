import { describe, expect, it } from 'vitest'
import { PortfolioErrorCode } from '#contracts/portfolio-rules.ts'
import { dayNumber, type LedgerTransaction, replayLedger } from './portfolio-ledger.ts'
import { portfolioPerformance } from './portfolio-performance.ts'

function seriesByKey(entries: Array<[string, Array<{ date: string; close: number }>]>) {
  return new Map(
    entries.map(([key, closes]) => [
      key,
      {
        days: Int32Array.from(closes, (close) => dayNumber(close.date)),
        closes: Float64Array.from(closes, (close) => close.close),
      },
    ]),
  )
}

let sequence = 0
function t(
  kind: LedgerTransaction['kind'],
  tradeDate: string,
  quantity: number,
  price = 0,
  extra: Partial<LedgerTransaction> = {},
): LedgerTransaction {
  sequence++
  return {
    id: `t${sequence}`,
    kind,
    market: 'us',
    code: 'AAPL',
    tradeDate,
    quantity,
    price,
    fee: 0,
    amount: 0,
    sequence,
    ...extra,
  }
}

describe('the ledger (average cost)', () => {
  it('keeps the average cost through buys, a sell and a split, and realises the gain of the sell', () => {
    const { positions, problem } = replayLedger([
      t('buy', '2024-01-02', 10, 100, { fee: 10 }),
      t('buy', '2024-02-01', 10, 120),
      t('sell', '2024-03-01', 5, 150, { fee: 5 }),
      t('split', '2024-04-01', 2),
      t('dividend', '2024-05-01', 0, 0, { amount: 30 }),
    ])
    expect(problem).toBeNull()
    const position = positions.get('us:AAPL')
    // Cost 2210 for 20 (110.5 each); 5 sold: proceeds 745, cost 552.5 → 192.5 realised; 15 left costing 1657.5;
    // the split doubles the shares and halves the average cost.
    expect(position).toMatchObject({ quantity: 30, dividends: 30 })
    expect(position?.costBasis).toBeCloseTo(1657.5, 9)
    expect(position?.realisedGain).toBeCloseTo(192.5, 9)
  })

  it('applies a day’s transactions in entry order, whatever order they are listed in', () => {
    const buy = t('buy', '2024-01-02', 10, 100)
    const sell = t('sell', '2024-01-02', 10, 110)
    expect(replayLedger([sell, buy]).problem).toBeNull()
    expect(replayLedger([sell, buy]).positions.get('us:AAPL')?.quantity).toBe(0)
  })

  it('names the first transaction that sells shares not held, and a dividend on nothing', () => {
    const sell = t('sell', '2024-01-01', 1, 100)
    expect(replayLedger([t('buy', '2024-01-02', 10, 100), sell]).problem).toEqual({
      transactionId: sell.id,
      code: PortfolioErrorCode.sellExceedsHolding,
    })
    expect(replayLedger([t('dividend', '2024-01-01', 0, 0, { amount: 1 })]).problem?.code).toBe(
      PortfolioErrorCode.nothingHeld,
    )
  })
})

describe('the time-weighted performance', () => {
  it('is the stocks’ move alone, whatever money comes in, and runs beside the rebased benchmark', () => {
    // 10 shares at 100; the price goes to 110 (+10 %); 10 more bought at 110; the price goes to 121 (+10 %).
    const closes = seriesByKey([
      [
        'us:AAPL',
        [
          { date: '2024-01-02', close: 100 },
          { date: '2024-01-03', close: 110 },
          { date: '2024-01-04', close: 121 },
        ],
      ],
    ])
    const performance = portfolioPerformance({
      transactions: [t('buy', '2024-01-02', 10, 100), t('buy', '2024-01-03', 10, 110)],
      closes,
      rateOf: () => 1,
      benchmark: [
        { date: '2024-01-01', value: 90 },
        { date: '2024-01-02', value: 100 },
        { date: '2024-01-04', value: 105 },
      ],
      benchmarkMarket: 'us',
      benchmarkMethod: 'equal-weight-universe-v1',
      today: '2024-01-05',
    })
    expect(performance?.portfolioReturn).toBeCloseTo(0.21, 12)
    expect(performance?.benchmarkReturn).toBeCloseTo(0.05, 12)
    expect(performance?.series.map((point) => point.date)).toEqual(['2024-01-02', '2024-01-03', '2024-01-04'])
    expect(performance?.series[0]).toEqual({ date: '2024-01-02', portfolio: 100, benchmark: 100 })
  })

  it('counts a dividend paid out as part of the return', () => {
    const closes = seriesByKey([
      [
        'us:AAPL',
        [
          { date: '2024-01-02', close: 100 },
          { date: '2024-01-03', close: 100 },
        ],
      ],
    ])
    const performance = portfolioPerformance({
      transactions: [t('buy', '2024-01-02', 10, 100), t('dividend', '2024-01-03', 0, 0, { amount: 20 })],
      closes,
      rateOf: () => 1,
      benchmark: [],
      benchmarkMarket: 'us',
      benchmarkMethod: 'equal-weight-universe-v1',
      today: '2024-01-03',
    })
    expect(performance?.portfolioReturn).toBeCloseTo(0.02, 12)
    expect(performance?.benchmarkReturn).toBeNull()
  })
})
