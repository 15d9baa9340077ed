import { describe, expect, it } from 'vitest'
import { formatBillingDate, formatMoney, formatPercent, formatShortDate } from './billing-format.ts'

describe('money on the plan pages', () => {
  it('reads cents in dollars, with the cents only when there are some', () => {
    expect(formatMoney(1999, 'USD', 'en-US')).toBe('$19.99')
    expect(formatMoney(19990, 'USD', 'en-US')).toBe('$199.90')
    expect(formatMoney(20000, 'USD', 'en-US')).toBe('$200')
    expect(formatMoney(5, 'USD', 'en-US')).toBe('$0.05')
  })

  it('shows yen and won as they are: no decimals, however the amount divides', () => {
    expect(formatMoney(2980, 'JPY', 'en-US')).toBe('¥2,980')
    expect(formatMoney(119800, 'JPY', 'en-US')).toBe('¥119,800')
    expect(formatMoney(26000, 'KRW', 'en-US')).toBe('₩26,000')
    expect(formatMoney(1040000, 'KRW', 'en-US')).toBe('₩1,040,000')
    expect(formatMoney(1, 'KRW', 'en-US')).toBe('₩1')
  })

  it('names Hong Kong and Taiwan dollars as each site’s readers expect', () => {
    expect(formatMoney(15800, 'HKD', 'zh-TW')).toBe('HK$158')
    expect(formatMoney(15850, 'HKD', 'en-US')).toBe('HK$158.50')
    expect(formatMoney(64000, 'TWD', 'zh-TW')).toBe('$640')
    expect(formatMoney(345600, 'TWD', 'en-US')).toBe('NT$3,456')
    expect(formatMoney(1999, 'USD', 'zh-TW')).toBe('US$19.99')
  })

  it('gives a saving as a whole percent in either language', () => {
    expect(formatPercent(17, 'en-US')).toBe('17%')
    expect(formatPercent(10, 'zh-TW')).toBe('10%')
  })
})

describe('dates on the plan pages', () => {
  const instant = '2027-02-27T03:30:00.000Z'

  it('are the calendar day where the reader is, New York on the English site', () => {
    expect(formatBillingDate(instant, { displayLocale: 'en-US', timeZone: 'America/New_York' })).toBe(
      'February 26, 2027',
    )
    expect(formatBillingDate(instant, { displayLocale: 'zh-TW', timeZone: 'Asia/Taipei' })).toBe(
      '2027年2月27日',
    )
  })

  it('are shorter in a list of payments', () => {
    expect(formatShortDate(instant, { displayLocale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('Feb 27, 2027')
  })
})
