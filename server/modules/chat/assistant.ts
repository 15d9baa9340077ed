/**
 * The assistant behind the AI chat: given a question, the turns before it and who asks, it streams an answer whose
 * figures come only from our own services (through tools), with the sources it used. Two kinds, chosen by
 * configuration (`CHAT_PROVIDER`): the embedded offline assistant (templates, no model) and any OpenAI-compatible
 * model through the AI SDK. The chat service stores, meters and streams what an assistant yields; an assistant
 * knows nothing of conversations, quotas or HTTP.
 */

import type { ChatFileKind } from '#contracts/chat-file-rules.ts'
import type { AssistantKind, ChatDeclineReason, ChatMessageRole, ChatSource } from '#contracts/chat-rules.ts'
import type { Locale, Region } from '#contracts/regions.ts'
import type { SectionPlace } from '#server/file-reading/file-reading.ts'
import type { Reader } from '#server/kernel/reader.ts'

export interface AssistantTurn {
  role: ChatMessageRole
  text: string
}

export interface AssistantRequest {
  question: string
  /** Earlier turns, oldest first (at most chatHistoryTurns), without the question itself. */
  history: AssistantTurn[]
  locale: Locale
  region: Region
  reader: Reader
  /** Aborted when the reader stops the answer or disconnects; the assistant stops its model call at once. */
  signal: AbortSignal
  /** The conversation's files the reader uploaded (absent when there are none to read). */
  files?: ConversationFiles | undefined
}

/** Where a passage or a table sits in its file: page 3, sheet "Holdings", slide 2… */
export type { SectionPlace as FilePlace } from '#server/file-reading/file-reading.ts'

export interface FilePassage {
  fileId: string
  fileName: string
  place: SectionPlace
  text: string
  score: number
}

export interface FileTable {
  fileId: string
  fileName: string
  place: SectionPlace
  rows: string[][]
}

/**
 * What an assistant may read of the conversation's files: their text as quoted data, never instructions. The chat
 * files service provides it (server/modules/chat/files/); an assistant only reads.
 */
export interface ConversationFiles {
  /** The files that could be read, oldest first. */
  files: { id: string; name: string; kind: ChatFileKind; sections: number }[]
  /** The ids of the files the question itself carries (read or not). */
  attachedToQuestion: string[]
  /** Files the question carries that are still being read or could not be read. */
  unreadable: { id: string; name: string; status: 'reading' | 'failed' }[]
  /** The passages that best match `question`, best first. */
  findPassages(question: string, limit: number): Promise<FilePassage[]>
  /** Tables found in the files (spreadsheet sheets, tables in documents). */
  tables(): Promise<FileTable[]>
}

export type AssistantEvent =
  | { type: 'text'; delta: string }
  /** A tool call started; `label` says what it does in the reader's language. */
  | { type: 'tool'; name: string; label: string }
  /** A tool returned data the answer rests on; listed under the answer as a card. */
  | { type: 'source'; source: ChatSource }
  /** The answer declines what was asked, for this reason (stored on the answer; not sent to the reader). */
  | { type: 'declined'; reason: ChatDeclineReason }

/** Why an assistant could not answer; the chat service gives the reader's use back in every case. */
export type AssistantFailure = 'unavailable' | 'rate_limited' | 'timeout' | 'malformed'

export class AssistantError extends Error {
  readonly failure: AssistantFailure
  constructor(failure: AssistantFailure, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'AssistantError'
    this.failure = failure
  }
}

export interface Assistant {
  kind: AssistantKind
  /** Streams the answer; throws AssistantError when it fails on our side, returns early when `signal` aborts. */
  answer(request: AssistantRequest): AsyncIterable<AssistantEvent>
  /** A title of at most 60 characters for a conversation that starts with `question`, in `locale`. */
  title(question: string, locale: Locale, signal: AbortSignal): Promise<string>
  /** Suggested first questions for the welcome screen, in `locale`, about the region's markets. */
  suggestions(locale: Locale, region: Region): Promise<string[]>
}
