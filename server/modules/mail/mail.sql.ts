import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '#server/db/columns.ts'

/**
 * Outgoing mail, one row per message, rendered when queued. `idempotency_key` is unique: queuing the same message
 * twice keeps the first. States: pending → sending (claimed until `lease_until`) → sent | failed | suppressed;
 * a failed attempt goes back to pending with a later `next_attempt_at`.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid().primaryKey(),
    idempotencyKey: text().notNull().unique(),
    /** The message's template (newsletter-confirmation, newsletter-welcome, …). */
    kind: text().notNull(),
    /** The list a non-transactional message belongs to (one-click unsubscribe leaves it); null for transactional. */
    list: text(),
    toAddress: text().notNull(),
    locale: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    leaseUntil: timestamp({ withTimezone: true }),
    /** Why the last attempt failed (a reason and an SMTP code, never an address). */
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('mail_queue_due_idx').on(table.status, table.nextAttemptAt),
    // Retention walks the queue by age.
    index('mail_queue_created_idx').on(table.createdAt),
  ],
)

/** What the outbox adapter kept: each message as it would have left, one row per Message-ID. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    messageId: text().notNull().unique(),
    fromAddress: text().notNull(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('mail_outbox_created_idx').on(table.createdAt)],
)

/**
 * Addresses the sender skips: `list` '*' for every message (a bounce, a complaint), or one list's name for that
 * list's messages (an unsubscribe).
 */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    address: text().notNull(),
    list: text().notNull(),
    /** bounce | complaint | unsubscribe */
    reason: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.address, table.list] })],
)
