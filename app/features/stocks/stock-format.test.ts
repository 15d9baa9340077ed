import { describe, expect, it } from 'vitest'
import {
  calendarDayIn,
  currencyDigits,
  daysBetween,
  formatAmount,
  formatDate,
  formatDateTime,
  formatMonth,
  formatPercent,
  formatPrice,
  formatScore,
} from './stock-format.ts'

describe('stock number formatting', () => {
  it('shows prices in the listing currency with that currency’s decimals', () => {
    expect(formatPrice(189.254, 'USD', 'en-US')).toBe('$189.25')
    expect(formatPrice(412.6, 'HKD', 'en-US')).toBe('HK$412.60')
    expect(formatPrice(2870.4, 'JPY', 'en-US')).toBe('¥2,870')
    expect(formatPrice(71500, 'KRW', 'en-US')).toBe('₩71,500')
    expect(formatPrice(189.254, 'USD', 'zh-TW')).toBe('US$189.25')
    expect(currencyDigits('JPY')).toBe(0)
  })

  it('keeps three decimals for prices under one unit', () => {
    expect(formatPrice(0.4567, 'HKD', 'en-US')).toBe('HK$0.457')
  })

  it('abbreviates large amounts the way each language counts', () => {
    expect(formatAmount(3.21e12, 'USD', 'en-US')).toBe('$3.21T')
    expect(formatAmount(3.21e12, 'USD', 'zh-TW')).toBe('US$3.21兆')
    expect(formatAmount(45.6e6, 'HKD', 'zh-TW')).toBe('HK$4560萬')
  })

  it('signs percentages only when asked, and never signs zero', () => {
    expect(formatPercent(0.152, 'en-US')).toBe('15.2%')
    expect(formatPercent(0.0523, 'en-US', { signed: true })).toBe('+5.2%')
    expect(formatPercent(-0.0523, 'zh-TW', { signed: true })).toBe('-5.2%')
    expect(formatPercent(0, 'en-US', { signed: true })).toBe('0.0%')
  })

  it('shows scores with at most one decimal', () => {
    expect(formatScore(73.6, 'en-US')).toBe('73.6')
    expect(formatScore(100, 'zh-TW')).toBe('100')
  })
})

describe('stock dates', () => {
  it('shows a session date as that calendar day whatever the time zone', () => {
    expect(formatDate('2026-11-20', 'en-US')).toBe('Nov 20, 2026')
    expect(formatDate('2026-11-20', 'zh-TW')).toBe('2026年11月20日')
    expect(formatMonth('2026-10', 'en-US')).toBe('Oct 2026')
  })

  it('shows an instant in the region’s time zone', () => {
    const instant = '2026-11-20T21:00:00Z'
    expect(formatDateTime(instant, 'en-US', 'America/New_York')).toMatch(/^Nov 20, 2026, 4:00\sPM EST$/)
    expect(formatDateTime(instant, 'zh-TW', 'Asia/Taipei')).toContain('2026年11月21日')
    expect(calendarDayIn(instant, 'Asia/Tokyo')).toBe('2026-11-21')
    expect(calendarDayIn(instant, 'America/New_York')).toBe('2026-11-20')
  })

  it('counts whole days between calendar dates', () => {
    expect(daysBetween('2026-11-20', '2026-11-23')).toBe(3)
    expect(daysBetween('2026-11-23', '2026-11-20')).toBe(-3)
  })
})
