/**
 * Readers for API tests: a visitor (an address and the device cookie the API gave it) or a member (logged in with
 * the SMS code the capturing sender saw, optionally with a plan), and requests made as them through `app.inject`.
 * Create it before the runtime (its SMS sender goes into `createTestRuntime`), then `bind` the runtime.
 */

import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { createCapturedSms } from './captured-sms.ts'
import { regionalHeaders, type TestRuntime } from './test-runtime.ts'

export interface ReaderClient {
  ip: string
  device: string
  token?: string
  region?: 'en' | 'hant'
  /** A member's number (E.164). */
  phone?: string
}

export function createReaderClients(options: { ipPrefix: string; phonePrefix: string }) {
  let runtime: TestRuntime | null = null
  const sms = createCapturedSms()
  const smsSender = sms.sender
  let ipSeed = 0
  let phoneSeed = 0

  function app() {
    if (!runtime) throw new Error('bind the test runtime first')
    return runtime.app
  }

  function headersOf(client: ReaderClient, extra: Record<string, string> = {}): Record<string, string> {
    return {
      ...regionalHeaders(client.region ?? 'en'),
      cookie: `tw_device=${client.device}`,
      ...(client.token ? { 'x-token': client.token } : {}),
      ...extra,
    }
  }

  /** Headers of an unsafe request from the reader's own site (the same-site check of ADR 0006). */
  function sameSiteHeadersOf(
    client: ReaderClient,
    extra: Record<string, string> = {},
  ): Record<string, string> {
    return headersOf(client, { origin: `http://${client.region ?? 'en'}.localhost:3000`, ...extra })
  }

  function get(
    client: ReaderClient,
    path: string,
    query: Record<string, string> = {},
    extraHeaders: Record<string, string> = {},
  ) {
    return app().inject({
      method: 'GET',
      url: `/api/portal${path}`,
      query,
      headers: headersOf(client, extraHeaders),
      remoteAddress: client.ip,
    })
  }

  function send(
    client: ReaderClient,
    method: 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    query: Record<string, string> = {},
  ) {
    return app().inject({
      method,
      url: `/api/portal${path}`,
      query,
      headers: sameSiteHeadersOf(client, body === undefined ? {} : { 'content-type': 'application/json' }),
      remoteAddress: client.ip,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    })
  }

  async function newVisitor(region: 'en' | 'hant' = 'en'): Promise<ReaderClient> {
    ipSeed += 1
    const ip = `${options.ipPrefix}.${Math.floor(ipSeed / 250)}.${(ipSeed % 250) + 1}`
    const response = await app().inject({
      method: 'GET',
      url: '/api/portal/ai/welcome',
      headers: regionalHeaders(region),
      remoteAddress: ip,
    })
    const device = response.cookies.find((cookie) => cookie.name === 'tw_device')?.value ?? ''
    return { ip, device, region }
  }

  /** A Hong Kong number nobody in this test file has used yet (national digits, without +852). */
  function newMobile(): string {
    phoneSeed += 1
    return `${options.phonePrefix}${String(phoneSeed).padStart(4, '0')}`
  }

  async function newMember(
    tier?: 'base' | 'plus' | 'premium',
    region: 'en' | 'hant' = 'en',
  ): Promise<ReaderClient> {
    const client = await newVisitor(region)
    const mobile = newMobile()
    if (!runtime) throw new Error('bind the test runtime first')
    const { accounts, subscriptions } = runtime.services
    await accounts.sendLoginCode({ country: 'HK', mobile }, { locale: 'en' })
    const result = await accounts.logIn(
      { country: 'HK', mobile, code: sms.codeSentTo(`+852${mobile}`), agreed: true },
      { locale: 'en' },
    )
    if (tier) {
      await subscriptions.grantSubscription({
        memberId: result.userInfo.memberId,
        tier,
        period: 'month',
        source: 'operator',
      })
    }
    return { ...client, token: result.token, phone: `+852${mobile}` }
  }

  return {
    smsSender,
    bind(testRuntime: TestRuntime) {
      runtime = testRuntime
    },
    headersOf,
    sameSiteHeadersOf,
    get,
    send,
    newVisitor,
    newMember,
    newMobile,
    /** The login code last texted to a number (E.164), as a reader would read it off the phone. */
    codeSentTo: sms.codeSentTo,
  }
}

/** The data of a successful answer (200, shown with the body when it is not). */
export function dataOf<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data as T
}

/** A refusal in the envelope: status, `x-error-code` and the body's `error`. */
export function expectFailure(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode).toBe(status)
  expect(response.headers['x-error-code']).toBe(code)
  expect(response.json()).toMatchObject({ code: status, data: null, error: code })
}
