/**
 * Wire shapes of the AI chat (spec §2 /ai-qna, §4, §7, §8). The paths of spec §7 keep their names; what the spec
 * does not show is defined here and in chat-rules.ts (the zod-free half the page imports), and nowhere else.
 *
 *   POST   /ai/newSubSessionId  NewConversationRequest → { subSessionId } (an empty conversation, titled later)
 *   GET    /ai/listTitleHis     ConversationListQuery  → ChatConversationPage (newest activity first)
 *   GET    /ai/listHis          MessageListQuery       → ChatMessagePage (oldest first)
 *   POST   /ai/changeTitle      ChangeTitleRequest     → ChatConversation
 *   DELETE /ai/deleteSubSession DeleteConversationQuery → { deleted: true }
 *   POST   /ai/vote             VoteRequest            → ChatMessage
 *   GET    /ai/welcome          (none)                 → ChatWelcome
 *   GET    /ai/chatSearch       ChatSearchQuery        → text/event-stream of ChatStreamEvents (uses one chat reply;
 *                                429 CHAT_LIMIT_* before the stream opens; rate-limited)
 *   GET    /ai/cancel           CancelQuery            → { stopped: boolean }
 *   GET    /ai/searchHis        ConversationSearchQuery → ChatSearchResult (the reader's own conversations whose
 *                                title or messages hold the words; rate-limited)
 *   GET    /api/console/chat/gaps ChatGapsQuery        → ChatGaps (declined and voted-down questions by week)
 *   POST   /ai/uploadFiles, GET /ai/listFiles, DELETE /ai/deleteFile: files (chat-file-rules.ts)
 *   POST   /ai/importToPortfolio ChatFileImportRequest → ImportResult (a holdings file into the reader's portfolio,
 *                                  after the answer's preview; all rows or none, as the portfolio's own import)
 *
 * Every conversation belongs to a member (logged in) or a device (visitor); a visitor's move to the member at login.
 * Asking for another reader's conversation answers 404 CHAT_CONVERSATION_NOT_FOUND, as for one that does not exist.
 */
import { z } from 'zod'
import { ChatFileErrorCode, chatFilesPerUpload } from './chat-file-rules.ts'
import {
  ChatErrorCode,
  type ChatGapReason,
  chatConversationPageSizeDefault,
  chatConversationPageSizeMax,
  chatGapReasons,
  chatGapsWeeksDefault,
  chatGapsWeeksMax,
  chatMessagePageSizeDefault,
  chatMessagePageSizeMax,
  chatQuestionMaxLength,
  chatSearchTextMaxLength,
  chatTitleMaxLength,
  chatVoteNoteMaxLength,
  chatVotes,
} from './chat-rules.ts'

export * from './chat-file-rules.ts'
export * from './chat-rules.ts'

const ConversationId = z.uuid()
const MessageId = z.uuid()
const Page = z.coerce.number().int().min(1).max(10_000).default(1)

export const NewConversationRequest = z.object({}).default({})

export const ConversationListQuery = z.object({
  page: Page,
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(chatConversationPageSizeMax)
    .default(chatConversationPageSizeDefault),
})
export type ConversationListQuery = z.infer<typeof ConversationListQuery>

export const MessageListQuery = z.object({
  subSessionId: ConversationId,
  page: Page,
  pageSize: z.coerce.number().int().min(1).max(chatMessagePageSizeMax).default(chatMessagePageSizeDefault),
})
export type MessageListQuery = z.infer<typeof MessageListQuery>

export const ChatTitle = z
  .string()
  .trim()
  .min(1, { error: ChatErrorCode.titleInvalid })
  .max(chatTitleMaxLength, { error: ChatErrorCode.titleInvalid })

export const ChangeTitleRequest = z.object({ subSessionId: ConversationId, title: ChatTitle })
export type ChangeTitleRequest = z.infer<typeof ChangeTitleRequest>

export const DeleteConversationQuery = z.object({ subSessionId: ConversationId })

/**
 * `vote: null` takes a vote back. A down-vote may carry the reader's reason (`note`, at most chatVoteNoteMaxLength);
 * any other vote clears it.
 */
export const VoteRequest = z
  .object({
    messageId: MessageId,
    vote: z.enum(chatVotes).nullable(),
    note: z.string().trim().max(chatVoteNoteMaxLength, { error: ChatErrorCode.voteNoteInvalid }).optional(),
  })
  .refine((request) => !request.note || request.vote === 'down', {
    error: ChatErrorCode.voteNoteInvalid,
    path: ['note'],
  })
export type VoteRequest = z.infer<typeof VoteRequest>

export const ChatQuestion = z
  .string()
  .trim()
  .min(1, { error: ChatErrorCode.questionEmpty })
  .max(chatQuestionMaxLength, { error: ChatErrorCode.questionTooLong })

/**
 * Ask a question in a conversation (`subSessionId`; omitted: a new conversation is made), or `regenerate` an
 * earlier answer (its id: the answer is written again for the question before it; `question` is then ignored).
 */
export const ChatSearchQuery = z
  .object({
    subSessionId: ConversationId.optional(),
    question: ChatQuestion.optional(),
    regenerate: MessageId.optional(),
    /** The files the question carries: comma-separated ids of the conversation's uploads, at most 5. */
    fileIds: z
      .string()
      .optional()
      .transform((ids) => (ids ? ids.split(',').filter((id) => id !== '') : []))
      .pipe(z.array(z.uuid()).max(chatFilesPerUpload, { error: ChatFileErrorCode.tooMany })),
  })
  .refine((query) => query.question !== undefined || query.regenerate !== undefined, {
    error: ChatErrorCode.questionEmpty,
    path: ['question'],
  })
export type ChatSearchQuery = z.infer<typeof ChatSearchQuery>

export const CancelQuery = z.object({ subSessionId: ConversationId })

/** A search of the reader's own conversations (`GET /ai/searchHis`). */
export const ConversationSearchQuery = z.object({
  text: z
    .string({ error: ChatErrorCode.searchTextInvalid })
    .trim()
    .min(1, { error: ChatErrorCode.searchTextInvalid })
    .max(chatSearchTextMaxLength, { error: ChatErrorCode.searchTextInvalid }),
})
export type ConversationSearchQuery = z.infer<typeof ConversationSearchQuery>

/** The console's view of what the chat could not answer: the last `weeks` weeks, one reason or all. */
export const ChatGapsQuery = z.object({
  weeks: z.coerce.number().int().min(1).max(chatGapsWeeksMax).default(chatGapsWeeksDefault),
  reason: z.enum(chatGapReasons as [ChatGapReason, ...ChatGapReason[]]).optional(),
})
export type ChatGapsQuery = z.infer<typeof ChatGapsQuery>

/** The first field of an upload's multipart body. */
export const ConversationIdField = z.object({ subSessionId: ConversationId })
export const ChatFileListQuery = z.object({ subSessionId: ConversationId })
export const ChatFileDeleteQuery = z.object({ fileId: z.uuid() })
/** The reader confirmed the import the answer previewed: which file, which of its tables, rejected rows skipped. */
export const ChatFileImportRequest = z.object({
  fileId: z.uuid(),
  table: z.number().int().min(0).max(999),
  skipRejected: z.boolean().default(false),
})
export type ChatFileImportRequest = z.infer<typeof ChatFileImportRequest>
