import { describe, expect, it } from 'vitest'
import { ConfigError } from '#server/config/config-error.ts'
import { loadConfig } from '#server/config.ts'

const production = {
  APP_ENV: 'production',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC1',
  TWILIO_AUTH_TOKEN: 't',
  TWILIO_FROM: '+15005550006',
}

describe('mail configuration', () => {
  it('keeps mail in the outbox by default outside production', () => {
    expect(loadConfig({ APP_ENV: 'develop' }).mail).toMatchObject({ provider: 'outbox' })
  })

  it('refuses the outbox in production unless a demo site allows it, naming the way out', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError)
    expect(() => loadConfig(production)).toThrow(/MAIL_PROVIDER=outbox .* refused when APP_ENV=production/)
    expect(loadConfig({ ...production, MAIL_OUTBOX_IN_PRODUCTION: 'true' }).mail.provider).toBe('outbox')
    expect(
      loadConfig({ ...production, MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtps://u:p@smtp.example.com:465' }).mail,
    ).toMatchObject({ provider: 'smtp', url: 'smtps://u:p@smtp.example.com:465' })
  })

  it('builds the SMTP server from its parts, and needs a server', () => {
    expect(() => loadConfig({ MAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_URL or SMTP_HOST/)
    expect(
      loadConfig({
        MAIL_PROVIDER: 'smtp',
        SMTP_HOST: 'smtp.example.com',
        SMTP_PORT: '2525',
        SMTP_USER: 'apikey',
        SMTP_PASS: 'p@ss:word',
      }).mail,
    ).toMatchObject({ provider: 'smtp', url: 'smtp://apikey:p%40ss%3Aword@smtp.example.com:2525' })
    expect(() => loadConfig({ MAIL_PROVIDER: 'smtp', SMTP_URL: 'http://example.com' })).toThrow(/smtp:\/\//)
  })
})
