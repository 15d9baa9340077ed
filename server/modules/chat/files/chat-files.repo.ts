/** Queries of the chat's files, their passages and tables; no rules (chat-files.service.ts decides). */
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import type { ChatFileErrorCode, ChatFileKind } from '#contracts/chat-file-rules.ts'
import type { Db } from '#server/db/database.ts'
import type { SectionPlace as FilePlace } from '#server/file-reading/file-reading.ts'
import { chatConversations } from '../chat.sql.ts'
import {
  type ChatFileRow,
  chatFileChunks,
  chatFileRemovals,
  chatFiles,
  chatFileTables,
} from './chat-files.sql.ts'

export async function insertFile(
  db: Db,
  values: {
    conversationId: string
    name: string
    size: number
    kind: ChatFileKind
    storageKey: string
    now: Date
  },
): Promise<ChatFileRow> {
  const [row] = await db
    .insert(chatFiles)
    .values({ ...values, status: 'reading', createdAt: values.now })
    .returning()
  if (!row) throw new Error('insert returned no file')
  return row
}

/**
 * Marks the file's holdings as imported unless they already were: true for the one caller that marked it, so two
 * confirms (two tabs, a reload, a double click) import once.
 */
export async function claimPortfolioImport(db: Db, id: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(chatFiles)
    .set({ portfolioImportedAt: now })
    .where(and(eq(chatFiles.id, id), isNull(chatFiles.portfolioImportedAt)))
    .returning({ id: chatFiles.id })
  return claimed.length > 0
}

/** Takes the mark back when the import it guarded saved nothing (refused rows, a full portfolio). */
export async function releasePortfolioImport(db: Db, id: string): Promise<void> {
  await db.update(chatFiles).set({ portfolioImportedAt: null }).where(eq(chatFiles.id, id))
}

/** The file when its conversation belongs to `owner`. */
export async function findOwnedFile(db: Db, id: string, owner: string): Promise<ChatFileRow | undefined> {
  const [row] = await db
    .select({ file: chatFiles })
    .from(chatFiles)
    .innerJoin(chatConversations, eq(chatConversations.id, chatFiles.conversationId))
    .where(and(eq(chatFiles.id, id), eq(chatConversations.owner, owner)))
  return row?.file
}

/** The owner's files that were read, across their conversations, newest first. */
export async function listOwnedReadFiles(db: Db, owner: string, limit: number): Promise<ChatFileRow[]> {
  const rows = await db
    .select({ file: chatFiles })
    .from(chatFiles)
    .innerJoin(chatConversations, eq(chatConversations.id, chatFiles.conversationId))
    .where(
      and(eq(chatConversations.owner, owner), eq(chatFiles.status, 'ready'), isNotNull(chatFiles.readAt)),
    )
    .orderBy(desc(chatFiles.createdAt), desc(chatFiles.id))
    .limit(limit)
  return rows.map((row) => row.file)
}

export async function listFiles(db: Db, conversationId: string): Promise<ChatFileRow[]> {
  return db
    .select()
    .from(chatFiles)
    .where(eq(chatFiles.conversationId, conversationId))
    .orderBy(asc(chatFiles.createdAt), asc(chatFiles.id))
}

export async function findFiles(db: Db, conversationId: string, ids: string[]): Promise<ChatFileRow[]> {
  if (ids.length === 0) return []
  return db
    .select()
    .from(chatFiles)
    .where(and(eq(chatFiles.conversationId, conversationId), inArray(chatFiles.id, ids)))
}

/** Marks files as carried by a question; only files no question carries yet. Returns the ids marked. */
export async function attachFiles(db: Db, ids: string[], questionId: string): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .update(chatFiles)
    .set({ questionId })
    .where(and(inArray(chatFiles.id, ids), isNull(chatFiles.questionId)))
    .returning({ id: chatFiles.id })
  return rows.map((row) => row.id)
}

/** Deletes a file no question carries yet; returns its storage key, or undefined when nothing was deleted. */
export async function deleteUnattachedFile(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .delete(chatFiles)
    .where(and(eq(chatFiles.id, id), isNull(chatFiles.questionId)))
    .returning({ storageKey: chatFiles.storageKey })
  return row?.storageKey
}

export interface FileReadingRecord {
  sections: number
  truncated: boolean
  chunks: { place: FilePlace; text: string }[]
  tables: { place: FilePlace; rows: string[][] }[]
}

/** Stores what was read from a file and marks it ready, in one transaction (a reader never sees half of it). */
export async function saveReading(
  db: Db,
  file: ChatFileRow,
  reading: FileReadingRecord,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(chatFileChunks).where(eq(chatFileChunks.fileId, file.id))
    await tx.delete(chatFileTables).where(eq(chatFileTables.fileId, file.id))
    const base = { fileId: file.id, conversationId: file.conversationId }
    // In batches: a long document makes thousands of passages, and one statement has a parameter limit.
    for (let start = 0; start < reading.chunks.length; start += 500) {
      const batch = reading.chunks.slice(start, start + 500)
      await tx.insert(chatFileChunks).values(batch.map((chunk, i) => ({ ...base, seq: start + i, ...chunk })))
    }
    if (reading.tables.length > 0) {
      await tx.insert(chatFileTables).values(reading.tables.map((table, seq) => ({ ...base, seq, ...table })))
    }
    await tx
      .update(chatFiles)
      .set({
        status: 'ready',
        failure: null,
        sections: reading.sections,
        truncated: reading.truncated,
        readAt: now,
      })
      .where(eq(chatFiles.id, file.id))
  })
}

export async function markFileFailed(
  db: Db,
  id: string,
  failure: ChatFileErrorCode,
  now: Date,
): Promise<void> {
  await db.update(chatFiles).set({ status: 'failed', failure, readAt: now }).where(eq(chatFiles.id, id))
}

/** Files left `reading` since before `before`: their process stopped before it finished reading them. */
export async function listStalledReadings(db: Db, before: Date): Promise<ChatFileRow[]> {
  return db
    .select()
    .from(chatFiles)
    .where(and(eq(chatFiles.status, 'reading'), lt(chatFiles.createdAt, before)))
    .limit(100)
}

export async function loadChunks(db: Db, conversationId: string) {
  return db
    .select({
      fileId: chatFileChunks.fileId,
      seq: chatFileChunks.seq,
      place: chatFileChunks.place,
      text: chatFileChunks.text,
    })
    .from(chatFileChunks)
    .where(eq(chatFileChunks.conversationId, conversationId))
    .orderBy(asc(chatFileChunks.fileId), asc(chatFileChunks.seq))
}

export async function loadTables(db: Db, conversationId: string) {
  return db
    .select({ fileId: chatFileTables.fileId, place: chatFileTables.place, rows: chatFileTables.rows })
    .from(chatFileTables)
    .where(eq(chatFileTables.conversationId, conversationId))
    .orderBy(asc(chatFileTables.fileId), asc(chatFileTables.seq))
}

/** Lists the conversation's stored files for removal (chat_file_removals); their rows go with the conversation. */
export async function listConversationFilesForRemoval(
  db: Db,
  conversationId: string,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`insert into chat_file_removals (storage_key, deleted_at)
        select storage_key, ${now.toISOString()}::timestamptz from chat_files where conversation_id = ${conversationId}
        on conflict (storage_key) do nothing`,
  )
}

/**
 * Up to `limit` keys listed for removal before `before`. `isStillFiled`: a file row still names the key (its
 * conversation's deletion did not go through), so its bytes must stay.
 */
export async function selectDueRemovals(
  db: Db,
  before: Date,
  limit: number,
): Promise<{ storageKey: string; isStillFiled: boolean }[]> {
  return db
    .select({
      storageKey: chatFileRemovals.storageKey,
      isStillFiled: sql<boolean>`exists (select 1 from chat_files where chat_files.storage_key = chat_file_removals.storage_key)`,
    })
    .from(chatFileRemovals)
    .where(lt(chatFileRemovals.deletedAt, before))
    .orderBy(asc(chatFileRemovals.deletedAt))
    .limit(limit)
}

export async function deleteRemovals(db: Db, storageKeys: string[]): Promise<void> {
  if (storageKeys.length === 0) return
  await db.delete(chatFileRemovals).where(inArray(chatFileRemovals.storageKey, storageKeys))
}
