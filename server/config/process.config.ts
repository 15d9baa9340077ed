/**
 * The process's own settings, which belong to no module: the deployment, where it listens and under which
 * origins, its data folder and database, logging, shutdown, workers, jobs and the test endpoints. Decides the
 * regional origins from SITE_URL_PATTERN and refuses the test endpoints outside develop; the browser's share of
 * these settings is `publicProcessConfigOf`.
 */
import path from 'node:path'
import { z } from 'zod'
import { sharedCookieDomain } from '#contracts/cookie-domains.ts'
import { type AppEnv, appEnvs, type PublicConfig } from '#contracts/public-config.ts'
import { type Region, regions } from '#contracts/regions.ts'
import { ConfigError } from './config-error.ts'
import { booleanFromEnv, type EnvOf, optionalText } from './env-values.ts'

/** PostgreSQL connection strings as node-postgres reads them; anything else would fail later with a raw stack. */
function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== ''
  } catch {
    return false
  }
}

export const processEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** The deployment: `develop` mounts the API at /portal too (spec §7) and allows the embedded adapters. */
  APP_ENV: z.enum(appEnvs).default('develop'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Origin of each regional site; `{region}` is replaced by en, hant, hk, kr or jp. */
  SITE_URL_PATTERN: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.refine(
    (v) => v === undefined || isPostgresUrl(v),
    'must be a postgres:// or postgresql:// URL (postgres://user:password@host:5432/database); unset it to use PGlite in DATA_DIR',
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Where PGlite runs (without DATABASE_URL): `worker`, a thread of its own, so a busy database never freezes the
   * server's event loop; `main`, the server's own thread (one thread and its memory less). ADR 0028.
   */
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  REDIS_URL: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BUILD_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * On SIGTERM, how long the process keeps serving with GET /readyz answering 503 before it stops accepting, so a
   * load balancer takes it out of rotation first (its interval times its unhealthy threshold). 0 = stop at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  /**
   * Worker processes of `npm start` / server/main.ts (node:cluster), on PostgreSQL only: PGlite's data folder
   * belongs to one process, so there it stays 1 and says so at start (server/cluster.ts).
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Run scheduled jobs in this process (one process runs each job at a time, by advisory lock). */
  JOBS_ENABLED: booleanFromEnv.default(true),
  /**
   * `loopback` mounts the test endpoints (SMS outbox, plan grant, tracked events; server/http/test-endpoints.ts),
   * answering only this machine. Refused unless APP_ENV=develop.
   */
  TEST_ENDPOINTS: z.enum(['off', 'loopback']).default('off'),
}

type ProcessEnvValues = EnvOf<typeof processEnv>

/** The slice the deployment's core variables fill in `Config`. */
export interface ProcessSlice {
  nodeEnv: ProcessEnvValues['NODE_ENV']
  appEnv: AppEnv
  isProductionBuild: boolean
  port: number
  host: string
  /** Origin per region, without a trailing slash. */
  siteOrigins: Record<Region, string>
  /** Host names that are not a regional site and redirect to one (the apex and www). */
  apexHostnames: string[]
  isHttps: boolean
  dataDir: string
  databaseUrl: string | undefined
  databasePoolSize: number
  /** PGlite in a worker thread or in the main one (PGLITE_THREAD). */
  pgliteThread: ProcessEnvValues['PGLITE_THREAD']
  redisUrl: string | undefined
  logLevel: ProcessEnvValues['LOG_LEVEL']
  buildPollIntervalMs: number
  shutdownTimeoutMs: number
  /** Serving while /readyz says 503, before stopping (SHUTDOWN_DRAIN_MS). */
  shutdownDrainMs: number
  /** Worker processes asked for (WEB_CONCURRENCY); server/cluster.ts decides how many run. */
  webConcurrency: number
  jobsEnabled: boolean
  /** Test endpoints (login codes, plan grants) mounted for loopback callers, or not at all. */
  testEndpoints: ProcessEnvValues['TEST_ENDPOINTS']
}

export function processConfigOf(e: ProcessEnvValues): ProcessSlice {
  if (e.TEST_ENDPOINTS !== 'off' && e.APP_ENV !== 'develop') {
    throw new ConfigError(
      `TEST_ENDPOINTS=${e.TEST_ENDPOINTS} lets anyone on this machine read login codes and grant plans, and is refused when APP_ENV=${e.APP_ENV}; unset TEST_ENDPOINTS`,
    )
  }
  const pattern = e.SITE_URL_PATTERN ?? `http://{region}.localhost:${e.PORT}`
  if (!pattern.includes('{region}')) throw new ConfigError('SITE_URL_PATTERN must contain {region}')
  const siteOrigins = Object.fromEntries(
    regions.map((region) => [region, new URL(pattern.replace('{region}', region)).origin]),
  ) as Record<Region, string>
  const apex = new URL(pattern.replace('{region}.', '')).hostname
  return {
    nodeEnv: e.NODE_ENV,
    appEnv: e.APP_ENV,
    isProductionBuild: e.NODE_ENV !== 'development',
    port: e.PORT,
    host: e.HOST,
    siteOrigins,
    apexHostnames: [apex, `www.${apex}`],
    isHttps: pattern.startsWith('https:'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteThread: e.PGLITE_THREAD,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    buildPollIntervalMs: e.BUILD_POLL_INTERVAL_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    webConcurrency: e.WEB_CONCURRENCY,
    jobsEnabled: e.JOBS_ENABLED,
    testEndpoints: e.TEST_ENDPOINTS,
  }
}

/** The browser's share: the deployment, where the API is, the sites' origins and cookie domain, deploy polling. */
export function publicProcessConfigOf(
  config: ProcessSlice,
): Pick<PublicConfig, 'appEnv' | 'apiBase' | 'siteOrigins' | 'cookieDomain' | 'buildPollIntervalMs'> {
  return {
    appEnv: config.appEnv,
    apiBase: config.appEnv === 'develop' ? '/portal' : '/api/portal',
    siteOrigins: config.siteOrigins,
    cookieDomain: sharedCookieDomain(config.apexHostnames[0]) ?? null,
    buildPollIntervalMs: config.buildPollIntervalMs,
  }
}
