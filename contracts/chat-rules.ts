/**
 * The AI chat's vocabulary that pages need without zod (ADR 0011): limits, error codes, stream event names and the
 * wire types. contracts/chat.ts builds the request schemas from these; the browser imports only this file.
 */
import type { Locale } from './regions.ts'

export const chatQuestionMaxLength = 2000
export const chatTitleMaxLength = 60
/** A down-vote's reason, as the reader writes it. */
export const chatVoteNoteMaxLength = 300
export const chatConversationPageSizeDefault = 30
export const chatConversationPageSizeMax = 100
export const chatMessagePageSizeDefault = 50
export const chatMessagePageSizeMax = 200
/** A search of the reader's own conversations: its words, and how many matches one search returns. */
export const chatSearchTextMaxLength = 100
export const chatSearchResultsMax = 30
/** Characters of a match's message shown around the match. */
export const chatSearchSnippetRadius = 60
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
  /** A search of the reader's conversations without words, or longer than chatSearchTextMaxLength. */
  searchTextInvalid: 'CHAT_SEARCH_TEXT_INVALID',
  /** A down-vote's reason longer than chatVoteNoteMaxLength, or given with another vote. */
  voteNoteInvalid: 'CHAT_VOTE_NOTE_INVALID',
} as const
export type ChatErrorCode = (typeof ChatErrorCode)[keyof typeof ChatErrorCode]

export const chatVotes = ['up', 'down'] as const
export type ChatVote = (typeof chatVotes)[number]

/**
 * Why the assistant did not answer what was asked, as it told the reader (recorded on the answer for the console's
 * view of what the chat could not answer): a company we do not cover, something that is not a stock (crypto,
 * currency, commodity), advice, a forecast, outside investing, a stock index, a name it could not find, data not
 * ready, a comparison naming fewer than two, or a question it did not recognise.
 */
export const chatDeclineReasons = [
  'not_covered',
  'crypto',
  'currency',
  'commodity',
  'advice',
  'forecast',
  'out_of_scope',
  'index',
  'no_company',
  'no_data',
  'need_two',
  'unknown',
] as const
export type ChatDeclineReason = (typeof chatDeclineReasons)[number]

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
  /** A market at a glance (/markets/<market>): our own index, breadth and movers. */
  'market',
  /** The reader's own watchlist or portfolio (issue 25): only ever the asking reader's. */
  'watchlist',
  'portfolio',
  /** The firm's investment strategies (/member/strategies): only what the asking reader's plan shows. */
  'strategies',
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
  /** Answers only: the reason the reader gave with their down-vote (shown back to them), else null. */
  voteNote: string | null
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

/**
 * One match of `GET /ai/searchHis`: a conversation of the reader's whose title or a message holds the words. The
 * snippet is plain text (the page escapes it) around the first match, `matchStart`/`matchLength` in UTF-16 units of
 * the snippet; `messageId` is null when the title matched.
 */
export interface ChatSearchMatch {
  conversationId: string
  title: string
  messageId: string | null
  snippet: string
  matchStart: number
  matchLength: number
  /** When the matching message was written (the conversation's last activity for a title match), ISO. */
  at: string
}

export interface ChatSearchResult {
  text: string
  matches: ChatSearchMatch[]
}

/** A declined answer's reason, or `down_voted` for an answer the reader voted down that declined nothing. */
export type ChatGapReason = ChatDeclineReason | 'down_voted'
export const chatGapReasons: readonly ChatGapReason[] = [...chatDeclineReasons, 'down_voted']
export const chatGapsWeeksDefault = 8
export const chatGapsWeeksMax = 26
export const chatGapsRowsMax = 200

export interface ChatGapWeek {
  /** The Monday the week starts on, in the firm's calendar (YYYY-MM-DD). */
  week: string
  counts: Partial<Record<ChatGapReason, number>>
  total: number
}

/** One question the chat declined or whose answer was voted down; nothing of who asked. */
export interface ChatGapRow {
  answerId: string
  week: string
  askedAt: string
  reason: ChatGapReason
  /** The reader also voted the answer down (a declined answer may be). */
  downVoted: boolean
  /** The reader's reason for the down-vote, when they gave one. */
  note: string | null
  question: string
  locale: Locale
  assistant: AssistantKind | null
}

export interface ChatGaps {
  weeks: ChatGapWeek[]
  /** The newest first, at most chatGapsRowsMax. */
  rows: ChatGapRow[]
  from: string
}
