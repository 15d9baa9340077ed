import { describe, expect, it } from 'vitest'
import { cookieDomainOfHost, sharedCookieDomain, sharesCookies } from './cookie-domains.ts'

describe('cookie domains of the regional sites', () => {
  it('shares cookies on the parent domain only when there is one', () => {
    expect(sharedCookieDomain('tickerwise.com')).toBe('tickerwise.com')
    expect(sharedCookieDomain('localhost')).toBeUndefined()
  })

  it('sets a cookie on the shared domain only from a host under it', () => {
    expect(cookieDomainOfHost('example.com', 'hant.example.com')).toBe('example.com')
    expect(cookieDomainOfHost('example.com', 'EN.Example.com:8443')).toBe('example.com')
    expect(cookieDomainOfHost('example.com', 'hant.example.com.evil.test')).toBeUndefined()
    expect(cookieDomainOfHost('example.com', 'badexample.com')).toBeUndefined()
    expect(cookieDomainOfHost(undefined, 'hant.localhost')).toBeUndefined()
  })

  it('tells when two regional sites share their cookies', () => {
    expect(sharesCookies('example.com', 'en.example.com', 'hant.example.com')).toBe(true)
    expect(sharesCookies(null, 'en.localhost:3000', 'hant.localhost:3000')).toBe(false)
    expect(sharesCookies('example.com', 'en.example.com', 'hant.example.hk')).toBe(false)
  })
})
