import { describe, expect, it } from 'vitest'
import { isTradingDay } from '../exchange-calendar.ts'
import type { Company } from '../market-data.ts'
import { findCompany } from '../universe.ts'
import { ANNOUNCED_AHEAD_DAYS } from './demo-corporate-events.ts'
import { createDemoProvider, generateDemoCompanyData } from './demo-provider.ts'

const endDate = '2026-11-20'
const provider = createDemoProvider({ seed: 'tickerwise', endDate })

function company(market: Company['market'], code: string): Company {
  const found = findCompany(market, code)
  if (!found) throw new Error(`${market}:${code} missing from the universe`)
  return found
}

const apple = company('us', 'AAPL')
const amazon = company('us', 'AMZN')
const tencent = company('hk', '0700')
const toyota = company('jp', '7203')
const samsung = company('kr', '005930')

async function yearOf(subject: Company) {
  return provider.getCorporateEvents?.(subject, '2025-11-21', endDate)
}

describe('demo results dates', () => {
  it('gives four results a year in New York, Tokyo and Seoul and two in Hong Kong, on trading days', async () => {
    for (const [subject, perYear] of [
      [apple, 4],
      [toyota, 4],
      [samsung, 4],
      [tencent, 2],
    ] as const) {
      const events = await yearOf(subject)
      expect(events?.earnings.length, subject.code).toBe(perYear)
      for (const e of events?.earnings ?? []) {
        expect(isTradingDay(subject.exchange, e.date), `${subject.code} ${e.date}`).toBe(true)
        expect(e.periodEnd! < e.date).toBe(true)
        expect(e.confirmed).toBe(true)
      }
    }
  })

  it('falls on the sessions the demo bars gap on (results day volume surge)', async () => {
    const { bars } = generateDemoCompanyData(apple, 'tickerwise', endDate)
    const events = await yearOf(apple)
    for (const e of events?.earnings ?? []) {
      const i = bars.findIndex((bar) => bar.date === e.date)
      expect(i, e.date).toBeGreaterThan(20)
      const before = bars.slice(i - 20, i)
      const average = before.reduce((sum, bar) => sum + bar.volume, 0) / before.length
      expect(bars[i]!.volume / average, e.date).toBeGreaterThan(1.5)
    }
  })

  it('releases at a local time inside the session day, and projects dates beyond a month ahead', async () => {
    const ahead = await provider.getCorporateEvents?.(apple, '2026-11-21', '2027-06-30')
    const earnings = ahead?.earnings ?? []
    expect(earnings.length).toBeGreaterThanOrEqual(2)
    for (const e of earnings) {
      // 07:00 in New York is 12:00 UTC in winter, 11:00 in summer: the same calendar day.
      expect(e.at?.slice(0, 10)).toBe(e.date)
      const days = (Date.parse(e.date) - Date.parse(endDate)) / 86_400_000
      expect(e.confirmed, e.date).toBe(days <= ANNOUNCED_AHEAD_DAYS)
    }
  })
})

describe('demo dividends', () => {
  it('pays a dividend-paying company quarterly in New York, twice a year in Tokyo, yearly in Seoul', async () => {
    expect((await yearOf(apple))?.dividends).toHaveLength(4)
    expect((await yearOf(toyota))?.dividends).toHaveLength(2)
    expect((await yearOf(samsung))?.dividends).toHaveLength(1)
  })

  it('pays nothing for a company that keeps its profits (Amazon)', async () => {
    const events = await provider.getCorporateEvents?.(amazon, '2020-01-01', '2027-12-31')
    expect(events?.dividends).toEqual([])
    expect(events?.earnings.length).toBeGreaterThan(20)
  })

  it('adds up over a year to the dividends its statements paid per share, paid weeks after the ex-date', async () => {
    const fundamentals = await provider.getAnnualFundamentals(apple)
    const latest = fundamentals.at(-1)!
    const perShare = latest.dividendsPaid! / latest.sharesOutstanding!
    const events = await provider.getCorporateEvents?.(apple, latest.periodEnd, '2027-12-31')
    const next = (events?.dividends ?? []).slice(0, 4)
    const total = next.reduce((sum, d) => sum + d.amount, 0)
    expect(total).toBeGreaterThan(perShare * 0.97)
    expect(total).toBeLessThan(perShare * 1.03)
    for (const d of events?.dividends ?? []) {
      expect(d.currency).toBe('USD')
      expect(d.payDate! > d.exDate).toBe(true)
      expect(Math.round(d.amount * 100)).toBeCloseTo(d.amount * 100, 6)
    }
  })

  it('declares no dividend whose results are not out yet', async () => {
    const events = await provider.getCorporateEvents?.(apple, endDate, '2027-12-31')
    const lastResults = (await yearOf(apple))?.earnings.at(-1)?.date as string
    for (const d of events?.dividends ?? []) {
      expect((Date.parse(d.exDate) - Date.parse(lastResults)) / 86_400_000).toBeLessThanOrEqual(40)
    }
  })

  it('gives the same events for the same seed, and others for another seed', async () => {
    const again = await createDemoProvider({ seed: 'tickerwise', endDate }).getCorporateEvents?.(
      toyota,
      '2025-01-01',
      '2026-12-31',
    )
    const other = await createDemoProvider({ seed: 'other', endDate }).getCorporateEvents?.(
      toyota,
      '2025-01-01',
      '2026-12-31',
    )
    expect(await provider.getCorporateEvents?.(toyota, '2025-01-01', '2026-12-31')).toEqual(again)
    expect(other).not.toEqual(again)
  })
})
