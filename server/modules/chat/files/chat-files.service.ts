/**
 * Files in the AI chat (spec §4 upload, §8): taking a reader's files into one of their conversations, reading their
 * text in the background, listing and removing them, and giving the assistant what the conversation's files say.
 * Decides what is accepted (kind by content, size, count, the `upload` quota), when a file may be removed (until a
 * question carries it) and that a file lives and dies with its conversation. Leaves whose a conversation is to the
 * chat's one rule (../conversation-owner.ts), bytes to file storage, reading a format to server/file-reading
 * (reading processes with time and memory limits), multipart parsing to the route, and which passages answer a
 * question to server/file-reading/chunk-text.ts.
 */
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, open, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  type ChatFile,
  ChatFileErrorCode,
  type ChatFileKind,
  type ChatFileUploadOutcome,
  chatFileMaxBytes,
  chatFilesPerUpload,
} from '#contracts/chat-file-rules.ts'
import type { ChatAttachment } from '#contracts/chat-rules.ts'
import { isServiceError } from '#contracts/service-error.ts'
import type { Clock } from '#server/clock.ts'
import { deleteBatchSize } from '#server/db/batches.ts'
import type { Db } from '#server/db/database.ts'
import { chunkSections, findPassages } from '#server/file-reading/chunk-text.ts'
import { cleanFileName, detectFileKind } from '#server/file-reading/detect-file-kind.ts'
import type { FileReader } from '#server/file-reading/extract-text.ts'
import { AppError } from '#server/http/app-error.ts'
import { removeLeftoverFilesIn, temporaryFileName } from '#server/kernel/leftover-files.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { QuotaService } from '#server/modules/quotas/quotas.service.ts'
import type { FileStorage } from '#server/providers/file-storage/file-storage.ts'
import type { ConversationFiles } from '../assistant.ts'
import { ownedConversation as findReaderConversation, ownerOf } from '../conversation-owner.ts'
import {
  attachFiles,
  deleteRemovals,
  deleteUnattachedFile,
  findFiles,
  findOwnedFile,
  insertFile,
  listConversationFilesForRemoval,
  listFiles as listFileRows,
  listOwnedReadFiles,
  listStalledReadings,
  loadChunks,
  loadTables,
  markFileFailed,
  saveReading,
  selectDueRemovals,
} from './chat-files.repo.ts'
import type { ChatFileRow } from './chat-files.sql.ts'
import { createFilePortfolioImport, type ImportHoldings } from './file-portfolio-import.ts'

/** One file part of an upload as the route hands it over: the name the browser sent and its bytes. */
export interface UploadPart {
  fileName: string
  stream: Readable
  /** True once the stream was cut at the size limit (the multipart parser stops reading it there). */
  wasCutShort(): boolean
}

export interface ChatFilesDependencies {
  db: Db
  clock: Clock
  quotas: QuotaService
  storage: FileStorage
  reader: FileReader
  /** Where uploads are streamed before they are checked and stored (on this machine: reading needs a file). */
  tempDir: string
  log: { error(details: object, message: string): void }
  /** The portfolio's import (issue 25: "import to portfolio" from a holdings file); absent, the chat offers none. */
  importHoldings?: ImportHoldings | undefined
}

const headBytes = 64 * 1024
/** Readings still `reading` this long after upload are taken to be of a process that stopped; read again. */
const stalledAfterMs = 10 * 60_000

const fileNotFound = () => new AppError('not_found', ChatFileErrorCode.notFound)

export function fileOf(row: ChatFileRow): ChatFile {
  return {
    id: row.id,
    conversationId: row.conversationId,
    name: row.name,
    size: row.size,
    kind: row.kind,
    status: row.status,
    failure: row.failure ?? null,
    sections: row.sections,
    attached: row.questionId !== null,
    createdAt: row.createdAt.toISOString(),
  }
}

async function readHead(filePath: string): Promise<Uint8Array> {
  const handle = await open(filePath, 'r')
  try {
    const buffer = Buffer.alloc(headBytes)
    const { bytesRead } = await handle.read(buffer, 0, headBytes, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

const contentTypes: Record<ChatFileKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  txt: 'text/plain',
  csv: 'text/csv',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
}

/** The first passages of each file, taken in turn (first of each, then second of each…), without a score. */
function openingPassages<T extends { fileId: string; seq: number }>(chunks: T[], limit: number) {
  const byFile = new Map<string, T[]>()
  for (const chunk of chunks) byFile.set(chunk.fileId, [...(byFile.get(chunk.fileId) ?? []), chunk])
  const opening: (T & { score: number })[] = []
  for (let depth = 0; opening.length < limit; depth += 1) {
    const layer = [...byFile.values()].flatMap((fileChunks) => fileChunks.slice(depth, depth + 1))
    if (layer.length === 0) break
    opening.push(...layer.slice(0, limit - opening.length).map((chunk) => ({ ...chunk, score: 0 })))
  }
  return opening
}

export function createChatFilesService(deps: ChatFilesDependencies) {
  const { db, clock, quotas, storage, reader, tempDir, log } = deps
  /** Readings in progress in this process; tests and shutdown wait for them. */
  const readings = new Set<Promise<void>>()
  /** This process's temporary files (uploads received, files fetched to read again): never leftovers. */
  const tempFiles = new Set<string>()
  let tempDirReady: Promise<unknown> | null = null

  async function newTempPath(): Promise<string> {
    tempDirReady ??= mkdir(tempDir, { recursive: true, mode: 0o700 })
    await tempDirReady
    const tempPath = path.join(tempDir, temporaryFileName())
    tempFiles.add(tempPath)
    return tempPath
  }

  async function removeTemp(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true })
    tempFiles.delete(tempPath)
  }

  // "Import to portfolio" is its own use case (file-portfolio-import.ts); the service serves its route.
  const { fileTables, importFileToPortfolio } = createFilePortfolioImport(deps)

  const ownedConversation = (conversationId: string, reader: Reader) =>
    findReaderConversation(db, conversationId, reader)

  /** Streams one part to a temporary file; says whether it was cut at the size limit. */
  async function receive(part: UploadPart): Promise<{ tempPath: string; size: number; cutShort: boolean }> {
    const tempPath = await newTempPath()
    try {
      await pipeline(part.stream, createWriteStream(tempPath, { mode: 0o600 }))
    } catch (error) {
      await removeTemp(tempPath)
      throw error
    }
    const { size } = await stat(tempPath)
    return { tempPath, size, cutShort: part.wasCutShort() || size > chatFileMaxBytes }
  }

  async function acceptPart(
    conversationId: string,
    part: UploadPart,
    requestReader: Reader,
  ): Promise<ChatFileUploadOutcome> {
    const name = cleanFileName(part.fileName)
    let tempPath: string | undefined
    let keepTemp = false
    try {
      const received = await receive(part)
      tempPath = received.tempPath
      if (received.cutShort) return { name, error: ChatFileErrorCode.tooLarge }
      const detected = detectFileKind(await readHead(tempPath), name)
      if ('error' in detected) return { name, error: detected.error }
      try {
        await quotas.consume({ reader: requestReader, kind: 'upload' })
      } catch (error) {
        if (isServiceError(error, 'limited')) {
          return { name, error: error.code as ChatFileErrorCode }
        }
        throw error
      }
      const storageKey = `chat/${randomUUID()}`
      await storage.put(
        storageKey,
        { filePath: tempPath },
        {
          contentType: contentTypes[detected.kind],
          size: received.size,
        },
      )
      const row = await insertFile(db, {
        conversationId,
        name,
        size: received.size,
        kind: detected.kind,
        storageKey,
        now: clock.now(),
      })
      keepTemp = true
      startReading(row, tempPath)
      return { name, file: fileOf(row) }
    } finally {
      if (tempPath && !keepTemp) await removeTemp(tempPath)
    }
  }

  /**
   * Takes the parts of one upload into the reader's conversation, in order: each gets its own outcome (accepted, or
   * refused with the reason). At most `chatFilesPerUpload` are taken; the rest are drained and refused as too many.
   * One `upload` use per accepted file.
   */
  async function uploadFiles(
    conversationId: string,
    parts: AsyncIterable<UploadPart>,
    requestReader: Reader,
  ): Promise<ChatFileUploadOutcome[]> {
    await ownedConversation(conversationId, requestReader)
    const outcomes: ChatFileUploadOutcome[] = []
    for await (const part of parts) {
      if (outcomes.length >= chatFilesPerUpload) {
        part.stream.resume()
        outcomes.push({ name: cleanFileName(part.fileName), error: ChatFileErrorCode.tooMany })
        continue
      }
      outcomes.push(await acceptPart(conversationId, part, requestReader))
    }
    return outcomes
  }

  function startReading(row: ChatFileRow, filePath: string, removeAfter = true): void {
    const reading = readFile(row, filePath)
      .catch((error: unknown) => log.error({ err: error, fileId: row.id }, 'reading a chat file failed'))
      .finally(async () => {
        readings.delete(reading)
        if (removeAfter) await removeTemp(filePath)
      })
    readings.add(reading)
  }

  async function readFile(row: ChatFileRow, filePath: string): Promise<void> {
    try {
      const reading = await reader.read(filePath, row.kind)
      if (!reading.ok) {
        await markFileFailed(db, row.id, reading.error, clock.now())
        return
      }
      const chunks = chunkSections(reading.sections).map(({ place, text }) => ({ place, text }))
      const tables = reading.sections.flatMap((section) =>
        section.rows && section.rows.length > 0 ? [{ place: section.place, rows: section.rows }] : [],
      )
      await saveReading(
        db,
        row,
        { sections: reading.sections.length, truncated: reading.truncated, chunks, tables },
        clock.now(),
      )
    } catch (error) {
      // A file the conversation's deletion took away meanwhile has nothing left to mark.
      await markFileFailed(db, row.id, ChatFileErrorCode.unreadable, clock.now()).catch(() => undefined)
      throw error
    }
  }

  /** Reads again the files a stopped process left `reading` (called at start and now and then). */
  async function resumeStalledReadings(): Promise<number> {
    const stalled = await listStalledReadings(db, new Date(clock.now().getTime() - stalledAfterMs))
    for (const row of stalled) {
      const tempPath = await newTempPath()
      try {
        await storage.download(row.storageKey, tempPath)
        startReading(row, tempPath)
      } catch (error) {
        await removeTemp(tempPath)
        log.error({ err: error, fileId: row.id }, 'a stalled chat file could not be fetched to read again')
        await markFileFailed(db, row.id, ChatFileErrorCode.unreadable, clock.now())
      }
    }
    return stalled.length
  }

  /**
   * Removes what killed processes left behind (called at start and by housekeeping): uploads received or fetched to
   * read in the temporary folder, and storage's own half-written files. Never a file a live process still holds.
   */
  async function removeLeftoverFiles(): Promise<number> {
    const temporary = await removeLeftoverFilesIn(tempDir, { inUse: tempFiles })
    return temporary + (await storage.removeLeftovers())
  }

  async function listFiles(conversationId: string, requestReader: Reader): Promise<ChatFile[]> {
    await ownedConversation(conversationId, requestReader)
    return (await listFileRows(db, conversationId)).map(fileOf)
  }

  /** Removes a file no question carries yet (the reader took it off before sending). */
  async function deleteFile(fileId: string, requestReader: Reader): Promise<{ deleted: true }> {
    const file = await findOwnedFile(db, fileId, ownerOf(requestReader))
    if (!file) throw fileNotFound()
    if (file.questionId !== null) throw new AppError('conflict', ChatFileErrorCode.inUse)
    const storageKey = await deleteUnattachedFile(db, fileId)
    if (!storageKey) throw new AppError('conflict', ChatFileErrorCode.inUse)
    await storage.delete([storageKey])
    return { deleted: true }
  }

  /**
   * Checks that the files a question carries are the conversation's and not carried by another question; returns
   * them as the question's attachments, in the order asked.
   */
  async function filesForQuestion(conversationId: string, fileIds: string[]): Promise<ChatAttachment[]> {
    const unique = [...new Set(fileIds)]
    if (unique.length === 0) return []
    if (unique.length > chatFilesPerUpload) throw new AppError('invalid', ChatFileErrorCode.tooMany)
    const rows = await findFiles(db, conversationId, unique)
    if (rows.length !== unique.length) throw fileNotFound()
    if (rows.some((row) => row.questionId !== null)) throw new AppError('conflict', ChatFileErrorCode.inUse)
    return unique.flatMap((id) => {
      const row = rows.find((candidate) => candidate.id === id)
      return row ? [{ id: row.id, name: row.name, size: row.size, kind: row.kind }] : []
    })
  }

  /** One of the reader's files, in whichever of their conversations, or null (the expert desk's question file). */
  async function findReaderFile(fileId: string, requestReader: Reader): Promise<ChatFile | null> {
    const row = await findOwnedFile(db, fileId, ownerOf(requestReader))
    return row ? fileOf(row) : null
  }

  /** The reader's files that were read, across their conversations, newest first (an expert question's choices). */
  async function listReadFiles(requestReader: Reader, limit: number): Promise<ChatFile[]> {
    return (await listOwnedReadFiles(db, ownerOf(requestReader), limit)).map(fileOf)
  }

  async function attachToQuestion(fileIds: string[], questionId: string): Promise<void> {
    await attachFiles(db, fileIds, questionId)
  }

  /**
   * Lists a conversation's stored files for removal, before the conversation (and with it their rows) is deleted;
   * housekeeping removes the bytes (`removeDeletedConversationFiles`).
   */
  async function deleteConversationFiles(conversationId: string): Promise<void> {
    await listConversationFilesForRemoval(db, conversationId, clock.now())
  }

  /**
   * Retention (housekeeping): removes from file storage the files of conversations deleted before `before`, a batch
   * at a time, then forgets them. A key whose file row is still there (its conversation was not deleted after all)
   * keeps its bytes. A storage failure leaves the batch listed for the next run. Answers how many files went.
   */
  async function removeDeletedConversationFiles(before: Date): Promise<number> {
    let removed = 0
    for (;;) {
      const due = await selectDueRemovals(db, before, deleteBatchSize)
      const keys = due.filter((removal) => !removal.isStillFiled).map((removal) => removal.storageKey)
      if (keys.length > 0) await storage.delete(keys)
      await deleteRemovals(
        db,
        due.map((removal) => removal.storageKey),
      )
      removed += keys.length
      if (due.length < deleteBatchSize) return removed
    }
  }

  /**
   * What the assistant may read for one question: the files in `scope.read` (the question's own, else those of the
   * latest question that carried any) and any file an earlier question carried whose name the question writes
   * ("what does letter.pdf say?") — read, with their passages and tables. A file waiting in the tray, or one an
   * older question carried, is not read.
   */
  async function conversationFiles(
    conversationId: string,
    attachedToQuestion: string[],
    scope: { read: string[]; question: string },
  ): Promise<ConversationFiles> {
    const asked = scope.question.toLowerCase()
    const all = (await listFileRows(db, conversationId)).filter(
      (row) =>
        scope.read.includes(row.id) ||
        attachedToQuestion.includes(row.id) ||
        (row.questionId !== null && asked.includes(row.name.toLowerCase())),
    )
    const rows = all.filter((row) => row.status === 'ready')
    const names = new Map(rows.map((row) => [row.id, row.name]))
    return {
      files: rows.map((row) => ({ id: row.id, name: row.name, kind: row.kind, sections: row.sections })),
      attachedToQuestion,
      unreadable: all
        .filter((row) => attachedToQuestion.includes(row.id) && row.status !== 'ready')
        .map((row) => ({
          id: row.id,
          name: row.name,
          status: row.status === 'reading' ? 'reading' : 'failed',
        })),
      async findPassages(question, limit) {
        if (rows.length === 0) return []
        const chunks = (await loadChunks(db, conversationId)).filter((chunk) => names.has(chunk.fileId))
        // No words to look for (a summary): each file's opening, the files in turn.
        const passages =
          question.trim() === '' ? openingPassages(chunks, limit) : findPassages(chunks, question, limit)
        return passages.map((passage) => ({
          fileId: passage.fileId,
          fileName: names.get(passage.fileId) ?? '',
          place: passage.place,
          text: passage.text,
          score: passage.score,
        }))
      },
      async tables() {
        if (rows.length === 0) return []
        return (await loadTables(db, conversationId))
          .filter((table) => names.has(table.fileId))
          .map((table) => ({ ...table, fileName: names.get(table.fileId) ?? '' }))
      },
    }
  }

  /** Resolves when every reading started so far has finished (tests, shutdown). */
  async function whenReadingsDone(): Promise<void> {
    while (readings.size > 0) await Promise.allSettled([...readings])
  }

  async function close(): Promise<void> {
    await whenReadingsDone()
    await reader.close()
  }

  return {
    uploadFiles,
    listFiles,
    deleteFile,
    findReaderFile,
    fileTables,
    importFileToPortfolio,
    listReadFiles,
    filesForQuestion,
    attachToQuestion,
    deleteConversationFiles,
    removeDeletedConversationFiles,
    conversationFiles,
    resumeStalledReadings,
    removeLeftoverFiles,
    whenReadingsDone,
    close,
  }
}

export type ChatFilesService = ReturnType<typeof createChatFilesService>
