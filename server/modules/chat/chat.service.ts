/**
 * The AI chat's use cases (spec §2 /ai-qna, §7 `/ai/*`): a reader's conversations and their messages, titles,
 * votes, the welcome screen, and answers (chat-answer.ts). Every conversation belongs to one owner — the member,
 * or the visitor's device until the visitor logs in — and anyone else is told it does not exist. Leaves what an
 * answer says to the assistant (assistant.ts), counting uses to quotas, and HTTP to chat.routes.ts.
 */
import {
  type ChangeTitleRequest,
  type ChatConversation,
  type ChatConversationPage,
  ChatErrorCode,
  type ChatMessage,
  type ChatMessagePage,
  type ChatWelcome,
  type ConversationListQuery,
  type MessageListQuery,
  type VoteRequest,
} from '#contracts/chat.ts'
import type { Locale, Region } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { QuotaService } from '#server/modules/quotas/quotas.service.ts'
import type { Assistant } from './assistant.ts'
import {
  deleteConversation as deleteConversationRow,
  findOwnedMessage,
  insertConversation,
  listConversationIdsOf,
  listConversations as listConversationRows,
  listMessages as listMessageRows,
  moveConversations,
  renameConversation as renameConversationRow,
  requestStop,
  updateMessage,
} from './chat.repo.ts'
import {
  type AnswerDependencies,
  createAnswerFlow,
  type QuestionFiles,
  type RunningAnswers,
} from './chat-answer.ts'
import { createChatSearch } from './chat-search.ts'
import { conversationOf, messageOf } from './chat-wire.ts'
import {
  deviceOwnerOf,
  ownedConversation as findReaderConversation,
  memberOwnerOf,
  ownerOf,
} from './conversation-owner.ts'

export type { AnswerRun, AskContext, ChatEventSink, ChatStreamEvent } from './chat-answer.ts'

export interface ChatServiceDependencies
  extends Pick<
    AnswerDependencies,
    'describeError' | 'log' | 'stopPollMs' | 'staleClaimMs' | 'titleTimeoutMs'
  > {
  /** The chat's files; absent (some tests), questions carry none. */
  files?: (QuestionFiles & { deleteConversationFiles(conversationId: string): Promise<void> }) | undefined
  db: Db
  clock: Clock
  quotas: QuotaService
  assistant: Assistant
  /** The firm's time zone: the console counts what the chat could not answer by the firm's weeks. */
  timeZone: string
}

const notFound = () => new AppError('not_found', ChatErrorCode.conversationNotFound)

function pageOf(page: number, pageSize: number) {
  return { limit: pageSize, offset: (page - 1) * pageSize }
}

export function createChatService(deps: ChatServiceDependencies) {
  const { db, clock, assistant } = deps
  const running: RunningAnswers = new Map()
  const answers = createAnswerFlow({ ...deps, running })
  const search = createChatSearch(deps)

  const ownedConversation = (id: string, reader: Reader) => findReaderConversation(db, id, reader)

  /** An empty conversation; the first question titles it. */
  async function startConversation(reader: Reader): Promise<{ subSessionId: string }> {
    const conversation = await insertConversation(db, { owner: ownerOf(reader), now: clock.now() })
    return { subSessionId: conversation.id }
  }

  /** The reader's conversations, the one with the latest question first. */
  async function listConversations(
    query: ConversationListQuery,
    reader: Reader,
  ): Promise<ChatConversationPage> {
    const { rows, total } = await listConversationRows(
      db,
      ownerOf(reader),
      pageOf(query.page, query.pageSize),
    )
    return { rows: rows.map(conversationOf), total, page: query.page, pageSize: query.pageSize }
  }

  /** One conversation's messages, oldest first. */
  async function listMessages(query: MessageListQuery, reader: Reader): Promise<ChatMessagePage> {
    const conversation = await ownedConversation(query.subSessionId, reader)
    const { rows, total } = await listMessageRows(db, conversation.id, pageOf(query.page, query.pageSize))
    return {
      rows: rows.map((row) => messageOf(row, conversation.answeringMessageId)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    }
  }

  /** The reader's own title; a generated one never replaces it afterwards. */
  async function renameConversation(request: ChangeTitleRequest, reader: Reader): Promise<ChatConversation> {
    const row = await renameConversationRow(db, request.subSessionId, ownerOf(reader), request.title)
    if (!row) throw notFound()
    return conversationOf(row)
  }

  /**
   * Deletes the conversation, its messages and its files (their stored bytes are listed for housekeeping to
   * remove, RETENTION_DELETED_CHAT_FILES_DAYS); an answer being written there stops.
   */
  async function deleteConversation(id: string, reader: Reader): Promise<{ deleted: true }> {
    if (deps.files) {
      await ownedConversation(id, reader)
      await deps.files.deleteConversationFiles(id)
    }
    if (!(await deleteConversationRow(db, id, ownerOf(reader)))) throw notFound()
    running.get(id)?.controller.abort()
    return { deleted: true }
  }

  /** A member deleted their account: every conversation of theirs goes, with its messages and files. */
  async function deleteMemberConversations(memberId: string): Promise<number> {
    const owner = memberOwnerOf(memberId)
    const ids = await listConversationIdsOf(db, owner)
    for (const id of ids) {
      running.get(id)?.controller.abort()
      await deps.files?.deleteConversationFiles(id)
      await deleteConversationRow(db, id, owner)
    }
    return ids.length
  }

  /** A thumbs up or down on an answer (`null` takes it back). Questions take no vote. */
  async function voteOnAnswer(request: VoteRequest, reader: Reader): Promise<ChatMessage> {
    const message = await findOwnedMessage(db, request.messageId, ownerOf(reader))
    if (message?.role !== 'answer') throw new AppError('not_found', ChatErrorCode.messageNotFound)
    const row = await updateMessage(db, message.id, {
      vote: request.vote,
      voteNote: request.vote === 'down' && request.note ? request.note : null,
    })
    if (!row) throw new AppError('not_found', ChatErrorCode.messageNotFound)
    return messageOf(row)
  }

  /** Suggested first questions in the reader's language, and which assistant answers. */
  async function getWelcome(locale: Locale, region: Region): Promise<ChatWelcome> {
    return { questions: await assistant.suggestions(locale, region), assistant: assistant.kind }
  }

  /**
   * Stops the answer being written in the conversation, wherever it runs: this process aborts it at once, another
   * sees the stop flag within half a second. `stopped: false` when nothing was being written.
   */
  async function cancelAnswer(id: string, reader: Reader): Promise<{ stopped: boolean }> {
    const conversation = await ownedConversation(id, reader)
    const answerId = await requestStop(db, conversation.id, conversation.owner)
    const local = running.get(conversation.id)
    if (local && local.answerId === answerId) local.controller.abort()
    return { stopped: answerId !== null }
  }

  /** At login: the visitor's conversations on this device become the member's. */
  async function adoptVisitorConversations(deviceKey: string, memberId: string): Promise<number> {
    return moveConversations(db, deviceOwnerOf(deviceKey), memberOwnerOf(memberId))
  }

  return {
    startConversation,
    listConversations,
    listMessages,
    renameConversation,
    deleteConversation,
    deleteMemberConversations,
    voteOnAnswer,
    getWelcome,
    /** Checks, meters and stores the question, then returns the run that streams and stores the answer. */
    prepareAnswer: answers.prepareAnswer,
    cancelAnswer,
    adoptVisitorConversations,
    /** The reader's own conversations holding the words (titles and messages). */
    searchConversations: search.searchConversations,
    /** The console: declined and voted-down answers by week, with the question and the reason. */
    listGaps: search.listGaps,
  }
}

export type ChatService = ReturnType<typeof createChatService>
