import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { ChatFileErrorCode, ChatFileKind, ChatFileStatus } from '#contracts/chat-file-rules.ts'
import type { SectionPlace as FilePlace } from '#server/file-reading/file-reading.ts'
import { chatConversations, chatMessages } from '../chat.sql.ts'

/**
 * Files a reader attached in a conversation of the AI chat. The bytes live in file storage under `storage_key` (a
 * random name; the reader's `name` is metadata only). Deleting the conversation deletes the rows (the service
 * first lists the stored bytes for removal: `chatFileRemovals`). Whose a file is, is whose its conversation is. `question_id` is set when a sent question carries the file.
 */
export const chatFiles = pgTable(
  'chat_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    conversationId: uuid()
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    kind: text().$type<ChatFileKind>().notNull(),
    status: text().$type<ChatFileStatus>().notNull(),
    failure: text().$type<ChatFileErrorCode>(),
    sections: integer().notNull().default(0),
    /** The extracted text was cut at the reading limit. */
    truncated: boolean().notNull().default(false),
    storageKey: text().notNull(),
    questionId: uuid().references(() => chatMessages.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    readAt: timestamp({ withTimezone: true }),
    /** When the reader confirmed importing its holdings into their portfolio: one import per file, never twice. */
    portfolioImportedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('chat_files_conversation_created_idx').on(table.conversationId, table.createdAt)],
)

/** A file's extracted text in passages of about 800 characters, in reading order, with where each comes from. */
export const chatFileChunks = pgTable(
  'chat_file_chunks',
  {
    fileId: uuid()
      .notNull()
      .references(() => chatFiles.id, { onDelete: 'cascade' }),
    conversationId: uuid().notNull(),
    seq: integer().notNull(),
    place: jsonb().$type<FilePlace>().notNull(),
    text: text().notNull(),
  },
  (table) => [index('chat_file_chunks_conversation_idx').on(table.conversationId, table.fileId, table.seq)],
)

/** Tables found in a file (a spreadsheet's sheets, tables in documents): rows of cells, as text. */
export const chatFileTables = pgTable(
  'chat_file_tables',
  {
    fileId: uuid()
      .notNull()
      .references(() => chatFiles.id, { onDelete: 'cascade' }),
    conversationId: uuid().notNull(),
    seq: integer().notNull(),
    place: jsonb().$type<FilePlace>().notNull(),
    rows: jsonb().$type<string[][]>().notNull(),
  },
  (table) => [index('chat_file_tables_conversation_idx').on(table.conversationId, table.fileId, table.seq)],
)

export type ChatFileRow = typeof chatFiles.$inferSelect

/**
 * Stored files of deleted conversations, waiting to be removed from file storage. Deleting a conversation deletes
 * its file rows at once (nobody can reach them) and lists their keys here; housekeeping removes the bytes once
 * RETENTION_DELETED_CHAT_FILES_DAYS have passed, then the row. So deleting never waits on storage, and a storage
 * failure is retried at the next run instead of leaving bytes nobody knows of.
 */
export const chatFileRemovals = pgTable(
  'chat_file_removals',
  {
    storageKey: text().primaryKey(),
    /** When its conversation was deleted. */
    deletedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('chat_file_removals_deleted_at_idx').on(table.deletedAt)],
)
