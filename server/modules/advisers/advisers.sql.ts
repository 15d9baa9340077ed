import { boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, localizedText, updatedAt } from '#server/db/columns.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'

export type AdviserChannelKind = 'phone' | 'email' | 'whatsapp' | 'line' | 'kakaotalk' | 'telegram' | 'wechat'

export interface AdviserChannel {
  kind: AdviserChannelKind
  value: string
}

/**
 * The firm's one-to-one advisers (issue 15, Premium): who they are and how a reader reaches them. Support keeps
 * the list in the console; an adviser no longer active keeps their assignments until support moves them.
 */
export const advisers = pgTable('advisers', {
  id: uuid().primaryKey().defaultRandom(),
  name: localizedText().notNull(),
  bio: localizedText().notNull(),
  channels: jsonb().$type<AdviserChannel[]>().notNull(),
  active: boolean().notNull().default(true),
  isSample: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** The adviser assigned to a member (one at most), by whom and when. Shown only while the member holds Premium. */
export const adviserAssignments = pgTable('adviser_assignments', {
  memberId: uuid()
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  adviserId: uuid()
    .notNull()
    .references(() => advisers.id, { onDelete: 'restrict' }),
  assignedAt: timestamp({ withTimezone: true }).notNull(),
  assignedByMemberId: uuid(),
  assignedByPhone: text(),
})
