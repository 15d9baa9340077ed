/**
 * Expert diagnosis (issue 15) without zod, for the pages (ADR 0011): a subscriber's question to an analyst about one
 * stock, its limits, error codes and the answer shapes of the reader's calls (`/api/portal/member/expert/*`) and the
 * console's (`/api/console/expert*`). contracts/expert.ts builds the request schemas from these and lists the routes.
 * Who may ask is contracts/benefits.ts's `expertDiagnosis`; how many a month is the config's (`EXPERT_QUESTIONS_<TIER>`).
 */
import type { Tier } from './billing-rules.ts'
import type { Locale, Market } from './regions.ts'

export const expertQuestionStates = ['waiting', 'answered', 'withdrawn'] as const
export type ExpertQuestionState = (typeof expertQuestionStates)[number]

/** A question is 10–2,000 characters once trimmed; an answer 10–5,000 (Markdown). */
export const expertQuestionMinLength = 10
export const expertQuestionMaxLength = 2000
export const expertAnswerMinLength = 10
export const expertAnswerMaxLength = 5000

export const expertPageSizeDefault = 10
export const expertPageSizeMax = 50

/** The console's queue filters: questions waiting for an answer (oldest first), answered ones, or all. */
export const expertQueueFilters = ['waiting', 'answered', 'all'] as const
export type ExpertQueueFilter = (typeof expertQueueFilters)[number]

export const ExpertErrorCode = {
  /** A member without a plan (or a visitor's page) asks: subscribing opens it. */
  subscribeRequired: 'EXPERT_SUBSCRIBE_REQUIRED',
  /** This month's questions are used; they renew on `renewsOn`. No higher tier has more. */
  allowanceUsed: 'EXPERT_ALLOWANCE_USED',
  /** This month's questions are used; they renew on `renewsOn`, and `tier` gives more. */
  allowanceUsedUpgrade: 'EXPERT_ALLOWANCE_USED_UPGRADE',
  /** More questions in the last hour than the burst guard lets through (`count` minutes to wait). */
  rateLimited: 'EXPERT_RATE_LIMITED',
  questionTooShort: 'EXPERT_QUESTION_TOO_SHORT',
  questionTooLong: 'EXPERT_QUESTION_TOO_LONG',
  answerTooShort: 'EXPERT_ANSWER_TOO_SHORT',
  answerTooLong: 'EXPERT_ANSWER_TOO_LONG',
  /** No such question of this member (another member's answers the same: it does not exist for them). */
  notFound: 'EXPERT_QUESTION_NOT_FOUND',
  /** The stock is not one of our universe. */
  stockNotFound: 'EXPERT_STOCK_NOT_FOUND',
  /** The file is not one of the member's own chat uploads. */
  fileNotFound: 'EXPERT_FILE_NOT_FOUND',
  /** The file is still being read, or could not be read: only a read file goes with a question. */
  fileNotRead: 'EXPERT_FILE_NOT_READ',
  /** Only a waiting question may be withdrawn. */
  notWaiting: 'EXPERT_QUESTION_NOT_WAITING',
  /** Another analyst claimed it (`who`: their masked number). */
  claimedByOther: 'EXPERT_CLAIMED_BY_OTHER',
  alreadyAnswered: 'EXPERT_ALREADY_ANSWERED',
  withdrawn: 'EXPERT_QUESTION_WITHDRAWN',
  /** The stored file is gone (its conversation was deleted). */
  fileGone: 'EXPERT_FILE_GONE',
} as const
export type ExpertErrorCode = (typeof ExpertErrorCode)[keyof typeof ExpertErrorCode]

/** The company a question is about, with its names in both languages. */
export interface ExpertStock {
  market: Market
  code: string
  nameEn: string
  nameZh: string
}

/** One of the reader's questions (`GET /member/expert/questions`, `…/:id`). */
export interface ExpertQuestion {
  id: string
  stock: ExpertStock
  question: string
  locale: Locale
  /** The chat upload sent with it (its name as the reader gave it), or null. */
  fileName: string | null
  state: ExpertQuestionState
  askedAt: string
  /** Markdown; null until answered. */
  answer: string | null
  answeredAt: string | null
  /** The answering analyst's display name, or null (the page says "a Tickerwise analyst"); never their number. */
  answeredBy: string | null
  /** Answered and not opened yet (the header's notice). */
  isNew: boolean
}

/** This month's allowance of the reader (in the firm's time zone); in every list and after every question. */
export interface ExpertAllowance {
  /** Whether the reader's plan includes expert diagnosis (contracts/benefits.ts). */
  isIncluded: boolean
  tier: Tier | null
  /** `YYYY-MM`, the firm's month. */
  month: string
  total: number
  /** Questions asked this month, withdrawn ones not counted. */
  used: number
  left: number
  /** `YYYY-MM-DD`: the first day of next month, when the allowance starts again. */
  renewsOn: string
  /** The cheapest higher tier with more questions a month, or null (none has more). */
  moreWith: Tier | null
}

export interface ExpertQuestionPage {
  rows: ExpertQuestion[]
  total: number
  page: number
  pageSize: number
  hasMore: boolean
  allowance: ExpertAllowance
}

export interface ExpertAskAnswer {
  question: ExpertQuestion
  allowance: ExpertAllowance
}

/** One of the reader's chat uploads that was read, which a question may carry (`GET /member/expert/files`). */
export interface ExpertFileChoice {
  id: string
  name: string
  createdAt: string
}

// ——— Console ———

/** The member behind a console action, as the console shows them. */
export interface ExpertStaffRef {
  memberId: string
  maskedPhone: string
}

/** A question as the console shows it (`GET /api/console/expert`, `…/:id`). */
export interface ConsoleExpertQuestion {
  id: string
  /** The asker, masked (support finds the member by their full number if needed). */
  askerMaskedPhone: string
  stock: ExpertStock
  question: string
  locale: Locale
  file: { name: string; kind: string; size: number; isAvailable: boolean } | null
  state: ExpertQuestionState
  askedAt: string
  claimedBy: ExpertStaffRef | null
  claimedAt: string | null
  answer: string | null
  answeredAt: string | null
  answeredBy: ExpertStaffRef | null
  /** When the reader opened the answer; null while unopened. */
  answerSeenAt: string | null
}

export interface ConsoleExpertQueue {
  rows: ConsoleExpertQuestion[]
  total: number
  page: number
  pageSize: number
  hasMore: boolean
  counts: Record<ExpertQueueFilter, number>
}

/** The audit actions the expert queue writes. */
export const expertAuditActions = {
  claim: 'expert_question.claim',
  release: 'expert_question.release',
  answer: 'expert_question.answer',
} as const
