/**
 * Counting hits per key in fixed windows, shared by every process: in Redis when REDIS_URL is set, otherwise in
 * the database. Used by the HTTP rate limits of abuse-prone endpoints and by services that limit by a business
 * key (a phone number, a device). Decides nothing about limits themselves: callers compare hits with their max.
 */
import type { Redis } from 'ioredis'
import type { Db } from '#server/db/database.ts'
import { deleteExpiredCounters, incrementCounter } from './rate-limits.repo.ts'

export interface RateLimiter {
  hit(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }>
  deleteExpired(): Promise<void>
}

export function createRateLimiter({ db, redis }: { db: Db; redis?: Redis | undefined }): RateLimiter {
  if (redis) {
    return {
      async hit(key, windowMs) {
        const redisKey = `rl:${key}`
        const result = await redis
          .multi()
          .incr(redisKey)
          .pexpire(redisKey, windowMs, 'NX')
          .pttl(redisKey)
          .exec()
        const hits = Number(result?.[0]?.[1] ?? 1)
        const ttl = Number(result?.[2]?.[1] ?? windowMs)
        return { hits, ttlMs: ttl > 0 ? ttl : windowMs }
      },
      async deleteExpired() {
        // Redis expires keys itself.
      },
    }
  }
  return {
    hit: (key, windowMs) => incrementCounter(db, key, windowMs),
    deleteExpired: () => deleteExpiredCounters(db),
  }
}
