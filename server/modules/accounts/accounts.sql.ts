import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** One row per mobile number (E.164); created at the number's first successful login (spec §6). */
export const members = pgTable(
  'members',
  {
    id: uuid().primaryKey().defaultRandom(),
    phone: text().notNull().unique(),
    displayName: text(),
    /** Language of the site the member registered on; SMS texts use the language of each request. */
    locale: text().notNull(),
    registeredAt: timestamp({ withTimezone: true }).notNull(),
    lastLoginAt: timestamp({ withTimezone: true }).notNull(),
    /** Where the visit that registered the number came from (RefererVal / LandingVal, spec §7); never updated. */
    signupReferer: text(),
    signupLanding: text(),
  },
  // Readers' analytics counts the sign-ups of the last minutes (ADR 0016).
  (table) => [index('members_registered_idx').on(table.registeredAt)],
)

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
 * Hand-overs (ADR 0010): one-time passes that carry a reader's login and cookie consent to another regional site
 * when the sites share no cookie domain. Only SHA-256 hashes of the pass (`token`) and of the other site's browser
 * state are stored. A row lives 60 seconds, is deleted when redeemed (used or not), and goes with the session it
 * came from (logging out there ends it); `accounts:purge` deletes the expired ones.
 */
export const siteHandovers = pgTable(
  'site_handovers',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    /** The hash of the state cookie the other site set in this browser before the pass was issued. */
    stateHash: text().notNull(),
    /** The only site that may redeem it (e.g. `https://hant.example.com`). */
    targetOrigin: text().notNull(),
    /** The session it came from; null for a visitor who carries only their consent. */
    sessionId: uuid().references(() => sessions.id, { onDelete: 'cascade' }),
    memberId: uuid().references(() => members.id, { onDelete: 'cascade' }),
    /** The reader had accepted cookies (the `privacy` cookie) on the site it came from. */
    hasConsent: boolean().notNull(),
    /**
     * The browser's device id (`tw_device`) on the site it came from, so a visitor's free allowances count as one
     * visitor on both sites (ADR 0026); null when it had none. Lives as long as the pass (60 seconds).
     */
    deviceId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('site_handovers_expires_idx').on(table.expiresAt),
    // Ending a session (logout, expiry) deletes its passes through the foreign key.
    index('site_handovers_session_idx').on(table.sessionId),
  ],
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

/**
 * A member's email address (issue 26), one per member: members log in by phone, and give an address only to receive
 * mail. It is verified by a link whose page's button confirms (`verifiedAt`); changing it starts over with a new
 * `verificationId`, so a link to an earlier address confirms nothing. `locale` and `region` are those of the site
 * the member gave it on: the language of their mail and the site its links lead to. Goes with the member.
 */
export const memberEmails = pgTable(
  'member_emails',
  {
    memberId: uuid()
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    address: text().notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    /** Named in the verification link (with its HMAC); new at every change of address. */
    verificationId: uuid().notNull().unique(),
    /** When the current address was given: its verification link works for a limited time after. */
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    locale: text().notNull(),
    region: text().notNull(),
  },
  (table) => [index('member_emails_address_idx').on(table.address)],
)

/**
 * Verification mails sent, counted per member and per address for the send limits; kept two days (`accounts:purge`).
 * The address is kept as an HMAC, so the limit needs no copy of an address the member may have removed.
 */
export const emailVerificationSends = pgTable(
  'email_verification_sends',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: uuid().references(() => members.id, { onDelete: 'cascade' }),
    addressHash: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('email_verification_sends_member_idx').on(table.memberId, table.sentAt),
    index('email_verification_sends_address_idx').on(table.addressHash, table.sentAt),
  ],
)
