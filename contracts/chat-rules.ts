/**
 * The AI chat's vocabulary that pages need without zod (ADR 0011): limits, error codes, stream event names and the
 * wire types. contracts/chat.ts builds the request schemas from these; the browser imports only this file.
 */
import type { Locale } from './regions.ts'

export const chatQuestionMaxLength = 2000
export const chatTitleMaxLength = 60
export const chatConversationPageSizeDefault = 30
export const chatConversationPageSizeMax = 100
export const chatMessagePageSizeDefault = 50
export const chatMessagePageSizeMax = 200
/** Earlier turns of the conversation the assistant sees with a new question. */
export const chatHistoryTurns = 6

export const ChatErrorCode = {
  /** The conversation does not exist or belongs to another reader (the two are not told apart). */
  conversationNotFound: 'CHAT_CONVERSATION_NOT_FOUND',
  messageNotFound: 'CHAT_MESSAGE_NOT_FOUND',
  questionEmpty: 'CHAT_QUESTION_EMPTY',
  questionTooLong: 'CHAT_QUESTION_TOO_LONG',
  titleInvalid: 'CHAT_TITLE_INVALID',
  /** An answer is already being written in this conversation. */
  answerInProgress: 'CHAT_ANSWER_IN_PROGRESS',
  /** The assistant failed on our side (model unreachable, timed out, refused); the use was given back. */
  assistantFailed: 'CHAT_ASSISTANT_FAILED',
  /** The model provider is rate limiting us; the use was given back. */
  assistantBusy: 'CHAT_ASSISTANT_BUSY',
} as const
export type ChatErrorCode = (typeof ChatErrorCode)[keyof typeof ChatErrorCode]

export const chatVotes = ['up', 'down'] as const
export type ChatVote = (typeof chatVotes)[number]

/** `offline`: the embedded assistant (no model, answers from templates); `model`: a configured LLM. */
export type AssistantKind = 'offline' | 'model'

/** Where a figure in an answer comes from: every answer lists the sources its tools returned. */
export const chatSourceKinds = [
  'diagnosis',
  'prices',
  'valuation',
  'hot',
  'article',
  'picks',
  'company',
  /** The reader's own watchlist or portfolio (issue 25): only ever the asking reader's. */
  'watchlist',
  'portfolio',
] as const
export type ChatSourceKind = (typeof chatSourceKinds)[number]

export interface ChatSource {
  kind: ChatSourceKind
  /** In the reader's language: "Tencent (0700.HK) — AI diagnosis", an article's title. */
  title: string
  /** Site path the card links to: `/ai-stock-diagnosis?code=…`, `/articles/{key}`, `/stocks-valuation`. */
  href: string
  /** The date the data describes (YYYY-MM-DD): a session date, or an article's publication date. */
  asOf: string
  /** Stock code when the source is about one stock. */
  code?: string
  /** True when the figures are synthetic demo market data. */
  isDemo: boolean
}

/** Room for the uploads issue: files attached to a question. Empty until uploads exist. */
export interface ChatAttachment {
  id: string
  name: string
  size: number
  kind: string
}

export type ChatMessageRole = 'question' | 'answer'
/** `streaming` while being written; `stopped` when the reader stopped it (the part written is kept). */
export type ChatMessageStatus = 'streaming' | 'complete' | 'stopped' | 'failed'

export interface ChatMessage {
  id: string
  conversationId: string
  role: ChatMessageRole
  /** Plain text for a question; Markdown for an answer. */
  text: string
  status: ChatMessageStatus
  sources: ChatSource[]
  attachments: ChatAttachment[]
  vote: ChatVote | null
  /** Answers only: who wrote it, and whether its figures rest on demo data. */
  assistant: AssistantKind | null
  isDemo: boolean
  locale: Locale
  createdAt: string
}

export interface ChatConversation {
  id: string
  title: string
  createdAt: string
  updatedAt: string
}

export interface ChatConversationPage {
  rows: ChatConversation[]
  total: number
  page: number
  pageSize: number
}

/** Messages oldest first; page 1 holds the oldest. */
export interface ChatMessagePage {
  rows: ChatMessage[]
  total: number
  page: number
  pageSize: number
}

export interface ChatWelcome {
  /** Suggested questions in the reader's language, about stocks in the reader's region's markets. */
  questions: string[]
  assistant: AssistantKind
}

/**
 * Events of the streamed answer (`GET /ai/chatSearch`, Server-Sent Events: `event: <name>` + `data: <JSON>`;
 * ADR 0013). A stream opens with `start`, then any number of `tool`, `text` and `source`, and ends with exactly one
 * `done` or `error`. Comment lines (`: ping`) keep idle connections open.
 */
export interface ChatStreamEvents {
  start: {
    conversationId: string
    questionId: string
    answerId: string
    assistant: AssistantKind
  }
  /** A tool started ("Looking up Tencent's diagnosis…"); `label` is in the reader's language. */
  tool: { name: string; label: string }
  text: { delta: string }
  source: ChatSource
  /** The conversation's title, when this question gave it one. */
  title: { conversationId: string; title: string }
  done: { answerId: string; status: 'complete' | 'stopped'; isDemo: boolean; remaining: number }
  /** The answer failed; `code` is a ChatErrorCode or a quota code; the use was given back. */
  error: { code: string; message: string }
}
export type ChatStreamEventName = keyof ChatStreamEvents
