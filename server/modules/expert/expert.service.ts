/**
 * Expert diagnosis (issue 15): a subscriber asks an analyst about one stock of our universe, optionally with one of
 * their read chat uploads; the question waits in the console's queue until an analyst claims and answers it; the
 * answer comes back on the site, and the header says so until the reader opens it.
 *
 * Decides who may ask (contracts/benefits.ts `expertDiagnosis`, the one tier table), how many a month (the config's
 * `questionsPerMonth[tier]`, counted in the firm's time zone, withdrawn questions not counted), the burst guard per
 * hour (the rate limiter), whose a question is (only its asker sees it: another member gets 404), the states
 * (waiting → answered, waiting → withdrawn) and the claim (one analyst at a time). Leaves the stock lookup to the
 * stocks module, the reader's uploads to the chat's files service (a file is whose its conversation is: the chat's
 * rule), holding the member's row to accounts, the bytes to file storage and the audit log to the console. A
 * question as the pages show it, with names kept by other modules, is the read model's (expert-views.read-model.ts,
 * ADR 0018); its wire shapes are expert-wire.ts's.
 */
import type { Readable } from 'node:stream'
import { benefitReaderOf, benefitsOf } from '#contracts/benefits.ts'
import type { Tier } from '#contracts/billing-rules.ts'
import type { ChatFile } from '#contracts/chat-file-rules.ts'
import type { AskExpertRequest, ExpertListQuery, ExpertQueueQuery } from '#contracts/expert.ts'
import {
  type ConsoleExpertQuestion,
  type ConsoleExpertQueue,
  type ExpertAllowance,
  type ExpertAskAnswer,
  ExpertErrorCode,
  type ExpertFileChoice,
  type ExpertQuestion,
  type ExpertQuestionPage,
  expertAuditActions,
} from '#contracts/expert-rules.ts'
import { maskMobile } from '#contracts/mobile-number.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import { type Clock, calendarOf } from '#server/clock.ts'
import { type Db, inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { instantOfFirmTime } from '#server/kernel/firm-time.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { AuditWriter } from '#server/modules/console/console-audit.service.ts'
import type { RateLimiter } from '#server/modules/rate-limits/rate-limits.service.ts'
import { FileNotFoundError, type FileStorage } from '#server/providers/file-storage/file-storage.ts'
import {
  countByState,
  countCountedQuestions,
  countUnseenAnswers as countUnseenAnswerRows,
  type ExpertQuestionRow,
  findQuestionForUpdate,
  insertQuestion,
  markAnswerSeen,
  updateQuestion,
  withdrawWaitingQuestion,
} from './expert.repo.ts'
import {
  type ExpertQuestionView,
  findQuestionView,
  listMemberQuestionViews,
  listQueueViews,
} from './expert-views.read-model.ts'
import { consoleQuestionOf, readerQuestionOf } from './expert-wire.ts'

export interface ExpertDependencies {
  db: Db
  clock: Clock
  /** The firm's time zone (LIMITS_TIME_ZONE): the month the allowance counts. */
  timeZone: string
  settings: { questionsPerMonth: Record<Tier, number>; ratePerHour: number }
  rateLimiter: Pick<RateLimiter, 'hit'>
  /** The stocks module's lookup: the stock as the universe writes it, or null for one it does not have. */
  resolveStocks(
    stocks: readonly { market: Market; code: string }[],
  ): Promise<({ market: Market; code: string } | null)[]>
  storage: Pick<FileStorage, 'open'>
  recordChange: AuditWriter
  /** The chat's files: one of the reader's uploads (whose a file is, is the chat's rule), or null. */
  findChatFile(fileId: string, reader: Reader): Promise<Pick<ChatFile, 'name' | 'status'> | null>
  /** The chat's files: the reader's uploads that were read, newest first. */
  listChatFiles(reader: Reader, limit: number): Promise<Pick<ChatFile, 'id' | 'name' | 'createdAt'>[]>
  /**
   * Accounts: holds the member's row until the transaction ends (two questions sent at once are counted one after
   * the other); their number, or undefined when the member is gone.
   */
  holdMember(memberId: string, tx: Db): Promise<string | undefined>
  /**
   * Mail: tells the asker their answer is ready (to their verified address, once per question), after the answer
   * is recorded. Never throws: a mail that could not be queued is logged where it is made, and the answer stands.
   */
  mailAnswerReady?: (answer: {
    memberId: string
    questionId: string
    stock: { code: string; nameEn: string; nameZh: string }
  }) => Promise<unknown>
}

/** The analyst acting in the console; an admin may release another's claim. */
export interface ExpertActor {
  memberId: string
  phone: string
  isAdmin: boolean
}

const tierOrder: readonly Tier[] = ['base', 'plus', 'premium']
const hourMs = 60 * 60_000
/** The chat uploads offered beside the question: the newest of them. */
const fileChoicesMax = 50

const notFound = () => new AppError('not_found', ExpertErrorCode.notFound)

function nextMonthOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number]
  return monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`
}

export function createExpertService(deps: ExpertDependencies) {
  const { db, clock, timeZone, settings, rateLimiter, storage, recordChange } = deps
  function memberIdOf(reader: Reader): string {
    if (!reader.memberId) throw new AppError('unauthenticated', 'UNAUTHENTICATED')
    return reader.memberId
  }

  /** This month in the firm's time zone: its first instant, the next month's first instant, and its names. */
  function monthWindow(now: Date) {
    const { month } = calendarOf(now, timeZone)
    const next = nextMonthOf(month)
    const from = instantOfFirmTime(`${month}-01`, timeZone) as Date
    const to = instantOfFirmTime(`${next}-01`, timeZone) as Date
    return { month, from, to, renewsOn: `${next}-01` }
  }

  function allowanceOf(
    reader: Reader,
    used: number,
    window: ReturnType<typeof monthWindow>,
  ): ExpertAllowance {
    const isIncluded = benefitsOf(benefitReaderOf(reader)).expertDiagnosis
    const tier = reader.role === 'subscriber' ? reader.tier : null
    const total = isIncluded && tier ? settings.questionsPerMonth[tier] : 0
    const higher = tier ? tierOrder.slice(tierOrder.indexOf(tier) + 1) : tierOrder
    const moreWith =
      higher.find(
        (candidate) => benefitsOf(candidate).expertDiagnosis && settings.questionsPerMonth[candidate] > total,
      ) ?? null
    return {
      isIncluded,
      tier,
      month: window.month,
      total,
      used,
      left: Math.max(0, total - used),
      renewsOn: window.renewsOn,
      moreWith,
    }
  }

  async function currentAllowance(reader: Reader, memberId: string, inDb: Db = db): Promise<ExpertAllowance> {
    const window = monthWindow(clock.now())
    return allowanceOf(reader, await countCountedQuestions(inDb, memberId, window.from, window.to), window)
  }

  // ——— The reader ———

  async function listMyQuestions(reader: Reader, query: ExpertListQuery): Promise<ExpertQuestionPage> {
    const memberId = memberIdOf(reader)
    const { rows, total } = await listMemberQuestionViews(db, memberId, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    })
    return {
      rows: rows.map(readerQuestionOf),
      total,
      page: query.page,
      pageSize: query.pageSize,
      hasMore: query.page * query.pageSize < total,
      allowance: await currentAllowance(reader, memberId),
    }
  }

  /** The refusal of a question over the month's allowance: when it renews, and the tier with more, if any. */
  function overAllowance(allowance: ExpertAllowance): AppError {
    return allowance.moreWith
      ? new AppError('limited', ExpertErrorCode.allowanceUsedUpgrade, {
          params: { renewsOn: allowance.renewsOn, tier: allowance.moreWith, total: allowance.total },
        })
      : new AppError('limited', ExpertErrorCode.allowanceUsed, {
          params: { renewsOn: allowance.renewsOn, total: allowance.total },
        })
  }

  async function askQuestion(
    reader: Reader,
    request: AskExpertRequest,
    locale: Locale,
  ): Promise<ExpertAskAnswer> {
    const memberId = memberIdOf(reader)
    if (!benefitsOf(benefitReaderOf(reader)).expertDiagnosis)
      throw new AppError('forbidden', ExpertErrorCode.subscribeRequired)
    const [stock] = await deps.resolveStocks([{ market: request.market, code: request.code }])
    if (!stock)
      throw new AppError('not_found', ExpertErrorCode.stockNotFound, {
        fields: [{ field: 'code', code: ExpertErrorCode.stockNotFound }],
      })
    let fileName: string | null = null
    if (request.fileId) {
      const file = await deps.findChatFile(request.fileId, reader)
      if (!file) throw new AppError('not_found', ExpertErrorCode.fileNotFound)
      if (file.status !== 'ready') throw new AppError('conflict', ExpertErrorCode.fileNotRead)
      fileName = file.name
    }
    // The burst guard: whatever the allowance, no more than `ratePerHour` questions sent an hour.
    const { hits, ttlMs } = await rateLimiter.hit(`expert-ask:${memberId}`, hourMs)
    if (hits > settings.ratePerHour)
      throw new AppError('limited', ExpertErrorCode.rateLimited, {
        params: { count: Math.max(1, Math.ceil(ttlMs / 60_000)) },
      })
    return inTransaction(db, async (tx) => {
      const phone = await deps.holdMember(memberId, tx)
      if (!phone) throw new AppError('unauthenticated', 'UNAUTHENTICATED')
      const now = clock.now()
      const window = monthWindow(now)
      const used = await countCountedQuestions(tx, memberId, window.from, window.to)
      const before = allowanceOf(reader, used, window)
      if (before.left <= 0) throw overAllowance(before)
      const row = await insertQuestion(tx, {
        memberId,
        memberPhone: phone,
        market: stock.market,
        code: stock.code,
        question: request.question,
        locale,
        fileId: request.fileId ?? null,
        fileName,
        askedAt: now,
      })
      const view = await findQuestionView(tx, row.id)
      if (!view) throw new Error('the question just asked was not found')
      return { question: readerQuestionOf(view), allowance: allowanceOf(reader, used + 1, window) }
    })
  }

  async function ownView(reader: Reader, id: string): Promise<ExpertQuestionView> {
    const memberId = memberIdOf(reader)
    const view = await findQuestionView(db, id)
    // Another member's question answers as one that does not exist: its existence is theirs too.
    if (!view || view.question.memberId !== memberId) throw notFound()
    return view
  }

  /** One of the reader's questions; opening an answered one marks its answer seen. */
  async function openMyQuestion(reader: Reader, id: string): Promise<ExpertQuestion> {
    const view = await ownView(reader, id)
    if (view.question.state === 'answered' && view.question.answerSeenAt === null) {
      const now = clock.now()
      await markAnswerSeen(db, id, view.question.memberId, now)
      return readerQuestionOf({ ...view, question: { ...view.question, answerSeenAt: now } })
    }
    return readerQuestionOf(view)
  }

  async function withdrawMyQuestion(reader: Reader, id: string): Promise<ExpertQuestion> {
    const view = await ownView(reader, id)
    const row = await withdrawWaitingQuestion(db, id, view.question.memberId)
    if (!row) throw new AppError('conflict', ExpertErrorCode.notWaiting)
    return readerQuestionOf({ ...view, question: row })
  }

  async function listMyFileChoices(reader: Reader): Promise<ExpertFileChoice[]> {
    memberIdOf(reader)
    const files = await deps.listChatFiles(reader, fileChoicesMax)
    return files.map((file) => ({ id: file.id, name: file.name, createdAt: file.createdAt }))
  }

  /** Answered questions the member has not opened yet (the header's notice). */
  function countUnseenAnswers(memberId: string): Promise<number> {
    return countUnseenAnswerRows(db, memberId)
  }

  // ——— The console ———

  async function listQueueForConsole(query: ExpertQueueQuery): Promise<ConsoleExpertQueue> {
    const { rows, total } = await listQueueViews(db, query.state, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    })
    return {
      rows: rows.map(consoleQuestionOf),
      total,
      page: query.page,
      pageSize: query.pageSize,
      hasMore: query.page * query.pageSize < total,
      counts: await countByState(db),
    }
  }

  async function getForConsole(id: string, inDb: Db = db): Promise<ConsoleExpertQuestion> {
    const view = await findQuestionView(inDb, id)
    if (!view) throw notFound()
    return consoleQuestionOf(view)
  }

  /** The question locked for a change by an analyst: refused when answered, withdrawn or claimed by another. */
  async function lockOpenQuestion(tx: Db, id: string, actor: ExpertActor): Promise<ExpertQuestionRow> {
    const row = await findQuestionForUpdate(tx, id)
    if (!row) throw notFound()
    if (row.state === 'answered') throw new AppError('conflict', ExpertErrorCode.alreadyAnswered)
    if (row.state === 'withdrawn') throw new AppError('conflict', ExpertErrorCode.withdrawn)
    if (row.claimedByMemberId && row.claimedByMemberId !== actor.memberId)
      throw new AppError('conflict', ExpertErrorCode.claimedByOther, {
        params: { who: maskMobile(row.claimedByPhone ?? '') },
      })
    return row
  }

  /** Changes a question in one transaction with its audit entry; answers it as the console shows it after. */
  function changeQuestion(
    id: string,
    actor: ExpertActor,
    action: string,
    change: (tx: Db) => Promise<Partial<ExpertQuestionRow> | null>,
  ): Promise<ConsoleExpertQuestion> {
    return inTransaction(db, async (tx) => {
      const set = await change(tx)
      const before = await getForConsole(id, tx)
      if (!set) return before
      await updateQuestion(tx, id, set)
      const after = await getForConsole(id, tx)
      await recordChange(
        {
          actor: { memberId: actor.memberId, phone: actor.phone },
          action,
          entity: 'expert_question',
          entityId: id,
          before: auditShapeOf(before),
          after: auditShapeOf(after),
        },
        tx,
      )
      return after
    })
  }

  async function claimQuestion(id: string, actor: ExpertActor): Promise<ConsoleExpertQuestion> {
    return changeQuestion(id, actor, expertAuditActions.claim, async (tx) => {
      const row = await lockOpenQuestion(tx, id, actor)
      // Claiming one's own claim again changes nothing.
      if (row.claimedByMemberId === actor.memberId) return null
      return { claimedByMemberId: actor.memberId, claimedByPhone: actor.phone, claimedAt: clock.now() }
    })
  }

  async function releaseQuestion(id: string, actor: ExpertActor): Promise<ConsoleExpertQuestion> {
    return changeQuestion(id, actor, expertAuditActions.release, async (tx) => {
      const row = await findQuestionForUpdate(tx, id)
      if (!row) throw notFound()
      if (!row.claimedByMemberId || row.state !== 'waiting') return null
      if (row.claimedByMemberId !== actor.memberId && !actor.isAdmin)
        throw new AppError('conflict', ExpertErrorCode.claimedByOther, {
          params: { who: maskMobile(row.claimedByPhone ?? '') },
        })
      return { claimedByMemberId: null, claimedByPhone: null, claimedAt: null }
    })
  }

  async function answerQuestion(
    id: string,
    answer: string,
    actor: ExpertActor,
  ): Promise<ConsoleExpertQuestion> {
    let askerId: string | undefined
    const answered = await changeQuestion(id, actor, expertAuditActions.answer, async (tx) => {
      const row = await lockOpenQuestion(tx, id, actor)
      askerId = row.memberId
      const now = clock.now()
      return {
        state: 'answered',
        answer,
        answeredAt: now,
        answeredByMemberId: actor.memberId,
        answeredByPhone: actor.phone,
        answerSeenAt: null,
        // Answering an unclaimed question claims it on the way.
        claimedByMemberId: row.claimedByMemberId ?? actor.memberId,
        claimedByPhone: row.claimedByPhone ?? actor.phone,
        claimedAt: row.claimedAt ?? now,
      }
    })
    if (askerId && deps.mailAnswerReady)
      await deps.mailAnswerReady({ memberId: askerId, questionId: id, stock: answered.stock })
    return answered
  }

  /** The file a question carries, for the analyst to read: its name, kind and bytes. */
  async function openQuestionFile(
    id: string,
  ): Promise<{ name: string; kind: string; size: number; stream: Readable }> {
    const view = await findQuestionView(db, id)
    if (!view) throw notFound()
    if (view.question.fileName === null) throw notFound()
    if (!view.file) throw new AppError('gone', ExpertErrorCode.fileGone)
    try {
      const stream = await storage.open(view.file.storageKey)
      return { name: view.file.name, kind: view.file.kind, size: view.file.size, stream }
    } catch (error) {
      if (error instanceof FileNotFoundError) throw new AppError('gone', ExpertErrorCode.fileGone)
      throw error
    }
  }

  return {
    listMyQuestions,
    askQuestion,
    openMyQuestion,
    withdrawMyQuestion,
    listMyFileChoices,
    countUnseenAnswers,
    listQueue: listQueueForConsole,
    getQuestion: getForConsole,
    claimQuestion,
    releaseQuestion,
    answerQuestion,
    openQuestionFile,
  }
}

/** What the audit log keeps of a question: its state, claim and answer — not the reader's question or number. */
function auditShapeOf(question: ConsoleExpertQuestion) {
  return {
    state: question.state,
    stock: `${question.stock.market}:${question.stock.code}`,
    claimedBy: question.claimedBy?.maskedPhone ?? null,
    answer: question.answer,
    answeredAt: question.answeredAt,
  }
}

export type ExpertService = ReturnType<typeof createExpertService>
