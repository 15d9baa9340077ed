import { describe, expect, it } from 'vitest'
import { ConfigError } from '#server/config/config-error.ts'
import { loadConfig } from '#server/config.ts'

describe('TRUST_PROXY', () => {
  it('believes no proxy unless told', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false)
  })

  it('reads a whole number as the proxies in front (1 = one load balancer)', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 })
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 })
  })

  it('reads a comma-separated list of proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8,loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback'],
    })
  })

  it('refuses true at boot in one line, naming the variable and what to set instead', () => {
    for (const value of ['true', 'TRUE', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError)
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /^TRUST_PROXY=true believes whatever X-Forwarded-For the client sends; set TRUST_PROXY to the number of proxies [^\n]*addresses[^\n]*$/,
      )
    }
  })

  it('refuses anything that is not an address, naming it', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,proxy.internal' })).toThrow(
      /^TRUST_PROXY: proxy\.internal is not/,
    )
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: '1.5' })).toThrow(/TRUST_PROXY/)
  })
})

describe('connection limits and load shedding', () => {
  it('defaults to limits that close slow clients and shed nothing in normal use', () => {
    const config = loadConfig({})
    expect(config.httpLimits).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 65_000,
      idleTimeoutMs: 60_000,
      maxConnectionsPerAddress: 50,
    })
    expect(config.loadShedding).toEqual({
      pageConcurrency: 1,
      pageQueue: 32,
      pageQueueTimeoutMs: 10_000,
      pageMaxLagMs: 1_000,
      apiMaxLagMs: 0,
      retryAfterSeconds: 10,
    })
  })

  it('refuses a headers timeout longer than the whole-request timeout, unless that one is off', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/)
    expect(
      loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000', HTTP_REQUEST_TIMEOUT_MS: '0' }).httpLimits,
    ).toMatchObject({
      headersTimeoutMs: 40_000,
      requestTimeoutMs: 0,
    })
  })
})
