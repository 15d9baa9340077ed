/**
 * The Twilio adapter against a local stand-in that speaks Twilio's Messages API: the request it must receive
 * (path, basic auth, form body) and the answers Twilio gives — 201 with the message resource, or an error
 * object ({ code, message, more_info, status }).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createManualClock } from '#server/clock.ts'
import { createTestRuntime, regionalHeaders } from '#server/testing/test-runtime.ts'
import { SmsDeliveryError } from './sms-sender.ts'
import { createTwilioSmsSender } from './twilio-sms.ts'

const accountSid = 'AC0123456789abcdef0123456789abcdef'
const authToken = 'twilio-test-auth-token'

interface ReceivedRequest {
  method: string
  url: string
  authorization: string | undefined
  contentType: string | undefined
  form: Record<string, string>
}

let server: Server
let baseUrl: string
const received: ReceivedRequest[] = []
/** What the stand-in answers next: Twilio's success, one of its errors, or no answer at all. */
let mode: 'accept' | 'invalid-number' | 'server-error' | 'hang' = 'accept'

async function readBody(request: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of request) body += chunk
  return body
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request)
    received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      form: Object.fromEntries(new URLSearchParams(body)),
    })
    const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`
    response.setHeader('content-type', 'application/json')
    if (request.headers.authorization !== expectedAuth) {
      response.statusCode = 401
      response.end(
        JSON.stringify({
          code: 20003,
          message: 'Authenticate',
          more_info: 'https://www.twilio.com/docs/errors/20003',
          status: 401,
        }),
      )
      return
    }
    if (mode === 'hang') return
    if (mode === 'invalid-number') {
      response.statusCode = 400
      response.end(
        JSON.stringify({
          code: 21211,
          message: "The 'To' number +85200000000 is not a valid phone number.",
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        }),
      )
      return
    }
    if (mode === 'server-error') {
      response.statusCode = 500
      response.end('{}')
      return
    }
    const form = new URLSearchParams(body)
    response.statusCode = 201
    response.end(
      JSON.stringify({
        account_sid: accountSid,
        api_version: '2010-04-01',
        body: form.get('Body'),
        from: form.get('From'),
        to: form.get('To'),
        messaging_service_sid: form.get('MessagingServiceSid'),
        sid: 'SM0123456789abcdef0123456789abcdef',
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/SM0123456789abcdef0123456789abcdef.json`,
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  received.length = 0
  mode = 'accept'
})

describe('the Twilio SMS adapter', () => {
  it('posts the message to the Messages resource with basic auth and a form body', async () => {
    const sender = createTwilioSmsSender({ accountSid, authToken, from: '+15005550006', baseUrl })
    const result = await sender.send({
      to: '+85251234567',
      body: 'Tickerwise: 123456 is your verification code.',
    })
    expect(result).toEqual({ id: 'SM0123456789abcdef0123456789abcdef' })
    expect(received).toHaveLength(1)
    expect(received[0]).toEqual({
      method: 'POST',
      url: `/2010-04-01/Accounts/${accountSid}/Messages.json`,
      authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
      contentType: 'application/x-www-form-urlencoded',
      form: {
        To: '+85251234567',
        From: '+15005550006',
        Body: 'Tickerwise: 123456 is your verification code.',
      },
    })
  })

  it('sends from a Messaging Service when the sender is an MG… id', async () => {
    const sender = createTwilioSmsSender({
      accountSid,
      authToken,
      from: 'MG0123456789abcdef0123456789abcdef',
      baseUrl,
    })
    await sender.send({ to: '+85251234567', body: 'hello' })
    expect(received[0]?.form).toEqual({
      To: '+85251234567',
      MessagingServiceSid: 'MG0123456789abcdef0123456789abcdef',
      Body: 'hello',
    })
  })

  it('reports Twilio’s error code and status, not its message', async () => {
    mode = 'invalid-number'
    const sender = createTwilioSmsSender({ accountSid, authToken, from: '+15005550006', baseUrl })
    const failure = await sender
      .send({ to: '+85200000000', body: 'Tickerwise: 654321' })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(SmsDeliveryError)
    expect((failure as SmsDeliveryError).detail).toEqual({
      status: 400,
      providerCode: 21211,
      reason: 'refused',
    })
    expect((failure as SmsDeliveryError).message).not.toContain('654321')
  })

  it('reports wrong credentials as refused', async () => {
    const sender = createTwilioSmsSender({ accountSid, authToken: 'wrong', from: '+15005550006', baseUrl })
    await expect(sender.send({ to: '+85251234567', body: 'x' })).rejects.toMatchObject({
      detail: { status: 401, providerCode: 20003 },
    })
  })

  it('gives up on a provider that does not answer', async () => {
    mode = 'hang'
    const sender = createTwilioSmsSender({
      accountSid,
      authToken,
      from: '+15005550006',
      baseUrl,
      timeoutMs: 200,
    })
    await expect(sender.send({ to: '+85251234567', body: 'x' })).rejects.toMatchObject({
      detail: { reason: 'timeout' },
    })
  })

  it('reports an unreachable provider', async () => {
    const sender = createTwilioSmsSender({
      accountSid,
      authToken,
      from: '+15005550006',
      baseUrl: 'http://127.0.0.1:1',
    })
    await expect(sender.send({ to: '+85251234567', body: 'x' })).rejects.toMatchObject({
      detail: { reason: 'unreachable' },
    })
  })
})

describe('logging in with SMS_PROVIDER=twilio', () => {
  it('texts the code through Twilio in the reader’s language, and says so when Twilio refuses', async () => {
    const runtime = await createTestRuntime(
      {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: accountSid,
        TWILIO_AUTH_TOKEN: authToken,
        TWILIO_FROM: '+15005550006',
        TWILIO_BASE_URL: `${baseUrl}/`,
      },
      { clock: createManualClock() },
    )
    try {
      const send = (mobile: string) =>
        runtime.app.inject({
          method: 'POST',
          url: '/api/portal/member/sendCode',
          headers: { ...regionalHeaders('hant'), 'content-type': 'application/json' },
          payload: { country: 'HK', mobile },
        })
      expect((await send('51230001')).statusCode).toBe(200)
      expect(received[0]?.form.To).toBe('+85251230001')
      expect(received[0]?.form.Body).toMatch(/驗證碼為 \d{6}/)
      const code = received[0]?.form.Body?.match(/\d{6}/)?.[0]
      const login = await runtime.app.inject({
        method: 'POST',
        url: '/api/portal/member/login',
        headers: { ...regionalHeaders('hant'), 'content-type': 'application/json' },
        payload: { country: 'HK', mobile: '51230001', code, agreed: true },
      })
      expect(login.statusCode).toBe(200)

      mode = 'invalid-number'
      const refused = await send('51230002')
      expect(refused.statusCode).toBe(503)
      expect(refused.json()).toMatchObject({
        error: 'SMS_SEND_FAILED',
        message: '驗證碼無法發送，請稍後再試。',
      })
    } finally {
      await runtime.close()
    }
  })
})
