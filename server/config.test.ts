import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, toPublicConfig } from './config.ts'

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

  it('reads empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ANALYTICS_SCRIPT_URL: '  ' }).databaseUrl).toBeUndefined()
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
