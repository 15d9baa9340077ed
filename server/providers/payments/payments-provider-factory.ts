/** Picks the payments adapter the configuration names (PAYMENTS_PROVIDER). */

import { createDemoPaymentsProvider } from './demo-payments.ts'
import type { PaymentsAdapterConfig } from './payments.config.ts'
import type { PaymentsProvider } from './payments-provider.ts'
import { createStripePaymentsProvider } from './stripe-payments.ts'
import { createStripeWebhookReader } from './stripe-webhooks.ts'

export function createPaymentsProvider(
  config: PaymentsAdapterConfig,
  { now }: { now: () => Date },
): PaymentsProvider {
  if (config.provider === 'stripe')
    return {
      ...createStripePaymentsProvider({ secretKey: config.secretKey, apiBase: config.apiBase }),
      // Stripe reports by signed webhooks, verified with the endpoint's signing secret (stripe-webhooks.ts).
      readWebhook: createStripeWebhookReader(config.webhookSecret),
    }
  return createDemoPaymentsProvider({ now })
}
