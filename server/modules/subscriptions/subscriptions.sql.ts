import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from '#server/db/columns.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'

/**
 * Subscriptions, the one source of truth for a member's tier (spec §6): quotas, picks and pages read them, billing
 * and operators write them only through the subscription service. A subscription counts while `status` is active
 * and now is in [startsAt, endsAt). One row is one subscription from its first payment to its end: a renewal moves
 * `endsAt` on, an upgrade changes `tier` in place, and every change is a row of `subscription_changes`.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tier: text({ enum: ['base', 'plus', 'premium'] }).notNull(),
    period: text({ enum: ['month', 'quarter', 'year'] }).notNull(),
    /** When the subscription started (the 7-day refund counts from here); never moved by a renewal. */
    startsAt: timestamp({ withTimezone: true }).notNull(),
    /** The end of the paid period; a renewal moves it on. */
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['active', 'ended', 'refunded'] })
      .notNull()
      .default('active'),
    /** Who wrote the row: `operator` (ops command) or `billing`. */
    source: text({ enum: ['operator', 'billing'] }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    /** The start of the paid period in force (an upgrade prorates over [periodStartsAt, endsAt)). */
    periodStartsAt: timestamp({ withTimezone: true }),
    /** Renews at `endsAt` (paid subscriptions) unless `cancelAtPeriodEnd`; an operator's grant never renews. */
    renews: boolean().notNull().default(false),
    /** The reader cancelled renewal: the plan runs to `endsAt`, then ends. */
    cancelAtPeriodEnd: boolean().notNull().default(false),
    provider: text({ enum: ['demo', 'stripe'] }),
    providerSubscriptionId: text().unique(),
    providerCustomerId: text(),
    /** What the next period costs, in the currency's minor unit (billing only). */
    currency: text({ enum: ['USD', 'HKD', 'TWD', 'JPY', 'KRW'] }),
    priceMinor: integer(),
    /** A downgrade (or another period) that takes effect at the renewal date. */
    scheduledTier: text({ enum: ['base', 'plus', 'premium'] }),
    scheduledPeriod: text({ enum: ['month', 'quarter', 'year'] }),
    /** Set while the no-reason refund is with the provider: one refund, however many clicks. */
    refundStartedAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
    /** The provider's time of the newest subscription snapshot applied: an older one arriving later is ignored. */
    providerSyncedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('subscriptions_member_status_idx').on(table.memberId, table.status),
    index('subscriptions_renewal_idx').on(table.status, table.renews, table.endsAt),
  ],
)

/** What a subscription looks like in its history: the fields a change can move. */
export interface SubscriptionSnapshot {
  tier: string
  period: string
  status: string
  endsAt: string
  cancelAtPeriodEnd: boolean
  scheduledTier: string | null
  scheduledPeriod: string | null
}

/**
 * The history of every subscription: who (`actor`) did what (`kind`) when, and the subscription before and after.
 * Written by the subscription service in the same transaction as the change. Kept when the member deletes their
 * account (member and subscription become null), like the payments it explains.
 */
export const subscriptionChanges = pgTable(
  'subscription_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Insertion order: several changes can share one instant. */
    seq: bigserial({ mode: 'number' }).notNull(),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: 'set null' }),
    memberId: uuid().references(() => members.id, { onDelete: 'set null' }),
    /** `reader` (the member, on the site), `operator` (ops command), `provider` (a provider event), `system` (jobs). */
    actor: text({ enum: ['reader', 'operator', 'provider', 'system'] }).notNull(),
    kind: text({
      enum: [
        'checkout',
        'renewal',
        'upgrade',
        'downgrade_scheduled',
        'scheduled_change_cancelled',
        'cancel_renewal',
        'resume_renewal',
        'refund',
        'provider_update',
        'ended',
        'operator_grant',
        'operator_end',
      ],
    }).notNull(),
    before: jsonb().$type<SubscriptionSnapshot>(),
    after: jsonb().$type<SubscriptionSnapshot>(),
    /** What caused it: a payment id, a provider event id, a checkout id. */
    reference: text(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('subscription_changes_subscription_idx').on(table.subscriptionId, table.at),
    index('subscription_changes_member_idx').on(table.memberId, table.at),
  ],
)
