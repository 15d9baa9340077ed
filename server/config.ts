/**
 * Configuration from the environment, validated once at boot: a wrong value stops the process with a message
 * naming the variable. Everything the browser may see is listed explicitly in `toPublicConfig`.
 * Every variable here is documented in `.env.example` and the README.
 */
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import type { Tier } from '#contracts/billing-rules.ts'
import { sharedCookieDomain } from '#contracts/cookie-domains.ts'
import { type Locale, type Market, type Region, regions } from '#contracts/regions.ts'
import { type QuotaLadder, readQuotaLadder } from './modules/quotas/quota-ladder.ts'
import { isIsoDate } from './providers/market-data/exchange-calendar.ts'
import { findCompany } from './providers/market-data/universe.ts'

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

/** An unset variable reads as absent (empty ones never get here: see `withoutEmptyVariables`). */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))

const optionalUrl = optionalText.pipe(z.url().optional())

/** PostgreSQL connection strings as node-postgres reads them; anything else would fail later with a raw stack. */
function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== ''
  } catch {
    return false
  }
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** The deployment: `develop` mounts the API at /portal too (spec §7) and allows the embedded adapters. */
  APP_ENV: z.enum(['develop', 'staging', 'production']).default('develop'),
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
  REDIS_URL: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Proxies in front of the app whose X-Forwarded-* to believe: `false`, a number of hops, or addresses/CIDRs. */
  TRUST_PROXY: optionalText,
  BUILD_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
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
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /**
   * Worker processes of `npm start` / server/main.ts (node:cluster), on PostgreSQL only: PGlite's data folder
   * belongs to one process, so there it stays 1 and says so at start (server/cluster.ts).
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  CONTACT_PHONE: z.string().default('+852 3000 8000'),
  CONTACT_EMAIL: z.string().default('service@tickerwise.example'),
  CONTACT_WHATSAPP: z.string().default('85230008000'),
  CONTACT_LINE: z.string().default('@tickerwise'),
  CONTACT_KAKAOTALK: z.string().default('tickerwise'),
  CONTACT_TELEGRAM: z.string().default('tickerwise_support'),
  /** Live-chat provider: `none` (contact buttons open the contact dialog) or `tawk`. */
  LIVECHAT_PROVIDER: z.enum(['none', 'tawk']).default('none'),
  LIVECHAT_SCRIPT_URL: optionalUrl,
  /**
   * The AI chat's assistant (server/modules/chat): `offline` (embedded, no model: answers from templates over the same
   * tools) or `openai` (any OpenAI-compatible Chat Completions endpoint: OpenAI, Ollama, vLLM, LM Studio).
   */
  CHAT_PROVIDER: z.enum(['offline', 'openai']).default('offline'),
  CHAT_MODEL_BASE_URL: optionalUrl,
  CHAT_MODEL_API_KEY: optionalText,
  CHAT_MODEL_NAME: optionalText,
  /** Longest wait for the model, per step (a step is one model call between tool calls). */
  CHAT_MODEL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(60_000),
  /** Most model calls one answer may make (tool calls between them). */
  CHAT_MAX_STEPS: z.coerce.number().int().min(1).max(20).default(6),
  /** Questions per client address and minute (the quota counts answers; this stops bursts). */
  CHAT_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Upload requests per client address and minute (the `upload` quota counts files; this stops bursts). */
  CHAT_UPLOAD_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Longest an upload request may take (a 50 MB file on a slow phone); other requests keep HTTP_REQUEST_TIMEOUT_MS. */
  CHAT_UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(10_000).max(3_600_000).default(600_000),
  /** Longest the text of one uploaded file may take to read (worker thread stopped after that). */
  CHAT_FILE_READ_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** Worker threads that read uploaded files (PDF, Office, OCR) at once, per process. */
  CHAT_FILE_READ_WORKERS: z.coerce.number().int().min(1).max(32).default(1),
  FONT_STYLESHEET_URL: optionalUrl,
  ANALYTICS_SCRIPT_URL: optionalUrl,
  /** Keys the login-code hashes (HMAC-SHA-256) and visitor keys; at least 32 characters outside develop. */
  AUTH_SECRET: optionalText,
  SESSION_IDLE_DAYS: z.coerce.number().positive().max(365).default(7),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().max(365).default(30),
  /** Login codes one mobile number may receive per calendar day (LIMITS_TIME_ZONE). */
  LOGIN_CODE_DAILY_LIMIT: z.coerce.number().int().min(1).max(100).default(10),
  /** Requests one IP address may make per hour to each of the code and login endpoints. */
  LOGIN_IP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** SMS adapter: `console` (log + development outbox; refused in production) or `twilio`. */
  SMS_PROVIDER: z.enum(['console', 'twilio']).default('console'),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  /** Sender: a Twilio phone number in E.164, or a Messaging Service SID (MG…). */
  TWILIO_FROM: optionalText,
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  /**
   * Payments (server/providers/payments): `demo` (our own checkout page, labelled DEMO; no money moves; checkout is
   * closed when APP_ENV=production unless PAYMENTS_DEMO_IN_PRODUCTION=true) or `stripe`.
   */
  PAYMENTS_PROVIDER: z.enum(['demo', 'stripe']).default('demo'),
  PAYMENTS_DEMO_IN_PRODUCTION: booleanFromEnv.default(false),
  STRIPE_SECRET_KEY: optionalText,
  /** The webhook endpoint's signing secret (whsec_…): /api/portal/billing/webhooks/stripe. */
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  /** Tax wording under prices and at checkout, per language; unset shows none. */
  BILLING_TAX_NOTE_EN: optionalText,
  BILLING_TAX_NOTE_ZH: optionalText,
  /**
   * Where uploaded files are kept (server/providers/file-storage): `local` (DATA_DIR/files; one machine) or `s3` (AWS
   * S3 or an S3-compatible service such as MinIO or Cloudflare R2).
   */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Origin of an S3-compatible service (http://127.0.0.1:9000 for MinIO); unset for AWS S3. */
  S3_ENDPOINT: optionalUrl.refine(
    (v) => v === undefined || /^https?:\/\//i.test(v),
    'must be an http:// or https:// URL',
  ),
  /** Both or neither: without them the AWS SDK's default credential chain (environment, profile, role) is used. */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Address the bucket in the path (endpoint/bucket/key), as MinIO and most self-hosted services need. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  /** Day and month boundaries of quotas and the daily code limit. */
  LIMITS_TIME_ZONE: z.string().default('UTC'),
  /**
   * The allowance ladder (server/modules/quotas/quota-ladder.ts: defaults, and the order checked at boot): uses a
   * day and a month per rung, comma-separated for visitor,member,base,plus,premium. Diagnoses a month list visitor
   * and member only: the plans' 20, 30 and 60 are fixed (spec §6).
   */
  QUOTA_DIAGNOSIS_PER_DAY: optionalText,
  QUOTA_DIAGNOSIS_PER_MONTH: optionalText,
  QUOTA_CHAT_PER_DAY: optionalText,
  QUOTA_CHAT_PER_MONTH: optionalText,
  QUOTA_UPLOAD_PER_DAY: optionalText,
  QUOTA_UPLOAD_PER_MONTH: optionalText,
  /**
   * Visitors' daily allowances that one network (IPv4 address or IPv6 /64) may use a day, across devices, so that
   * clearing cookies does not refill them; large, since a mobile carrier puts many phones behind one IPv4 address.
   */
  QUOTA_VISITORS_PER_NETWORK: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Market data (docs/market-data.md): `demo` (synthetic, labelled DEMO), `yahoo` or `csv` (imported files). */
  MARKET_DATA_PROVIDER: z.enum(['demo', 'yahoo', 'csv']).default('demo'),
  MARKET_DATA_DEMO_SEED: z.string().trim().min(1).default('tickerwise'),
  /** Freeze demo history at this date (YYYY-MM-DD); unset follows the clock. */
  MARKET_DATA_DEMO_END_DATE: optionalText.refine(
    (v) => v === undefined || isIsoDate(v),
    'must be YYYY-MM-DD',
  ),
  /** Years of daily bars kept per company (the engine reads about five). */
  MARKET_DATA_HISTORY_YEARS: z.coerce.number().int().min(2).max(20).default(6),
  /** Only these companies get data (`us:AAPL,hk:0700`, e.g. a small test database); unset: the whole universe. */
  MARKET_DATA_COMPANIES: optionalText,
  /** Minutes after an exchange's regular close before its refresh runs (providers publish with a delay). */
  MARKET_DATA_REFRESH_DELAY_MINUTES: z.coerce.number().int().min(0).max(720).default(30),
  /** Months of monthly picks generated from stored history on a fresh database (later months are added as they come). */
  STOCKS_PICKS_MONTHS: z.coerce.number().int().min(1).max(36).default(6),
  /** Questions to an analyst (expert diagnosis) a subscriber may ask per month in the firm's time zone, by tier. */
  EXPERT_QUESTIONS_BASE: z.coerce.number().int().min(0).max(1000).default(1),
  EXPERT_QUESTIONS_PLUS: z.coerce.number().int().min(0).max(1000).default(3),
  EXPERT_QUESTIONS_PREMIUM: z.coerce.number().int().min(0).max(1000).default(10),
  /** Expert questions one member may send per hour, whatever their allowance (a burst guard). */
  EXPERT_QUESTIONS_RATE_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  /** Stock diagnoses (GET /bizStockScore/getByCode) one client address may request per minute. */
  STOCKS_DIAGNOSIS_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Stock autocomplete requests (GET /bizStockScore/listStockAI) one client address may make per minute. */
  STOCKS_SUGGEST_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(240),
  NEWSLETTER_RATE_PER_10_MINUTES: z.coerce.number().int().min(1).default(10),
  SEARCH_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Share images (PNG covers) one client address may have rendered per minute; images already rendered are free. */
  MEDIA_RENDER_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Run scheduled jobs in this process (one process runs each job at a time, by advisory lock). */
  JOBS_ENABLED: booleanFromEnv.default(true),
  /**
   * `loopback` mounts the test endpoints (SMS outbox, plan grant, tracked events; server/http/test-endpoints.ts),
   * answering only this machine. Refused unless APP_ENV=develop.
   */
  TEST_ENDPOINTS: z.enum(['off', 'loopback']).default('off'),
  YAHOO_REQUESTS_PER_SECOND: z.coerce.number().positive().max(50).default(2),
  YAHOO_BURST: z.coerce.number().int().min(1).max(50).default(2),
  YAHOO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  YAHOO_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  YAHOO_BASE_URL: optionalUrl,
})

export type Env = z.infer<typeof EnvSchema>

/** Every variable the configuration reads. */
export const configVariableNames = Object.keys(EnvSchema.shape) as Array<keyof Env>

export interface Config {
  nodeEnv: Env['NODE_ENV']
  appEnv: Env['APP_ENV']
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
  redisUrl: string | undefined
  logLevel: Env['LOG_LEVEL']
  trustProxy: TrustProxy
  buildPollIntervalMs: number
  shutdownTimeoutMs: number
  /** Timeouts and the per-address connection cap (server/http/connection-limits.ts). */
  httpLimits: HttpLimitsConfig
  /** When pages and API calls get a 503 with Retry-After (server/http/load-shedding.ts). */
  loadShedding: LoadSheddingConfig
  /** Whether the server compresses its answers (server/http/compression.ts); off when a proxy or CDN does. */
  compression: boolean
  /** The anonymous-page cache (server/http/page-cache.ts). */
  pageCache: PageCacheConfig
  /** Worker processes asked for (WEB_CONCURRENCY); server/cluster.ts decides how many run. */
  webConcurrency: number
  contact: ContactChannels
  liveChat: { provider: Env['LIVECHAT_PROVIDER']; scriptUrl: string | undefined }
  chat: ChatConfig
  fontStylesheetUrl: string | undefined
  analyticsScriptUrl: string | undefined
  /** Email and contact sign-ups per client address in 10 minutes. */
  newsletterRatePer10Minutes: number
  /** Keyword searches, and separately search suggestions, per client address and minute. */
  searchRatePerMinute: number
  /** Share-image renders per client address and minute (server/modules/articles/article-media.routes.ts). */
  mediaRenderRatePerMinute: number
  auth: AuthConfig
  sms: SmsConfig
  /** The payments adapter and the wording around prices (server/providers/payments/payments-provider-factory.ts). */
  payments: PaymentsConfig
  /** Where uploaded files are kept (server/providers/file-storage/file-storage-factory.ts builds it). */
  fileStorage: FileStorageConfig
  /** IANA time zone of quota days and months and of the daily code limit. */
  limitsTimeZone: string
  quotas: QuotaConfig
  marketData: MarketDataSettings
  /** Expert diagnosis (issue 15): questions per month by tier, and a per-hour burst guard per member. */
  expert: { questionsPerMonth: Record<Tier, number>; ratePerHour: number }
  jobsEnabled: boolean
  /** Test endpoints (login codes, plan grants) mounted for loopback callers, or not at all. */
  testEndpoints: Env['TEST_ENDPOINTS']
}

/** Market data: the provider and how much of it the stocks module keeps (docs/market-data.md). */
export interface MarketDataSettings {
  provider: 'demo' | 'yahoo' | 'csv'
  demo: { seed: string; endDate: string | undefined }
  yahoo: {
    requestsPerSecond: number
    burst: number
    timeoutMs: number
    maxRetries: number
    baseUrl: string | undefined
  }
  historyYears: number
  /** The companies that get data; null for the whole universe. */
  companies: Array<{ market: Market; code: string }> | null
  refreshDelayMinutes: number
  picksMonths: number
  /** Per-client-address limits of the diagnosis and the autocomplete, per minute. */
  rateLimits: { diagnosisPerMinute: number; suggestPerMinute: number }
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

export interface AuthConfig {
  secret: string
  sessionIdleMs: number
  sessionAbsoluteMs: number
  codeDailyLimit: number
  ipLimitPerHour: number
}

/** PAYMENTS_PROVIDER, its STRIPE_* settings, and the BILLING_TAX_NOTE_* wording. */
export type PaymentsConfig = (
  | { provider: 'demo' }
  | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiBase: string }
) & {
  /** False for the demo provider in production (unless allowed): prices show, checkout answers 503. */
  checkoutOpen: boolean
  taxNote: Record<Locale, string | null>
}

export type SmsConfig =
  | { provider: 'console' }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; baseUrl: string }

/** FILE_STORAGE and its S3_* settings. */
export type FileStorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3'
      bucket: string
      region: string
      /** Origin of an S3-compatible service; undefined for AWS S3. */
      endpoint: string | undefined
      /** undefined: the AWS SDK's default credential chain. */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined
      forcePathStyle: boolean
    }

export interface QuotaConfig {
  /** Uses a day and a month per rung (visitor, member, Base, Plus, Premium), ordered. */
  ladder: QuotaLadder
  /** A network's daily ceiling on visitors' uses, in visitors' daily allowances. */
  visitorsPerNetwork: number
}

export interface ChatConfig {
  provider: Env['CHAT_PROVIDER']
  /** The OpenAI-compatible endpoint; set when provider is `openai`. */
  model: { baseUrl: string; apiKey: string | undefined; name: string } | null
  timeoutMs: number
  maxSteps: number
  questionsPerMinute: number
  files: {
    uploadsPerMinute: number
    uploadTimeoutMs: number
    readTimeoutMs: number
    readWorkers: number
  }
}

export interface ContactChannels {
  phone: string
  email: string
  whatsapp: string
  line: string
  kakaotalk: string
  telegram: string
}

/**
 * A setting the process cannot start with: a wrong variable, or a configured folder or database that cannot be
 * used. The entries (main.ts, ops.ts) print its message alone, one line that names the variable or folder and says
 * what to do, and exit 1.
 */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** An empty (or blank) variable means unset, so it takes its default: `PORT=` is port 3000, not port 0. */
function withoutEmptyVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => (entry[1] ?? '').trim() !== ''),
  )
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(withoutEmptyVariables(env))
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration: ${issues.join('; ')}`)
  }
  const e = parsed.data
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
  if (e.CHAT_PROVIDER === 'openai' && !(e.CHAT_MODEL_BASE_URL && e.CHAT_MODEL_NAME)) {
    throw new ConfigError('CHAT_MODEL_BASE_URL and CHAT_MODEL_NAME are required when CHAT_PROVIDER=openai')
  }
  if (e.LIVECHAT_PROVIDER !== 'none' && !e.LIVECHAT_SCRIPT_URL) {
    throw new ConfigError('LIVECHAT_SCRIPT_URL is required when LIVECHAT_PROVIDER is set')
  }
  const auth = authConfigOf(e)
  if (e.HTTP_REQUEST_TIMEOUT_MS > 0 && e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS cannot be longer than HTTP_REQUEST_TIMEOUT_MS')
  }
  const sms = smsConfigOf(e)
  const payments = paymentsConfigOf(e)
  const marketData = marketDataConfigOf(e)
  const quotaLadder = quotaLadderOf(env)
  if (!isTimeZone(e.LIMITS_TIME_ZONE))
    throw new ConfigError(`LIMITS_TIME_ZONE: unknown time zone ${e.LIMITS_TIME_ZONE}`)
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
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    buildPollIntervalMs: e.BUILD_POLL_INTERVAL_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
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
    webConcurrency: e.WEB_CONCURRENCY,
    contact: {
      phone: e.CONTACT_PHONE,
      email: e.CONTACT_EMAIL,
      whatsapp: e.CONTACT_WHATSAPP,
      line: e.CONTACT_LINE,
      kakaotalk: e.CONTACT_KAKAOTALK,
      telegram: e.CONTACT_TELEGRAM,
    },
    liveChat: { provider: e.LIVECHAT_PROVIDER, scriptUrl: e.LIVECHAT_SCRIPT_URL },
    chat: chatConfigOf(e),
    fontStylesheetUrl: e.FONT_STYLESHEET_URL,
    analyticsScriptUrl: e.ANALYTICS_SCRIPT_URL,
    newsletterRatePer10Minutes: e.NEWSLETTER_RATE_PER_10_MINUTES,
    searchRatePerMinute: e.SEARCH_RATE_PER_MINUTE,
    mediaRenderRatePerMinute: e.MEDIA_RENDER_RATE_PER_MINUTE,
    auth,
    sms,
    payments,
    fileStorage: fileStorageConfigOf(e),
    limitsTimeZone: e.LIMITS_TIME_ZONE,
    quotas: { ladder: quotaLadder, visitorsPerNetwork: e.QUOTA_VISITORS_PER_NETWORK },
    marketData,
    expert: {
      questionsPerMonth: {
        base: e.EXPERT_QUESTIONS_BASE,
        plus: e.EXPERT_QUESTIONS_PLUS,
        premium: e.EXPERT_QUESTIONS_PREMIUM,
      },
      ratePerHour: e.EXPERT_QUESTIONS_RATE_PER_HOUR,
    },
    jobsEnabled: e.JOBS_ENABLED,
    testEndpoints: e.TEST_ENDPOINTS,
  }
}

/** The allowance ladder; the variables are read as written (blank = unset) to catch replaced ones too. */
function quotaLadderOf(env: NodeJS.ProcessEnv): QuotaLadder {
  const read = readQuotaLadder(env)
  if ('problem' in read) throw new ConfigError(read.problem)
  return read.ladder
}

function marketDataConfigOf(e: Env): MarketDataSettings {
  let companies: MarketDataSettings['companies'] = null
  if (e.MARKET_DATA_COMPANIES) {
    companies = e.MARKET_DATA_COMPANIES.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const [market, code] = entry.split(':')
        const company = market && code ? findCompany(market as Market, code) : undefined
        if (!company) {
          throw new ConfigError(
            `MARKET_DATA_COMPANIES: ${entry} is not market:code of a company in the universe`,
          )
        }
        return { market: company.market, code: company.code }
      })
  }
  return {
    provider: e.MARKET_DATA_PROVIDER,
    demo: { seed: e.MARKET_DATA_DEMO_SEED, endDate: e.MARKET_DATA_DEMO_END_DATE },
    yahoo: {
      requestsPerSecond: e.YAHOO_REQUESTS_PER_SECOND,
      burst: e.YAHOO_BURST,
      timeoutMs: e.YAHOO_TIMEOUT_MS,
      maxRetries: e.YAHOO_MAX_RETRIES,
      baseUrl: e.YAHOO_BASE_URL,
    },
    historyYears: e.MARKET_DATA_HISTORY_YEARS,
    companies,
    refreshDelayMinutes: e.MARKET_DATA_REFRESH_DELAY_MINUTES,
    picksMonths: e.STOCKS_PICKS_MONTHS,
    rateLimits: {
      diagnosisPerMinute: e.STOCKS_DIAGNOSIS_RATE_PER_MINUTE,
      suggestPerMinute: e.STOCKS_SUGGEST_RATE_PER_MINUTE,
    },
  }
}

/** A fixed, public secret keeps development logins working across restarts; it is refused anywhere else. */
const developmentAuthSecret = 'tickerwise-development-secret-not-for-real-use'

function authConfigOf(e: Env): AuthConfig {
  if (e.APP_ENV !== 'develop' && (!e.AUTH_SECRET || e.AUTH_SECRET.length < 32)) {
    throw new ConfigError('AUTH_SECRET must be set to at least 32 characters when APP_ENV is not develop')
  }
  const dayMs = 24 * 60 * 60 * 1000
  if (e.SESSION_IDLE_DAYS > e.SESSION_ABSOLUTE_DAYS) {
    throw new ConfigError('SESSION_IDLE_DAYS cannot be longer than SESSION_ABSOLUTE_DAYS')
  }
  return {
    secret: e.AUTH_SECRET ?? developmentAuthSecret,
    sessionIdleMs: Math.round(e.SESSION_IDLE_DAYS * dayMs),
    sessionAbsoluteMs: Math.round(e.SESSION_ABSOLUTE_DAYS * dayMs),
    codeDailyLimit: e.LOGIN_CODE_DAILY_LIMIT,
    ipLimitPerHour: e.LOGIN_IP_LIMIT_PER_HOUR,
  }
}

function chatConfigOf(e: Env): ChatConfig {
  const model =
    e.CHAT_PROVIDER === 'openai' && e.CHAT_MODEL_BASE_URL && e.CHAT_MODEL_NAME
      ? { baseUrl: e.CHAT_MODEL_BASE_URL, apiKey: e.CHAT_MODEL_API_KEY, name: e.CHAT_MODEL_NAME }
      : null
  return {
    provider: e.CHAT_PROVIDER,
    model,
    timeoutMs: e.CHAT_MODEL_TIMEOUT_MS,
    maxSteps: e.CHAT_MAX_STEPS,
    questionsPerMinute: e.CHAT_RATE_PER_MINUTE,
    files: {
      uploadsPerMinute: e.CHAT_UPLOAD_RATE_PER_MINUTE,
      uploadTimeoutMs: e.CHAT_UPLOAD_TIMEOUT_MS,
      readTimeoutMs: e.CHAT_FILE_READ_TIMEOUT_MS,
      readWorkers: e.CHAT_FILE_READ_WORKERS,
    },
  }
}

function paymentsConfigOf(e: Env): PaymentsConfig {
  const taxNote = { en: e.BILLING_TAX_NOTE_EN ?? null, 'zh-Hant': e.BILLING_TAX_NOTE_ZH ?? null }
  if (e.PAYMENTS_PROVIDER === 'demo') {
    // Anyone could take a plan with one click on the demo page: closed in production unless a demo site says so.
    return {
      provider: 'demo',
      checkoutOpen: e.APP_ENV !== 'production' || e.PAYMENTS_DEMO_IN_PRODUCTION,
      taxNote,
    }
  }
  if (!e.STRIPE_SECRET_KEY || !/^(sk|rk)_/.test(e.STRIPE_SECRET_KEY)) {
    throw new ConfigError(
      'STRIPE_SECRET_KEY must be set to a Stripe secret key (sk_… or rk_…) when PAYMENTS_PROVIDER=stripe',
    )
  }
  if (!e.STRIPE_WEBHOOK_SECRET?.startsWith('whsec_')) {
    throw new ConfigError(
      "STRIPE_WEBHOOK_SECRET must be set to the webhook endpoint's signing secret (whsec_…) when PAYMENTS_PROVIDER=stripe",
    )
  }
  return {
    provider: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiBase: e.STRIPE_API_BASE.replace(/\/+$/, ''),
    checkoutOpen: true,
    taxNote,
  }
}

function smsConfigOf(e: Env): SmsConfig {
  if (e.SMS_PROVIDER === 'console') {
    if (e.APP_ENV === 'production') {
      throw new ConfigError(
        'SMS_PROVIDER=console writes login codes to the log and is refused when APP_ENV=production; set SMS_PROVIDER=twilio',
      )
    }
    return { provider: 'console' }
  }
  const missing = (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter(
    (name) => !e[name],
  )
  if (missing.length > 0) throw new ConfigError(`SMS_PROVIDER=twilio needs ${missing.join(', ')}`)
  return {
    provider: 'twilio',
    accountSid: e.TWILIO_ACCOUNT_SID ?? '',
    authToken: e.TWILIO_AUTH_TOKEN ?? '',
    from: e.TWILIO_FROM ?? '',
    baseUrl: e.TWILIO_BASE_URL.replace(/\/+$/, ''),
  }
}

function fileStorageConfigOf(e: Env): FileStorageConfig {
  if (e.FILE_STORAGE === 'local') return { kind: 'local' }
  if (!e.S3_BUCKET) throw new ConfigError('S3_BUCKET is required when FILE_STORAGE=s3')
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const [missing, given] = e.S3_ACCESS_KEY_ID
      ? ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID']
      : ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']
    throw new ConfigError(
      `${missing} is required when ${given} is set; set both, or neither to use the AWS SDK's default credential chain`,
    )
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
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

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone })
    return true
  } catch {
    return false
  }
}

/** What the browser may know. Anything not listed here stays on the server. */
export interface PublicConfig {
  appEnv: Config['appEnv']
  apiBase: '/portal' | '/api/portal'
  siteOrigins: Record<Region, string>
  /** The regional sites' shared parent domain for cookies; null when they share none (e.g. `*.localhost`). */
  cookieDomain: string | null
  buildPollIntervalMs: number
  contact: ContactChannels
  liveChat: Config['liveChat']
}

export function toPublicConfig(config: Config): PublicConfig {
  return {
    appEnv: config.appEnv,
    apiBase: config.appEnv === 'develop' ? '/portal' : '/api/portal',
    siteOrigins: config.siteOrigins,
    cookieDomain: sharedCookieDomain(config.apexHostnames[0]) ?? null,
    buildPollIntervalMs: config.buildPollIntervalMs,
    contact: config.contact,
    liveChat: config.liveChat,
  }
}
