import { describe, expect, it } from 'vitest'
import { currencies } from '#contracts/billing-rules.ts'
import { formatBillingDate, formatMoney, formatPercent, formatShortDate } from './billing-format.ts'

describe('money on the plan pages', () => {
  it('writes US and Hong Kong dollars to the cent, even when the cents are zero', () => {
    expect(formatMoney(1999, 'USD', 'en-US')).toBe('$19.99')
    expect(formatMoney(2000, 'USD', 'en-US')).toBe('$20.00')
    expect(formatMoney(19990, 'USD', 'en-US')).toBe('$199.90')
    expect(formatMoney(5, 'USD', 'en-US')).toBe('$0.05')
    expect(formatMoney(15800, 'HKD', 'zh-TW')).toBe('HK$158.00')
    expect(formatMoney(15850, 'HKD', 'en-US')).toBe('HK$158.50')
  })

  it('writes NT dollars whole and as NT$ on both sites, never a bare "$"', () => {
    expect(formatMoney(1_280_000, 'TWD', 'zh-TW')).toBe('NT$12,800')
    expect(formatMoney(64_000, 'TWD', 'zh-TW')).toBe('NT$640')
    expect(formatMoney(345_600, 'TWD', 'en-US')).toBe('NT$3,456')
  })

  it('shows yen and won as they are: no decimals, however the amount divides', () => {
    expect(formatMoney(2980, 'JPY', 'en-US')).toBe('¥2,980')
    expect(formatMoney(119800, 'JPY', 'en-US')).toBe('¥119,800')
    expect(formatMoney(26000, 'KRW', 'en-US')).toBe('₩26,000')
    expect(formatMoney(1040000, 'KRW', 'en-US')).toBe('₩1,040,000')
    expect(formatMoney(1, 'KRW', 'en-US')).toBe('₩1')
  })

  it('says whose dollars a Chinese page means', () => {
    expect(formatMoney(1999, 'USD', 'zh-TW')).toBe('US$19.99')
    expect(formatMoney(15800, 'HKD', 'zh-TW')).toBe('HK$158.00')
    expect(formatMoney(64_000, 'TWD', 'zh-TW')).toBe('NT$640')
  })

  it('writes every currency with its own digits in both languages', () => {
    const written = {
      USD: /^(US)?\$20\.00$/,
      HKD: /^HK\$20\.00$/,
      TWD: /^NT\$20$/,
      JPY: /^[¥￥]2,000$/,
      KRW: /^[₩￦]2,000$/,
    }
    for (const locale of ['en-US', 'zh-TW']) {
      for (const currency of currencies) {
        expect(formatMoney(2000, currency, locale), `${currency} ${locale}`).toMatch(written[currency])
      }
    }
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
