import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { Locale } from '#contracts/regions.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'

/**
 * A device's push subscription (issue 26, ADR 0044): where the browser's push service takes messages for it
 * (`endpoint`, a capability: whoever knows it may push to the device) and the keys its payloads are encrypted to.
 * One per member and device; deleting the member deletes them.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The keyed hash of the device cookie (the reader's `device.key`): a device's new subscription replaces its old. */
    deviceKey: text().notNull(),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** The language of the site the device subscribed on: its notifications are written in it and open there. */
    locale: text().$type<Locale>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The last subscribe or delivery accepted by the push service: the least recent goes when a member has too many. */
    lastActiveAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('push_subscriptions_member_idx').on(table.memberId, table.lastActiveAt)],
)

/**
 * One message for one device, named by the caller's idempotency key: a second `sendPush` with the same key sends
 * nothing to a device that has it (`sent`) or is being sent it (`sending`, until its claim's lease ends).
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    subscriptionId: uuid()
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    idempotencyKey: text().notNull(),
    state: text().$type<'sending' | 'sent' | 'failed'>().notNull(),
    attempts: integer().notNull(),
    claimedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.idempotencyKey] }),
    index('push_deliveries_claimed_idx').on(table.claimedAt),
  ],
)
