import { describe, expect, it } from 'vitest'
import { visitCookiesOf } from './visit-cookies.ts'

const config = {
  siteOrigins: {
    en: 'https://en.tickerwise.com',
    hant: 'https://hant.tickerwise.com',
    hk: 'https://hk.tickerwise.com',
    kr: 'https://kr.tickerwise.com',
    jp: 'https://jp.tickerwise.com',
  },
  apexHostnames: ['tickerwise.com'],
  isHttps: true,
}
const googleSearch = 'https://www.google.com/search?q=tsmc'

describe('the cookies a visit report earns', () => {
  it('gives a new visit its attribution for an hour and its region for a year, on the shared domain', () => {
    const cookies = visitCookiesOf(
      { landing: '/articles/x?utm=mail', referrer: googleSearch },
      { cookieHeader: undefined, hostname: 'hant.tickerwise.com', config },
    )
    expect(cookies).toEqual([
      'landing=%2Farticles%2Fx%3Futm%3Dmail; Max-Age=3600; Path=/; SameSite=Lax; Domain=tickerwise.com; Secure',
      'referer=https%3A%2F%2Fwww.google.com%2Fsearch%3Fq%3Dtsmc; Max-Age=3600; Path=/; SameSite=Lax; Domain=tickerwise.com; Secure',
      'searchKey=tsmc; Max-Age=3600; Path=/; SameSite=Lax; Domain=tickerwise.com; Secure',
      'i18n_redirected=hant; Max-Age=31536000; Path=/; SameSite=Lax; Domain=tickerwise.com; Secure',
    ])
  })

  it('earns nothing for a visit that has it all, and never a region on the apex host', () => {
    const cookieHeader = `landing=%2F; referer=${encodeURIComponent(googleSearch)}; i18n_redirected=en`
    expect(
      visitCookiesOf(
        { landing: '/about-us', referrer: 'https://news.example/' },
        { cookieHeader, hostname: 'en.tickerwise.com', config },
      ),
    ).toEqual([])
    expect(
      visitCookiesOf(
        { landing: '/about-us', referrer: '' },
        { cookieHeader: 'landing=%2F', hostname: 'tickerwise.com', config },
      ),
    ).toEqual([])
  })

  it('counts a page on any of the sites as coming from inside', () => {
    expect(
      visitCookiesOf(
        { landing: '/service', referrer: 'https://hk.tickerwise.com/articles' },
        { cookieHeader: 'i18n_redirected=en', hostname: 'en.tickerwise.com', config },
      ),
    ).toEqual(['landing=%2Fservice; Max-Age=3600; Path=/; SameSite=Lax; Domain=tickerwise.com; Secure'])
  })
})
