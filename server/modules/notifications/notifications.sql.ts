import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { NotificationChannel, NotificationKind } from '#contracts/alert-rules.ts'
import type { Market } from '#contracts/regions.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'

/**
 * The notification centre (issue 26, ADR 0041): what a member was told, newest first. `deliveryKey` is unique: the
 * event's key, so delivering the same event again (a second worker, a restart) adds nothing.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    deliveryKey: text().notNull(),
    kind: text().$type<NotificationKind>().notNull(),
    market: text().$type<Market>(),
    code: text(),
    details: jsonb().$type<Record<string, string | number | null>>().notNull(),
    link: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    readAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_delivery_key_idx').on(table.deliveryKey),
    index('notifications_member_idx').on(table.memberId, table.createdAt.desc()),
    // Retention walks the notifications by age.
    index('notifications_created_idx').on(table.createdAt),
  ],
)

/** A member's choice for one kind × channel, where it differs from the default (email off, push off). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text().$type<NotificationKind>().notNull(),
    channel: text().$type<NotificationChannel>().notNull(),
    enabled: boolean().notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.kind, table.channel] })],
)
