/**
 * One answer of the AI chat, from the question to the stored answer (`GET /ai/chatSearch`). Before anything is
 * streamed, `prepareAnswer` checks the conversation is the reader's, claims it (one answer at a time per
 * conversation, across processes), takes one `chat` use from the quota and stores the question and an empty answer;
 * any refusal there is an AppError the route answers as an ordinary envelope. `run` then drives the assistant, sends
 * its events and stores the answer:
 * - complete, or `stopped` with the part written when the reader stops it (`GET /ai/cancel`, from any process: a
 *   stop flag on the conversation read every 500 ms, plus this process's AbortController) or disconnects; the use
 *   is kept, the answer was the reader's to stop;
 * - `failed`, with nothing of the half-written text kept, when the assistant fails on our side (AssistantError, any
 *   unexpected error): the use is given back and the stream ends with an `error` event.
 * The first question of a conversation also gives it a title (the assistant's, else the question cut at 60
 * characters), unless the reader has named it.
 */
import { randomUUID } from 'node:crypto'
import {
  type ChatAttachment,
  type ChatDeclineReason,
  ChatErrorCode,
  ChatFileErrorCode,
  type ChatSearchQuery,
  type ChatSource,
  type ChatStreamEventName,
  type ChatStreamEvents,
  chatHistoryTurns,
} from '#contracts/chat.ts'
import type { Locale, Region } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { QuotaReceipt, QuotaService } from '#server/modules/quotas/quotas.service.ts'
import { type Assistant, AssistantError, type AssistantTurn, type ConversationFiles } from './assistant.ts'
import {
  claimConversation,
  findOwnedConversation,
  findOwnedMessage,
  findQuestionBefore,
  insertConversation,
  insertMessage,
  latestQuestionAttachments,
  listMessagesBefore,
  readStopRequest,
  releaseConversation,
  setGeneratedTitle,
  updateMessage,
} from './chat.repo.ts'
import { cleanTitle, fallbackTitleOf } from './chat-titles.ts'
import { ownerOf } from './conversation-owner.ts'

export type ChatStreamEvent = {
  [K in ChatStreamEventName]: { event: K; data: ChatStreamEvents[K] }
}[ChatStreamEventName]
export type ChatEventSink = (event: ChatStreamEvent) => void

export interface AnswerRun {
  conversationId: string
  answerId: string
  /** Writes the answer, sending each event to `send`, and stores it; never throws. */
  run(send: ChatEventSink): Promise<void>
  /** The reader left: the assistant stops and what was written is kept as stopped. */
  abort(): void
}

export interface AskContext {
  reader: Reader
  locale: Locale
  region: Region
}

/** The answers this process is writing, by conversation: `GET /ai/cancel` aborts them at once. */
export type RunningAnswers = Map<string, { answerId: string; controller: AbortController }>

export interface AnswerDependencies {
  db: Db
  clock: Clock
  quotas: QuotaService
  assistant: Assistant
  running: RunningAnswers
  /** The message of an error code in the reader's language (the server's translator). */
  describeError: (code: string, locale: Locale) => string
  log: { error(details: object, message: string): void }
  /** How often a running answer reads its conversation's stop flag. */
  stopPollMs?: number
  /** A claim not refreshed for this long belongs to a process that died; another answer may take over. */
  staleClaimMs?: number
  /** Longest wait for a generated title before the question stands in. */
  titleTimeoutMs?: number
  /** The conversation's uploaded files (files/chat-files.service.ts); absent, questions carry no files. */
  files?: QuestionFiles | undefined
}

/** What answering needs of the chat's files: check and attach a question's files, and read them. */
export interface QuestionFiles {
  /** The question's attachments; throws AppError (404 CHAT_FILE_NOT_FOUND, 409 CHAT_FILE_IN_USE) otherwise. */
  filesForQuestion(conversationId: string, fileIds: string[]): Promise<ChatAttachment[]>
  attachToQuestion(fileIds: string[], questionId: string): Promise<void>
  conversationFiles(
    conversationId: string,
    attachedToQuestion: string[],
    scope: { read: string[]; question: string },
  ): Promise<ConversationFiles>
}

const notFound = () => new AppError('not_found', ChatErrorCode.conversationNotFound)
const messageNotFound = () => new AppError('not_found', ChatErrorCode.messageNotFound)
const inProgress = () => new AppError('conflict', ChatErrorCode.answerInProgress)
const fileNotFound = () => new AppError('not_found', ChatFileErrorCode.notFound)

export function createAnswerFlow(deps: AnswerDependencies) {
  const { db, clock, quotas, assistant, running } = deps
  const stopPollMs = deps.stopPollMs ?? 500
  const staleClaimMs = deps.staleClaimMs ?? 30_000
  const titleTimeoutMs = deps.titleTimeoutMs ?? 15_000
  /** The claim is refreshed on every this many polls, not each: a stop is seen in 500 ms, a dead process in 30 s. */
  const pollsPerRefresh = Math.max(1, Math.floor(staleClaimMs / 6 / stopPollMs))

  /**
   * The files the question reads, when there are any: those it carries; a question carrying none reads those of
   * the latest question that carried some ("And the total?" after a spreadsheet), never every file the conversation
   * ever had nor one still waiting in the tray (files/CONTEXT.md).
   */
  async function filesOf(plan: {
    conversationId: string
    questionId: string
    question: string
    fileIds: string[]
  }): Promise<ConversationFiles | undefined> {
    if (!deps.files) return undefined
    const read =
      plan.fileIds.length > 0
        ? plan.fileIds
        : (await latestQuestionAttachments(db, plan.conversationId, plan.questionId)).map((file) => file.id)
    const files = await deps.files.conversationFiles(plan.conversationId, plan.fileIds, {
      read,
      question: plan.question,
    })
    return files.files.length > 0 || files.unreadable.length > 0 ? files : undefined
  }

  function staleBefore(now: Date): Date {
    return new Date(now.getTime() - staleClaimMs)
  }

  async function claimOwned(conversationId: string, owner: string, answerId: string, now: Date) {
    const claimed = await claimConversation(db, {
      id: conversationId,
      owner,
      answerId,
      now,
      staleBefore: staleBefore(now),
      touch: true,
    })
    if (claimed) return claimed
    if (await findOwnedConversation(db, conversationId, owner)) throw inProgress()
    throw notFound()
  }

  async function takeUse(reader: Reader, onRefusal: () => Promise<void>) {
    try {
      return await quotas.consume({ reader, kind: 'chat' })
    } catch (error) {
      await onRefusal()
      throw error
    }
  }

  /** The turns before `before`, oldest first, without failed answers (they hold no text). */
  async function historyBefore(conversationId: string, before: Date | null): Promise<AssistantTurn[]> {
    const rows = await listMessagesBefore(db, conversationId, before, chatHistoryTurns + 2)
    return rows
      .filter((row) => row.status !== 'failed' && row.status !== 'streaming' && row.text.length > 0)
      .slice(-chatHistoryTurns)
      .map((row) => ({ role: row.role, text: row.text }))
  }

  /** Checks, claims, meters and stores the question; throws AppError before anything is streamed. */
  async function prepareAnswer(query: ChatSearchQuery, context: AskContext): Promise<AnswerRun> {
    const { reader, locale } = context
    const owner = ownerOf(reader)
    const now = clock.now()

    if (query.regenerate) {
      const answer = await findOwnedMessage(db, query.regenerate, owner)
      if (answer?.role !== 'answer') throw messageNotFound()
      if (query.subSessionId && query.subSessionId !== answer.conversationId) throw messageNotFound()
      const question = await findQuestionBefore(db, answer)
      if (!question) throw messageNotFound()
      await claimOwned(answer.conversationId, owner, answer.id, now)
      const release = () => releaseConversation(db, answer.conversationId, answer.id)
      const use = await takeUse(reader, release)
      try {
        await updateMessage(db, answer.id, {
          text: '',
          status: 'streaming',
          sources: [],
          vote: null,
          voteNote: null,
          declined: null,
          isDemo: false,
          assistant: assistant.kind,
          locale,
        })
        const history = await historyBefore(answer.conversationId, question.createdAt)
        return answerRun({
          context,
          conversationId: answer.conversationId,
          questionId: question.id,
          answerId: answer.id,
          question: question.text,
          fileIds: question.attachments.map((attachment) => attachment.id),
          history,
          receipt: use.receipt,
          remaining: use.remaining,
          needsTitle: false,
        })
      } catch (error) {
        await quotas.refund(use.receipt)
        await release()
        throw error
      }
    }

    const questionText = query.question ?? ''
    const fileIds = query.fileIds ?? []
    // Files are uploaded into a conversation: a question that starts one cannot carry any yet.
    if (fileIds.length > 0 && !(query.subSessionId && deps.files)) throw fileNotFound()
    const answerId = randomUUID()
    let conversationId: string
    let needsTitle: boolean
    let attachments: ChatAttachment[] = []
    let use: Awaited<ReturnType<typeof takeUse>>
    if (query.subSessionId) {
      const conversation = await claimOwned(query.subSessionId, owner, answerId, now)
      const release = () => releaseConversation(db, conversation.id, answerId)
      conversationId = conversation.id
      needsTitle = !conversation.titleSetByReader && conversation.title === ''
      if (deps.files && fileIds.length > 0) {
        try {
          attachments = await deps.files.filesForQuestion(conversation.id, fileIds)
        } catch (error) {
          await release()
          throw error
        }
      }
      use = await takeUse(reader, release)
    } else {
      // The use first: a refused question leaves no empty conversation behind.
      use = await takeUse(reader, async () => {})
      try {
        conversationId = (await insertConversation(db, { owner, now, answeringMessageId: answerId })).id
      } catch (error) {
        await quotas.refund(use.receipt)
        throw error
      }
      needsTitle = true
    }
    try {
      const history = await historyBefore(conversationId, null)
      // Messages sort by creation time: keep the new ones after the last one even with a clock that stands still.
      const [latest] = await listMessagesBefore(db, conversationId, null, 1)
      const askedAt = new Date(Math.max(now.getTime(), (latest?.createdAt.getTime() ?? 0) + 1))
      const question = await insertMessage(db, {
        conversationId,
        role: 'question',
        text: questionText,
        status: 'complete',
        attachments,
        locale,
        createdAt: askedAt,
      })
      if (deps.files && fileIds.length > 0) await deps.files.attachToQuestion(fileIds, question.id)
      await insertMessage(db, {
        id: answerId,
        conversationId,
        role: 'answer',
        text: '',
        status: 'streaming',
        assistant: assistant.kind,
        locale,
        createdAt: new Date(askedAt.getTime() + 1),
      })
      return answerRun({
        context,
        conversationId,
        questionId: question.id,
        answerId,
        question: questionText,
        fileIds,
        history,
        receipt: use.receipt,
        remaining: use.remaining,
        needsTitle,
      })
    } catch (error) {
      await quotas.refund(use.receipt)
      await releaseConversation(db, conversationId, answerId)
      throw error
    }
  }

  async function titleFor(question: string, locale: Locale): Promise<string> {
    const signal = AbortSignal.timeout(titleTimeoutMs)
    // Raced as well as signalled: a title slow to notice the signal must not hold the answer's `done` back.
    const timedOut = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true })
    })
    try {
      return cleanTitle(await Promise.race([assistant.title(question, locale, signal), timedOut]), question)
    } catch {
      return fallbackTitleOf(question)
    }
  }

  function answerRun(plan: {
    context: AskContext
    conversationId: string
    questionId: string
    answerId: string
    question: string
    /** The files the question carries. */
    fileIds: string[]
    history: AssistantTurn[]
    receipt: QuotaReceipt
    remaining: number
    needsTitle: boolean
  }): AnswerRun {
    const { conversationId, answerId, context } = plan
    const controller = new AbortController()
    running.set(conversationId, { answerId, controller })

    async function watchStopFlag(): Promise<() => void> {
      let polls = 0
      let busy = false
      const timer = setInterval(() => {
        if (busy || controller.signal.aborted) return
        busy = true
        polls += 1
        const refresh = polls % pollsPerRefresh === 0 ? clock.now() : undefined
        readStopRequest(db, conversationId, answerId, refresh)
          .then((stop) => {
            if (stop) controller.abort()
          })
          .catch((error: unknown) =>
            deps.log.error({ err: error, conversationId }, 'chat stop flag unreadable'),
          )
          .finally(() => {
            busy = false
          })
      }, stopPollMs)
      timer.unref()
      return () => clearInterval(timer)
    }

    async function run(send: ChatEventSink): Promise<void> {
      const stopWatching = await watchStopFlag()
      const title = plan.needsTitle ? titleFor(plan.question, context.locale) : null
      let text = ''
      const sources: ChatSource[] = []
      let declined: ChatDeclineReason | null = null
      let failure: unknown = null
      try {
        send({
          event: 'start',
          data: { conversationId, questionId: plan.questionId, answerId, assistant: assistant.kind },
        })
        const files = await filesOf(plan)
        const events = assistant.answer({
          question: plan.question,
          history: plan.history,
          files,
          locale: context.locale,
          region: context.region,
          reader: context.reader,
          signal: controller.signal,
        })
        // Each step races the stop: an assistant slow to notice the signal does not hold the stopped answer back.
        const iterator = events[Symbol.asyncIterator]()
        const stopped = new Promise<'stopped'>((resolve) => {
          if (controller.signal.aborted) resolve('stopped')
          controller.signal.addEventListener('abort', () => resolve('stopped'), { once: true })
        })
        while (true) {
          const step = iterator.next()
          const next = await Promise.race([step, stopped])
          if (next === 'stopped') {
            step.catch(() => {})
            iterator.return?.().catch(() => {})
            break
          }
          if (next.done) break
          const event = next.value
          if (event.type === 'text') {
            text += event.delta
            send({ event: 'text', data: { delta: event.delta } })
          } else if (event.type === 'tool') {
            send({ event: 'tool', data: { name: event.name, label: event.label } })
          } else if (event.type === 'declined') {
            declined ??= event.reason
          } else if (!sources.some((source) => source.href === event.source.href)) {
            sources.push(event.source)
            send({ event: 'source', data: event.source })
          }
        }
      } catch (error) {
        // An assistant that throws because it was aborted has been stopped, not failed.
        if (!controller.signal.aborted) failure = error
      } finally {
        stopWatching()
        if (running.get(conversationId)?.answerId === answerId) running.delete(conversationId)
      }

      try {
        if (title) {
          const titled = await title
          if (await setGeneratedTitle(db, conversationId, titled))
            send({ event: 'title', data: { conversationId, title: titled } })
        }
        if (failure) {
          await finishFailed(send, failure)
        } else {
          const status = controller.signal.aborted ? 'stopped' : 'complete'
          const isDemo = sources.some((source) => source.isDemo)
          await updateMessage(db, answerId, { text, status, sources, isDemo, declined })
          send({ event: 'done', data: { answerId, status, isDemo, remaining: plan.remaining } })
        }
      } catch (error) {
        await finishFailed(send, error)
      } finally {
        await releaseConversation(db, conversationId, answerId).catch((error: unknown) =>
          deps.log.error({ err: error, conversationId }, 'chat claim not released'),
        )
      }
    }

    async function finishFailed(send: ChatEventSink, error: unknown): Promise<void> {
      const code =
        error instanceof AssistantError && error.failure === 'rate_limited'
          ? ChatErrorCode.assistantBusy
          : ChatErrorCode.assistantFailed
      deps.log.error({ err: error, conversationId, answerId }, 'chat answer failed')
      try {
        await quotas.refund(plan.receipt)
        await updateMessage(db, answerId, {
          text: '',
          status: 'failed',
          sources: [],
          isDemo: false,
          declined: null,
        })
      } catch (storeError) {
        deps.log.error({ err: storeError, conversationId, answerId }, 'chat failure not stored')
      }
      send({ event: 'error', data: { code, message: deps.describeError(code, context.locale) } })
    }

    return {
      conversationId,
      answerId,
      run,
      abort: () => controller.abort(),
    }
  }

  return { prepareAnswer }
}
