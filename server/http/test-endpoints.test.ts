import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import { isLoopbackAddress } from './test-endpoints.ts'

const requests = [
  { method: 'GET', url: '/api/portal/dev/sms-outbox?phone=%2B85251000000' },
  { method: 'POST', url: '/api/portal/dev/subscription', payload: '{"tier":"premium"}' },
  { method: 'GET', url: '/api/portal/track/session?subSessionId=session-test-0001' },
] as const

function call(runtime: TestRuntime, request: (typeof requests)[number], extra: Record<string, unknown> = {}) {
  return runtime.app.inject({
    method: request.method,
    url: request.url,
    headers: {
      ...regionalHeaders('en'),
      origin: 'http://en.localhost:3000',
      ...(request.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...('payload' in request ? { payload: request.payload } : {}),
    ...extra,
  })
}

describe('test endpoints on the default configuration', () => {
  let runtime: TestRuntime
  beforeAll(async () => {
    runtime = await createTestRuntime()
  })
  afterAll(() => runtime.close())

  it.each(requests)('$method $url does not exist, even for this machine', async (request) => {
    const response = await call(runtime, request, { remoteAddress: '127.0.0.1' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 404, data: null })
  })
})

describe('test endpoints with TEST_ENDPOINTS=loopback', () => {
  let runtime: TestRuntime
  beforeAll(async () => {
    runtime = await createTestRuntime({ TEST_ENDPOINTS: 'loopback' })
  })
  afterAll(() => runtime.close())

  it.each(requests)('$method $url answers a caller on this machine', async (request) => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const response = await call(runtime, request, { remoteAddress })
      // The grant answers 401 to a visitor: the route exists and ran.
      expect(response.statusCode, remoteAddress).toBe(request.method === 'POST' ? 401 : 200)
    }
  })

  it.each(requests)(
    '$method $url answers 404 to another address, whatever X-Forwarded-For claims',
    async (request) => {
      for (const remoteAddress of ['203.0.113.9', '10.0.0.2', '::ffff:10.0.0.2', '2001:db8::1']) {
        const response = await call(runtime, request, { remoteAddress })
        expect(response.statusCode, remoteAddress).toBe(404)
        expect(response.json()).toMatchObject({ code: 404, data: null })
      }
      const spoofed = await call(runtime, request, {
        remoteAddress: '203.0.113.9',
        headers: { ...regionalHeaders('en'), 'x-forwarded-for': '127.0.0.1' },
      })
      expect(spoofed.statusCode).toBe(404)
    },
  )

  it('answers 404 to a request relayed by a proxy on this machine', async () => {
    const [outbox] = requests
    const viaProxy = await call(runtime, outbox, {
      remoteAddress: '127.0.0.1',
      headers: { ...regionalHeaders('en'), 'x-forwarded-for': '198.51.100.4' },
    })
    expect(viaProxy.statusCode).toBe(404)
  })
})

describe('isLoopbackAddress', () => {
  it('knows this machine from others', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) {
      expect(isLoopbackAddress(address), address).toBe(true)
    }
    for (const address of [
      '10.0.0.1',
      '::ffff:10.0.0.1',
      '::',
      '0.0.0.0',
      '128.0.0.1',
      'localhost',
      '',
      undefined,
    ]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false)
    }
  })
})
