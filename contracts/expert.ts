/**
 * Wire shapes of expert diagnosis (issue 15); the answer shapes and codes are in expert-rules.ts (the zod-free half
 * the pages import). Every call answers the envelope `{ code, data }`. Text is checked at the API's door first
 * (contracts/text-input.ts: no control characters but tab and line breaks).
 *
 *   Reader (a logged-in member; a visitor 401 UNAUTHENTICATED) — /api/portal
 *   GET  /member/expert/questions          ExpertListQuery → ExpertQuestionPage (newest first, with the allowance)
 *   POST /member/expert/questions          AskExpertRequest → ExpertAskAnswer (403 EXPERT_SUBSCRIBE_REQUIRED;
 *                                          429 EXPERT_ALLOWANCE_USED[_UPGRADE], EXPERT_RATE_LIMITED; 404
 *                                          EXPERT_STOCK_NOT_FOUND, EXPERT_FILE_NOT_FOUND; 409 EXPERT_FILE_NOT_READ)
 *   GET  /member/expert/questions/:id      → ExpertQuestion (opening an answered one marks it seen; another
 *                                          member's: 404 EXPERT_QUESTION_NOT_FOUND)
 *   POST /member/expert/questions/:id/withdraw  → ExpertQuestion (409 EXPERT_QUESTION_NOT_WAITING)
 *   POST /member/expert/questions/:id/seen      → ExpertQuestion
 *   GET  /member/expert/files              → ExpertFileChoice[] (the member's chat uploads that were read)
 *   GET  /home/memberInfo                  → MemberInfo with `expertAnswersUnseen` (the header's notice)
 *
 *   Console (analyst; admin passes) — /api/console; every change writes an audit entry
 *   GET  /expert                           ExpertQueueQuery → ConsoleExpertQueue (waiting: oldest first)
 *   GET  /expert/:id                       → ConsoleExpertQuestion
 *   GET  /expert/:id/file                  → the file's bytes (attachment; 410 EXPERT_FILE_GONE)
 *   POST /expert/:id/claim                 → ConsoleExpertQuestion (409 EXPERT_CLAIMED_BY_OTHER naming who,
 *                                          EXPERT_ALREADY_ANSWERED, EXPERT_QUESTION_WITHDRAWN)
 *   POST /expert/:id/release               → ConsoleExpertQuestion (the claimer or an admin)
 *   POST /expert/:id/answer                AnswerExpertRequest → ConsoleExpertQuestion (409 as claim)
 */
import { z } from 'zod'
import {
  ExpertErrorCode,
  expertAnswerMaxLength,
  expertAnswerMinLength,
  expertPageSizeDefault,
  expertPageSizeMax,
  expertQuestionMaxLength,
  expertQuestionMinLength,
  expertQueueFilters,
} from './expert-rules.ts'
import { Market } from './regions.ts'

const blankAsAbsent = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value
const page = z.preprocess(blankAsAbsent, z.coerce.number().int().min(1).max(10_000).default(1))
const pageSize = z.preprocess(
  blankAsAbsent,
  z.coerce.number().int().min(1).max(expertPageSizeMax).default(expertPageSizeDefault),
)

export const ExpertListQuery = z.object({ page, pageSize })
export type ExpertListQuery = z.infer<typeof ExpertListQuery>

export const ExpertQuestionParams = z.object({ id: z.uuid({ error: ExpertErrorCode.notFound }) })

export const AskExpertRequest = z.object({
  market: Market,
  code: z.string().trim().min(1, ExpertErrorCode.stockNotFound).max(20, ExpertErrorCode.stockNotFound),
  question: z
    .string()
    .trim()
    .min(expertQuestionMinLength, ExpertErrorCode.questionTooShort)
    .max(expertQuestionMaxLength, ExpertErrorCode.questionTooLong),
  fileId: z.preprocess(blankAsAbsent, z.uuid({ error: ExpertErrorCode.fileNotFound }).optional()),
})
export type AskExpertRequest = z.infer<typeof AskExpertRequest>

export const ExpertQueueQuery = z.object({
  state: z.preprocess(blankAsAbsent, z.enum(expertQueueFilters).default('waiting')),
  page,
  pageSize,
})
export type ExpertQueueQuery = z.infer<typeof ExpertQueueQuery>

export const AnswerExpertRequest = z.object({
  answer: z
    .string()
    .trim()
    .min(expertAnswerMinLength, ExpertErrorCode.answerTooShort)
    .max(expertAnswerMaxLength, ExpertErrorCode.answerTooLong),
})
export type AnswerExpertRequest = z.infer<typeof AnswerExpertRequest>
