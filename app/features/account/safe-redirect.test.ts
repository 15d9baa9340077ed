import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from './safe-redirect.ts'

describe('the redirect after login', () => {
  it('keeps a path on this site with its query', () => {
    expect(safeRedirectPath('/articles/abc?tag=ai')).toBe('/articles/abc?tag=ai')
    expect(safeRedirectPath('/ai-stock-diagnosis')).toBe('/ai-stock-diagnosis')
  })

  it('sends anything else home', () => {
    for (const value of [
      null,
      undefined,
      '',
      'articles',
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '/member/login?redirect=/x',
    ]) {
      expect(safeRedirectPath(value), String(value)).toBe('/')
    }
  })
})
