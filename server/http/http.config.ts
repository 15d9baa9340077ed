/**
 * The HTTP layer's slice of the configuration: whose X-Forwarded-* to believe (TRUST_PROXY), the connection
 * timeouts and per-address cap (connection-limits.ts), load shedding (load-shedding.ts), compression
 * (compression.ts), the anonymous-page cache (page-cache.ts) and the metrics listener (metrics.ts). Refuses TRUST_PROXY=true and a headers timeout
 * longer than the whole-request one; leaves per-route rate limits to the modules that own the routes.
 */
import { isIP } from 'node:net'
import { z } from 'zod'
import { ConfigError } from '#server/config/config-error.ts'
import { type EnvOf, optionalText } from '#server/config/env-values.ts'

export const httpEnv = {
  /** Proxies in front of the app whose X-Forwarded-* to believe: `false`, a number of hops, or addresses/CIDRs. */
  TRUST_PROXY: optionalText,
  /** Time for a request's headers to arrive (Node's headersTimeout); a silent or trickling client is closed. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  /**
   * Time for a whole request, headers and body, to arrive (0 = no limit). Our bodies are small JSON and forms
   * (1 MiB at most); raise it for a deployment that takes large uploads (a 250 MB upload needs minutes).
   */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * Idle keep-alive connections are closed after this long. Above the idle timeout of the usual load balancers
   * (AWS ALB and nginx 60 s), so the balancer, not the app, closes an idle connection, and never just as it reuses one.
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(65_000),
  /** A connection on which nothing moves either way for this long is closed (0 = never), e.g. a client not reading. */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * Open connections one client address (IPv6: its /64) may hold (0 = no cap); more are refused. Proxies listed in
   * TRUST_PROXY are not capped; with TRUST_PROXY a number of hops, nothing is (every peer is a proxy).
   */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(50),
  /**
   * Server-side page renders at a time; more wait in a queue, and beyond it get a 503 page. Each render is followed
   * by a short cool-down that leaves the event loop to API calls (server/http/load-shedding.ts). One suits renders
   * that use the CPU throughout (PGlite); raise it to 2–4 when pages wait on an external PostgreSQL. 0 = no limit.
   */
  PAGE_RENDER_CONCURRENCY: z.coerce.number().int().min(0).default(1),
  PAGE_RENDER_QUEUE: z.coerce.number().int().min(0).default(32),
  /** Longest wait for a render slot before the 503 page (0 = no limit). */
  PAGE_RENDER_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Sustained event-loop lag (ms) above which new pages get the 503 page (0 = never). */
  LOAD_SHED_PAGE_LAG_MS: z.coerce.number().int().min(0).default(1_000),
  /** Sustained event-loop lag (ms) above which API calls get 503 SERVER_BUSY (0 = never); GET /api/portal never. */
  LOAD_SHED_API_LAG_MS: z.coerce.number().int().min(0).default(0),
  /** Retry-After of every 503 the load shedding answers. */
  LOAD_SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * `on`: the server compresses what it sends (precompressed assets, HTML and JSON on the fly; ADR 0012); `off` for
   * a deployment whose proxy or CDN compresses.
   */
  COMPRESSION: z.enum(['on', 'off']).default('on'),
  /**
   * Seconds an anonymous page stays in each process's page cache and in shared caches (`s-maxage`); 0 turns the
   * page cache off (server/http/page-cache.ts, ADR 0012).
   */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Seconds past that an expired page may still be served while one request renders it anew (stale-while-revalidate). */
  PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Memory of each process's page cache, in MB; the least recently used pages leave first. */
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(32),
  /**
   * Port of the Prometheus metrics listener (server/http/metrics.ts), apart from the site's port so the public
   * never reaches it; 0 = no metrics. With WEB_CONCURRENCY workers the primary answers for all of them (ADR 0027).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  /** Address the metrics listener binds: loopback unless the scraper runs on another machine. */
  METRICS_HOST: z.string().default('127.0.0.1'),
}

/** The slice the HTTP variables fill in `Config`. */
export interface HttpSlice {
  trustProxy: TrustProxy
  /** Timeouts and the per-address connection cap (server/http/connection-limits.ts). */
  httpLimits: HttpLimitsConfig
  /** When pages and API calls get a 503 with Retry-After (server/http/load-shedding.ts). */
  loadShedding: LoadSheddingConfig
  /** Whether the server compresses its answers (server/http/compression.ts); off when a proxy or CDN does. */
  compression: boolean
  /** The anonymous-page cache (server/http/page-cache.ts). */
  pageCache: PageCacheConfig
  /** Where the Prometheus metrics are served; port 0 = nowhere (server/http/metrics.ts). */
  metrics: { port: number; host: string }
}

/**
 * Which proxies' X-Forwarded-For / -Proto / -Host to believe. `hops`: that many proxies append to the header (the
 * client address is the entry the outermost one appended; anything the client sent itself lies further left and is
 * ignored). `addresses`: only a peer at one of these addresses or CIDRs (or `loopback`, `linklocal`,
 * `uniquelocal`) is a proxy; the client is the nearest address that is not one.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] }

export interface HttpLimitsConfig {
  headersTimeoutMs: number
  /** 0 = no limit. */
  requestTimeoutMs: number
  keepAliveTimeoutMs: number
  /** 0 = no limit. */
  idleTimeoutMs: number
  /** Open connections one client address (IPv6: /64) may hold; 0 = no cap. */
  maxConnectionsPerAddress: number
}

export interface LoadSheddingConfig {
  /** Page renders at a time; 0 = no cap. */
  pageConcurrency: number
  /** Page requests that may wait for a render slot. */
  pageQueue: number
  /** Longest wait for a render slot; 0 = no limit. */
  pageQueueTimeoutMs: number
  /** Sustained event-loop lag above which new pages are refused; 0 = never. */
  pageMaxLagMs: number
  /** Sustained event-loop lag above which API calls (except the health call) are refused; 0 = never. */
  apiMaxLagMs: number
  retryAfterSeconds: number
}

export interface PageCacheConfig {
  /** How long a page is served from the cache (and `s-maxage`); 0 = no page cache. */
  ttlSeconds: number
  /** How long past that it may still be served while one request renders it anew (`stale-while-revalidate`). */
  staleSeconds: number
  maxBytes: number
}

export function httpConfigOf(e: EnvOf<typeof httpEnv>): HttpSlice {
  if (e.HTTP_REQUEST_TIMEOUT_MS > 0 && e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS cannot be longer than HTTP_REQUEST_TIMEOUT_MS')
  }
  return {
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    httpLimits: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      maxConnectionsPerAddress: e.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    },
    loadShedding: {
      pageConcurrency: e.PAGE_RENDER_CONCURRENCY,
      pageQueue: e.PAGE_RENDER_QUEUE,
      pageQueueTimeoutMs: e.PAGE_RENDER_QUEUE_TIMEOUT_MS,
      pageMaxLagMs: e.LOAD_SHED_PAGE_LAG_MS,
      apiMaxLagMs: e.LOAD_SHED_API_LAG_MS,
      retryAfterSeconds: e.LOAD_SHED_RETRY_AFTER_SECONDS,
    },
    compression: e.COMPRESSION === 'on',
    pageCache: {
      ttlSeconds: e.PAGE_CACHE_SECONDS,
      staleSeconds: e.PAGE_CACHE_STALE_SECONDS,
      maxBytes: e.PAGE_CACHE_MAX_MB * 1024 * 1024,
    },
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST },
  }
}

const proxyAddressNames = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyAddress(entry: string): boolean {
  if (proxyAddressNames.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

export function trustProxyOf(value: string | undefined): TrustProxy {
  const text = value?.toLowerCase()
  if (text === undefined || text === 'false' || text === 'no' || text === '0') return false
  if (text === 'true' || text === 'yes') {
    throw new ConfigError(
      'TRUST_PROXY=true believes whatever X-Forwarded-For the client sends; set TRUST_PROXY to the number of proxies in front of the app (1 for one load balancer) or to their addresses (e.g. 10.0.0.0/8)',
    )
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    if (hops > 10) throw new ConfigError(`TRUST_PROXY: ${hops} proxies is not a plausible number of hops`)
    return { hops }
  }
  const addresses = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const wrong = addresses.filter((entry) => !isProxyAddress(entry))
  if (addresses.length === 0 || wrong.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY: ${wrong.join(', ') || value} is not false, a number of hops, or a list of proxy addresses/CIDRs`,
    )
  }
  return { addresses }
}
