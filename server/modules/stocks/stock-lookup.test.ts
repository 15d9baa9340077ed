import { describe, expect, it } from 'vitest'
import { codeCandidates, hasCjk } from './stock-lookup.ts'

describe('codeCandidates', () => {
  it('reads Hong Kong codes with or without leading zeros and with the exchange suffix', () => {
    expect(codeCandidates('700')[0]).toEqual({ market: 'hk', code: '0700' })
    expect(codeCandidates('00700')[0]).toEqual({ market: 'hk', code: '0700' })
    expect(codeCandidates('0700.HK')).toEqual([{ market: 'hk', code: '0700' }])
    expect(codeCandidates('0700.hk')).toEqual([{ market: 'hk', code: '0700' }])
    expect(codeCandidates('HK:0700')).toEqual([{ market: 'hk', code: '0700' }])
    expect(codeCandidates('700 HK')).toEqual([{ market: 'hk', code: '0700' }])
  })

  it('tries a bare number as Hong Kong, then Tokyo (four digits), then Korea', () => {
    expect(codeCandidates('7203')).toEqual([
      { market: 'hk', code: '7203' },
      { market: 'jp', code: '7203' },
      { market: 'kr', code: '007203' },
    ])
    expect(codeCandidates('005930')).toEqual([{ market: 'kr', code: '005930' }])
    expect(codeCandidates('5930')[2]).toEqual({ market: 'kr', code: '005930' })
  })

  it('reads Tokyo and Korean suffixes and full-width digits', () => {
    expect(codeCandidates('7203.T')).toEqual([{ market: 'jp', code: '7203' }])
    expect(codeCandidates('7203 JP')).toEqual([{ market: 'jp', code: '7203' }])
    expect(codeCandidates('005930.KS')).toEqual([{ market: 'kr', code: '005930' }])
    expect(codeCandidates('035720.KQ')).toEqual([{ market: 'kr', code: '035720' }])
    expect(codeCandidates('７２０３')[1]).toEqual({ market: 'jp', code: '7203' })
  })

  it('reads US tickers in any case, with class shares written either way', () => {
    expect(codeCandidates('aapl')).toEqual([{ market: 'us', code: 'AAPL' }])
    expect(codeCandidates('BRK-B')).toEqual([{ market: 'us', code: 'BRK.B' }])
    expect(codeCandidates('brk.b')).toEqual([{ market: 'us', code: 'BRK.B' }])
    expect(codeCandidates('AAPL.US')).toEqual([{ market: 'us', code: 'AAPL' }])
  })

  it('gives nothing for text that cannot be a code', () => {
    for (const text of ['', '  ', 'Apple Inc', '騰訊', '1234567', 'TOOLONGTICKER', '0700.XX', '7203.HKEX2']) {
      expect(codeCandidates(text), text).toEqual([])
    }
  })
})

describe('hasCjk', () => {
  it('recognises Chinese, Japanese and Korean text', () => {
    expect(hasCjk('騰訊')).toBe(true)
    expect(hasCjk('トヨタ')).toBe(true)
    expect(hasCjk('삼성')).toBe(true)
    expect(hasCjk('Tencent')).toBe(false)
  })
})
