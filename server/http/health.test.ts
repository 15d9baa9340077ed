import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { capturedLog } from '#server/testing/captured-log.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { createHttpServer, loggerOptionsOf } from '../http.ts'
import { readinessChecksOf } from './health.ts'

describe('the load balancer’s questions', () => {
  let runtime: TestRuntime
  beforeAll(async () => {
    runtime = await createTestRuntime({ SEARCH_RATE_PER_MINUTE: '1' })
  })
  afterAll(() => runtime.close())

  it('answers /healthz 200 while the process runs, never to be cached', async () => {
    const response = await runtime.app.inject({ url: '/healthz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('answers /readyz 200 once the database answers and every migration is applied', async () => {
    const response = await runtime.app.inject({ url: '/readyz' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      status: 'ready',
      draining: false,
      checks: { database: 'ok', migrations: 'ok' },
    })
    expect(response.headers['cache-control']).toBe('no-store')
  })

  it('answers under any host, without a reader’s cookie or rate limit, as often as asked', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await runtime.app.inject({
        url: '/readyz',
        headers: { host: '10.0.0.5:3000' },
        remoteAddress: '10.9.9.9',
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['set-cookie']).toBeUndefined()
      expect(response.headers['x-ratelimit-limit']).toBeUndefined()
    }
  })

  it('says Redis failed when a configured Redis does not answer', async () => {
    const checks = readinessChecksOf({
      database: runtime.database,
      redis: { ping: () => Promise.reject(new Error('connection refused')) },
    })
    expect(Object.keys(checks)).toEqual(['database', 'migrations', 'redis'])
    await expect(checks.redis?.()).rejects.toThrow()
    expect(await checks.database?.()).toBe(true)
  })

  it('answers /readyz 503 once draining has started, while /healthz still answers 200', async () => {
    const draining = await createTestRuntime()
    try {
      draining.draining.start()
      const ready = await draining.app.inject({ url: '/readyz' })
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toMatchObject({ status: 'not ready', draining: true })
      expect((await draining.app.inject({ url: '/healthz' })).statusCode).toBe(200)
      // Readers are still served while the balancer takes the process out of rotation.
      expect((await draining.app.inject({ url: '/api/portal' })).statusCode).toBe(200)
    } finally {
      await draining.close()
    }
  })

  it('answers /readyz 503 naming the database when the database is gone', async () => {
    const broken = await createTestRuntime()
    try {
      await broken.database.close()
      const response = await broken.app.inject({ url: '/readyz' })
      expect(response.statusCode).toBe(503)
      expect(response.json()).toMatchObject({ status: 'not ready', checks: { database: 'failed' } })
      expect((await broken.app.inject({ url: '/healthz' })).statusCode).toBe(200)
    } finally {
      await broken.app.close()
    }
  })

  it('writes no info line per health request, while other requests are logged', async () => {
    const log = capturedLog()
    const app = await createHttpServer({
      config: runtime.config,
      services: runtime.services,
      buildId: 'test-build',
      logger: { ...loggerOptionsOf({ ...runtime.config, logLevel: 'info' }), stream: log.stream },
    })
    try {
      await app.inject({ url: '/healthz' })
      await app.inject({ url: '/readyz' })
      expect(log.text()).not.toMatch(/healthz|readyz/)
      await app.inject({ url: '/api/portal' })
      expect(log.text()).toContain('"url":"/api/portal"')
    } finally {
      await app.close()
    }
  })
})
