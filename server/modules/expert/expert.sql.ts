import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { Locale, Market } from '#contracts/regions.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'
import { chatFiles } from '#server/modules/chat/files/chat-files.sql.ts'

export type ExpertQuestionState = 'waiting' | 'answered' | 'withdrawn'

/**
 * Expert diagnosis (issue 15): a subscriber's question to an analyst about one stock, optionally with a file from
 * their AI-chat uploads, waiting in the console's queue until an analyst answers. `answer_seen_at` null on an
 * answered question: the reader has not opened the answer yet (the header's notice). A withdrawn question (only while
 * waiting) does not count against the month's allowance.
 */
export const expertQuestions = pgTable(
  'expert_questions',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    memberPhone: text().notNull(),
    market: text().$type<Market>().notNull(),
    code: text().notNull(),
    question: text().notNull(),
    /** The language of the site the question was asked on (the answer is expected in it). */
    locale: text().$type<Locale>().notNull(),
    fileId: uuid().references(() => chatFiles.id, { onDelete: 'set null' }),
    fileName: text(),
    state: text().$type<ExpertQuestionState>().notNull(),
    askedAt: timestamp({ withTimezone: true }).notNull(),
    claimedByMemberId: uuid(),
    claimedByPhone: text(),
    claimedAt: timestamp({ withTimezone: true }),
    answer: text(),
    answeredAt: timestamp({ withTimezone: true }),
    answeredByMemberId: uuid(),
    answeredByPhone: text(),
    answerSeenAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check('expert_questions_state', sql`${table.state} in ('waiting', 'answered', 'withdrawn')`),
    index('expert_questions_member_idx').on(table.memberId, table.askedAt.desc()),
    index('expert_questions_queue_idx').on(table.state, table.askedAt),
  ],
)
