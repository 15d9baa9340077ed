/**
 * Adapts the shared RateLimiter to @fastify/rate-limit's store interface, so per-route HTTP limits hold across
 * every process. Each route gets its own key space.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { RateLimiter } from '#server/modules/rate-limits/rate-limits.service.ts'

export function createRateLimitStore(limiter: RateLimiter): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    prefix = 'http'

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      limiter.hit(`${this.prefix}:${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      )
    }

    child(routeOptions: { method?: unknown; path: string; prefix: string }): FastifyRateLimitStore {
      const store = new SharedStore()
      store.prefix = `http:${String(routeOptions.method)}:${routeOptions.prefix}${routeOptions.path}`
      return store
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor
}
