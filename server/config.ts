/**
 * Configuration from the environment, validated once at boot: a wrong value stops the process with a message
 * naming the variable. Everything the browser may see is listed explicitly in `toPublicConfig`.
 * Every variable here is documented in `.env.example` and the README.
 */
import path from 'node:path'
import { z } from 'zod'
import { type Market, type Region, regions } from '#contracts/regions.ts'
import { isIsoDate } from './providers/market-data/exchange-calendar.ts'
import { findCompany } from './providers/market-data/universe.ts'

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

/** An unset or empty variable reads as absent. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))

const optionalUrl = optionalText.pipe(z.url().optional())

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** The deployment: `develop` mounts the API at /portal too (spec §7) and allows the embedded adapters. */
  APP_ENV: z.enum(['develop', 'staging', 'production']).default('develop'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Origin of each regional site; `{region}` is replaced by en, hant, hk, kr or jp. */
  SITE_URL_PATTERN: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
  BUILD_POLL_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  CONTACT_PHONE: z.string().default('+852 3000 8000'),
  CONTACT_EMAIL: z.string().default('service@tickerwise.example'),
  CONTACT_WHATSAPP: z.string().default('85230008000'),
  CONTACT_LINE: z.string().default('@tickerwise'),
  CONTACT_KAKAOTALK: z.string().default('tickerwise'),
  CONTACT_TELEGRAM: z.string().default('tickerwise_support'),
  /** Live-chat provider: `none` (contact buttons open the contact dialog) or `tawk`. */
  LIVECHAT_PROVIDER: z.enum(['none', 'tawk']).default('none'),
  LIVECHAT_SCRIPT_URL: optionalUrl,
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
  /** Day and month boundaries of quotas and the daily code limit. */
  LIMITS_TIME_ZONE: z.string().default('UTC'),
  QUOTA_DIAGNOSIS_VISITOR_DAILY: z.coerce.number().int().min(0).default(3),
  QUOTA_DIAGNOSIS_MEMBER_MONTHLY: z.coerce.number().int().min(0).default(5),
  QUOTA_DIAGNOSIS_DAILY: z.coerce.number().int().min(0).default(10),
  QUOTA_CHAT_VISITOR_DAILY: z.coerce.number().int().min(0).default(10),
  QUOTA_CHAT_MEMBER_MONTHLY: z.coerce.number().int().min(0).default(30),
  QUOTA_CHAT_DAILY: z.coerce.number().int().min(0).default(100),
  /** Visitor attempts per month from one network (IPv4 address or IPv6 /64), whatever the device cookie says. */
  QUOTA_VISITOR_NETWORK_DAILY: z.coerce.number().int().min(0).default(20),
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
  /** Stock diagnoses (GET /bizStockScore/getByCode) one client address may request per minute. */
  STOCKS_DIAGNOSIS_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Stock autocomplete requests (GET /bizStockScore/listStockAI) one client address may make per minute. */
  STOCKS_SUGGEST_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(240),
  NEWSLETTER_RATE_PER_10_MINUTES: z.coerce.number().int().min(1).default(10),
  SEARCH_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Run scheduled jobs in this process (one process runs each job at a time, by advisory lock). */
  JOBS_ENABLED: booleanFromEnv.default(true),
  YAHOO_REQUESTS_PER_SECOND: z.coerce.number().positive().max(50).default(2),
  YAHOO_BURST: z.coerce.number().int().min(1).max(50).default(2),
  YAHOO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  YAHOO_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  YAHOO_BASE_URL: optionalUrl,
})

export type Env = z.infer<typeof EnvSchema>

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
  trustProxy: boolean
  buildPollIntervalMs: number
  shutdownTimeoutMs: number
  contact: ContactChannels
  liveChat: { provider: Env['LIVECHAT_PROVIDER']; scriptUrl: string | undefined }
  fontStylesheetUrl: string | undefined
  analyticsScriptUrl: string | undefined
  /** Email and contact sign-ups per client address in 10 minutes. */
  newsletterRatePer10Minutes: number
  /** Keyword searches, and separately search suggestions, per client address and minute. */
  searchRatePerMinute: number
  auth: AuthConfig
  sms: SmsConfig
  /** IANA time zone of quota days and months and of the daily code limit. */
  limitsTimeZone: string
  quotas: QuotaConfig
  marketData: MarketDataSettings
  jobsEnabled: boolean
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

export interface AuthConfig {
  secret: string
  sessionIdleMs: number
  sessionAbsoluteMs: number
  codeDailyLimit: number
  ipLimitPerHour: number
}

export type SmsConfig =
  | { provider: 'console' }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string; baseUrl: string }

/** Limits not fixed by the tiers (spec §6 fixes Base 20, Plus 30, Premium 60 diagnoses a month). */
export interface QuotaConfig {
  diagnosis: { visitorDaily: number; memberMonthly: number; daily: number }
  chat: { visitorDaily: number; memberMonthly: number; daily: number }
  visitorNetworkDaily: number
}

export interface ContactChannels {
  phone: string
  email: string
  whatsapp: string
  line: string
  kakaotalk: string
  telegram: string
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const pattern = e.SITE_URL_PATTERN ?? `http://{region}.localhost:${e.PORT}`
  if (!pattern.includes('{region}')) throw new ConfigError('SITE_URL_PATTERN must contain {region}')
  const siteOrigins = Object.fromEntries(
    regions.map((region) => [region, new URL(pattern.replace('{region}', region)).origin]),
  ) as Record<Region, string>
  const apex = new URL(pattern.replace('{region}.', '')).hostname
  if (e.LIVECHAT_PROVIDER !== 'none' && !e.LIVECHAT_SCRIPT_URL) {
    throw new ConfigError('LIVECHAT_SCRIPT_URL is required when LIVECHAT_PROVIDER is set')
  }
  const auth = authConfigOf(e)
  const sms = smsConfigOf(e)
  const marketData = marketDataConfigOf(e)
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
    trustProxy: e.TRUST_PROXY,
    buildPollIntervalMs: e.BUILD_POLL_INTERVAL_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    contact: {
      phone: e.CONTACT_PHONE,
      email: e.CONTACT_EMAIL,
      whatsapp: e.CONTACT_WHATSAPP,
      line: e.CONTACT_LINE,
      kakaotalk: e.CONTACT_KAKAOTALK,
      telegram: e.CONTACT_TELEGRAM,
    },
    liveChat: { provider: e.LIVECHAT_PROVIDER, scriptUrl: e.LIVECHAT_SCRIPT_URL },
    fontStylesheetUrl: e.FONT_STYLESHEET_URL,
    analyticsScriptUrl: e.ANALYTICS_SCRIPT_URL,
    newsletterRatePer10Minutes: e.NEWSLETTER_RATE_PER_10_MINUTES,
    searchRatePerMinute: e.SEARCH_RATE_PER_MINUTE,
    auth,
    sms,
    limitsTimeZone: e.LIMITS_TIME_ZONE,
    quotas: {
      diagnosis: {
        visitorDaily: e.QUOTA_DIAGNOSIS_VISITOR_DAILY,
        memberMonthly: e.QUOTA_DIAGNOSIS_MEMBER_MONTHLY,
        daily: e.QUOTA_DIAGNOSIS_DAILY,
      },
      chat: {
        visitorDaily: e.QUOTA_CHAT_VISITOR_DAILY,
        memberMonthly: e.QUOTA_CHAT_MEMBER_MONTHLY,
        daily: e.QUOTA_CHAT_DAILY,
      },
      visitorNetworkDaily: e.QUOTA_VISITOR_NETWORK_DAILY,
    },
    marketData,
    jobsEnabled: e.JOBS_ENABLED,
  }
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
  buildPollIntervalMs: number
  contact: ContactChannels
  liveChat: Config['liveChat']
}

export function toPublicConfig(config: Config): PublicConfig {
  return {
    appEnv: config.appEnv,
    apiBase: config.appEnv === 'develop' ? '/portal' : '/api/portal',
    siteOrigins: config.siteOrigins,
    buildPollIntervalMs: config.buildPollIntervalMs,
    contact: config.contact,
    liveChat: config.liveChat,
  }
}
