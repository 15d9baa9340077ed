import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** One row per mobile number (E.164); created at the number's first successful login (spec §6). */
export const members = pgTable('members', {
  id: uuid().primaryKey().defaultRandom(),
  phone: text().notNull().unique(),
  displayName: text(),
  /** Language of the site the member registered on; SMS texts use the language of each request. */
  locale: text().notNull(),
  registeredAt: timestamp({ withTimezone: true }).notNull(),
  lastLoginAt: timestamp({ withTimezone: true }).notNull(),
})

/**
 * Login sessions. Only a SHA-256 of the opaque token is stored; a row ends at `expiresAt` (absolute) or when
 * unused for the idle time (`lastSeenAt`), and is deleted at logout.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_member_idx').on(table.memberId)],
)

/**
 * SMS login codes: an HMAC of the code (never the code), bound to the number, single use, with its wrong tries.
 * Rows stay two days so the per-number send limits can count them, then are deleted.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    phone: text().notNull(),
    codeHash: text().notNull(),
    /** Calendar day of sending in LIMITS_TIME_ZONE, for the daily limit. */
    sentDay: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    wrongAttempts: integer().notNull().default(0),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('login_codes_phone_created_idx').on(table.phone, table.createdAt)],
)

/** Development only (SMS_PROVIDER=console): the messages that would have been sent, read by tests. */
export const devSmsOutbox = pgTable(
  'dev_sms_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    phone: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_sms_outbox_phone_idx').on(table.phone, table.createdAt)],
)
