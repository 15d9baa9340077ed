import { describe, expect, it } from 'vitest'
import { isSiteTextLink } from './console-site-rules.ts'

describe('isSiteTextLink', () => {
  it('accepts paths of the site and http(s) addresses', () => {
    for (const href of [
      '/about-us',
      '/company-history#2020',
      'https://example.com/a?b=1',
      'http://example.com',
    ])
      expect(isSiteTextLink(href), href).toBe(true)
  })

  it('refuses scripts, other schemes, addresses of other hosts without a scheme, and bare words', () => {
    for (const href of [
      'javascript:alert(1)',
      'mailto:a@example.com',
      'ftp://example.com',
      '//evil.example',
      '/\\evil.example',
      'about-us',
      'https://',
      '/about us',
      '',
    ])
      expect(isSiteTextLink(href), href).toBe(false)
  })
})
