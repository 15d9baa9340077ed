import { describe, expect, it } from 'vitest'
import { chooseRegion, regionFromAcceptLanguage } from './region-redirect.ts'

describe('regional redirect', () => {
  it('maps browser languages to regional sites by preference', () => {
    expect(regionFromAcceptLanguage('zh-TW,zh;q=0.9,en;q=0.8')).toBe('hant')
    expect(regionFromAcceptLanguage('zh-HK')).toBe('hk')
    expect(regionFromAcceptLanguage('ko-KR,ko;q=0.9')).toBe('kr')
    expect(regionFromAcceptLanguage('ja')).toBe('jp')
    expect(regionFromAcceptLanguage('en-GB,en;q=0.9')).toBe('en')
    expect(regionFromAcceptLanguage('fr;q=0.9,ja;q=0.5')).toBe('jp')
    expect(regionFromAcceptLanguage('en;q=0.2,zh-TW;q=0.8')).toBe('hant')
    expect(regionFromAcceptLanguage(null)).toBe('en')
  })

  it('prefers the remembered choice and ignores a forged one', () => {
    expect(chooseRegion('kr', 'zh-TW')).toBe('kr')
    expect(chooseRegion('evil.com', 'zh-TW')).toBe('hant')
  })
})
