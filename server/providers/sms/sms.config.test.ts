import { describe, expect, it } from 'vitest'
import { ConfigError } from '#server/config/config-error.ts'
import { loadConfig } from '#server/config.ts'

const secret = { AUTH_SECRET: 'a-production-secret-of-at-least-32-characters' }
const twilio = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC1',
  TWILIO_AUTH_TOKEN: 't',
  TWILIO_FROM: '+15005550006',
  MAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtp://127.0.0.1:2525',
}

describe('SMS configuration', () => {
  it('refuses the console SMS adapter in production, naming the way out', () => {
    expect(() => loadConfig({ APP_ENV: 'production', ...secret })).toThrow(ConfigError)
    expect(() => loadConfig({ APP_ENV: 'production', ...secret, SMS_PROVIDER: 'console' })).toThrow(
      /SMS_PROVIDER=console .* refused when APP_ENV=production/,
    )
    expect(loadConfig({ APP_ENV: 'production', ...secret, ...twilio }).sms.provider).toBe('twilio')
  })

  it('allows the console SMS adapter in develop and staging', () => {
    expect(loadConfig({ APP_ENV: 'develop' }).sms).toEqual({ provider: 'console' })
    expect(loadConfig({ APP_ENV: 'staging', ...secret }).sms).toEqual({ provider: 'console' })
  })

  it('needs every Twilio setting for the Twilio adapter', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      /TWILIO_AUTH_TOKEN, TWILIO_FROM/,
    )
    expect(loadConfig({ ...twilio, TWILIO_BASE_URL: 'http://127.0.0.1:9999/' }).sms).toMatchObject({
      baseUrl: 'http://127.0.0.1:9999',
    })
  })
})
