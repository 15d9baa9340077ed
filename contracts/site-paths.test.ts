import { describe, expect, it } from 'vitest'
import { sameSitePath } from './site-paths.ts'

describe('a path on this site', () => {
  it('keeps a path with its query, the login page included', () => {
    expect(sameSitePath('/articles/abc?tag=ai')).toBe('/articles/abc?tag=ai')
    expect(sameSitePath('/member/login?redirect=/x')).toBe('/member/login?redirect=/x')
    expect(sameSitePath('/search/%E5%8F%B0%E7%A9%8D%E9%9B%BB')).toBe('/search/%E5%8F%B0%E7%A9%8D%E9%9B%BB')
  })

  it('sends anything that could leave the site home', () => {
    for (const value of [
      null,
      undefined,
      '',
      'articles',
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
    ]) {
      expect(sameSitePath(value), String(value)).toBe('/')
    }
  })
})
