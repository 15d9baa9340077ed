import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import { trustProxyOption } from './trust-proxy.ts'

/** What Fastify makes of one request: the client address, protocol and host it will use. */
async function seenBy(trustProxy: string, request: { from: string; headers: Record<string, string> }) {
  const app = Fastify({ trustProxy: trustProxyOption(loadConfig({ TRUST_PROXY: trustProxy }).trustProxy) })
  app.get('/', async (r) => ({ ip: r.ip, protocol: r.protocol, host: r.host }))
  const response = await app.inject({ url: '/', remoteAddress: request.from, headers: request.headers })
  await app.close()
  return response.json() as { ip: string; protocol: string; host: string }
}

const loadBalancer = '10.0.0.5'
const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'en.tickerwise.com' }

describe('which client address the server believes', () => {
  it('ignores X-Forwarded-For entirely when TRUST_PROXY is unset', async () => {
    const seen = await seenBy('', {
      from: '198.51.100.7',
      headers: { 'x-forwarded-for': '1.2.3.4', ...forwarded },
    })
    expect(seen).toEqual({ ip: '198.51.100.7', protocol: 'http', host: 'localhost:80' })
  })

  it('with one hop, takes the address the load balancer appended, whatever the client wrote before it', async () => {
    for (const sent of ['', '1.2.3.4, ', '1.2.3.4, 5.6.7.8, ']) {
      const seen = await seenBy('1', {
        from: loadBalancer,
        headers: { 'x-forwarded-for': `${sent}203.0.113.9`, ...forwarded },
      })
      expect(seen, sent).toEqual({ ip: '203.0.113.9', protocol: 'https', host: 'en.tickerwise.com' })
    }
  })

  it('with a list of proxy addresses, skips only those proxies and believes nothing from anyone else', async () => {
    const trusted = '10.0.0.0/8'
    const viaTwoProxies = await seenBy(trusted, {
      from: loadBalancer,
      headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.9, 10.1.2.3' },
    })
    expect(viaTwoProxies.ip).toBe('203.0.113.9')
    const direct = await seenBy(trusted, {
      from: '198.51.100.7',
      headers: { 'x-forwarded-for': '1.2.3.4', ...forwarded },
    })
    expect(direct).toEqual({ ip: '198.51.100.7', protocol: 'http', host: 'localhost:80' })
  })
})

describe('per-address limits behind one load balancer (TRUST_PROXY=1)', () => {
  let runtime: TestRuntime
  beforeAll(async () => {
    runtime = await createTestRuntime({ TRUST_PROXY: '1', LOGIN_IP_LIMIT_PER_HOUR: '3' })
  })
  afterAll(() => runtime.close())

  let mobileSeed = 0
  function sendCode(forwardedFor: string) {
    mobileSeed += 1
    return runtime.app.inject({
      method: 'POST',
      url: '/api/portal/member/sendCode',
      headers: {
        ...regionalHeaders('en'),
        'content-type': 'application/json',
        'x-forwarded-for': forwardedFor,
      },
      remoteAddress: loadBalancer,
      payload: JSON.stringify({ country: 'HK', mobile: `5240${String(mobileSeed).padStart(4, '0')}` }),
    })
  }

  it('still stops a client that forges a new X-Forwarded-For on every request', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await sendCode(`172.16.0.${i + 1}, 203.0.113.20`)).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
  })

  it('counts each real client the load balancer reports on its own', async () => {
    for (let i = 0; i < 3; i++) expect((await sendCode('203.0.113.30')).statusCode).toBe(200)
    expect((await sendCode('203.0.113.30')).statusCode).toBe(429)
    expect((await sendCode('203.0.113.31')).statusCode).toBe(200)
  })
})
