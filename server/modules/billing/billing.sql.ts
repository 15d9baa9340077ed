import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from '#server/db/columns.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'
import { subscriptions } from '#server/modules/subscriptions/subscriptions.sql.ts'

const tierColumn = () => text({ enum: ['base', 'plus', 'premium'] })
const periodColumn = () => text({ enum: ['month', 'quarter', 'year'] })
const currencyColumn = () => text({ enum: ['USD', 'HKD', 'TWD', 'JPY', 'KRW'] })
const providerColumn = () => text({ enum: ['demo', 'stripe'] })

/**
 * The price catalogue: what one period of a tier costs in each currency, in the currency's minor unit. The
 * migration seeds defaults (`isDefault`); operators set real prices with `npm run ops -- prices:set`, and with
 * Stripe the Price object each row is charged as (`stripePriceId`).
 */
export const billingPrices = pgTable(
  'billing_prices',
  {
    tier: tierColumn().notNull(),
    period: periodColumn().notNull(),
    currency: currencyColumn().notNull(),
    amountMinor: integer().notNull(),
    stripePriceId: text(),
    isDefault: boolean().notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tier, table.period, table.currency] }),
    uniqueIndex('billing_prices_stripe_price_idx').on(table.stripePriceId),
  ],
)

/**
 * A reader's attempt to buy a plan: the price shown, the provider's session, and how it ended. `paid` is written
 * once, by the one completion path (a provider event), which also starts the subscription.
 */
export const billingCheckouts = pgTable(
  'billing_checkouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: uuid().references(() => members.id, { onDelete: 'set null' }),
    tier: tierColumn().notNull(),
    period: periodColumn().notNull(),
    currency: currencyColumn().notNull(),
    amountMinor: integer().notNull(),
    provider: providerColumn().notNull(),
    providerCheckoutId: text().unique(),
    status: text({ enum: ['open', 'paid', 'failed', 'expired'] })
      .notNull()
      .default('open'),
    returnPath: text().notNull(),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('billing_checkouts_member_idx').on(table.memberId, table.createdAt)],
)

/**
 * Money received (and paid back): one row per provider payment, unique by its provider id, so a payment reported
 * twice (an API answer and then a webhook, or a retried delivery) is one row. Kept when the member deletes their
 * account (`memberId` becomes null): bookkeeping law requires the records; they hold no contact details.
 */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: uuid().references(() => members.id, { onDelete: 'set null' }),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: 'set null' }),
    checkoutId: uuid().references(() => billingCheckouts.id, { onDelete: 'set null' }),
    kind: text({ enum: ['checkout', 'renewal', 'upgrade'] }).notNull(),
    provider: providerColumn().notNull(),
    /** Stripe: the invoice (`in_…`); demo: `demo_pay_…`. */
    providerPaymentId: text().notNull(),
    /** What a refund is asked against: Stripe's PaymentIntent (`pi_…`) or Charge (`ch_…`). */
    providerChargeRef: text(),
    tier: tierColumn().notNull(),
    period: periodColumn().notNull(),
    currency: currencyColumn().notNull(),
    amountMinor: integer().notNull(),
    refundedMinor: integer().notNull().default(0),
    paidAt: timestamp({ withTimezone: true }).notNull(),
    refundedAt: timestamp({ withTimezone: true }),
    receiptUrl: text(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('billing_payments_provider_payment_idx').on(table.provider, table.providerPaymentId),
    index('billing_payments_member_idx').on(table.memberId, table.paidAt),
    index('billing_payments_subscription_idx').on(table.subscriptionId),
    index('billing_payments_charge_idx').on(table.providerChargeRef),
  ],
)

/**
 * Provider events already handled, by the provider's event id: a retried or duplicated delivery finds its row and
 * changes nothing. Inserted in the transaction that applies the event, so a failure leaves no row and the
 * provider's retry applies it.
 */
export const billingProviderEvents = pgTable(
  'billing_provider_events',
  {
    provider: providerColumn().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    processedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    index('billing_provider_events_processed_idx').on(table.processedAt),
  ],
)
