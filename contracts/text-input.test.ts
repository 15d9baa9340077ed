import { describe, expect, it } from 'vitest'
import { findUnacceptableText, isAcceptableText } from './text-input.ts'

describe('text a reader may send', () => {
  it('accepts any language, tab and line breaks (a multi-line contact message)', () => {
    expect(isAcceptableText('騰訊控股 0700.HK')).toBe(true)
    expect(isAcceptableText('Hello,\r\n\tthe second line — 😀')).toBe(true)
  })

  it('refuses NUL, the other C0 and C1 controls, DEL and lone surrogates', () => {
    for (const bad of [
      'a\u0000b',
      '\u0001',
      '\u000b',
      '\u001f',
      '\u007f',
      '\u0085',
      '\u009f',
      '\ud800',
      'x\udfff',
    ]) {
      expect(isAcceptableText(bad), JSON.stringify(bad)).toBe(false)
    }
  })

  it('names the first field holding such text, in keys and nested values too', () => {
    expect(findUnacceptableText({ q: 'apple', page: 1 })).toBeUndefined()
    expect(findUnacceptableText({ pageTitle: 'a\u0000b' })).toBe('pageTitle')
    expect(findUnacceptableText({ a: [{ b: 'ok' }, { c: '\u0001' }] })).toBe('a.1.c')
    expect(findUnacceptableText({ 'x\u0000': 1 })).toBe('x\u0000')
    expect(findUnacceptableText('\u0000')).toBe('')
  })

  it('walks JSON nested far deeper than the call stack allows', () => {
    let deep: unknown = 'a\u0000'
    for (let i = 0; i < 50_000; i++) deep = [deep]
    expect(findUnacceptableText(deep)).toMatch(/^0(\.0)+$/)
  })
})
