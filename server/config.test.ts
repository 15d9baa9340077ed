import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError } from './config/config-error.ts'
import { processEnv } from './config/process.config.ts'
import { siteEnv } from './config/site.config.ts'
import { configVariableNames, loadConfig, toPublicConfig } from './config.ts'
import { httpEnv } from './http/http.config.ts'
import { retentionEnv } from './jobs/retention.config.ts'
import { accountsEnv } from './modules/accounts/accounts.config.ts'
import { articlesEnv } from './modules/articles/articles.config.ts'
import { billingEnv } from './modules/billing/billing.config.ts'
import { chatEnv } from './modules/chat/chat.config.ts'
import { expertEnv } from './modules/expert/expert.config.ts'
import { newsletterEnv } from './modules/newsletter/newsletter.config.ts'
import { pushEnv } from './modules/push/push.config.ts'
import { quotasEnv } from './modules/quotas/quotas.config.ts'
import { stocksEnv } from './modules/stocks/stocks.config.ts'
import { fileStorageEnv } from './providers/file-storage/file-storage.config.ts'
import { mailEnv } from './providers/mail/mail.config.ts'
import { smsEnv } from './providers/sms/sms.config.ts'

describe('configuration', () => {
  it('runs on the embedded defaults with no environment at all', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.siteOrigins.hant).toBe('http://hant.localhost:3000')
    expect(config.apexHostnames).toEqual(['localhost', 'www.localhost'])
    expect(config.liveChat.provider).toBe('none')
  })

  it('derives every regional origin and the apex from the pattern', () => {
    const config = loadConfig({ SITE_URL_PATTERN: 'https://{region}.tickerwise.com' })
    expect(config.siteOrigins).toEqual({
      en: 'https://en.tickerwise.com',
      hant: 'https://hant.tickerwise.com',
      hk: 'https://hk.tickerwise.com',
      kr: 'https://kr.tickerwise.com',
      jp: 'https://jp.tickerwise.com',
    })
    expect(config.apexHostnames).toEqual(['tickerwise.com', 'www.tickerwise.com'])
    expect(config.isHttps).toBe(true)
  })

  it('stops at boot naming the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadConfig({ SITE_URL_PATTERN: 'https://tickerwise.com' })).toThrow(/\{region\}/)
    expect(() => loadConfig({ LIVECHAT_PROVIDER: 'tawk' })).toThrow(/LIVECHAT_SCRIPT_URL/)
  })

  it('reads compression, the page cache and the worker count, and refuses what they cannot be', () => {
    const defaults = loadConfig({})
    expect(defaults.compression).toBe(true)
    expect(defaults.pageCache).toEqual({ ttlSeconds: 30, staleSeconds: 60, maxBytes: 32 * 1024 * 1024 })
    expect(defaults.webConcurrency).toBe(1)
    const set = loadConfig({
      COMPRESSION: 'off',
      PAGE_CACHE_SECONDS: '0',
      PAGE_CACHE_MAX_MB: '8',
      WEB_CONCURRENCY: '4',
    })
    expect(set.compression).toBe(false)
    expect(set.pageCache.ttlSeconds).toBe(0)
    expect(set.pageCache.maxBytes).toBe(8 * 1024 * 1024)
    expect(set.webConcurrency).toBe(4)
    expect(() => loadConfig({ COMPRESSION: 'gzip' })).toThrow(/COMPRESSION/)
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/)
    expect(() => loadConfig({ PAGE_CACHE_SECONDS: '-1' })).toThrow(/PAGE_CACHE_SECONDS/)
  })

  it('runs PGlite in a thread of its own unless told to keep it in the main one', () => {
    expect(loadConfig({}).pgliteThread).toBe('worker')
    expect(loadConfig({ PGLITE_THREAD: 'main' }).pgliteThread).toBe('main')
    expect(() => loadConfig({ PGLITE_THREAD: 'process' })).toThrow(/PGLITE_THREAD/)
  })

  it('reads empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ANALYTICS_SCRIPT_URL: '  ' }).databaseUrl).toBeUndefined()
  })

  it('gives every empty variable its default (PORT= is port 3000, not a random port)', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000)
    const allEmpty = Object.fromEntries(configVariableNames.map((name) => [name, '']))
    const allBlank = Object.fromEntries(configVariableNames.map((name) => [name, ' ']))
    expect(loadConfig(allEmpty)).toEqual(loadConfig({}))
    expect(loadConfig(allBlank)).toEqual(loadConfig({}))
  })

  it('says what is wrong in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(
      /^Invalid configuration: [^\n]*PORT[^\n]*LOG_LEVEL[^\n]*$/,
    )
  })

  it('accepts only a postgres:// or postgresql:// DATABASE_URL, never printing it', () => {
    for (const url of ['not-a-url', 'mysql://user:secret@db/x', 'postgres://', 'localhost:5432']) {
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(ConfigError)
      expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
        /^Invalid configuration: DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
      )
      expect(() => loadConfig({ DATABASE_URL: url })).not.toThrow(/secret/)
    }
    expect(loadConfig({ DATABASE_URL: 'postgresql://user:pw@db:5432/x' }).databaseUrl).toBe(
      'postgresql://user:pw@db:5432/x',
    )
  })
  it('shows the browser only what it needs, never the database or secrets', () => {
    const visible = JSON.stringify(
      toPublicConfig(loadConfig({ DATABASE_URL: 'postgres://user:secret@db/x' })),
    )
    expect(visible).not.toContain('secret')
    expect(toPublicConfig(loadConfig({ APP_ENV: 'develop' })).apiBase).toBe('/portal')
    expect(toPublicConfig(loadConfig({ APP_ENV: 'staging', AUTH_SECRET: 'x'.repeat(40) })).apiBase).toBe(
      '/api/portal',
    )
  })
})

describe('the slices of the configuration', () => {
  it('read each variable in one slice only, and every slice is composed', () => {
    const slices = [
      processEnv,
      httpEnv,
      siteEnv,
      chatEnv,
      accountsEnv,
      smsEnv,
      mailEnv,
      pushEnv,
      billingEnv,
      fileStorageEnv,
      quotasEnv,
      stocksEnv,
      expertEnv,
      newsletterEnv,
      articlesEnv,
      retentionEnv,
    ]
    const declared = slices.flatMap((slice) => Object.keys(slice))
    const twice = declared.filter((name, index) => declared.indexOf(name) !== index)
    expect(twice).toEqual([])
    expect([...declared].sort()).toEqual([...configVariableNames].sort())
  })
})

describe('test endpoints', () => {
  const production = {
    APP_ENV: 'production',
    AUTH_SECRET: 'x'.repeat(40),
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM: '+15005550006',
    MAIL_PROVIDER: 'smtp',
    SMTP_URL: 'smtp://127.0.0.1:2525',
  }

  it('are off unless asked for', () => {
    expect(loadConfig({}).testEndpoints).toBe('off')
    expect(loadConfig({ TEST_ENDPOINTS: '' }).testEndpoints).toBe('off')
    expect(loadConfig({ TEST_ENDPOINTS: 'loopback' }).testEndpoints).toBe('loopback')
  })

  it('refuse to boot outside develop, in one line naming the variable', () => {
    expect(loadConfig(production).testEndpoints).toBe('off')
    for (const env of [
      { ...production, TEST_ENDPOINTS: 'loopback' },
      { APP_ENV: 'staging', AUTH_SECRET: 'x'.repeat(40), TEST_ENDPOINTS: 'loopback' },
    ]) {
      expect(() => loadConfig(env)).toThrow(ConfigError)
      expect(() => loadConfig(env)).toThrow(
        /^TEST_ENDPOINTS=loopback [^\n]*refused when APP_ENV=(production|staging)/,
      )
    }
  })

  it('take no value but off or loopback', () => {
    expect(() => loadConfig({ TEST_ENDPOINTS: 'true' })).toThrow(/TEST_ENDPOINTS/)
  })
})

describe('documentation of the configuration', () => {
  const root = path.resolve(import.meta.dirname, '..')
  const envExample = readFileSync(path.join(root, '.env.example'), 'utf8')
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
  const exampleValues = Object.fromEntries(
    envExample
      .split('\n')
      .map((line) => /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim()))
      .filter((match) => match !== null)
      .map((match) => [match[1], match[2]]),
  )

  it('lists every variable in .env.example and in the README', () => {
    const notInExample = configVariableNames.filter((name) => !(name in exampleValues))
    const notInReadme = configVariableNames.filter((name) => !readme.includes(`\`${name}\``))
    expect({ notInExample, notInReadme }).toEqual({ notInExample: [], notInReadme: [] })
  })

  it('starts on .env.example as written (no retired or misspelt variable)', () => {
    // BUILD_DIR is read by the build and server/serve.ts before the configuration loads.
    const readBeforeConfig = ['BUILD_DIR']
    const unknown = Object.keys(exampleValues).filter(
      (name) => !configVariableNames.includes(name as never) && !readBeforeConfig.includes(name),
    )
    expect(unknown).toEqual([])
    expect(() => loadConfig(exampleValues)).not.toThrow()
  })
})
