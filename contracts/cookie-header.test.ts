import { describe, expect, it } from 'vitest'
import { parseCookieHeader, serializeCookie } from './cookie-header.ts'

describe('the Cookie header', () => {
  it('reads each pair, decoded, and keeps a value that does not decode as it came', () => {
    expect(parseCookieHeader('privacy=accepted; landing=%2Farticles%3Fpage%3D2; bad=%E0%A4%A')).toEqual({
      privacy: 'accepted',
      landing: '/articles?page=2',
      bad: '%E0%A4%A',
    })
  })

  it('skips parts without a name and reads no header as no cookies', () => {
    expect(parseCookieHeader('=x; ; plain')).toEqual({})
    expect(parseCookieHeader(undefined)).toEqual({})
    expect(parseCookieHeader(null)).toEqual({})
  })
})

describe('a Set-Cookie value', () => {
  it('is site-wide and Lax, with the domain and flags asked for', () => {
    expect(
      serializeCookie('i18n_redirected', 'hant', {
        maxAgeSeconds: 60,
        domain: 'tickerwise.com',
        httpOnly: true,
        secure: true,
      }),
    ).toBe('i18n_redirected=hant; Max-Age=60; Path=/; SameSite=Lax; Domain=tickerwise.com; HttpOnly; Secure')
    expect(serializeCookie('landing', '/a b', { maxAgeSeconds: 3600 })).toBe(
      'landing=%2Fa%20b; Max-Age=3600; Path=/; SameSite=Lax',
    )
  })
})
