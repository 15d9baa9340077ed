/**
 * The files pending on the question being written (spec §4 "Upload states", §5, §9): what the browser checks before
 * it sends a byte, and every step of a file's chip — checked, uploading with its progress, being read by the server,
 * ready or failed with a reason — as one pure reducer. The server checks everything again (and decides a file's kind
 * by its content); these checks only spare the reader an upload that would be refused anyway.
 * Calls and timers are chat-file-tray.ts's; this file only decides what the chips say.
 */
import {
  type ChatFile,
  ChatFileErrorCode,
  type ChatFileKind,
  type ChatFileUploadOutcome,
  chatFileExtensions,
  chatFileMaxBytes,
  chatFilesPerUpload,
} from '#contracts/chat-file-rules.ts'

/**
 * `checked`: passed the browser's checks, waiting for its conversation; `uploading`: its bytes are being sent;
 * `reading`: the server is extracting its text; `ready`: it can go with the question; `failed`: with a reason.
 */
export type PendingFileStatus = 'checked' | 'uploading' | 'reading' | 'ready' | 'failed'

export interface PendingFile {
  /** The chip's own id: the server's id comes with the upload. */
  key: string
  name: string
  size: number
  status: PendingFileStatus
  /** Share of the bytes sent, 0 to 1. */
  progress: number
  fileId: string | null
  kind: ChatFileKind | null
  /** Why it failed: a CHAT_FILE_* code, an HTTP failure's code, or NETWORK_ERROR; null otherwise. */
  failure: string | null
}

export interface PendingFiles {
  files: PendingFile[]
}

export const noPendingFiles: PendingFiles = { files: [] }

export type PendingFilesAction =
  | { type: 'added'; files: { key: string; name: string; size: number }[] }
  | { type: 'sending'; key: string }
  | { type: 'progressed'; key: string; loaded: number; total: number }
  | { type: 'uploaded'; key: string; outcome: ChatFileUploadOutcome }
  /** The upload request failed as a whole (an HTTP failure, the network) or no conversation could be made. */
  | { type: 'failed'; key: string; code: string }
  /** The conversation's files as the server lists them: how reading went. */
  | { type: 'listed'; files: ChatFile[] }
  | { type: 'removed'; key: string }
  /** The question went with the ready files; failed chips are dropped with them. */
  | { type: 'sent' }
  /** The question was refused before the server kept it: its files are pending again. */
  | { type: 'restored'; files: PendingFile[] }
  | { type: 'cleared' }

const allowedExtensions = new Set(Object.values(chatFileExtensions).flat())

/** A name's extension, lower case, without the dot; empty when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/** What the browser can tell before uploading: the name's type, the size (spec §5: 50 MB), not empty. */
export function checkChatFile(file: { name: string; size: number }): ChatFileErrorCode | null {
  if (!allowedExtensions.has(extensionOf(file.name))) return ChatFileErrorCode.typeNotAllowed
  if (file.size > chatFileMaxBytes) return ChatFileErrorCode.tooLarge
  if (file.size === 0) return ChatFileErrorCode.empty
  return null
}

/** A failed chip does not go with the question, so it takes no room among the five. */
function takesRoom(file: PendingFile): boolean {
  return file.status !== 'failed'
}

function update(state: PendingFiles, key: string, change: (file: PendingFile) => PendingFile): PendingFiles {
  return { files: state.files.map((file) => (file.key === key ? change(file) : file)) }
}

function fromServer(file: PendingFile, served: ChatFile): PendingFile {
  return {
    ...file,
    fileId: served.id,
    kind: served.kind,
    status: served.status,
    progress: 1,
    failure: served.status === 'failed' ? (served.failure ?? ChatFileErrorCode.unreadable) : null,
  }
}

export function pendingFilesReducer(state: PendingFiles, action: PendingFilesAction): PendingFiles {
  switch (action.type) {
    case 'added': {
      let room = chatFilesPerUpload - state.files.filter(takesRoom).length
      const added = action.files.map((file): PendingFile => {
        const failure = checkChatFile(file) ?? (room > 0 ? null : ChatFileErrorCode.tooMany)
        if (!failure) room -= 1
        return {
          ...file,
          status: failure ? 'failed' : 'checked',
          progress: 0,
          fileId: null,
          kind: null,
          failure,
        }
      })
      return { files: [...state.files, ...added] }
    }
    case 'sending':
      return update(state, action.key, (file) =>
        file.status === 'checked' ? { ...file, status: 'uploading', progress: 0 } : file,
      )
    case 'progressed':
      return update(state, action.key, (file) =>
        file.status === 'uploading' && action.total > 0
          ? { ...file, progress: Math.min(1, action.loaded / action.total) }
          : file,
      )
    case 'uploaded': {
      const { outcome } = action
      return update(state, action.key, (file) => {
        if (file.status !== 'uploading' && file.status !== 'checked') return file
        return 'file' in outcome
          ? fromServer(file, outcome.file)
          : { ...file, status: 'failed', failure: outcome.error }
      })
    }
    case 'failed':
      return update(state, action.key, (file) =>
        file.status === 'checked' || file.status === 'uploading'
          ? { ...file, status: 'failed', failure: action.code }
          : file,
      )
    case 'listed': {
      const byId = new Map(action.files.map((file) => [file.id, file]))
      return {
        files: state.files.map((file) => {
          if (file.status !== 'reading' || !file.fileId) return file
          const served = byId.get(file.fileId)
          // Gone from the conversation while being read (deleted elsewhere): it cannot go with the question.
          if (!served) return { ...file, status: 'failed', failure: ChatFileErrorCode.notFound }
          return fromServer(file, served)
        }),
      }
    }
    case 'removed':
      return { files: state.files.filter((file) => file.key !== action.key) }
    case 'sent':
      return { files: state.files.filter((file) => file.status !== 'ready' && file.status !== 'failed') }
    case 'restored': {
      const keys = new Set(state.files.map((file) => file.key))
      return { files: [...action.files.filter((file) => !keys.has(file.key)), ...state.files] }
    }
    case 'cleared':
      return noPendingFiles
  }
}

/** Sending waits while a file is still on its way or being read. */
export function isWaitingForFiles(state: PendingFiles): boolean {
  return state.files.some((file) => file.status !== 'ready' && file.status !== 'failed')
}

export function isReadingFiles(state: PendingFiles): boolean {
  return state.files.some((file) => file.status === 'reading')
}

/** The files that go with the question. */
export function readyFilesOf(state: PendingFiles): PendingFile[] {
  return state.files.filter((file) => file.status === 'ready' && file.fileId !== null)
}
