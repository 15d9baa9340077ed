import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from '#server/db/columns.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'

/**
 * Paid subscriptions, the source of truth for a member's tier (spec §6). Billing writes rows later; operators grant
 * and end them now (server/ops.ts). A subscription counts while `status` is active and now is in [startsAt, endsAt).
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
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['active', 'ended', 'refunded'] })
      .notNull()
      .default('active'),
    /** Who wrote the row: `operator` (ops command) or `billing`. */
    source: text({ enum: ['operator', 'billing'] }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('subscriptions_member_status_idx').on(table.memberId, table.status)],
)
