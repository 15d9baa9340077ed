import { describe, expect, it } from 'vitest'
import { visitReportScript } from './visit-report-script.ts'

interface Posted {
  url: string
  init: RequestInit
}

/** Runs the script as a page on `href` would, and returns what it posted. */
function runOnPage(options: { href: string; cookie?: string; referrer?: string }): Posted[] {
  const posted: Posted[] = []
  const location = new URL(options.href)
  const document = { cookie: options.cookie ?? '', referrer: options.referrer ?? '' }
  const fetch = (url: string, init: RequestInit) => {
    posted.push({ url, init })
    return Promise.resolve()
  }
  const source = visitReportScript({ apiBase: '/api/portal', region: 'en' })
  new Function('document', 'location', 'fetch', 'URL', source)(document, location, fetch, URL)
  return posted
}

describe('the page’s visit report', () => {
  it('posts the landing path and the referrer of a new visit, once, as the page is read', () => {
    const [report, ...more] = runOnPage({
      href: 'https://en.tickerwise.com/articles/x?utm=mail',
      referrer: 'https://www.google.com/search?q=tsmc',
    })
    expect(more).toEqual([])
    expect(report?.url).toBe('/api/portal/track/visit')
    expect(report?.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' })
    expect(JSON.parse(String(report?.init.body))).toEqual({
      landing: '/articles/x?utm=mail',
      referrer: 'https://www.google.com/search?q=tsmc',
    })
  })

  it('stays quiet when the visit has what it would report', () => {
    const visit = 'landing=%2F; referer=https%3A%2F%2Fwww.google.com%2F; i18n_redirected=en'
    expect(
      runOnPage({
        href: 'https://en.tickerwise.com/about-us',
        cookie: visit,
        referrer: 'https://x.example/',
      }),
    ).toEqual([])
    expect(
      runOnPage({
        href: 'https://en.tickerwise.com/about-us',
        cookie: 'landing=%2F; i18n_redirected=en',
        referrer: 'https://en.tickerwise.com/',
      }),
    ).toEqual([])
  })

  it('reports an external referrer a visit did not have, and a move from another regional site', () => {
    expect(
      runOnPage({
        href: 'https://en.tickerwise.com/about-us',
        cookie: 'landing=%2F; i18n_redirected=en',
        referrer: 'https://www.google.com/',
      }),
    ).toHaveLength(1)
    expect(
      runOnPage({ href: 'https://en.tickerwise.com/about-us', cookie: 'landing=%2F; i18n_redirected=hant' }),
    ).toHaveLength(1)
  })

  it('keeps a site setting from closing the script element', () => {
    const source = visitReportScript({ apiBase: '/api</script><script>alert(1)//', region: 'en' })
    expect(source).not.toContain('</script>')
  })
})
