import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type {
  AssistantKind,
  ChatAttachment,
  ChatDeclineReason,
  ChatMessageRole,
  ChatMessageStatus,
  ChatSource,
  ChatVote,
} from '#contracts/chat-rules.ts'
import type { Locale } from '#contracts/regions.ts'

/**
 * Conversations of the AI chat. `owner` is the quota subject's shape: `member:<id>` for a logged-in reader,
 * `device:<keyed hash>` for a visitor (moved to the member at login). Deleting a conversation deletes its messages.
 * The `answering*` columns are the one claim on the answer being written (one at a time per conversation, across
 * processes) and the stop flag any process may raise (`GET /ai/cancel`); the writing process reads it every 500 ms.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    owner: text().notNull(),
    /** Empty until the first question gives it one. */
    title: text().notNull().default(''),
    /** The reader renamed it: a generated title never replaces theirs. */
    titleSetByReader: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** Last question asked (creation until then): the list's order. Renaming is not activity. */
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    /** The answer being written now, if any; null when the conversation is idle. */
    answeringMessageId: uuid(),
    /** Refreshed by the writing process; a claim not refreshed for a while is of a process that died. */
    answeringSeenAt: timestamp({ withTimezone: true }),
    stopRequested: boolean().notNull().default(false),
  },
  (table) => [index('chat_conversations_owner_updated_idx').on(table.owner, table.updatedAt.desc())],
)

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    role: text().$type<ChatMessageRole>().notNull(),
    text: text().notNull().default(''),
    status: text().$type<ChatMessageStatus>().notNull(),
    sources: jsonb().$type<ChatSource[]>().notNull().default([]),
    /** Files attached to a question; empty until the uploads issue. */
    attachments: jsonb().$type<ChatAttachment[]>().notNull().default([]),
    vote: text().$type<ChatVote>(),
    /** Answers voted down: the reader's short reason, if they gave one (shown to editors in the console's gaps). */
    voteNote: text(),
    /** Answers only: the reason the assistant gave for not answering what was asked; null when it answered. */
    declined: text().$type<ChatDeclineReason>(),
    /** Answers only: which assistant wrote it. */
    assistant: text().$type<AssistantKind>(),
    isDemo: boolean().notNull().default(false),
    locale: text().$type<Locale>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('chat_messages_conversation_created_idx').on(table.conversationId, table.createdAt),
    // Readers' analytics counts the questions of the last minutes (ADR 0016); messages arrive in time order, so a
    // block-range index is tiny and enough, each range summarised as soon as it fills.
    index('chat_messages_created_idx').using('brin', table.createdAt).with({ autosummarize: true }),
  ],
)

export type ChatConversationRow = typeof chatConversations.$inferSelect
export type ChatMessageRow = typeof chatMessages.$inferSelect
