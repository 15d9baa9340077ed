import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Reading events (spec §3, §7), append-only and lean: one row per event, no foreign keys (an event outlives the
 * article it names), no index but time. At volume the table is partitioned by month on `receivedAt` and old
 * partitions are detached or dropped (an operator's step: the module's CONTEXT.md, "Rules").
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint({ mode: 'number' }).generatedByDefaultAsIdentity(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    eventType: text().notNull(),
    subSessionId: text().notNull(),
    /** The `Lang` header of the call: hk, en, jp or kr. */
    lang: text().notNull(),
    pageUrl: text().notNull(),
    pageReferrer: text(),
    pageTitle: text(),
    articleId: bigint({ mode: 'number' }),
    category: text(),
    deviceType: text(),
    osName: text(),
    browser: text(),
    screen: text(),
    sdkVersion: text(),
    dataSource: text(),
    /** Whether the reader was logged in (by X-Token or session cookie); who they are is the accounts module's business. */
    isLoggedIn: boolean().notNull().default(false),
    /** The visit's external referrer and landing path (RefererVal / LandingVal, spec §7). */
    visitReferer: text(),
    visitLanding: text(),
  },
  // BRIN: events arrive in time order, so a block-range index is tiny and enough for "since" scans. Each range is
  // summarised as soon as it fills (autosummarize), not at the next vacuum: until then a range matches every scan,
  // and readers' analytics reads the last minutes' events through it (ADR 0016).
  (table) => [
    index('tracking_events_received_at_idx').using('brin', table.receivedAt).with({ autosummarize: true }),
  ],
)
