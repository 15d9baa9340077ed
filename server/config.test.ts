import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError } from './config/config-error.ts'
import { configVariableNames, loadConfig, toPublicConfig } from './config.ts'

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
    expect(defaults.pageCache).toEqual({ ttlSeconds: 30, staleSeconds: 60, maxBytes: 64 * 1024 * 1024 })
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

describe('test endpoints', () => {
  const production = {
    APP_ENV: 'production',
    AUTH_SECRET: 'x'.repeat(40),
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM: '+15005550006',
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

describe('TRUST_PROXY', () => {
  it('believes no proxy unless told', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false)
  })

  it('reads a whole number as the proxies in front (1 = one load balancer)', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 })
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 })
  })

  it('reads a comma-separated list of proxy addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8,loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback'],
    })
  })

  it('refuses true at boot in one line, naming the variable and what to set instead', () => {
    for (const value of ['true', 'TRUE', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError)
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /^TRUST_PROXY=true believes whatever X-Forwarded-For the client sends; set TRUST_PROXY to the number of proxies [^\n]*addresses[^\n]*$/,
      )
    }
  })

  it('refuses anything that is not an address, naming it', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,proxy.internal' })).toThrow(
      /^TRUST_PROXY: proxy\.internal is not/,
    )
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: '1.5' })).toThrow(/TRUST_PROXY/)
  })
})

describe('connection limits and load shedding', () => {
  it('defaults to limits that close slow clients and shed nothing in normal use', () => {
    const config = loadConfig({})
    expect(config.httpLimits).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 65_000,
      idleTimeoutMs: 60_000,
      maxConnectionsPerAddress: 50,
    })
    expect(config.loadShedding).toEqual({
      pageConcurrency: 1,
      pageQueue: 32,
      pageQueueTimeoutMs: 10_000,
      pageMaxLagMs: 1_000,
      apiMaxLagMs: 0,
      retryAfterSeconds: 10,
    })
  })

  it('refuses a headers timeout longer than the whole-request timeout, unless that one is off', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/)
    expect(
      loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '40000', HTTP_REQUEST_TIMEOUT_MS: '0' }).httpLimits,
    ).toMatchObject({
      headersTimeoutMs: 40_000,
      requestTimeoutMs: 0,
    })
  })
})

describe('file storage', () => {
  const s3 = { FILE_STORAGE: 's3', S3_BUCKET: 'tickerwise-uploads' }

  it('keeps files under DATA_DIR unless told otherwise', () => {
    expect(loadConfig({}).fileStorage).toEqual({ kind: 'local' })
    expect(loadConfig({ FILE_STORAGE: 'local', S3_BUCKET: 'ignored' }).fileStorage).toEqual({ kind: 'local' })
  })

  it('reads the S3 settings, leaving credentials to the SDK when no key pair is set', () => {
    expect(loadConfig(s3).fileStorage).toEqual({
      kind: 's3',
      bucket: 'tickerwise-uploads',
      region: 'us-east-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    })
    expect(
      loadConfig({
        ...s3,
        S3_REGION: 'auto',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).fileStorage,
    ).toEqual({
      kind: 's3',
      bucket: 'tickerwise-uploads',
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
      forcePathStyle: true,
    })
  })

  it('stops at boot naming the S3 setting that is missing or wrong', () => {
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(ConfigError)
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(/^S3_BUCKET is required when FILE_STORAGE=s3$/)
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /^S3_SECRET_ACCESS_KEY is required when S3_ACCESS_KEY_ID is set; set both, or neither/,
    )
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      /^S3_ACCESS_KEY_ID is required when S3_SECRET_ACCESS_KEY is set/,
    )
    expect(() => loadConfig({ FILE_STORAGE: 'gcs' })).toThrow(/FILE_STORAGE/)
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/)
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://minio:9000' })).toThrow(
      /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/,
    )
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/)
  })

  it('never shows the browser the storage settings', () => {
    const visible = JSON.stringify(
      toPublicConfig(loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 'storage-secret' })),
    )
    expect(visible).not.toContain('storage-secret')
    expect(visible).not.toContain('tickerwise-uploads')
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
    // BUILD_DIR is read by the build and server/main.ts before the configuration loads.
    const readBeforeConfig = ['BUILD_DIR']
    const unknown = Object.keys(exampleValues).filter(
      (name) => !configVariableNames.includes(name as never) && !readBeforeConfig.includes(name),
    )
    expect(unknown).toEqual([])
    expect(() => loadConfig(exampleValues)).not.toThrow()
  })
})
