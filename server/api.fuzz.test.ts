/**
 * Property: whatever arrives at the API — control characters, lone surrogates, 100k-character strings, JSON nested
 * a thousand deep, wrong types, wrong methods, odd query shapes, garbage bodies under any content type — the answer
 * is the envelope `{ code, data }` with a 2xx or 4xx status (or a redirect, for navigation routes), never a server
 * error; a failure carries a known error code in `x-error-code`.
 *
 * Nothing is listed by hand: the routes are read from the app (printRoutes), so a new route is fuzzed the day it is
 * added, and the field names from the request contracts (contracts/*.ts exports named …Query or …Request). A few
 * plausible values per field name let most requests pass validation, so one broken field at a time reaches the
 * service and the database behind it. Deterministic: fixed seeds.
 */
import { readdirSync } from 'node:fs'
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { consoleApiPrefix } from '#contracts/console-rules.ts'
import enErrors from '#contracts/messages/en/errors.json' with { type: 'json' }
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import type { ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const siteOrigin = 'http://en.localhost:3000'
const apiPrefixes = ['/api/portal', '/portal']

const staffClients = createConsoleClients({ ipPrefix: '10.97', phonePrefix: '9197' })
let runtime: TestRuntime
let routes: ApiRoute[]
let consoleRoutes: ApiRoute[]
let fields: string[]
/** An admin passes every console route's guard, so hostile values reach the console's own validation. */
let admin: StaffClient
/** A logged-in member with a plan, so hostile values reach the validation of routes closed to visitors. */
let member: ReaderClient

beforeAll(async () => {
  runtime = await createTestRuntime(
    {
      // Limits are tested elsewhere; here they would stop requests before the code under test.
      LOGIN_IP_LIMIT_PER_HOUR: '1000000',
      SEARCH_RATE_PER_MINUTE: '1000000',
      NEWSLETTER_RATE_PER_10_MINUTES: '1000000',
      STOCKS_DIAGNOSIS_RATE_PER_MINUTE: '1000000',
      STOCKS_SUGGEST_RATE_PER_MINUTE: '1000000',
      // The develop-only test endpoints are routes too (answering loopback callers: inject's default address).
      TEST_ENDPOINTS: 'loopback',
    },
    { smsSender: staffClients.smsSender },
  )
  staffClients.bind(runtime)
  admin = await staffClients.newStaff(['admin'])
  member = await staffClients.readers.newMember('premium')
  routes = await apiRoutesOf(runtime.app, apiPrefixes)
  consoleRoutes = await apiRoutesOf(runtime.app, [consoleApiPrefix], staffHeaders())
  fields = await requestFieldNames()
})
afterAll(() => runtime.close())

// ——— What the app serves ———

interface ApiRoute {
  url: string
  /** Methods the route is served with (not those answered 405). */
  methods: string[]
}

/** Every route pattern under the API prefixes with its methods, from the router's own printout. */
function routeTableOf(app: FastifyInstance): Map<string, Set<string>> {
  const table = new Map<string, Set<string>>()
  const parents: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    const url = (parents[depth - 1] ?? '') + (match[2] ?? '')
    parents[depth] = url
    parents.length = depth + 1
    if (!match[3] || url.includes('*')) continue
    const methods = table.get(url) ?? new Set<string>()
    for (const method of match[3].split(', ')) methods.add(method)
    table.set(url, methods)
  }
  return table
}

/** The routes and the methods each really serves: a method the API answers 405 is one it does not. */
async function apiRoutesOf(
  app: FastifyInstance,
  prefixes: string[],
  headers: Headers = siteHeaders(),
): Promise<ApiRoute[]> {
  const found: ApiRoute[] = []
  for (const [url, methods] of routeTableOf(app)) {
    if (!prefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`))) continue
    const served: string[] = []
    for (const method of methods) {
      const response = await app.inject({ method: method as 'GET', url: withPathValues(url), headers })
      if (response.headers['x-error-code'] !== 'METHOD_NOT_ALLOWED') served.push(method)
    }
    if (served.length > 0) found.push({ url, methods: served })
  }
  return found
}

/** Field names of every request contract, found by walking the zod schemas (objects, unions, pipes, wrappers). */
async function requestFieldNames(): Promise<string[]> {
  const names = new Set<string>()
  const visit = (schema: unknown, depth: number): void => {
    if (!(schema instanceof z.ZodType) || depth > 6) return
    if (schema instanceof z.ZodObject) {
      for (const [name, child] of Object.entries(schema.shape as Record<string, unknown>)) {
        names.add(name)
        visit(child, depth + 1)
      }
    }
    const def = schema._zod.def as unknown as Record<string, unknown>
    for (const key of ['in', 'out', 'innerType', 'schema', 'element']) visit(def[key], depth + 1)
    if (Array.isArray(def.options)) for (const option of def.options) visit(option, depth + 1)
  }
  const directory = new URL('../contracts/', import.meta.url)
  for (const file of readdirSync(directory)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
    const module = (await import(new URL(file, directory).href)) as Record<string, unknown>
    for (const [name, value] of Object.entries(module)) {
      if (/(Query|Request|Input|Filters|Params)$/.test(name)) visit(value, 0)
    }
  }
  return [...names].sort()
}

// ——— What is thrown at it ———

/** Values that pass validation for common field names, so the request reaches the service. */
const plausible: Record<string, unknown[]> = {
  kind: [
    'news',
    'analysis',
    'undervalued',
    'overvalued',
    'diagnosis',
    'buy',
    'sell',
    'priceAbove',
    'dayMove',
  ],
  topic: ['markets'],
  country: ['us', 'hk', 'HK', 'US'],
  market: ['us', 'hk', 'jp', 'kr'],
  tag: ['ai'],
  keyword: ['apple', '蘋果', 'chip prices'],
  q: ['app', 'AAPL', '騰訊', '0700'],
  searchValue: ['apple', '市場'],
  page: ['1', '2', 1],
  pageSize: ['10', 5],
  key: ['privacy-policy', 'kospi-week-ahead'],
  id: ['1', '45'],
  detail: ['1', 'kospi-week-ahead'],
  code: ['AAPL', '0700', '005930', '123456'],
  eventType: ['page_view'],
  subSessionId: ['fuzz-session-0001'],
  pageUrl: [`${siteOrigin}/articles/kospi-week-ahead`],
  pageReferrer: [`${siteOrigin}/`],
  pageTitle: ['A title', 'Line one\nline two\twith a tab'],
  articleId: [45, '45'],
  deviceType: ['desktop', 'mobile'],
  screen: ['1920x1080'],
  mobile: ['51234567', '91234567'],
  agreed: [true],
  email: ['reader@example.com'],
  phone: ['+852 5123 4567'],
  name: ['A Reader'],
  source: ['footer', 'contact-dialog'],
  tier: ['base', 'plus'],
  listId: ['00000000-0000-4000-8000-000000000001', ''],
  listIds: [[], ['00000000-0000-4000-8000-000000000001']],
  // Watchlists take stock keys as objects; the calendar (GET /calendar/list) as `market:code` text.
  stocks: [[{ market: 'us', code: 'AAPL' }], [], 'us:AAPL,hk:0700'],
  week: ['2026-W48', '2027-w01'],
  // GET /compare: the compare page's `codes`, two to four stocks, a repeat, one too many.
  codes: ['us:AAPL,hk:0700', 'AAPL,MSFT', 'us:AAPL,AAPL', 'us:AAPL,us:MSFT,hk:0700,jp:7203,kr:005930'],
  period: ['month', '3m', '1y'],
  // The screener (GET /screener/list, saved screens): its filters in the units a reader types.
  sector: ['financials', 'energy'],
  sort: ['total', 'pe', 'gap', 'return'],
  dir: ['asc', 'desc'],
  technicals: ['buy', 'sell'],
  flow: ['inflow', 'outflow'],
  minTotal: ['50', 0, '100'],
  gapMin: ['20', '-10'],
  peMax: ['25', 15],
  yieldMin: ['3'],
  capMin: ['10'],
  positionMin: ['70'],
  returnMin: ['10', '-5'],
  query: ['gapMin=20&sort=gap', 'minTotal=60', ''],
  tradeDate: ['2024-01-05'],
  baseCurrency: ['HKD', 'USD'],
  quantity: [10, '10'],
  price: [150],
  // Alerts and the notification centre (issue 26).
  alertId: ['00000000-0000-4000-8000-000000000001'],
  notificationId: ['00000000-0000-4000-8000-000000000001'],
  screenId: ['00000000-0000-4000-8000-000000000001'],
  threshold: [150, '0.05', 10],
  isPaused: [true, false],
  enabled: [true, false],
  channel: ['email', 'inApp', 'push'],
  before: ['2026-11-30T00:00:00.000Z', ''],
}
const plausibleValueOf = (field: string) =>
  plausible[field] ? fc.constantFrom(...(plausible[field] as unknown[])) : fc.constant('a')

const controlCharacter = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\ud800',
  '\udfff',
  '\udc00\ud800',
)
const hugeString = 'x'.repeat(100_000)
const nested = (depth: number, open: string, close: string) => open.repeat(depth) + close.repeat(depth)
const deepArray = JSON.parse(nested(1000, '[', ']')) as unknown
const deepObject = JSON.parse(`${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`) as unknown

/** Strings meant to break things: controls inside text, lone surrogates, huge ones, any code unit at all. */
const nastyText = fc.oneof(
  fc.tuple(fc.string({ maxLength: 8 }), controlCharacter, fc.string({ maxLength: 8 })).map((p) => p.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(hugeString, `${hugeString}\u0000`, '', ' ', '%', '%00', "'; drop table x; --", '\\'),
)

/** Values of the wrong type where text is expected, and text where numbers are. */
const nastyJson = fc.oneof(
  nastyText,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0.5,
    [],
    {},
    deepArray,
    deepObject,
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(nastyText, { maxLength: 3 }),
)

/** Percent-encoding that can say what encodeURIComponent refuses to (lone surrogates, as WTF-8 bytes). */
function encodeQueryText(value: string): string {
  let encoded = ''
  for (const character of value) {
    const point = character.codePointAt(0) ?? 0
    if (point >= 0xd800 && point <= 0xdfff) {
      const bytes = [0xe0 | (point >> 12), 0x80 | ((point >> 6) & 0x3f), 0x80 | (point & 0x3f)]
      encoded += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('')
    } else encoded += encodeURIComponent(character)
  }
  return encoded
}

function queryStringOf(values: Record<string, unknown>): string {
  return Object.entries(values)
    .map(([key, value]) => `${encodeQueryText(key)}=${encodeQueryText(String(value))}`)
    .join('&')
}

/** Query strings no form would send: repeated keys, brackets, empty names, broken escapes, prototype names. */
const oddQuery = fc.constantFrom(
  'q=a&q=b',
  'q[]=',
  'q[]=a&q[]=b',
  'q[a]=1',
  'keyword=a&keyword=b&keyword=c',
  'page=1&page=2',
  '=x',
  '&&&',
  'q',
  'q=%',
  'q=%zz',
  'q=%E0%A4%A',
  '%00=1',
  'a.b=1',
  '__proto__=x',
  'constructor[prototype][x]=1',
  'q=%EF%BF%BE',
  `q=${'a'.repeat(5000)}`,
)

/** Bodies under the wrong (or a lying) content type. */
const garbageBody = fc.oneof(
  fc.record({
    type: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/octet-stream',
      'application/xml',
      'text/html',
      'application/json;;;',
      '*/*',
      '',
    ),
    payload: fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.constantFrom(
        '{',
        '{"a":',
        '[1,2',
        'null',
        '"\\u0000"',
        '{"__proto__":{"x":1}}',
        '\u0000',
        'a=1&b=2',
      ),
      fc.constant(nested(1000, '[', ']')),
      fc.constant(nested(100_000, '[', ']')),
    ),
  }),
)

type Headers = Record<string, string>

function siteHeaders(): Headers {
  return { host: 'en.localhost:3000', origin: siteOrigin }
}

/** The admin's session, from the site (unsafe methods pass the same-site check). */
function staffHeaders(extra: Headers = {}): Headers {
  return staffClients.readers.sameSiteHeadersOf(admin, extra)
}

/** Path parameters filled with plausible values (`:id` → a uuid), so the request reaches the handler. */
const pathValues: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000001',
  memberId: '00000000-0000-4000-8000-000000000002',
  key: 'privacy-policy',
  locale: 'en',
  month: '2026-11',
  market: 'us',
  code: 'AAPL',
  number: '1',
  tier: 'base',
  period: 'month',
}
function withPathValues(url: string, values: Record<string, string> = pathValues): string {
  return url.replace(/:(\w+)/g, (_, name: string) => encodeQueryText(values[name] ?? 'a'))
}

/** A browser on the site (passes the same-site check), a script with no Origin, or another site. */
const headersArbitrary = fc
  .record({
    origin: fc.constantFrom<string | undefined>(
      siteOrigin,
      siteOrigin,
      siteOrigin,
      undefined,
      'https://evil.example',
    ),
    lang: fc.option(fc.constantFrom('en', 'hk', 'zh-TW', 'xx', ''), { nil: undefined }),
    host: fc.constantFrom('en.localhost:3000', 'hant.localhost:3000', 'hk.localhost:3000'),
  })
  .map(({ origin, lang, host }) => {
    const headers: Headers = { host }
    if (origin) headers.origin = origin
    if (lang !== undefined) headers.lang = lang
    return headers
  })

/** A body and query that are valid but for up to two fields, which get something nasty. */
function fieldValuesArbitrary(names: string[]) {
  return fc.record(Object.fromEntries(names.map((name) => [name, plausibleValueOf(name)]))).chain((valid) =>
    fc.uniqueArray(fc.constantFrom(...names), { maxLength: 2 }).chain((broken) =>
      fc.tuple(...broken.map(() => nastyJson)).map((values) => ({
        ...valid,
        ...Object.fromEntries(broken.map((name, i) => [name, values[i]])),
      })),
    ),
  )
}

// ——— What must hold ———

const knownCodes = new Set(Object.keys(enErrors))

async function expectEnvelope(request: InjectOptions) {
  const response = await runtime.app.inject(request)
  const context = `${request.method} ${String(request.url).slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`
  expect(response.statusCode, context).toBeGreaterThanOrEqual(200)
  expect(response.statusCode, context).toBeLessThan(500)
  // Navigation steps (the site hand-over) answer a redirect, not an envelope.
  if (response.statusCode >= 300 && response.statusCode < 400) {
    expect(response.headers.location, context).toBeTruthy()
    return response
  }
  if (response.statusCode >= 400) {
    const code = response.headers['x-error-code']
    expect(typeof code === 'string' && knownCodes.has(code), context).toBe(true)
  }
  if (request.method === 'HEAD') return response
  // A download (the console's CSV exports) answers its file, not an envelope.
  if (response.statusCode < 300 && !String(response.headers['content-type']).startsWith('application/json'))
    return response
  const body = JSON.parse(response.body) as Record<string, unknown>
  expect(body.code, context).toBe(response.statusCode)
  expect('data' in body, context).toBe(true)
  if (response.statusCode >= 400) {
    expect(body.data, context).toBeNull()
    expect(typeof body.error === 'string' && typeof body.message === 'string', context).toBe(true)
  }
  return response
}

const allMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'] as const

describe('every API route under hostile input', () => {
  it('finds the API routes in the app (both mounts), so the properties below cover them all', () => {
    const urls = routes.map((route) => route.url)
    expect(urls).toContain('/api/portal/track/event')
    expect(urls).toContain('/portal/bizStockScore/listStockAI')
    // The reader's portfolio (a member's own; its routes are fuzzed logged in by portfolios.routes.test.ts too).
    expect(urls).toEqual(
      expect.arrayContaining(['/api/portal/member/portfolio', '/api/portal/member/portfolio/import']),
    )
    // Mail: the confirmation link's page and the one-click unsubscribe (a mail client's POST, no cookie).
    expect(urls).toEqual(
      expect.arrayContaining(['/api/portal/newsletter/confirm', '/api/portal/mail/unsubscribe']),
    )
    // Stocks side by side (the compare page's comparison through the API).
    expect(urls).toContain('/api/portal/compare')
    expect(routes.length).toBeGreaterThanOrEqual(30)
    expect(fields).toEqual(expect.arrayContaining(['q', 'pageTitle', 'searchValue', 'mobile', 'email']))
  })

  it('refuses a control character in any field of any route with a 4xx, never a server error', async () => {
    // One sweep, deterministic: every route, every field name, a NUL in the middle of otherwise plausible values.
    const requests: InjectOptions[] = []
    for (const route of routes.filter((r) => r.url.startsWith('/api/portal'))) {
      for (const method of route.methods.filter((m) => m !== 'HEAD')) {
        for (const field of fields) {
          const values = Object.fromEntries(fields.map((name) => [name, plausible[name]?.[0] ?? 'a']))
          values[field] = 'a\u0000b'
          const hasBody = method !== 'GET' && method !== 'HEAD'
          requests.push({
            method: method as 'GET',
            url: hasBody ? route.url : `${route.url}?${queryStringOf(values)}`,
            headers: { ...siteHeaders(), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
            ...(hasBody ? { payload: JSON.stringify(values) } : {}),
          })
        }
      }
    }
    // Routes × methods × field names: it grows with every contract (the screener's filters added some thirty names).
    // A few at a time: the routing and validation of one request run while the database answers another's query, so
    // the sweep takes the time of its work, not of its waits.
    const inFlight = 4
    let next = 0
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < requests.length) await expectEnvelope(requests[next++] as InjectOptions)
      }),
    )
  }, 240_000)

  it('answers nasty query and JSON values with an envelope and no server error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fieldValuesArbitrary(fields),
        headersArbitrary,
        fc.ipV4(),
        async (route, values, headers, ip) => {
          const method = route.methods[0] ?? 'GET'
          const hasBody = method !== 'GET' && method !== 'HEAD'
          await expectEnvelope({
            method: method as 'GET',
            url: hasBody ? route.url : `${route.url}?${queryStringOf(values)}`,
            headers: { ...headers, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
            remoteAddress: ip,
            ...(hasBody ? { payload: JSON.stringify(values) } : {}),
          })
        },
      ),
      { seed: 20261120, numRuns: 500 },
    )
  }, 60_000)

  it('answers wrong methods, odd query shapes and garbage bodies with an envelope and no server error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.constantFrom(...allMethods),
        oddQuery,
        fc.option(garbageBody, { nil: undefined }),
        headersArbitrary,
        async (route, method, query, body, headers) => {
          const canHaveBody = method !== 'GET' && method !== 'HEAD' && method !== 'TRACE'
          await expectEnvelope({
            method,
            url: `${route.url}?${query}`,
            headers: {
              ...headers,
              ...(canHaveBody && body && body.type !== '' ? { 'content-type': body.type } : {}),
            },
            ...(canHaveBody && body ? { payload: body.payload } : {}),
          })
        },
      ),
      { seed: 4242, numRuns: 400 },
    )
  }, 60_000)

  it('answers nasty values to the member-only routes (watchlists, alerts, notifications), as a logged-in member, with an envelope', async () => {
    const memberRoutes = routes.filter((route) =>
      /^\/api\/portal\/(watchlist|alert|notification)\//.test(route.url),
    )
    expect(memberRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/portal/watchlist/follow',
        '/api/portal/watchlist/view',
        '/api/portal/alert/create',
        '/api/portal/alert/update',
        '/api/portal/alert/delete',
        '/api/portal/alert/held',
        '/api/portal/alert/screen',
        '/api/portal/notification/read',
        '/api/portal/notification/settings',
      ]),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...memberRoutes),
        fieldValuesArbitrary(fields),
        fc.option(oddQuery, { nil: undefined }),
        // Addresses vary, so the routes' write limits (per address) do not stop the values before the code.
        fc.ipV4(),
        async (route, values, odd, ip) => {
          for (const method of route.methods.filter((m) => m !== 'HEAD')) {
            const hasBody = method !== 'GET' && method !== 'DELETE'
            await expectEnvelope({
              method: method as 'GET',
              url: `${route.url}?${odd ?? queryStringOf(values)}`,
              headers: staffClients.readers.sameSiteHeadersOf(
                member,
                hasBody ? { 'content-type': 'application/json' } : {},
              ),
              remoteAddress: ip,
              ...(hasBody ? { payload: JSON.stringify(values) } : {}),
            })
          }
        },
      ),
      { seed: 20261125, numRuns: 300 },
    )
  }, 60_000)

  it('answers a logged-in member’s nasty screens and saved screens with an envelope and no server error', async () => {
    // As a member (the admin is one), so the saved screens' routes reach their validation and the database rather
    // than stopping at the login check as a visitor's requests do.
    const screener = routes.filter((route) => route.url.startsWith('/api/portal/screener'))
    expect(screener.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/portal/screener/list',
        '/api/portal/screener/saved',
        '/api/portal/screener/saved/:id',
      ]),
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...screener), fieldValuesArbitrary(fields), async (route, values) => {
        for (const method of route.methods.filter((m) => m !== 'HEAD')) {
          const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH'
          const url = withPathValues(route.url, { ...pathValues, id: String(values.id ?? 'a') })
          await expectEnvelope({
            method: method as 'GET',
            url: hasBody ? url : `${url}?${queryStringOf(values)}`,
            headers: staffHeaders(hasBody ? { 'content-type': 'application/json' } : {}),
            remoteAddress: admin.ip,
            ...(hasBody ? { payload: JSON.stringify(values) } : {}),
          })
        }
      }),
      { seed: 2028, numRuns: 150 },
    )
  }, 60_000)

  it('finds every console route, each served to an admin', () => {
    const urls = consoleRoutes.map((route) => route.url)
    expect(urls).toEqual(expect.arrayContaining(['/api/console/analytics', '/api/console/analytics/export']))
    expect(urls.some((url) => url.startsWith('/api/console/members/'))).toBe(true)
    expect(urls).toEqual(expect.arrayContaining(['/api/console/mail/outbox', '/api/console/mail/outbox/:id']))
    expect(consoleRoutes.length).toBeGreaterThanOrEqual(30)
  })

  it('refuses a control character or a malformed value in any console field with a 4xx, never a server error', async () => {
    // Deterministic sweep as an admin: every console route and method, every field name, each broken in turn.
    // A few fields at a time get text that is not what they name (the others stay plausible, so a request can pass
    // validation but for them); then every field at once gets each malformed value.
    const plausibleValues = () =>
      Object.fromEntries(fields.map((name) => [name, plausible[name]?.[0] ?? 'a']))
    const fieldGroups = Array.from({ length: Math.ceil(fields.length / 8) }, (_, i) =>
      fields.slice(i * 8, i * 8 + 8),
    )
    const broken = (names: string[], value: string) => Object.fromEntries(names.map((name) => [name, value]))
    const requests: { values: Record<string, unknown>; path: Record<string, string> }[] = [
      ...fieldGroups.map((group) => ({
        values: { ...plausibleValues(), ...broken(group, 'x') },
        path: { ...pathValues, ...broken(group, 'x') },
      })),
      ...['x', 'a\u0000b', '-1', '2026-02-30', ''].map((value) => ({
        values: broken(fields, value),
        path: broken(Object.keys(pathValues), value || 'a'),
      })),
    ]
    for (const route of consoleRoutes) {
      for (const method of route.methods.filter((m) => m !== 'HEAD')) {
        const hasBody = method !== 'GET' && method !== 'DELETE'
        for (const { values, path } of requests) {
          await expectEnvelope({
            method: method as 'GET',
            url: `${withPathValues(route.url, path)}?${queryStringOf(values)}`,
            headers: staffHeaders(hasBody ? { 'content-type': 'application/json' } : {}),
            remoteAddress: admin.ip,
            ...(hasBody ? { payload: JSON.stringify(values) } : {}),
          })
        }
      }
    }
  }, 300_000)

  it('answers nasty console query and body values, as an admin, with an envelope and no server error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...consoleRoutes),
        fieldValuesArbitrary(fields),
        fc.option(oddQuery, { nil: undefined }),
        async (route, values, odd) => {
          for (const method of route.methods.filter((m) => m !== 'HEAD')) {
            const hasBody = method !== 'GET' && method !== 'DELETE'
            await expectEnvelope({
              method: method as 'GET',
              url: `${withPathValues(route.url)}?${odd ?? queryStringOf(values)}`,
              headers: staffHeaders(hasBody ? { 'content-type': 'application/json' } : {}),
              remoteAddress: admin.ip,
              ...(hasBody ? { payload: JSON.stringify(values) } : {}),
            })
          }
        },
      ),
      { seed: 20261129, numRuns: 300 },
    )
  }, 120_000)

  it('answers unknown paths under the API with the 404 envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...apiPrefixes),
        fc.array(fc.oneof(fc.webSegment(), nastyText.map(encodeQueryText)), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...allMethods),
        async (prefix, segments, method) => {
          const url = `${prefix}/${segments.join('/')}`
          const known = routes.some((route) => route.url === url || `${route.url}/` === url)
          const response = await expectEnvelope({ method, url, headers: siteHeaders() })
          if (!known) expect([400, 404, 405]).toContain(response.statusCode)
        },
      ),
      { seed: 7, numRuns: 150 },
    )
  }, 60_000)
})
