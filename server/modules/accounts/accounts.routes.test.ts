import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createManualClock } from '#server/clock.ts'
import { selectRows } from '#server/db/database.ts'
import { createHttpServer, loggerOptionsOf } from '#server/http.ts'
import { SmsDeliveryError, type SmsSender } from '#server/providers/sms/sms-sender.ts'
import { capturedLog } from '#server/testing/captured-log.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'

const start = '2026-11-10T09:00:00Z'
const clock = createManualClock(start)
const minute = 60 * 1000
const day = 24 * 60 * minute
let runtime: TestRuntime
let smsFails = false

/** The console adapter, except that a test can make the provider refuse. */
function flakySms(real: () => SmsSender): SmsSender {
  return {
    name: 'console',
    send: (message) =>
      smsFails
        ? Promise.reject(new SmsDeliveryError({ reason: 'refused', status: 400 }))
        : real().send(message),
  }
}

beforeAll(async () => {
  runtime = await createTestRuntime(
    { LOGIN_IP_LIMIT_PER_HOUR: '1000', TEST_ENDPOINTS: 'loopback' },
    { clock, smsSender: flakySms(() => consoleSms) },
  )
})
afterAll(() => runtime.close())
beforeEach(() => {
  clock.set(start)
  smsFails = false
})

let consoleSms: SmsSender
beforeAll(async () => {
  const { createConsoleSmsSender } = await import('#server/providers/sms/console-sms.ts')
  consoleSms = createConsoleSmsSender({
    log: { info: () => undefined },
    saveToOutbox: runtime.services.devSmsOutbox.saveMessage,
  })
})

let numberSeed = 100_000
/** A fresh Hong Kong mobile number for each test (national and E.164). */
function newNumber(): { mobile: string; e164: string } {
  numberSeed += 1
  const mobile = `51${String(numberSeed).padStart(6, '0')}`
  return { mobile, e164: `+852${mobile}` }
}

type Region = 'en' | 'hant'
interface CallOptions {
  region?: Region
  ip?: string
  cookie?: string
  token?: string
  origin?: string
}

function headersOf(options: CallOptions): Record<string, string> {
  const region = options.region ?? 'en'
  return {
    ...regionalHeaders(region),
    origin: options.origin ?? `http://${region}.localhost:3000`,
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(options.token ? { 'x-token': options.token } : {}),
  }
}

function post(url: string, body: unknown, options: CallOptions = {}) {
  return runtime.app.inject({
    method: 'POST',
    url: `/api/portal${url}`,
    headers: { ...headersOf(options), 'content-type': 'application/json' },
    remoteAddress: options.ip ?? '10.1.0.1',
    payload: JSON.stringify(body),
  })
}

function sendCode(mobile: string, options: CallOptions = {}) {
  return post('/member/sendCode', { country: 'HK', mobile }, options)
}

function login(mobile: string, code: string, options: CallOptions & { agreed?: boolean } = {}) {
  return post('/member/login', { country: 'HK', mobile, code, agreed: options.agreed ?? true }, options)
}

function memberInfo(options: CallOptions = {}) {
  return runtime.app.inject({
    method: 'GET',
    url: '/api/portal/home/memberInfo',
    headers: headersOf(options),
  })
}

function logout(options: CallOptions = {}) {
  return runtime.app.inject({
    method: 'DELETE',
    url: '/api/portal/token/logout',
    headers: headersOf(options),
  })
}

/** The newest code the console adapter left for the number, read like the browser journeys do. */
async function codeSentTo(e164: string): Promise<string> {
  const response = await runtime.app.inject({
    method: 'GET',
    url: `/api/portal/dev/sms-outbox?phone=${encodeURIComponent(e164)}`,
    headers: regionalHeaders('en'),
  })
  const body = response.json().data[0]?.body as string | undefined
  const code = body?.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no code sent to ${e164}`)
  return code
}

function cookiesOf(response: LightMyRequestResponse): { name: string; value: string; raw: string }[] {
  const header = response.headers['set-cookie']
  const lines = Array.isArray(header) ? header : header ? [header] : []
  return lines.map((raw) => {
    const [pair = ''] = raw.split(';')
    const index = pair.indexOf('=')
    return { name: pair.slice(0, index), value: decodeURIComponent(pair.slice(index + 1)), raw }
  })
}

function tokenOf(response: LightMyRequestResponse): string {
  const token = cookiesOf(response).find((c) => c.name === 'access_token' && c.value)?.value
  if (!token) throw new Error('no access_token cookie')
  return token
}

async function logIn(options: CallOptions = {}): Promise<{ token: string; e164: string; mobile: string }> {
  const number = newNumber()
  expect((await sendCode(number.mobile, options)).statusCode).toBe(200)
  const response = await login(number.mobile, await codeSentTo(number.e164), options)
  expect(response.statusCode).toBe(200)
  return { token: tokenOf(response), ...number }
}

describe('sending a login code', () => {
  it('sends a 6-digit code in the reader’s language and says when to ask again', async () => {
    const number = newNumber()
    const response = await sendCode(number.mobile)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 200, data: { resendAfterSeconds: 60, expiresInSeconds: 600 } })
    expect(await codeSentTo(number.e164)).toMatch(/^\d{6}$/)
    const outbox = await runtime.services.devSmsOutbox.listMessages(number.e164)
    expect(outbox[0]?.body).toContain('Tickerwise')
    expect(outbox[0]?.body).toContain('10 minutes')

    const chinese = newNumber()
    await sendCode(chinese.mobile, { region: 'hant' })
    expect((await runtime.services.devSmsOutbox.listMessages(chinese.e164))[0]?.body).toContain('驗證碼')
  })

  it('stores the code only as a keyed hash', async () => {
    const number = newNumber()
    await sendCode(number.mobile)
    const code = await codeSentTo(number.e164)
    const rows = await selectRows<{ code_hash: string }>(
      runtime.database.db,
      sql`select code_hash from login_codes where phone = ${number.e164}`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]?.code_hash).not.toContain(code)
    expect(rows[0]?.code_hash).toMatch(/^[\w-]{43}$/)
  })

  it('explains an empty and an invalid mobile number in both languages', async () => {
    const empty = await sendCode('  ')
    expect(empty.statusCode).toBe(400)
    expect(empty.headers['x-error-code']).toBe('MOBILE_EMPTY')
    expect(empty.json().message).toBe('The mobile phone number cannot be empty.')
    expect((await sendCode('', { region: 'hant' })).json().message).toBe('手機號碼不能為空。')

    for (const wrong of ['2123 4567', '12ab', '9', '+1 555', '51234567890123456789']) {
      const invalid = await sendCode(wrong)
      expect(invalid.statusCode, wrong).toBe(400)
      expect(invalid.json().message, wrong).toBe('Please enter a valid mobile phone number.')
    }
    expect((await sendCode('2123 4567', { region: 'hant' })).json().message).toBe('請輸入有效的手機號碼。')
  })

  it('normalises the number, so spaces and a full international form reach the same member', async () => {
    const number = newNumber()
    const spaced = `${number.mobile.slice(0, 4)} ${number.mobile.slice(4)}`
    await sendCode(spaced)
    const code = await codeSentTo(number.e164)
    const response = await post('/member/login', { country: 'US', mobile: number.e164, code, agreed: true })
    expect(response.statusCode).toBe(200)
    expect(response.json().data.userInfo.maskedPhone).toBe(`+852 ****${number.mobile.slice(-4)}`)
  })

  it('makes the reader wait a minute before the next code', async () => {
    const number = newNumber()
    expect((await sendCode(number.mobile)).statusCode).toBe(200)
    clock.advance(59 * 1000)
    const early = await sendCode(number.mobile)
    expect(early.statusCode).toBe(429)
    expect(early.headers['x-error-code']).toBe('VERIFICATION_CODE_TOO_FREQUENT')
    clock.advance(2 * 1000)
    expect((await sendCode(number.mobile)).statusCode).toBe(200)
  })

  it('sends at most three codes to a number in ten minutes', async () => {
    const number = newNumber()
    for (let i = 0; i < 3; i++) {
      expect((await sendCode(number.mobile)).statusCode).toBe(200)
      clock.advance(61 * 1000)
    }
    expect((await sendCode(number.mobile)).headers['x-error-code']).toBe('VERIFICATION_CODE_TOO_FREQUENT')
    clock.set(new Date(new Date(start).getTime() + 10 * minute + 1000))
    expect((await sendCode(number.mobile)).statusCode).toBe(200)
  })

  it('stops at the daily limit with the specification’s message, and sends again the next day', async () => {
    const number = newNumber()
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(number.mobile)).statusCode, `send ${i + 1}`).toBe(200)
      clock.advance(4 * minute)
    }
    const refused = await sendCode(number.mobile)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({
      error: 'VERIFICATION_CODE_DAILY_LIMIT',
      message: 'The limit for verification codes has been reached today. Please try again tomorrow.',
    })
    expect((await sendCode(number.mobile, { region: 'hant' })).json().message).toBe(
      '今日驗證碼次數已達上限，請明天再試。',
    )
    clock.set('2026-11-11T00:00:01Z')
    expect((await sendCode(number.mobile)).statusCode).toBe(200)
  })

  it('does not count a code whose SMS could not be sent', async () => {
    const number = newNumber()
    smsFails = true
    const failed = await sendCode(number.mobile)
    expect(failed.statusCode).toBe(503)
    expect(failed.json()).toMatchObject({
      error: 'SMS_SEND_FAILED',
      message: 'The verification code could not be sent. Please try again later.',
    })
    smsFails = false
    expect((await sendCode(number.mobile)).statusCode).toBe(200)
  })

  it('gives one code when the same number asks many times at once', async () => {
    const number = newNumber()
    const responses = await Promise.all(Array.from({ length: 6 }, () => sendCode(number.mobile)))
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429])
  })

  it('limits how many requests one IP address makes in an hour', async () => {
    const limited = await createTestRuntime({ LOGIN_IP_LIMIT_PER_HOUR: '3' })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/portal/member/sendCode',
          headers: { ...regionalHeaders('en'), 'content-type': 'application/json' },
          remoteAddress: '10.77.0.1',
          payload: JSON.stringify({ country: 'HK', mobile: newNumber().mobile }),
        })
        statuses.push(response.statusCode)
      }
      expect(statuses).toEqual([200, 200, 200, 429])
    } finally {
      await limited.close()
    }
  })
})

describe('logging in with the code', () => {
  it('registers an unknown number at its first login and recognises it afterwards', async () => {
    const number = newNumber()
    await sendCode(number.mobile)
    const first = await login(number.mobile, await codeSentTo(number.e164))
    expect(first.statusCode).toBe(200)
    expect(first.json().data).toMatchObject({
      isNewMember: true,
      userInfo: { maskedPhone: `+852 ****${number.mobile.slice(-4)}`, role: 'member', subscription: null },
    })
    clock.advance(2 * minute)
    await sendCode(number.mobile)
    const second = await login(number.mobile, await codeSentTo(number.e164))
    expect(second.json().data.isNewMember).toBe(false)
    expect(second.json().data.userInfo.memberId).toBe(first.json().data.userInfo.memberId)
  })

  it('sets an HttpOnly, SameSite=Lax session cookie and the userInfo cookie, never the token in the body', async () => {
    const number = newNumber()
    await sendCode(number.mobile)
    const response = await login(number.mobile, await codeSentTo(number.e164))
    const cookies = cookiesOf(response)
    const token = cookies.find((c) => c.name === 'access_token')
    expect(token?.value).toMatch(/^[\w-]{43}$/)
    expect(token?.raw).toMatch(/HttpOnly/)
    expect(token?.raw).toMatch(/SameSite=Lax/)
    expect(token?.raw).toMatch(/Max-Age=2592000/)
    expect(token?.raw).not.toMatch(/Secure/)
    const userInfo = cookies.find((c) => c.name === 'userInfo')
    expect(JSON.parse(userInfo?.value ?? '{}')).toEqual({
      maskedPhone: `+852 ****${number.mobile.slice(-4)}`,
      displayName: null,
      tier: null,
    })
    expect(userInfo?.raw).toMatch(/Max-Age=1296000/)
    expect(userInfo?.raw).not.toMatch(/HttpOnly/)
    expect(response.body).not.toContain(token?.value)
  })

  it('marks the session cookie Secure and shares it across regional sites over https', async () => {
    const https = await createTestRuntime(
      { SITE_URL_PATTERN: 'https://{region}.tickerwise.example' },
      { clock },
    )
    try {
      const number = newNumber()
      const headers = {
        host: 'hant.tickerwise.example',
        origin: 'https://hant.tickerwise.example',
        'content-type': 'application/json',
      }
      await https.app.inject({
        method: 'POST',
        url: '/api/portal/member/sendCode',
        headers,
        payload: { country: 'HK', mobile: number.mobile },
      })
      const code = (await https.services.devSmsOutbox.listMessages(number.e164))[0]?.body.match(/\d{6}/)?.[0]
      const response = await https.app.inject({
        method: 'POST',
        url: '/api/portal/member/login',
        headers,
        payload: { country: 'HK', mobile: number.mobile, code, agreed: true },
      })
      const token = cookiesOf(response).find((c) => c.name === 'access_token')
      expect(token?.raw).toMatch(/Secure/)
      expect(token?.raw).toMatch(/Domain=tickerwise\.example/)
    } finally {
      await https.close()
    }
  })

  it('uses a code once', async () => {
    const number = newNumber()
    await sendCode(number.mobile)
    const code = await codeSentTo(number.e164)
    expect((await login(number.mobile, code)).statusCode).toBe(200)
    const again = await login(number.mobile, code)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({
      message: 'Verification code error',
      fields: [{ field: 'code', code: 'VERIFICATION_CODE_ERROR' }],
    })
  })

  it('accepts a code for ten minutes and no longer', async () => {
    const fresh = newNumber()
    await sendCode(fresh.mobile)
    clock.advance(10 * minute - 1000)
    expect((await login(fresh.mobile, await codeSentTo(fresh.e164))).statusCode).toBe(200)

    const stale = newNumber()
    await sendCode(stale.mobile)
    clock.advance(10 * minute)
    const late = await login(stale.mobile, await codeSentTo(stale.e164))
    expect(late.statusCode).toBe(400)
    expect(late.headers['x-error-code']).toBe('VERIFICATION_CODE_EXPIRED')
  })

  it('allows five wrong tries per code, then not even the right one', async () => {
    const number = newNumber()
    await sendCode(number.mobile)
    const code = await codeSentTo(number.e164)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const response = await login(number.mobile, wrong)
      expect(response.json().message).toBe('Verification code error')
    }
    const locked = await login(number.mobile, code)
    expect(locked.statusCode).toBe(400)
    expect(locked.headers['x-error-code']).toBe('VERIFICATION_CODE_ATTEMPTS')
    clock.advance(61 * 1000)
    await sendCode(number.mobile)
    expect((await login(number.mobile, await codeSentTo(number.e164))).statusCode).toBe(200)
  })

  it('accepts only the newest code of a number', async () => {
    const number = newNumber()
    await sendCode(number.mobile)
    const first = await codeSentTo(number.e164)
    clock.advance(61 * 1000)
    await sendCode(number.mobile)
    const second = await codeSentTo(number.e164)
    if (first !== second) expect((await login(number.mobile, first)).statusCode).toBe(400)
    expect((await login(number.mobile, second)).statusCode).toBe(200)
  })

  it('binds a code to its number', async () => {
    const owner = newNumber()
    const other = newNumber()
    await sendCode(owner.mobile)
    await sendCode(other.mobile)
    const code = await codeSentTo(owner.e164)
    const otherCode = await codeSentTo(other.e164)
    if (code !== otherCode)
      expect((await login(other.mobile, code)).headers['x-error-code']).toBe('VERIFICATION_CODE_ERROR')
    expect((await login(owner.mobile, code)).statusCode).toBe(200)
  })

  it('says "Verification code error" for a number that was never sent a code', async () => {
    const response = await login(newNumber().mobile, '123456')
    expect(response.json()).toMatchObject({ code: 400, message: 'Verification code error' })
  })

  it('lets one of two simultaneous logins with the same code through', async () => {
    const number = newNumber()
    await sendCode(number.mobile)
    const code = await codeSentTo(number.e164)
    const responses = await Promise.all([
      login(number.mobile, code),
      login(number.mobile, code),
      login(number.mobile, code),
    ])
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400, 400])
  })

  it('explains every form error in both languages', async () => {
    const number = newNumber()
    const cases: [unknown, string, string][] = [
      [
        { country: 'HK', mobile: '', code: '123456', agreed: true },
        'The mobile phone number cannot be empty.',
        '手機號碼不能為空。',
      ],
      [
        { country: 'HK', mobile: '123', code: '123456', agreed: true },
        'Please enter a valid mobile phone number.',
        '請輸入有效的手機號碼。',
      ],
      [
        { country: 'HK', mobile: number.mobile, code: ' ', agreed: true },
        'The verification code cannot be empty',
        '驗證碼不能為空',
      ],
      [
        { country: 'HK', mobile: number.mobile, code: '12345', agreed: true },
        'Verification code error',
        '驗證碼錯誤',
      ],
      [
        { country: 'HK', mobile: number.mobile, code: '123456', agreed: false },
        'Please check the option to log in and register simultaneously.',
        '請勾選同意選項，以同時完成登入與註冊。',
      ],
      [
        { country: 'HK', mobile: number.mobile, code: '123456' },
        'Please check the option to log in and register simultaneously.',
        '請勾選同意選項，以同時完成登入與註冊。',
      ],
    ]
    for (const [body, en, zh] of cases) {
      expect((await post('/member/login', body)).json().message, JSON.stringify(body)).toBe(en)
      expect((await post('/member/login', body, { region: 'hant' })).json().message).toBe(zh)
    }
  })
})

describe('sessions', () => {
  it('answers member info for the cookie and for the X-token header', async () => {
    const { token, mobile } = await logIn()
    const byCookie = await memberInfo({ cookie: `access_token=${token}` })
    expect(byCookie.statusCode).toBe(200)
    expect(byCookie.json().data).toMatchObject({
      maskedPhone: `+852 ****${mobile.slice(-4)}`,
      role: 'member',
    })
    expect(cookiesOf(byCookie).find((c) => c.name === 'userInfo')).toBeDefined()
    const byHeader = await memberInfo({ token })
    expect(byHeader.json().data.memberId).toBe(byCookie.json().data.memberId)
  })

  it('answers 401, in the body and the status, without a live session', async () => {
    for (const options of [{}, { token: 'not-a-token' }, { cookie: `access_token=${'a'.repeat(43)}` }]) {
      const response = await memberInfo(options)
      expect(response.statusCode).toBe(401)
      expect(response.headers['x-error-code']).toBe('UNAUTHENTICATED')
      expect(response.json()).toMatchObject({ code: 401, data: null })
    }
  })

  it('starts a new session at every login and ends the one the browser still had', async () => {
    const { token: first, mobile, e164 } = await logIn()
    clock.advance(2 * minute)
    await sendCode(mobile)
    const again = await login(mobile, await codeSentTo(e164), { cookie: `access_token=${first}` })
    const second = tokenOf(again)
    expect(second).not.toBe(first)
    expect((await memberInfo({ token: first })).statusCode).toBe(401)
    expect((await memberInfo({ token: second })).statusCode).toBe(200)
  })

  it('keeps other devices logged in when a member logs in on a new one', async () => {
    const { token: phone, mobile, e164 } = await logIn()
    clock.advance(2 * minute)
    await sendCode(mobile)
    const laptop = tokenOf(await login(mobile, await codeSentTo(e164)))
    expect((await memberInfo({ token: phone })).statusCode).toBe(200)
    expect((await memberInfo({ token: laptop })).statusCode).toBe(200)
  })

  it('ends a session left unused for the idle time', async () => {
    const { token } = await logIn()
    clock.advance(7 * day - minute)
    expect((await memberInfo({ token })).statusCode).toBe(200)
    clock.advance(7 * day + minute)
    expect((await memberInfo({ token })).statusCode).toBe(401)
  })

  it('ends a session at its absolute end however often it is used', async () => {
    const { token } = await logIn()
    for (const days of [6, 12, 18, 24, 29]) {
      clock.set(new Date(new Date(start).getTime() + days * day))
      expect((await memberInfo({ token })).statusCode, `day ${days}`).toBe(200)
    }
    clock.set(new Date(new Date(start).getTime() + 30 * day))
    expect((await memberInfo({ token })).statusCode).toBe(401)
  })

  it('tells page loaders who the reader is from the cookies', async () => {
    const { token } = await logIn()
    const accounts = runtime.services.accounts
    expect(await accounts.readerFromCookies({ access_token: token })).toMatchObject({
      role: 'member',
      tier: null,
    })
    const device = 'AAAAAAAAAAAAAAAAAAAAAA'
    const first = await accounts.readerFromCookies({ tw_device: device })
    const again = await accounts.readerFromCookies({ tw_device: device, access_token: 'expired-or-forged' })
    expect(first).toMatchObject({ role: 'visitor', memberId: null, device: { network: null } })
    expect(again.device.key).toBe(first.device.key)
    expect(first.device.key).not.toContain(device)
    const strangers = [await accounts.readerFromCookies({}), await accounts.readerFromCookies({})]
    expect(strangers[0]?.device.key).not.toBe(strangers[1]?.device.key)
  })

  it('reads a member as a subscriber while a subscription is active', async () => {
    const { token, e164 } = await logIn()
    const member = await runtime.services.accounts.findMember(e164)
    await runtime.services.subscriptions.grantSubscription({
      memberId: member?.id ?? '',
      tier: 'plus',
      period: 'quarter',
      source: 'operator',
    })
    const info = (await memberInfo({ token })).json().data
    expect(info).toMatchObject({
      role: 'subscriber',
      subscription: { tier: 'plus', period: 'quarter', endsAt: '2027-02-10T09:00:00.000Z' },
    })
    const quota = await runtime.app.inject({
      method: 'GET',
      url: '/api/portal/member/quota?kind=diagnosis',
      headers: headersOf({ token }),
    })
    expect(quota.json().data).toMatchObject({ role: 'subscriber', tier: 'plus', monthlyLimit: 30 })
    await runtime.services.subscriptions.endSubscription(member?.id ?? '')
    expect((await memberInfo({ token })).json().data).toMatchObject({ role: 'member', subscription: null })
  })
})

describe('logging out', () => {
  function clearedCookies(response: LightMyRequestResponse) {
    return cookiesOf(response)
      .filter((c) => c.value === '' && /Max-Age=0/.test(c.raw))
      .map((c) => `${c.name} ${/Domain=([^;]+)/.exec(c.raw)?.[1] ?? '-'} ${/Path=([^;]+)/.exec(c.raw)?.[1]}`)
  }

  it('ends the session and expires both cookies on every path', async () => {
    const { token } = await logIn()
    const response = await logout({ cookie: `access_token=${token}` })
    expect(response.json()).toEqual({ code: 200, data: { loggedOut: true } })
    expect(clearedCookies(response)).toEqual(
      expect.arrayContaining([
        'access_token - /',
        'access_token - /api/portal',
        'access_token - /portal',
        'userInfo - /',
      ]),
    )
    expect((await memberInfo({ token })).statusCode).toBe(401)
  })

  it('clears the cookies on the shared parent domain too', async () => {
    const https = await createTestRuntime({ SITE_URL_PATTERN: 'https://{region}.tickerwise.example' })
    try {
      const response = await https.app.inject({
        method: 'DELETE',
        url: '/api/portal/token/logout',
        headers: { host: 'hk.tickerwise.example', origin: 'https://hk.tickerwise.example' },
      })
      expect(clearedCookies(response)).toEqual(
        expect.arrayContaining([
          'access_token - /',
          'access_token tickerwise.example /',
          'access_token .tickerwise.example /',
          'userInfo tickerwise.example /',
        ]),
      )
    } finally {
      await https.close()
    }
  })

  it('succeeds from every state: no session, an ended one, an expired one, a malformed one, twice', async () => {
    const { token: ended } = await logIn()
    await logout({ token: ended })
    const { token: expired } = await logIn()
    clock.advance(31 * day)
    for (const options of [
      {},
      { token: ended },
      { token: expired },
      { token: 'x'.repeat(500) },
      { cookie: 'access_token=%%%' },
    ]) {
      const response = await logout(options)
      expect(response.statusCode, JSON.stringify(options)).toBe(200)
      expect(response.json().data).toEqual({ loggedOut: true })
    }
  })

  it('only ends the session it was asked to end', async () => {
    const first = await logIn()
    const second = await logIn()
    await logout({ token: first.token })
    expect((await memberInfo({ token: second.token })).statusCode).toBe(200)
  })
})

describe('requests from other sites', () => {
  it('refuses an unsafe request from a foreign origin, with or without a session', async () => {
    const { token } = await logIn()
    for (const options of [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'https://evil.example', cookie: `access_token=${token}` },
    ]) {
      const response = await post('/member/sendCode', { country: 'HK', mobile: newNumber().mobile }, options)
      expect(response.statusCode).toBe(403)
      expect(response.headers['x-error-code']).toBe('CROSS_SITE_REQUEST')
    }
    const forged = await logout({ origin: 'https://evil.example', cookie: `access_token=${token}` })
    expect(forged.statusCode).toBe(403)
    expect((await memberInfo({ token })).statusCode).toBe(200)
  })

  it('accepts requests from every regional site', async () => {
    for (const region of ['en', 'hant', 'hk', 'kr', 'jp']) {
      const response = await post(
        '/member/sendCode',
        { country: 'HK', mobile: newNumber().mobile },
        { origin: `http://${region}.localhost:3000` },
      )
      expect(response.statusCode, region).toBe(200)
    }
  })

  it('refuses a cookie-authenticated request that carries no browser origin information', async () => {
    const { token } = await logIn()
    const bare = await runtime.app.inject({
      method: 'DELETE',
      url: '/api/portal/token/logout',
      headers: { ...regionalHeaders('en'), cookie: `access_token=${token}` },
    })
    expect(bare.statusCode).toBe(403)
    const crossSite = await runtime.app.inject({
      method: 'DELETE',
      url: '/api/portal/token/logout',
      headers: { ...regionalHeaders('en'), cookie: `access_token=${token}`, 'sec-fetch-site': 'cross-site' },
    })
    expect(crossSite.statusCode).toBe(403)
    const apiClient = await runtime.app.inject({
      method: 'DELETE',
      url: '/api/portal/token/logout',
      headers: { ...regionalHeaders('en'), 'x-token': token },
    })
    expect(apiClient.statusCode).toBe(200)
  })

  it('does not check reading requests', async () => {
    const { token } = await logIn()
    expect((await memberInfo({ token, origin: 'https://evil.example' })).statusCode).toBe(200)
  })
})

describe('the development SMS outbox (a test endpoint)', () => {
  it('answers only this machine: another address gets a 404', async () => {
    const url = '/api/portal/dev/sms-outbox?phone=%2B85251000000'
    const local = await runtime.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })
    expect(local.statusCode).toBe(200)
    const remote = await runtime.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' })
    expect(remote.statusCode).toBe(404)
  })

  it('refuses a malformed number without a server error', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/portal/dev/sms-outbox?phone=abc' })
    expect(response.statusCode).toBe(400)
  })
})

describe('the development subscription grant (a test endpoint)', () => {
  const grant = (body: unknown, token?: string) =>
    runtime.app.inject({
      method: 'POST',
      url: '/api/portal/dev/subscription',
      headers: { ...headersOf(token ? { token } : {}), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })

  it('subscribes the logged-in member, whose member info then shows the plan', async () => {
    const { token } = await logIn()
    const response = await grant({ tier: 'plus' }, token)
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toMatchObject({ tier: 'plus', period: 'month' })
    expect((await memberInfo({ token })).json().data).toMatchObject({
      role: 'subscriber',
      subscription: { tier: 'plus' },
    })
  })

  it('refuses a visitor and an unknown tier without a server error', async () => {
    expect((await grant({ tier: 'plus' })).statusCode).toBe(401)
    const { token } = await logIn()
    expect((await grant({ tier: 'gold' }, token)).statusCode).toBe(400)
  })

  it('answers only this machine: a logged-in member elsewhere gets a 404 and no plan', async () => {
    const { token } = await logIn()
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/portal/dev/subscription',
      headers: { ...headersOf({ token }), 'content-type': 'application/json' },
      remoteAddress: '203.0.113.9',
      payload: '{"tier":"premium"}',
    })
    expect(response.statusCode).toBe(404)
    expect((await memberInfo({ token })).json().data).toMatchObject({ role: 'member' })
  })
})

describe('logs', () => {
  it('never contain a login code or a session token', async () => {
    const { stream, lines } = capturedLog()
    const app = await createHttpServer({
      config: runtime.config,
      services: runtime.services,
      buildId: 'log-test',
      logger: { ...loggerOptionsOf(runtime.config), level: 'trace', stream },
    })
    await app.ready()
    try {
      const number = newNumber()
      const headers = { ...headersOf({}), 'content-type': 'application/json' }
      await app.inject({
        method: 'POST',
        url: '/api/portal/member/sendCode',
        headers,
        payload: { country: 'HK', mobile: number.mobile },
      })
      const code = await codeSentTo(number.e164)
      await app.inject({
        method: 'POST',
        url: '/api/portal/member/login',
        headers,
        payload: `{"country":"HK","code":"${code}"`,
      })
      await app.inject({
        method: 'POST',
        url: '/api/portal/member/login',
        headers,
        payload: { country: 'HK', mobile: number.mobile, code: 'x' },
      })
      const response = await app.inject({
        method: 'POST',
        url: '/api/portal/member/login',
        headers,
        payload: { country: 'HK', mobile: number.mobile, code, agreed: true },
      })
      const token = tokenOf(response)
      await app.inject({
        method: 'GET',
        url: '/api/portal/home/memberInfo',
        headers: { ...headers, 'x-token': token, cookie: `access_token=${token}` },
      })
      await app.inject({
        method: 'DELETE',
        url: '/api/portal/token/logout',
        headers: { ...headersOf({}), cookie: `access_token=${token}` },
      })
      const log = lines.join('')
      expect(lines.length).toBeGreaterThan(8)
      expect(log).not.toContain(code)
      expect(log).not.toContain(token)
    } finally {
      await app.close()
    }
  })
})
