/**
 * Files in the AI chat (spec §4 "upload", §5, §8): the formats, the limits and the shapes the page and the server
 * share. Zod-free so the page can import it; the request schemas are in chat.ts.
 *
 *   POST   /ai/uploadFiles  multipart: `subSessionId` field first, then at most 5 `file` parts
 *                           → ChatFileUploadAnswer (one outcome per file part, in order)
 *   GET    /ai/listFiles    ChatFileListQuery → ChatFile[] (the conversation's files, oldest first)
 *   DELETE /ai/deleteFile   ChatFileDeleteQuery → { deleted: true } (only a file no question carries yet)
 *   GET    /ai/chatSearch   + `fileIds` (comma-separated, at most 5): the files the question carries
 *
 * A file's kind is decided by its content (magic bytes), never by its name or the browser's content type; a name
 * whose extension says another kind is refused (CHAT_FILE_TYPE_MISMATCH).
 */

import type { QuotaErrorCode } from './account-codes.ts'

export const chatFileKinds = [
  'jpg',
  'png',
  'bmp',
  'txt',
  /** Comma-separated values (a broker's holdings export): text read as a table, cells as CSV quotes them. */
  'csv',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
] as const
export type ChatFileKind = (typeof chatFileKinds)[number]

/** The file-name extensions each kind may carry (lower case, without the dot). */
export const chatFileExtensions: Record<ChatFileKind, readonly string[]> = {
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  bmp: ['bmp'],
  txt: ['txt'],
  csv: ['csv'],
  pdf: ['pdf'],
  doc: ['doc'],
  docx: ['docx'],
  xls: ['xls'],
  xlsx: ['xlsx'],
  ppt: ['ppt'],
  pptx: ['pptx'],
}

/** What the file picker offers (`accept`): the extensions above. */
export const chatFileAccept = Object.values(chatFileExtensions)
  .flat()
  .map((extension) => `.${extension}`)
  .join(',')

/** At most this many files in one upload, and on one question. */
export const chatFilesPerUpload = 5
/** 50 MB per file (spec §4). */
export const chatFileMaxBytes = 50 * 1024 * 1024
/** A file name is kept as metadata only, cut to this many characters. */
export const chatFileNameMaxLength = 200

export const ChatFileErrorCode = {
  tooLarge: 'CHAT_FILE_TOO_LARGE',
  tooMany: 'CHAT_FILE_TOO_MANY',
  typeNotAllowed: 'CHAT_FILE_TYPE_NOT_ALLOWED',
  /** The name's extension says one kind, the content another (a renamed file). */
  typeMismatch: 'CHAT_FILE_TYPE_MISMATCH',
  empty: 'CHAT_FILE_EMPTY',
  /** The content could not be read (damaged, too complex, a zip bomb, too slow to read). */
  unreadable: 'CHAT_FILE_UNREADABLE',
  /** Reading it would take more memory than a reading process may use (CHAT_FILE_READ_MEMORY_MB). */
  tooBigToRead: 'CHAT_FILE_TOO_BIG_TO_READ',
  /** Password-protected or encrypted. */
  encrypted: 'CHAT_FILE_ENCRYPTED',
  // The reader's uploads are used up: the `upload` quota's codes (QuotaErrorCode.upload in account-codes.ts),
  // CHAT_FILE_LIMIT_VISITOR | _MEMBER | _SUBSCRIBER | _DAILY_MEMBER | _DAILY_SUBSCRIBER | _DAILY | _NETWORK.
  notFound: 'CHAT_FILE_NOT_FOUND',
  /** The file is carried by a question already: it stays with the conversation. */
  inUse: 'CHAT_FILE_IN_USE',
  /** The upload stopped bringing bytes (below CHAT_UPLOAD_MIN_BYTES_PER_SECOND), or ran past its longest time. */
  uploadTooSlow: 'CHAT_UPLOAD_TOO_SLOW',
  /** The file's holdings went into the portfolio once already: a second confirm would add every row again. */
  alreadyImported: 'CHAT_FILE_ALREADY_IMPORTED',
} as const
export type ChatFileErrorCode =
  | (typeof ChatFileErrorCode)[keyof typeof ChatFileErrorCode]
  | (typeof QuotaErrorCode.upload)[keyof typeof QuotaErrorCode.upload]

/** `reading` while its text is being extracted; `ready` when it can be asked about; `failed` with a reason. */
export type ChatFileStatus = 'reading' | 'ready' | 'failed'

export interface ChatFile {
  id: string
  conversationId: string
  /** The name the reader gave it, cleaned of path parts and control characters. */
  name: string
  size: number
  kind: ChatFileKind
  status: ChatFileStatus
  /** Why reading failed; null otherwise. */
  failure: ChatFileErrorCode | null
  /** Pages, sheets or slides found (images and text files count as one). */
  sections: number
  /** Whether the question that carries it has been sent. */
  attached: boolean
  createdAt: string
}

export type ChatFileUploadOutcome =
  | { name: string; file: ChatFile }
  | { name: string; error: ChatFileErrorCode }

export interface ChatFileUploadAnswer {
  files: ChatFileUploadOutcome[]
}
