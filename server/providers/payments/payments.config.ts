/**
 * The payments adapter's slice of the configuration (PAYMENTS_PROVIDER, STRIPE_*): which adapter, and Stripe's
 * keys, checked for their shape at boot. Whether checkout is open and the wording around prices are billing's
 * (server/modules/billing/billing.config.ts, which builds `Config.payments` on this).
 */
import { z } from 'zod'
import { ConfigError } from '#server/config/config-error.ts'
import { type EnvOf, optionalText } from '#server/config/env-values.ts'

export const paymentsEnv = {
  /**
   * Payments (server/providers/payments): `demo` (our own checkout page, labelled DEMO; no money moves; checkout is
   * closed when APP_ENV=production unless PAYMENTS_DEMO_IN_PRODUCTION=true) or `stripe`.
   */
  PAYMENTS_PROVIDER: z.enum(['demo', 'stripe']).default('demo'),
  STRIPE_SECRET_KEY: optionalText,
  /** The webhook endpoint's signing secret (whsec_…): /api/portal/billing/webhooks/stripe. */
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
}

/** The adapter and its settings (payments-provider-factory.ts builds it). */
export type PaymentsAdapterConfig =
  | { provider: 'demo' }
  | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiBase: string }

export function paymentsAdapterConfigOf(e: EnvOf<typeof paymentsEnv>): PaymentsAdapterConfig {
  if (e.PAYMENTS_PROVIDER === 'demo') return { provider: 'demo' }
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
  }
}
