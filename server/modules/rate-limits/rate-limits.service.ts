/**
 * Counting hits per key in fixed windows, shared by every process: in Redis when REDIS_URL is set, otherwise in
 * the database. Used by the HTTP rate limits of abuse-prone endpoints and by services that limit by a business
 * key (a phone number, a device). Decides nothing about limits themselves: callers compare hits with their max.
 */
import type { Redis } from 'ioredis'
import type { Db } from '#server/db/database.ts'
import { deleteExpiredCounters, incrementCounter } from './rate-limits.repo.ts'

export interface RateLimiter {
  /** Counts one hit for `key` in a fixed window of `windowMs`; answers the hits so far and the time left. */
  hit(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }>
  deleteExpired(): Promise<void>
}

/** One counter per key *and* window: a counter opened with one window is never extended, nor read, with another
 * (two limits that happen to share a key, say a 1-hour and a 1-minute one, would otherwise mix their windows). */
export function counterKeyOf(key: string, windowMs: number): string {
  return `${key}|${windowMsOf(windowMs)}ms`
}

function windowMsOf(windowMs: number): number {
  return Math.max(1, Math.round(windowMs))
}

export function createRateLimiter({ db, redis }: { db: Db; redis?: Redis | undefined }): RateLimiter {
  if (redis) {
    return {
      async hit(key, requestedWindowMs) {
        const windowMs = windowMsOf(requestedWindowMs)
        const redisKey = `rl:${counterKeyOf(key, windowMs)}`
        // SET NX PX opens the window with its expiry in one step (PEXPIRE NX needs Redis 7 and fails silently
        // inside MULTI before that, leaving a counter that never expires); INCR keeps the expiry.
        const result = await redis
          .multi()
          .set(redisKey, 0, 'PX', windowMs, 'NX')
          .incr(redisKey)
          .pttl(redisKey)
          .exec()
        if (!result) throw new Error('rate limiter: the Redis transaction was aborted')
        const failed = result.find(([error]) => error)
        if (failed?.[0]) throw failed[0]
        const hits = Number(result[1]?.[1])
        let ttlMs = Number(result[2]?.[1])
        if (ttlMs < 0) {
          // A counter without expiry (left by an older release) would block for ever: give it this window.
          await redis.pexpire(redisKey, windowMs)
          ttlMs = windowMs
        }
        return { hits, ttlMs: Math.min(ttlMs, windowMs) }
      },
      async deleteExpired() {
        // Redis expires keys itself.
      },
    }
  }
  return {
    async hit(key, requestedWindowMs) {
      const windowMs = windowMsOf(requestedWindowMs)
      const { hits, ttlMs } = await incrementCounter(db, counterKeyOf(key, windowMs), windowMs)
      return { hits, ttlMs: Math.min(ttlMs, windowMs) }
    },
    deleteExpired: () => deleteExpiredCounters(db),
  }
}
