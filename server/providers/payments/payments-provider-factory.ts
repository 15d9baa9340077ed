/** Picks the payments adapter the configuration names (PAYMENTS_PROVIDER). */

import { createDemoPaymentsProvider } from './demo-payments.ts'
import type { PaymentsAdapterConfig } from './payments.config.ts'
import type { PaymentsProvider } from './payments-provider.ts'
import { createStripePaymentsProvider } from './stripe-payments.ts'

export function createPaymentsProvider(
  config: PaymentsAdapterConfig,
  { now }: { now: () => Date },
): PaymentsProvider {
  if (config.provider === 'stripe')
    return createStripePaymentsProvider({ secretKey: config.secretKey, apiBase: config.apiBase })
  return createDemoPaymentsProvider({ now })
}
