import { describe, expect, it } from 'vitest'
import {
  apiLangHeader,
  localeFromLangHeader,
  regionFromHostname,
  regionSettings,
  trackingLangHeader,
} from './regions.ts'

describe('regions', () => {
  it('decides the region from the first label of the host', () => {
    expect(regionFromHostname('hant.tickerwise.com')).toBe('hant')
    expect(regionFromHostname('hk.localhost')).toBe('hk')
    expect(regionFromHostname('KR.example.com')).toBe('kr')
    expect(regionFromHostname('jp.localhost')).toBe('jp')
    expect(regionFromHostname('en.localhost')).toBe('en')
    expect(regionFromHostname('www.tickerwise.com')).toBe('en')
    expect(regionFromHostname('localhost')).toBe('en')
  })

  it('gives hant and hk Traditional Chinese and the others English, each with its display time zone', () => {
    expect(regionSettings.hant.locale).toBe('zh-Hant')
    expect(regionSettings.hk.locale).toBe('zh-Hant')
    expect(regionSettings.kr.locale).toBe('en')
    expect(regionSettings.en.timeZone).toBe('America/New_York')
    expect(regionSettings.hk.defaultMarket).toBe('hk')
  })

  it('sends the Lang header exactly as the spec says', () => {
    expect(apiLangHeader('zh-Hant')).toBe('hk')
    expect(apiLangHeader('en')).toBe('en')
    expect(trackingLangHeader('hant')).toBe('hk')
    expect(trackingLangHeader('hk')).toBe('hk')
    expect(trackingLangHeader('jp')).toBe('jp')
    expect(trackingLangHeader('kr')).toBe('kr')
    expect(trackingLangHeader('en')).toBe('en')
  })

  it('reads the Lang header back to a locale', () => {
    expect(localeFromLangHeader('hk')).toBe('zh-Hant')
    expect(localeFromLangHeader('en')).toBe('en')
    expect(localeFromLangHeader(undefined)).toBe('en')
    expect(localeFromLangHeader('klingon')).toBe('en')
  })
})
