/**
 * Adapts the shared RateLimiter to @fastify/rate-limit's store interface, so per-route HTTP limits hold across
 * every process. Each route gets its own key space (method and full URL); the counter's window is the route's own,
 * since the limiter keeps one counter per key and window.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { RateLimiter } from '#server/modules/rate-limits/rate-limits.service.ts'

/** What @fastify/rate-limit really hands `child()`: the merged limit settings, the route under `routeInfo`
 * (its typings claim the route options themselves). */
interface MergedRouteLimit {
  routeInfo?: { method?: string | string[]; url?: string }
}

/** `http:<METHOD>:<url>`; HEAD shares GET's counter (Fastify answers HEAD with the GET handler). */
export function routeKeyOf(routeInfo: MergedRouteLimit['routeInfo']): string {
  const methods = [routeInfo?.method ?? []].flat().map((m) => (m === 'HEAD' ? 'GET' : m))
  if (!routeInfo?.url || methods.length === 0) {
    // A nameless store would pool every caller into one counter: refuse at boot instead.
    throw new Error('rate-limit store: a limit must belong to a route (use config.rateLimit on the route)')
  }
  return `http:${[...new Set(methods)].sort().join(',')}:${routeInfo.url}`
}

export function createRateLimitStore(limiter: RateLimiter): FastifyRateLimitStoreCtor {
  class SharedStore implements FastifyRateLimitStore {
    /** The plugin's root store (global limits, which this site does not use) keeps the bare prefix. */
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

    child(merged: unknown): FastifyRateLimitStore {
      const store = new SharedStore()
      store.prefix = routeKeyOf((merged as MergedRouteLimit).routeInfo)
      return store
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor
}
