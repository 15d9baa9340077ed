import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { createRateLimiter, type RateLimiter } from './rate-limits.service.ts'

async function expectFixedWindowCounting(limiter: RateLimiter) {
  const key = `test:${randomUUID()}`
  const hits = await Promise.all(Array.from({ length: 8 }, () => limiter.hit(key, 60_000)))
  expect(hits.map((h) => h.hits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
  for (const hit of hits) {
    expect(hit.ttlMs).toBeGreaterThan(50_000)
    expect(hit.ttlMs).toBeLessThanOrEqual(60_000)
  }
  const other = await limiter.hit(`${key}:other`, 60_000)
  expect(other.hits).toBe(1)
}

/** A key counted in a 1-hour window must not lend its count, nor its hour, to a 1-minute limit (and back). */
async function expectOneCounterPerWindow(limiter: RateLimiter) {
  const key = `test:${randomUUID()}`
  for (let i = 0; i < 3; i++) await limiter.hit(key, 3_600_000)
  const minute = await limiter.hit(key, 60_000)
  expect(minute.hits).toBe(1)
  expect(minute.ttlMs).toBeLessThanOrEqual(60_000)
  const hour = await limiter.hit(key, 3_600_000)
  expect(hour.hits).toBe(4)
  expect(hour.ttlMs).toBeGreaterThan(60_000)
  expect(hour.ttlMs).toBeLessThanOrEqual(3_600_000)
}

describe('rate limiter on the database', () => {
  let runtime: TestRuntime
  beforeAll(async () => {
    runtime = await createTestRuntime()
  })
  afterAll(() => runtime.close())

  it('counts concurrent hits exactly, per key', async () => {
    await expectFixedWindowCounting(runtime.services.rateLimiter)
  })

  it('keeps one counter per window, so a long window never bleeds into a short one', async () => {
    await expectOneCounterPerWindow(runtime.services.rateLimiter)
  })

  it('starts a new window when the last one has ended', async () => {
    const key = `test:${randomUUID()}`
    await runtime.services.rateLimiter.hit(key, 50)
    await runtime.services.rateLimiter.hit(key, 50)
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect((await runtime.services.rateLimiter.hit(key, 50)).hits).toBe(1)
  })
})

describe.runIf(process.env.REDIS_URL)('rate limiter on Redis', () => {
  let redis: Redis
  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL ?? '')
  })
  afterAll(() => redis.quit())

  it('counts concurrent hits exactly, per key', async () => {
    const runtimeless = createRateLimiter({ db: undefined as never, redis })
    await expectFixedWindowCounting(runtimeless)
  })

  it('keeps one counter per window, so a long window never bleeds into a short one', async () => {
    await expectOneCounterPerWindow(createRateLimiter({ db: undefined as never, redis }))
  })

  it('starts a new window when the last one has ended', async () => {
    const limiter = createRateLimiter({ db: undefined as never, redis })
    const key = `test:${randomUUID()}`
    await limiter.hit(key, 50)
    await limiter.hit(key, 50)
    await new Promise((resolve) => setTimeout(resolve, 120))
    expect((await limiter.hit(key, 50)).hits).toBe(1)
  })
})
