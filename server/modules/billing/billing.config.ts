/**
 * The billing module's slice of the configuration: the payments adapter (its variables and checks are the
 * adapter's: server/providers/payments/payments.config.ts), whether checkout is open, and the tax wording under
 * prices. Decides that the demo checkout is closed when APP_ENV=production unless PAYMENTS_DEMO_IN_PRODUCTION says a
 * public demo site wants it: anyone could take a plan with one click on the demo page.
 */

import type { AppEnv } from '#contracts/public-config.ts'
import type { Locale } from '#contracts/regions.ts'
import { booleanFromEnv, type EnvOf, optionalText } from '#server/config/env-values.ts'
import {
  type PaymentsAdapterConfig,
  paymentsAdapterConfigOf,
  paymentsEnv,
} from '#server/providers/payments/payments.config.ts'

export const billingEnv = {
  ...paymentsEnv,
  PAYMENTS_DEMO_IN_PRODUCTION: booleanFromEnv.default(false),
  /** Tax wording under prices and at checkout, per language; unset shows none. */
  BILLING_TAX_NOTE_EN: optionalText,
  BILLING_TAX_NOTE_ZH: optionalText,
}

/** The slice the payments and billing variables fill in `Config`. */
export interface BillingSlice {
  /** The payments adapter and the wording around prices (server/providers/payments/payments-provider-factory.ts). */
  payments: PaymentsConfig
}

/** PAYMENTS_PROVIDER, its STRIPE_* settings, and the BILLING_TAX_NOTE_* wording. */
export type PaymentsConfig = PaymentsAdapterConfig & {
  /** False for the demo provider in production (unless allowed): prices show, checkout answers 503. */
  checkoutOpen: boolean
  taxNote: Record<Locale, string | null>
}

export function billingConfigOf(e: EnvOf<typeof billingEnv> & { APP_ENV: AppEnv }): BillingSlice {
  const taxNote = { en: e.BILLING_TAX_NOTE_EN ?? null, 'zh-Hant': e.BILLING_TAX_NOTE_ZH ?? null }
  const adapter = paymentsAdapterConfigOf(e)
  const checkoutOpen =
    adapter.provider === 'stripe' || e.APP_ENV !== 'production' || e.PAYMENTS_DEMO_IN_PRODUCTION
  return { payments: { ...adapter, checkoutOpen, taxNote } }
}
