import { describe, expect, it } from 'vitest'
import { ratingForScore } from '../analyst-rating.ts'
import { addDays, isTradingDay, sessionCloseInstant } from '../exchange-calendar.ts'
import type { Company } from '../market-data.ts'
import { isMarketDataError } from '../market-data-error.ts'
import { findCompany, findScaleProfile, listings } from '../universe.ts'
import { fiscalPeriodEnd } from './demo-fiscal-years.ts'
import { createDemoProvider, generateDemoCompanyData } from './demo-provider.ts'

const endDate = '2026-11-20'

function company(market: Company['market'], code: string): Company {
  const found = findCompany(market, code)
  if (!found) throw new Error(`${market}:${code} missing from the universe`)
  return found
}

const apple = company('us', 'AAPL')
const tencent = company('hk', '0700')
const toyota = company('jp', '7203')
const samsung = company('kr', '005930')
const hsbc = company('hk', '0005')
const aia = company('hk', '1299')

async function collect(provider: ReturnType<typeof createDemoProvider>, subject: Company) {
  return {
    bars: await provider.getDailyBars(subject, '2000-01-01', '2100-01-01'),
    fundamentals: await provider.getAnnualFundamentals(subject),
    insiders: await provider.getInsiderTransactions(subject, '2000-01-01'),
    consensus: await provider.getAnalystConsensus(subject),
    quote: await provider.getQuote(subject),
  }
}

describe('demo provider determinism', () => {
  it('labels itself as demo data', () => {
    const provider = createDemoProvider({ seed: 'a', endDate })
    expect(provider.name).toBe('demo')
    expect(provider.isDemo).toBe(true)
  })

  it('gives identical data for the same seed, from separate instances', async () => {
    for (const subject of [apple, tencent, toyota, samsung]) {
      const first = await collect(createDemoProvider({ seed: 'same', endDate }), subject)
      const second = await collect(createDemoProvider({ seed: 'same', endDate }), subject)
      expect(second).toEqual(first)
    }
  })

  it('gives different data for a different seed', async () => {
    const first = await collect(createDemoProvider({ seed: 'one', endDate }), apple)
    const second = await collect(createDemoProvider({ seed: 'two', endDate }), apple)
    expect(second.bars.at(-1)?.close).not.toBe(first.bars.at(-1)?.close)
    expect(second.fundamentals.at(-1)?.revenue).not.toBe(first.fundamentals.at(-1)?.revenue)
  })

  it('only appends when the end date moves forward', () => {
    for (const subject of [apple, tencent, toyota, samsung]) {
      const earlier = generateDemoCompanyData(subject, 'grow', '2025-03-14')
      const later = generateDemoCompanyData(subject, 'grow', endDate)
      expect(later.bars.slice(0, earlier.bars.length)).toEqual(earlier.bars)
      for (const year of earlier.fundamentals) {
        expect(later.fundamentals.find((y) => y.fiscalYear === year.fiscalYear) ?? year).toEqual(year)
      }
      const cutoff = earlier.bars.at(-1)?.date.slice(0, 7) ?? ''
      expect(later.insiders.filter((t) => t.date.slice(0, 7) < cutoff)).toEqual(
        earlier.insiders.filter((t) => t.date.slice(0, 7) < cutoff),
      )
    }
  })

  it('ends history at the last session each exchange completed by the given instant', async () => {
    // 15:00 UTC: Hong Kong, Tokyo and Seoul have closed for the day, New York has not.
    const provider = createDemoProvider({ seed: 'clock', now: () => new Date('2026-11-20T15:00:00Z') })
    expect((await provider.getDailyBars(apple, '2026-11-01', '2026-12-31')).at(-1)?.date).toBe('2026-11-19')
    expect((await provider.getDailyBars(tencent, '2026-11-01', '2026-12-31')).at(-1)?.date).toBe('2026-11-20')
    expect((await provider.getDailyBars(toyota, '2026-11-01', '2026-12-31')).at(-1)?.date).toBe('2026-11-20')
  })

  it('refuses companies outside the universe', async () => {
    const stranger: Company = { ...apple, code: 'ZZZZ', yahooSymbol: 'ZZZZ', aliases: [] }
    const error = await createDemoProvider({ endDate })
      .getQuote(stranger)
      .catch((e: unknown) => e)
    expect(isMarketDataError(error) && error.code).toBe('SYMBOL_NOT_FOUND')
  })
})

describe('demo daily bars', () => {
  it('cover at least five years of trading days only, oldest first', () => {
    for (const { company: subject } of listings) {
      const { bars } = generateDemoCompanyData(subject, 'calendar', endDate)
      expect(bars[0]!.date <= addDays(endDate, -5 * 366), subject.code).toBe(true)
      expect(bars.at(-1)?.date, subject.code).toBe(endDate)
      const misplaced = bars.filter(
        (bar, i) => !isTradingDay(subject.exchange, bar.date) || (i > 0 && bar.date <= bars[i - 1]!.date),
      )
      expect(misplaced, subject.code).toEqual([])
    }
  })

  it('keep high and low around open and close, with positive prices and whole volumes', () => {
    for (const { company: subject } of listings) {
      const broken = generateDemoCompanyData(subject, 'ohlc', endDate).bars.filter(
        (bar) =>
          bar.high < Math.max(bar.open, bar.close) ||
          bar.low > Math.min(bar.open, bar.close) ||
          bar.low <= 0 ||
          !Number.isInteger(bar.volume) ||
          bar.volume <= 0,
      )
      expect(broken, subject.code).toEqual([])
    }
  })

  it('trade around the real price level of each company', () => {
    for (const { company: subject, scale } of listings) {
      const closes = generateDemoCompanyData(subject, 'level', endDate).bars.map((b) => b.close)
      const median = [...closes].sort((a, b) => a - b)[Math.floor(closes.length / 2)]!
      expect(median / scale.priceLevel, subject.code).toBeGreaterThan(0.4)
      expect(median / scale.priceLevel, subject.code).toBeLessThan(2.5)
    }
  })

  it('move more on volatile boards and trade more on big moves', () => {
    const dailyReturns = (subject: Company) => {
      const bars = generateDemoCompanyData(subject, 'vol', endDate).bars
      return bars
        .slice(1)
        .map((bar, i) => ({ move: Math.abs(Math.log(bar.close / bars[i]!.close)), volume: bar.volume }))
    }
    const spread = (values: number[]) => Math.sqrt(values.reduce((s, v) => s + v * v, 0) / values.length)
    const staples = dailyReturns(company('us', 'KO')).map((r) => r.move)
    const kosdaq = dailyReturns(company('kr', '247540')).map((r) => r.move)
    expect(spread(kosdaq)).toBeGreaterThan(spread(staples) * 1.5)

    const days = dailyReturns(apple).sort((a, b) => a.move - b.move)
    const quiet = days.slice(0, 200).reduce((s, d) => s + d.volume, 0)
    const wild = days.slice(-200).reduce((s, d) => s + d.volume, 0)
    expect(wild).toBeGreaterThan(quiet * 1.3)
  })

  it('generate five years of one company in a few milliseconds', () => {
    generateDemoCompanyData(samsung, 'warm-up', endDate)
    const started = performance.now()
    for (let i = 0; i < 20; i++) generateDemoCompanyData(samsung, `speed-${i}`, endDate)
    const perCompany = (performance.now() - started) / 20
    // About 1.3 ms on an idle 2-core machine; the bound leaves room for a loaded one (the whole suite in parallel
    // measured 28 ms) and still catches a change of complexity.
    expect(perCompany).toBeLessThan(100)
  })
})

describe('demo annual fundamentals', () => {
  it('give at least five consecutive published fiscal years at the right period ends', () => {
    for (const { company: subject, scale } of listings) {
      const years = generateDemoCompanyData(subject, 'years', endDate).fundamentals
      expect(years.length, subject.code).toBeGreaterThanOrEqual(5)
      for (let i = 0; i < years.length; i++) {
        const year = years[i]!
        expect(year.periodEnd, subject.code).toBe(fiscalPeriodEnd(scale, year.fiscalYear))
        expect(year.periodEnd < endDate, subject.code).toBe(true)
        expect(year.currency, subject.code).toBe(subject.currency)
        if (i > 0) expect(year.fiscalYear, subject.code).toBe(years[i - 1]!.fiscalYear + 1)
      }
    }
  })

  it('keep the accounting identities', () => {
    for (const { company: subject, scale } of listings) {
      const years = generateDemoCompanyData(subject, 'identities', endDate).fundamentals
      for (let i = 0; i < years.length; i++) {
        const y = years[i]!
        const where = `${subject.code} FY${y.fiscalYear}`
        if (scale.shape === 'operating') {
          expect(y.grossProfit, where).toBe(y.revenue! - y.costOfRevenue!)
          expect(y.operatingIncome!, where).toBeLessThanOrEqual(y.grossProfit!)
          expect(y.currentAssets!, where).toBeLessThanOrEqual(y.totalAssets!)
          expect(y.cashAndEquivalents!, where).toBeLessThanOrEqual(y.currentAssets!)
        } else {
          expect(y.costOfRevenue, where).toBeNull()
          expect(y.grossProfit, where).toBeNull()
        }
        expect(y.totalAssets, where).toBe(y.totalLiabilities! + y.shareholdersEquity!)
        expect(y.pretaxIncome! - y.incomeTax!, where).toBe(y.netIncome)
        expect(y.longTermDebt!, where).toBeLessThanOrEqual(y.totalDebt!)
        expect(y.totalDebt!, where).toBeLessThanOrEqual(y.totalLiabilities!)
        expect(y.sharesOutstanding!, where).toBeGreaterThan(0)
        expect(y.dilutedShares!, where).toBeGreaterThanOrEqual(y.sharesOutstanding!)
        for (const outflow of [y.capitalExpenditure, y.dividendsPaid, y.shareRepurchases]) {
          expect(outflow!, where).toBeGreaterThanOrEqual(0)
        }
        if (i > 0) {
          const before = years[i - 1]!
          expect(y.retainedEarnings, where).toBe(before.retainedEarnings! + y.netIncome! - y.dividendsPaid!)
        }
      }
    }
  })

  it('shape banks and insurers like financials: big balance sheets, thin equity, no gross margin', async () => {
    const provider = createDemoProvider({ seed: 'banks', endDate })
    for (const subject of [hsbc, aia, company('us', 'JPM'), company('jp', '8306')]) {
      const latest = (await provider.getAnnualFundamentals(subject)).at(-1)!
      expect(latest.totalAssets! / latest.revenue!, subject.code).toBeGreaterThan(5)
      expect(latest.shareholdersEquity! / latest.totalAssets!, subject.code).toBeLessThan(0.25)
      expect(latest.currentAssets, subject.code).toBeNull()
    }
  })

  it('size the statements from the price: multiples a listed company of its market and sector could have', () => {
    const priceEarnings = new Map<string, number[]>()
    for (const { company: subject, scale } of listings) {
      const { fundamentals, bars } = generateDemoCompanyData(subject, 'scale', endDate)
      const reference = fundamentals.find(
        (y) => y.fiscalYear === (scale.fiscalYearEndMonth === 12 ? 2024 : 2025),
      )!
      expect(reference.sharesOutstanding! / scale.sharesOutstanding, subject.code).toBeCloseTo(1, 5)
      const latest = fundamentals.at(-1)!
      const marketValue = bars.at(-1)!.close * latest.sharesOutstanding!
      const priceToBook = marketValue / latest.shareholdersEquity!
      expect(priceToBook, subject.code).toBeGreaterThan(0.05)
      expect(priceToBook, subject.code).toBeLessThan(40)
      expect(latest.dividendsPaid! / marketValue, subject.code).toBeLessThan(0.2)
      if (scale.netMargin < 0) continue
      const priceEarning = marketValue / latest.netIncome!
      expect(priceEarning, subject.code).toBeGreaterThan(3)
      expect(priceEarning, subject.code).toBeLessThan(80)
      priceEarnings.set(subject.market, [...(priceEarnings.get(subject.market) ?? []), priceEarning])
    }
    for (const [market, values] of priceEarnings) {
      const median = [...values].sort((a, b) => a - b)[values.length >> 1]!
      expect(median, market).toBeGreaterThan(8)
      expect(median, market).toBeLessThan(25)
    }
  })
})

describe('demo insiders, consensus and quote', () => {
  it('trade on real sessions, inside the day range, with consistent values', async () => {
    for (const subject of [apple, tencent, toyota, samsung]) {
      const data = generateDemoCompanyData(subject, 'insiders', endDate)
      const byDate = new Map(data.bars.map((b) => [b.date, b]))
      expect(data.insiders.length, subject.code).toBeGreaterThan(5)
      for (const trade of data.insiders) {
        const bar = byDate.get(trade.date)
        expect(bar, `${subject.code} ${trade.date}`).toBeDefined()
        expect(trade.price).toBeGreaterThanOrEqual(bar!.low)
        expect(trade.price).toBeLessThanOrEqual(bar!.high)
        expect(trade.value).toBeCloseTo(trade.shares * trade.price, 1)
        expect(trade.insiderName.length).toBeGreaterThan(3)
        expect(trade.role.length).toBeGreaterThan(3)
      }
    }
    const since = await createDemoProvider({ seed: 'insiders', endDate }).getInsiderTransactions(
      apple,
      '2026-01-01',
    )
    expect(since.every((t) => t.date >= '2026-01-01')).toBe(true)
  })

  it('has US insiders mostly selling and includes purchases elsewhere', () => {
    const us = generateDemoCompanyData(apple, 'kinds', endDate).insiders
    expect(us.filter((t) => t.kind === 'sell').length).toBeGreaterThan(us.length / 2)
    const kr = generateDemoCompanyData(samsung, 'kinds', endDate).insiders
    expect(kr.some((t) => t.kind === 'buy')).toBe(true)
    expect(kr.some((t) => t.kind === 'sell')).toBe(true)
  })

  it('rates on the 1–5 scale with targets around the price', () => {
    for (const { company: subject } of listings) {
      const { consensus, bars } = generateDemoCompanyData(subject, 'consensus', endDate)
      const close = bars.at(-1)!.close
      expect(consensus, subject.code).not.toBeNull()
      expect(consensus!.meanScore).toBeGreaterThanOrEqual(1)
      expect(consensus!.meanScore).toBeLessThanOrEqual(5)
      expect(consensus!.rating).toBe(ratingForScore(consensus!.meanScore))
      expect(consensus!.analystCount).toBeGreaterThanOrEqual(2)
      expect(consensus!.targetLow!).toBeLessThanOrEqual(consensus!.targetMean!)
      expect(consensus!.targetMean!).toBeLessThanOrEqual(consensus!.targetHigh!)
      expect(consensus!.targetMean! / close, subject.code).toBeGreaterThan(0.6)
      expect(consensus!.targetMean! / close, subject.code).toBeLessThan(1.6)
      expect(consensus!.asOf).toBe(endDate)
    }
  })

  it('publishes a consensus history: one per month end, ending with the current consensus', async () => {
    const provider = createDemoProvider({ seed: 'history', endDate })
    const history = await provider.getAnalystConsensusHistory!(apple, '2026-05-15')
    expect(history.map((c) => c.asOf.slice(0, 7))).toEqual([
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ])
    const bars = await provider.getDailyBars(apple, '2026-05-01', endDate)
    const monthEnds = bars.filter((bar, i) => bars[i + 1]?.date.slice(0, 7) !== bar.date.slice(0, 7))
    expect(history.map((c) => c.asOf)).toEqual(monthEnds.map((bar) => bar.date))
    expect(history.at(-1)).toEqual(await provider.getAnalystConsensus(apple))
  })

  it('quotes the last close against the close before it', async () => {
    const provider = createDemoProvider({ seed: 'quote', endDate })
    for (const subject of [apple, tencent, toyota, samsung]) {
      const bars = await provider.getDailyBars(subject, '2026-11-01', endDate)
      const quote = await provider.getQuote(subject)
      const last = bars.at(-1)!
      const previous = bars.at(-2)!
      expect(quote).toMatchObject({
        code: subject.code,
        market: subject.market,
        price: last.close,
        volume: last.volume,
      })
      expect(quote.previousClose).toBe(previous.close)
      expect(quote.change).toBeCloseTo(last.close - previous.close, 6)
      expect(quote.changePercent).toBeCloseTo(((last.close - previous.close) / previous.close) * 100, 3)
      expect(quote.asOf).toBe(sessionCloseInstant(subject.exchange, last.date).toISOString())
    }
  })

  it('sizes the profile of every universe company', () => {
    for (const { company: subject } of listings) expect(findScaleProfile(subject), subject.code).toBeDefined()
  })
})
