/**
 * The files pending on the question being written, as a small store the chips subscribe to. It runs the calls the
 * chips' states (chat-files-state.ts) stand for: each checked file is uploaded on its own request into the open
 * conversation, removing a chip cancels its upload or deletes the uploaded file, and while any file is being read
 * the server is asked every 1.5 s how reading goes. In a new chat the conversation is made first (one for all the
 * files) and handed to the page, so the question asked next goes to it too. Loaded on the reader's first attach,
 * drag or paste: the page's first paint has no room for it.
 */
import { ApiError } from '#app/api/api-client.ts'
import type { ChatAttachment, ChatErrorCode } from '#contracts/chat-rules.ts'
import {
  deleteChatFile,
  listChatFiles,
  startConversation,
  type UploadHandle,
  uploadChatFile,
} from './chat-files-api.ts'
import {
  extensionOf,
  isReadingFiles,
  isWaitingForFiles,
  noPendingFiles,
  type PendingFiles,
  type PendingFilesAction,
  pendingFilesReducer,
  readyFilesOf,
} from './chat-files-state.ts'

/** How often reading is checked on while a file is being read. */
export const readingPollMs = 1500

export interface FileTrayOptions {
  /** The open conversation (null in a new chat), and whether an answer is being written in it. */
  openConversation(): { id: string | null; isAnswering: boolean }
  /** A conversation was made for the files of a new chat: the page opens it. */
  onConversationMade(id: string): void
  /** Whether sending must wait for a file still on its way or being read; told on each change. */
  onWaitingChange(isWaiting: boolean): void
}

/** The files a question carries, as it is sent. */
export interface QuestionFiles {
  /** Shown under the question at once. */
  attachments: ChatAttachment[]
  /** `fileIds` of the question (comma-separated); undefined when it carries none. */
  fileIds: string | undefined
  /** The question was refused before the server kept it: its files are pending again. */
  putBack(): void
}

export interface FileTray {
  getState(): PendingFiles
  subscribe(listener: () => void): () => void
  add(files: File[]): void
  remove(key: string): void
  /** The ready files, for the question being sent: they leave the tray, and failed chips go with them. */
  takeForQuestion(): QuestionFiles
  /** The reader left the conversation: uploads in flight are cancelled and every chip goes. */
  clear(): void
}

function codeOf(error: unknown): string {
  return error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
}

function isAbort(error: unknown): boolean {
  return (error as Error | null)?.name === 'AbortError'
}

export function createFileTray(options: FileTrayOptions): FileTray {
  let state = noPendingFiles
  /** Where the files in the tray went; null until the first upload starts, and again after clear. */
  let conversationId: string | null = null
  let isPolling = false
  let wasWaiting = false
  let nextKey = 0
  /** The conversation being made for a new chat's files; `generation` tells a made one the reader has left. */
  let making: Promise<string> | null = null
  let generation = 0
  const uploads = new Map<string, UploadHandle>()
  const listeners = new Set<() => void>()

  const dispatch = (action: PendingFilesAction) => {
    state = pendingFilesReducer(state, action)
    for (const listener of listeners) listener()
    const isWaiting = isWaitingForFiles(state)
    if (isWaiting !== wasWaiting) options.onWaitingChange(isWaiting)
    wasWaiting = isWaiting
  }

  function ensureConversation(): Promise<string> {
    const open = options.openConversation()
    if (open.id) return Promise.resolve(open.id)
    // A new chat's first answer is being written: the stream names its conversation in a moment.
    // (The code is written out: importing the page's own constants would split them out of its first paint.)
    const inProgress: ChatErrorCode = 'CHAT_ANSWER_IN_PROGRESS'
    if (open.isAnswering) return Promise.reject(new ApiError(409, inProgress))
    const startedIn = generation
    making ??= startConversation().then(
      (id) => {
        if (startedIn === generation) options.onConversationMade(id)
        return id
      },
      (error: unknown) => {
        making = null
        throw error
      },
    )
    return making
  }
  const statusOf = (key: string) => state.files.find((file) => file.key === key)?.status

  async function pollWhileReading() {
    if (isPolling) return
    isPolling = true
    try {
      while (conversationId && isReadingFiles(state)) {
        await new Promise((resolve) => setTimeout(resolve, readingPollMs))
        const asked = conversationId
        if (!asked || !isReadingFiles(state)) break
        try {
          const files = await listChatFiles(asked)
          if (asked === conversationId) dispatch({ type: 'listed', files })
        } catch (error) {
          // The conversation is gone (deleted in another tab): its files can no longer be read. Any other failure
          // is tried again on the next turn.
          if (asked === conversationId && error instanceof ApiError && error.status === 404)
            dispatch({ type: 'listed', files: [] })
        }
      }
    } finally {
      isPolling = false
    }
  }

  async function upload(key: string, file: File) {
    let target: string
    try {
      target = await ensureConversation()
    } catch (error) {
      dispatch({ type: 'failed', key, code: codeOf(error) })
      return
    }
    // Removed, or the tray cleared, while the conversation was being made.
    if (statusOf(key) !== 'checked') return
    conversationId = target
    dispatch({ type: 'sending', key })
    const handle = uploadChatFile({
      conversationId: target,
      file,
      onProgress: (loaded, total) => dispatch({ type: 'progressed', key, loaded, total }),
    })
    uploads.set(key, handle)
    try {
      dispatch({ type: 'uploaded', key, outcome: await handle.result })
      void pollWhileReading()
    } catch (error) {
      if (!isAbort(error)) dispatch({ type: 'failed', key, code: codeOf(error) })
    } finally {
      uploads.delete(key)
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    add(files) {
      const added = files.map((file) => ({ key: `file-${++nextKey}`, name: file.name, size: file.size }))
      dispatch({ type: 'added', files: added })
      added.forEach((entry, index) => {
        const file = files[index]
        if (file && statusOf(entry.key) === 'checked') void upload(entry.key, file)
      })
    },
    remove(key) {
      const file = state.files.find((f) => f.key === key)
      if (!file) return
      uploads.get(key)?.abort()
      dispatch({ type: 'removed', key })
      // Already with the server: deleted there too. A failure leaves an unsent file in the conversation, which the
      // reader no longer sees and no question carries; nothing to tell them.
      if (file.fileId) void deleteChatFile(file.fileId).catch(() => undefined)
    },
    takeForQuestion() {
      const ready = readyFilesOf(state)
      dispatch({ type: 'sent' })
      return {
        attachments: ready.map((file) => ({
          id: file.fileId ?? '',
          name: file.name,
          size: file.size,
          kind: file.kind ?? extensionOf(file.name),
        })),
        fileIds: ready.length > 0 ? ready.map((file) => file.fileId).join(',') : undefined,
        putBack: () => {
          if (ready.length > 0) dispatch({ type: 'restored', files: ready })
        },
      }
    },
    clear() {
      for (const handle of uploads.values()) handle.abort()
      uploads.clear()
      conversationId = null
      making = null
      generation += 1
      if (state.files.length > 0) dispatch({ type: 'cleared' })
    },
  }
}
