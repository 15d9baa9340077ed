import { describe, expect, it } from 'vitest'
import { ConfigError } from '#server/config/config-error.ts'
import { loadConfig } from '#server/config.ts'

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

describe('payments configuration', () => {
  it('uses the demo provider by default, open everywhere but production', () => {
    expect(loadConfig({}).payments).toEqual({
      provider: 'demo',
      checkoutOpen: true,
      taxNote: { en: null, 'zh-Hant': null },
    })
    expect(loadConfig(production).payments.checkoutOpen).toBe(false)
    expect(loadConfig({ ...production, PAYMENTS_DEMO_IN_PRODUCTION: 'true' }).payments.checkoutOpen).toBe(
      true,
    )
  })

  it('needs a secret key and a webhook signing secret for Stripe, naming the variable', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(ConfigError)
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/)
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'pk_test_public' })).toThrow(
      /STRIPE_SECRET_KEY/,
    )
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    )
    expect(() =>
      loadConfig({
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'secret',
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/)
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'paypal' })).toThrow(/PAYMENTS_PROVIDER/)
    expect(() => loadConfig({ STRIPE_API_BASE: 'not a url' })).toThrow(/STRIPE_API_BASE/)
  })

  it('reads Stripe settings and the tax wording', () => {
    const config = loadConfig({
      ...production,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'rk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_API_BASE: 'http://127.0.0.1:12111/',
      BILLING_TAX_NOTE_EN: 'Prices include VAT.',
      BILLING_TAX_NOTE_ZH: '價格已含稅。',
    })
    expect(config.payments).toEqual({
      provider: 'stripe',
      secretKey: 'rk_live_1',
      webhookSecret: 'whsec_1',
      apiBase: 'http://127.0.0.1:12111',
      checkoutOpen: true,
      taxNote: { en: 'Prices include VAT.', 'zh-Hant': '價格已含稅。' },
    })
  })
})
