import { describe, expect, it } from 'vitest'
import { ConfigError } from '#server/config/config-error.ts'
import { loadConfig } from '#server/config.ts'

describe('accounts configuration', () => {
  it('needs a real AUTH_SECRET outside develop', () => {
    expect(() => loadConfig({ APP_ENV: 'staging' })).toThrow(/AUTH_SECRET/)
    expect(() => loadConfig({ APP_ENV: 'staging', AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/)
    expect(loadConfig({ APP_ENV: 'develop' }).auth.secret.length).toBeGreaterThanOrEqual(32)
  })

  it('reads session lifetimes in days and refuses an idle time longer than the absolute one', () => {
    expect(loadConfig({ SESSION_IDLE_DAYS: '1', SESSION_ABSOLUTE_DAYS: '2' }).auth).toMatchObject({
      sessionIdleMs: 86_400_000,
      sessionAbsoluteMs: 172_800_000,
    })
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '10', SESSION_ABSOLUTE_DAYS: '2' })).toThrow(ConfigError)
  })
})
