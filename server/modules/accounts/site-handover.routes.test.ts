import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { handoverPaths, handoverSwitchHref } from '#contracts/site-handover.ts'
import { createManualClock } from '#server/clock.ts'
import { loadConfig } from '#server/config.ts'
import { selectRows } from '#server/db/database.ts'
import { createHttpServer, loggerOptionsOf } from '#server/http.ts'
import { hashSessionToken } from '#server/kernel/secrets.ts'
import { capturedLog } from '#server/testing/captured-log.ts'
import { testEnv } from '#server/testing/test-env.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { createSiteHandoverService, handoverRules } from './site-handover.service.ts'

const start = '2026-11-10T09:00:00Z'
const clock = createManualClock(start)
const second = 1000
const day = 24 * 60 * 60 * second
let runtime: TestRuntime

beforeAll(async () => {
  runtime = await createTestRuntime(
    { LOGIN_IP_LIMIT_PER_HOUR: '1000', TEST_ENDPOINTS: 'loopback' },
    { clock },
  )
})
afterAll(() => runtime.close())
beforeEach(() => clock.set(start))

const hosts = { en: 'en.localhost:3000', hant: 'hant.localhost:3000', hk: 'hk.localhost:3000' } as const
const origins = { en: `http://${hosts.en}`, hant: `http://${hosts.hant}`, hk: `http://${hosts.hk}` }

interface SetCookie {
  name: string
  value: string
  raw: string
  isExpired: boolean
}

function setCookiesOf(response: LightMyRequestResponse): SetCookie[] {
  const header = response.headers['set-cookie']
  const lines = Array.isArray(header) ? header : header ? [header] : []
  return lines.map((raw) => {
    const [pair = ''] = raw.split(';')
    const index = pair.indexOf('=')
    const value = decodeURIComponent(pair.slice(index + 1))
    return { name: pair.slice(0, index), value, raw, isExpired: /max-age=0\b/i.test(raw) || value === '' }
  })
}

let addressSeed = 0
let numberSeed = 200_000

/**
 * A browser for the steps of a hand-over: a cookie jar per host (the sites share none on *.localhost), and
 * redirects followed the way Chromium does — the first request from a page of the site, the next ones cross-site.
 */
function createBrowser() {
  addressSeed += 1
  const ip = `10.9.${Math.floor(addressSeed / 250)}.${(addressSeed % 250) + 1}`
  const jars = new Map<string, Map<string, string>>()
  const jar = (host: string) => {
    let found = jars.get(host)
    if (!found) {
      found = new Map()
      jars.set(host, found)
    }
    return found
  }

  async function get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const target = new URL(url)
    const cookie = [...jar(target.host)]
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('; ')
    const response = await runtime.app.inject({
      method: 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { host: target.host, ...(cookie ? { cookie } : {}), ...headers },
      remoteAddress: ip,
    })
    for (const set of setCookiesOf(response)) {
      if (set.isExpired) jar(target.host).delete(set.name)
      else jar(target.host).set(set.name, set.value)
    }
    return response
  }

  /**
   * Follows the steps from `url` until a page (not fetched: API tests have no pages) or, with `stopAt`, until the
   * browser is about to open that step.
   */
  async function follow(
    url: string,
    options: { firstHeaders?: Record<string, string>; stopAt?: string } = {},
  ): Promise<{ page: URL | undefined; pending: string | undefined; hops: LightMyRequestResponse[] }> {
    const hops: LightMyRequestResponse[] = []
    let next = new URL(url)
    let headers = options.firstHeaders ?? { 'sec-fetch-site': 'same-origin' }
    for (;;) {
      if (!next.pathname.startsWith(handoverPaths.switch)) return { page: next, pending: undefined, hops }
      if (options.stopAt && next.pathname === options.stopAt)
        return { page: undefined, pending: next.href, hops }
      const response = await get(next.href, headers)
      hops.push(response)
      if (response.statusCode !== 302) return { page: undefined, pending: undefined, hops }
      next = new URL(String(response.headers.location), next)
      headers = { 'sec-fetch-site': 'cross-site' }
    }
  }

  /** The language switcher's link on a page of `from`, followed. */
  function switchSites(
    from: keyof typeof hosts,
    to: 'en' | 'hant' | 'hk',
    path: string,
    options: { firstHeaders?: Record<string, string>; stopAt?: string } = {},
  ) {
    return follow(`${origins[from]}${handoverSwitchHref(to, path)}`, options)
  }

  async function logIn(region: keyof typeof hosts = 'en'): Promise<string> {
    numberSeed += 1
    const mobile = `51${String(numberSeed).padStart(6, '0')}`
    const post = (url: string, payload: unknown) =>
      runtime.app.inject({
        method: 'POST',
        url: `/api/portal${url}`,
        headers: { host: hosts[region], origin: origins[region], 'content-type': 'application/json' },
        remoteAddress: ip,
        payload: JSON.stringify(payload),
      })
    expect((await post('/member/sendCode', { country: 'HK', mobile })).statusCode).toBe(200)
    const outbox = await runtime.app.inject({
      method: 'GET',
      url: `/api/portal/dev/sms-outbox?phone=${encodeURIComponent(`+852${mobile}`)}`,
      headers: { host: hosts.en },
    })
    const code = String(outbox.json().data[0]?.body).match(/\b(\d{6})\b/)?.[1]
    const response = await post('/member/login', { country: 'HK', mobile, code, agreed: true })
    expect(response.statusCode).toBe(200)
    for (const set of setCookiesOf(response)) jar(hosts[region]).set(set.name, set.value)
    return jar(hosts[region]).get('access_token') as string
  }

  function acceptCookies(region: keyof typeof hosts): void {
    jar(hosts[region]).set('privacy', 'accepted')
  }

  return { ip, jar, get, follow, switchSites, logIn, acceptCookies }
}

async function memberIdOf(host: string, token: string): Promise<string | undefined> {
  const response = await runtime.app.inject({
    method: 'GET',
    url: '/api/portal/home/memberInfo',
    headers: { host, cookie: `access_token=${token}` },
  })
  return response.statusCode === 200 ? (response.json().data.memberId as string) : undefined
}

async function countPasses(): Promise<number> {
  const rows = await selectRows<{ count: number }>(
    runtime.database.db,
    sql`select count(*)::int as count from site_handovers`,
  )
  return Number(rows[0]?.count)
}

describe('switching sites with a login', () => {
  it('logs the member in on the other site with a new session and keeps the one they came from', async () => {
    const browser = createBrowser()
    const original = await browser.logIn('en')
    const { page, hops } = await browser.switchSites('en', 'hant', '/articles/abc?tag=ai')

    expect(page?.href).toBe(`${origins.hant}/articles/abc?tag=ai`)
    expect(hops.map((hop) => new URL(String(hop.headers.location), origins.en).pathname)).toEqual([
      handoverPaths.begin,
      handoverPaths.issue,
      handoverPaths.accept,
      '/articles/abc',
    ])
    const carried = browser.jar(hosts.hant).get('access_token')
    expect(carried).toMatch(/^[\w-]{43}$/)
    expect(carried).not.toBe(original)
    expect(await memberIdOf(hosts.hant, carried as string)).toBe(await memberIdOf(hosts.en, original))
    expect(await memberIdOf(hosts.en, original)).toBeDefined()
    expect(JSON.parse(browser.jar(hosts.hant).get('userInfo') as string)).toMatchObject({
      maskedPhone: expect.stringMatching(/^\+852 \*{4}\d{4}$/),
    })
    expect(browser.jar(hosts.hant).get('i18n_redirected')).toBe('hant')
    // Nothing of the pass is left in the browser or in the table.
    expect(browser.jar(hosts.hant).has('tw_handover_in')).toBe(false)
    expect(browser.jar(hosts.en).has('tw_handover_out')).toBe(false)
    for (const hop of hops) {
      expect(hop.headers['cache-control']).toBe('no-store')
      expect(hop.headers['referrer-policy']).toBe('no-referrer')
    }
    // The pass is never the session token, and the original token never leaves its site.
    const accept = new URL(String(hops[2]?.headers.location))
    expect(accept.searchParams.get('token')).not.toBe(original)
    expect(hops.some((hop) => String(hop.headers.location).includes(original))).toBe(false)
  })

  it('lets a pass log in once, even when redeemed twice at the same moment', async () => {
    const browser = createBrowser()
    await browser.logIn('en')
    const { pending } = await browser.switchSites('en', 'hant', '/about-us', { stopAt: handoverPaths.accept })
    const state = browser.jar(hosts.hant).get('tw_handover_in') as string
    const accept = (url: string) =>
      runtime.app.inject({
        method: 'GET',
        url: url.replace(origins.hant, ''),
        headers: { host: hosts.hant, cookie: `tw_handover_in=${state}` },
        remoteAddress: browser.ip,
      })
    const answers = await Promise.all([accept(pending as string), accept(pending as string)])
    const loggedIn = answers.filter((answer) => setCookiesOf(answer).some((c) => c.name === 'access_token'))
    expect(loggedIn).toHaveLength(1)
    for (const answer of answers) expect(answer.headers.location).toBe('/about-us')

    const again = await accept(pending as string)
    expect(again.headers.location).toBe('/about-us')
    expect(setCookiesOf(again).some((c) => c.name === 'access_token')).toBe(false)
  })

  it('refuses a pass after 60 seconds', async () => {
    const browser = createBrowser()
    await browser.logIn('en')
    const late = await browser.switchSites('en', 'hant', '/about-us', { stopAt: handoverPaths.accept })
    clock.advance(handoverRules.validMs + second)
    const { page } = await browser.follow(late.pending as string)
    expect(page?.pathname).toBe('/about-us')
    expect(browser.jar(hosts.hant).has('access_token')).toBe(false)

    const inTime = await browser.switchSites('en', 'hant', '/about-us', { stopAt: handoverPaths.accept })
    clock.advance(handoverRules.validMs - second)
    await browser.follow(inTime.pending as string)
    expect(browser.jar(hosts.hant).has('access_token')).toBe(true)
  })

  it('refuses a pass on a site it was not issued for, and burns it', async () => {
    const browser = createBrowser()
    await browser.logIn('en')
    const { pending } = await browser.switchSites('en', 'hant', '/about-us', { stopAt: handoverPaths.accept })
    const state = browser.jar(hosts.hant).get('tw_handover_in') as string
    browser.jar(hosts.hk).set('tw_handover_in', state)
    const elsewhere = await browser.follow((pending as string).replace(hosts.hant, hosts.hk))
    expect(elsewhere.page?.href).toBe(`${origins.hk}/about-us`)
    expect(browser.jar(hosts.hk).has('access_token')).toBe(false)

    await browser.follow(pending as string)
    expect(browser.jar(hosts.hant).has('access_token')).toBe(false)
  })

  it('refuses a pass in a browser other than the one that started the switch (login forgery)', async () => {
    const attacker = createBrowser()
    await attacker.logIn('en')
    const { pending } = await attacker.switchSites('en', 'hant', '/about-us', {
      stopAt: handoverPaths.accept,
    })

    // The victim opens the attacker's link, with or without a state of their own on that site.
    const victim = createBrowser()
    await victim.follow(pending as string, { firstHeaders: { 'sec-fetch-site': 'cross-site' } })
    expect(victim.jar(hosts.hant).has('access_token')).toBe(false)
    expect(victim.jar(hosts.hant).has('privacy')).toBe(false)

    const second = await attacker.switchSites('en', 'hant', '/about-us', { stopAt: handoverPaths.accept })
    victim.jar(hosts.hant).set('tw_handover_in', 'x'.repeat(43))
    await victim.follow(second.pending as string, { firstHeaders: { 'sec-fetch-site': 'cross-site' } })
    expect(victim.jar(hosts.hant).has('access_token')).toBe(false)
  })

  it('does not start a switch navigated to from another site', async () => {
    const browser = createBrowser()
    await browser.logIn('en')
    const before = await countPasses()
    const fromElsewhere: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { referer: 'https://evil.example/page' },
      { origin: 'https://evil.example' },
      {},
    ]
    for (const firstHeaders of fromElsewhere) {
      const { page, hops } = await browser.switchSites('en', 'hant', '/about-us', { firstHeaders })
      expect(hops, JSON.stringify(firstHeaders)).toHaveLength(1)
      expect(page?.href).toBe(`${origins.hant}/about-us`)
    }
    expect(browser.jar(hosts.en).has('tw_handover_out')).toBe(false)
    expect(browser.jar(hosts.hant).has('access_token')).toBe(false)

    // Nor issues a pass to a browser that did not start the switch on this site.
    const forced = await browser.follow(
      `${origins.en}${handoverPaths.issue}?to=hant&state=${'s'.repeat(43)}&path=/about-us`,
      { firstHeaders: { 'sec-fetch-site': 'cross-site' } },
    )
    expect(forced.page?.href).toBe(`${origins.hant}/about-us`)
    expect(await countPasses()).toBe(before)

    // An older browser without Sec-Fetch-Site is known by the page's Referer.
    await browser.switchSites('en', 'hant', '/about-us', {
      firstHeaders: { referer: `${origins.en}/articles` },
    })
    expect(browser.jar(hosts.hant).has('access_token')).toBe(true)
  })

  it('lands on the home page when the path leads off the site', async () => {
    const browser = createBrowser()
    await browser.logIn('en')
    for (const path of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const { page, hops } = await browser.switchSites('en', 'hant', path)
      expect(page?.href, path).toBe(`${origins.hant}/`)
      for (const hop of hops) {
        const location = String(hop.headers.location)
        expect(location.startsWith('/') ? location : new URL(location).origin).toMatch(
          /^(\/[^/\\]|\/$|http:\/\/(en|hant)\.localhost:3000$)/,
        )
      }
    }
  })

  it('ends the pass when the member logs out on the site it came from', async () => {
    const browser = createBrowser()
    const original = await browser.logIn('en')
    const { pending } = await browser.switchSites('en', 'hant', '/about-us', { stopAt: handoverPaths.accept })
    await runtime.app.inject({
      method: 'DELETE',
      url: '/api/portal/token/logout',
      headers: { host: hosts.en, origin: origins.en, cookie: `access_token=${original}` },
    })
    await browser.follow(pending as string)
    expect(browser.jar(hosts.hant).has('access_token')).toBe(false)
  })

  it('gives the new session no longer than the one it came from', async () => {
    const browser = createBrowser()
    const original = await browser.logIn('en')
    clock.advance(5 * day)
    const { hops } = await browser.switchSites('en', 'hant', '/about-us')
    const carried = browser.jar(hosts.hant).get('access_token') as string
    const endOf = async (token: string) => {
      const rows = await selectRows<{ expires_at: string }>(
        runtime.database.db,
        sql`select expires_at from sessions where token_hash = ${hashSessionToken(token)}`,
      )
      return new Date(String(rows[0]?.expires_at)).getTime()
    }
    expect(await endOf(carried)).toBe(await endOf(original))
    const cookie = hops.flatMap(setCookiesOf).find((c) => c.name === 'access_token')
    expect(Number(cookie?.raw.match(/Max-Age=(\d+)/i)?.[1])).toBe((30 - 5) * (day / second))
  })
})

describe('switching sites with the cookie consent', () => {
  it('carries a visitor’s consent without logging anyone in', async () => {
    const browser = createBrowser()
    browser.acceptCookies('en')
    const { page } = await browser.switchSites('en', 'hant', '/about-us')
    expect(page?.href).toBe(`${origins.hant}/about-us`)
    expect(browser.jar(hosts.hant).get('privacy')).toBe('accepted')
    expect(browser.jar(hosts.hant).has('access_token')).toBe(false)
  })

  it('carries a member’s consent with the login, both ways', async () => {
    const browser = createBrowser()
    await browser.logIn('hant')
    browser.acceptCookies('hant')
    await browser.switchSites('hant', 'en', '/')
    expect(browser.jar(hosts.en).get('privacy')).toBe('accepted')
    expect(browser.jar(hosts.en).has('access_token')).toBe(true)
  })

  it('issues nothing to a visitor who has not accepted cookies: the switch is a plain move', async () => {
    const browser = createBrowser()
    const before = await countPasses()
    const { page, hops } = await browser.switchSites('en', 'hant', '/about-us')
    expect(hops).toHaveLength(1)
    expect(page?.href).toBe(`${origins.hant}/about-us`)
    expect(browser.jar(hosts.en).has('tw_handover_out')).toBe(false)
    expect(await countPasses()).toBe(before)
  })
})

describe('switching sites with a visitor’s device (ADR 0026)', () => {
  it('carries the device id, so the free allowance used on one site is already used on the other', async () => {
    const browser = createBrowser()
    const quotaOn = async (region: 'en' | 'hant') =>
      (await browser.get(`${origins[region]}/api/portal/member/quota?kind=diagnosis`)).json().data as {
        remaining: number
      }
    const fresh = await quotaOn('en')
    const device = browser.jar(hosts.en).get('tw_device')
    expect(device).toBeTruthy()
    expect((await browser.get(`${origins.en}/api/portal/bizStockScore/getByCode?code=AAPL`)).statusCode).toBe(
      200,
    )
    expect((await quotaOn('en')).remaining).toBe(fresh.remaining - 1)

    const { page, hops } = await browser.switchSites('en', 'hant', '/ai-stock-diagnosis')
    expect(hops).toHaveLength(4)
    expect(page?.href).toBe(`${origins.hant}/ai-stock-diagnosis`)
    expect(browser.jar(hosts.hant).get('tw_device')).toBe(device)
    expect((await quotaOn('hant')).remaining).toBe(fresh.remaining - 1)
    // Only the device: no login, no consent the visitor did not give.
    expect(browser.jar(hosts.hant).has('access_token')).toBe(false)
    expect(browser.jar(hosts.hant).has('privacy')).toBe(false)
  })
})

describe('a visitor’s device on sites under one parent domain (ADR 0026)', () => {
  it('is set on the parent domain, so every regional site counts the same visitor without a hand-over', async () => {
    const shared = await createTestRuntime({ SITE_URL_PATTERN: 'https://{region}.example.com' }, { clock })
    try {
      const response = await shared.app.inject({
        method: 'GET',
        url: '/api/portal/member/quota?kind=chat',
        headers: { host: 'hk.example.com' },
      })
      const device = setCookiesOf(response).find((c) => c.name === 'tw_device')
      expect(device?.raw).toMatch(/; Domain=example\.com/i)
    } finally {
      await shared.close()
    }
  })
})

describe('hand-over housekeeping and limits', () => {
  it('deletes expired passes with accounts:purge', async () => {
    const browser = createBrowser()
    await browser.logIn('en')
    await browser.switchSites('en', 'hant', '/', { stopAt: handoverPaths.accept })
    expect(await countPasses()).toBeGreaterThan(0)
    clock.advance(2 * handoverRules.validMs)
    expect(await runtime.services.siteHandover.purgeExpired()).toBeGreaterThan(0)
    expect(await countPasses()).toBe(0)
  })

  it('limits each step per address', async () => {
    const browser = createBrowser()
    const url = `${origins.en}${handoverSwitchHref('hant', '/')}`
    for (let i = 0; i < handoverRules.perAddressPerTenMinutes; i++) {
      expect((await browser.get(url)).statusCode).toBe(302)
    }
    expect((await browser.get(url)).statusCode).toBe(429)
    // The next step is counted on its own.
    expect((await browser.get(`${origins.hant}${handoverPaths.begin}?from=en&path=/`)).statusCode).toBe(302)
  })

  it('stays a plain move between sites on a shared parent domain', () => {
    const config = loadConfig({ ...testEnv, SITE_URL_PATTERN: 'https://{region}.example.com' })
    const service = createSiteHandoverService({
      db: runtime.database.db,
      config,
      clock,
      accounts: runtime.services.accounts,
    })
    const step = service.planSwitch({
      host: 'en.example.com',
      to: 'hant',
      path: '/about-us',
      isFromThisSite: true,
      reader: {
        role: 'member',
        memberId: 'm',
        tier: null,
        sessionId: 's',
        device: { key: 'k', network: null },
      },
      hasConsent: true,
      deviceId: 'AAAAAAAAAAAAAAAAAAAAAA',
    })
    expect(step).toEqual({ location: 'https://hant.example.com/about-us', outcome: 'not-needed' })
  })

  it('keeps passes and states out of the logs', async () => {
    const { stream, lines } = capturedLog()
    const app = await createHttpServer({
      config: runtime.config,
      services: runtime.services,
      buildId: 'log-test',
      logger: { ...loggerOptionsOf(runtime.config), level: 'trace', stream },
    })
    await app.ready()
    try {
      const browser = createBrowser()
      const token = await browser.logIn('en')
      const { pending } = await browser.switchSites('en', 'hant', '/', { stopAt: handoverPaths.accept })
      const state = browser.jar(hosts.hant).get('tw_handover_in') as string
      const pass = new URL(pending as string).searchParams.get('token') as string
      for (const [host, url, cookie] of [
        [hosts.en, handoverSwitchHref('hant', '/'), `access_token=${token}`],
        [hosts.hant, `${handoverPaths.begin}?from=en&path=/`, ''],
        [hosts.en, `${handoverPaths.issue}?to=hant&state=${state}&path=/`, `access_token=${token}`],
        [hosts.hant, new URL(pending as string).pathname + new URL(pending as string).search, ''],
      ] as const) {
        await app.inject({
          method: 'GET',
          url,
          headers: { host, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
        })
      }
      const log = lines.join('')
      expect(log).toContain('/api/portal/handover/accept?token=%5Bredacted%5D')
      expect(log).toContain('site hand-over')
      for (const secret of [token, state, pass]) expect(log).not.toContain(secret)
    } finally {
      await app.close()
    }
  })
})
