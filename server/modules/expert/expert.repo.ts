/** Queries of expert questions; no rules (expert.service.ts decides who may do what). */
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm'
import type { ExpertQueueFilter } from '#contracts/expert-rules.ts'
import type { Db } from '#server/db/database.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'
import { chatConversations } from '#server/modules/chat/chat.sql.ts'
import { chatFiles } from '#server/modules/chat/files/chat-files.sql.ts'
import { stockCompanies } from '#server/modules/stocks/stocks.sql.ts'
import { expertQuestions } from './expert.sql.ts'

export type ExpertQuestionRow = typeof expertQuestions.$inferSelect

/** A question with what the pages show beside it: the company's names, the answering analyst's name, the file. */
export interface ExpertQuestionView {
  question: ExpertQuestionRow
  nameEn: string | null
  nameZh: string | null
  answeredByName: string | null
  file: { name: string; kind: string; size: number; storageKey: string } | null
}

const answerer = sql<
  string | null
>`(select ${members.displayName} from ${members} where ${members.id} = ${expertQuestions.answeredByMemberId})`

function selectViews(db: Db) {
  return db
    .select({
      question: expertQuestions,
      nameEn: stockCompanies.nameEn,
      nameZh: stockCompanies.nameZh,
      answeredByName: answerer,
      fileName: chatFiles.name,
      fileKind: chatFiles.kind,
      fileSize: chatFiles.size,
      fileStorageKey: chatFiles.storageKey,
    })
    .from(expertQuestions)
    .leftJoin(
      stockCompanies,
      and(eq(stockCompanies.market, expertQuestions.market), eq(stockCompanies.code, expertQuestions.code)),
    )
    .leftJoin(chatFiles, eq(chatFiles.id, expertQuestions.fileId))
}

type SelectedView = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number]

function viewOf(row: SelectedView): ExpertQuestionView {
  return {
    question: row.question,
    nameEn: row.nameEn,
    nameZh: row.nameZh,
    answeredByName: row.answeredByName,
    file:
      row.fileName !== null && row.fileKind !== null && row.fileSize !== null && row.fileStorageKey !== null
        ? { name: row.fileName, kind: row.fileKind, size: row.fileSize, storageKey: row.fileStorageKey }
        : null,
  }
}

export async function insertQuestion(
  db: Db,
  values: Omit<typeof expertQuestions.$inferInsert, 'id' | 'state'>,
): Promise<ExpertQuestionRow> {
  const [row] = await db
    .insert(expertQuestions)
    .values({ ...values, state: 'waiting' })
    .returning()
  if (!row) throw new Error('insert returned no question')
  return row
}

/**
 * Holds the member's row until the transaction ends, so two questions at once are counted one after the other;
 * answers their number (kept with the question for the console), undefined when the member is gone.
 */
export async function lockMember(db: Db, memberId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ phone: members.phone })
    .from(members)
    .where(eq(members.id, memberId))
    .for('update')
  return row?.phone
}

/** Questions the member asked in [from, to) that still count (not withdrawn). */
export async function countCountedQuestions(db: Db, memberId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(expertQuestions)
    .where(
      and(
        eq(expertQuestions.memberId, memberId),
        gte(expertQuestions.askedAt, from),
        lt(expertQuestions.askedAt, to),
        ne(expertQuestions.state, 'withdrawn'),
      ),
    )
  return Number(row?.count ?? 0)
}

export async function listMemberQuestions(
  db: Db,
  memberId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: ExpertQuestionView[]; total: number }> {
  const rows = await selectViews(db)
    .where(eq(expertQuestions.memberId, memberId))
    .orderBy(desc(expertQuestions.askedAt), desc(expertQuestions.id))
    .limit(limit)
    .offset(offset)
  const [total] = await db
    .select({ count: count() })
    .from(expertQuestions)
    .where(eq(expertQuestions.memberId, memberId))
  return { rows: rows.map(viewOf), total: Number(total?.count ?? 0) }
}

export async function findQuestionView(db: Db, id: string): Promise<ExpertQuestionView | undefined> {
  const [row] = await selectViews(db).where(eq(expertQuestions.id, id))
  return row ? viewOf(row) : undefined
}

export async function findQuestion(db: Db, id: string): Promise<ExpertQuestionRow | undefined> {
  const [row] = await db.select().from(expertQuestions).where(eq(expertQuestions.id, id))
  return row
}

/** The question, locked until the transaction ends (a claim and an answer at once are taken one after the other). */
export async function findQuestionForUpdate(db: Db, id: string): Promise<ExpertQuestionRow | undefined> {
  const [row] = await db.select().from(expertQuestions).where(eq(expertQuestions.id, id)).for('update')
  return row
}

export async function updateQuestion(
  db: Db,
  id: string,
  change: Partial<Omit<ExpertQuestionRow, 'id' | 'memberId'>>,
): Promise<ExpertQuestionRow | undefined> {
  const [row] = await db.update(expertQuestions).set(change).where(eq(expertQuestions.id, id)).returning()
  return row
}

/** Withdraws the member's question if it is still waiting; undefined when it was not. */
export async function withdrawWaitingQuestion(
  db: Db,
  id: string,
  memberId: string,
): Promise<ExpertQuestionRow | undefined> {
  const [row] = await db
    .update(expertQuestions)
    .set({ state: 'withdrawn', claimedByMemberId: null, claimedByPhone: null, claimedAt: null })
    .where(
      and(
        eq(expertQuestions.id, id),
        eq(expertQuestions.memberId, memberId),
        eq(expertQuestions.state, 'waiting'),
      ),
    )
    .returning()
  return row
}

/** Marks the member's answered question as opened (the first time only). */
export async function markAnswerSeen(db: Db, id: string, memberId: string, now: Date): Promise<void> {
  await db
    .update(expertQuestions)
    .set({ answerSeenAt: now })
    .where(
      and(
        eq(expertQuestions.id, id),
        eq(expertQuestions.memberId, memberId),
        eq(expertQuestions.state, 'answered'),
        isNull(expertQuestions.answerSeenAt),
      ),
    )
}

export async function countUnseenAnswers(db: Db, memberId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(expertQuestions)
    .where(
      and(
        eq(expertQuestions.memberId, memberId),
        eq(expertQuestions.state, 'answered'),
        isNull(expertQuestions.answerSeenAt),
      ),
    )
  return Number(row?.count ?? 0)
}

function stateFilter(filter: ExpertQueueFilter) {
  return filter === 'all' ? undefined : eq(expertQuestions.state, filter)
}

/** The console's queue: waiting ones oldest first (first come, first answered); the others newest first. */
export async function listQueue(
  db: Db,
  filter: ExpertQueueFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: ExpertQuestionView[]; total: number }> {
  const order =
    filter === 'waiting'
      ? [asc(expertQuestions.askedAt), asc(expertQuestions.id)]
      : filter === 'answered'
        ? [desc(expertQuestions.answeredAt), desc(expertQuestions.id)]
        : [desc(expertQuestions.askedAt), desc(expertQuestions.id)]
  const rows = await selectViews(db)
    .where(stateFilter(filter))
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
  return { rows: rows.map(viewOf), total: (await countByState(db))[filter] }
}

export async function countByState(db: Db): Promise<Record<ExpertQueueFilter, number>> {
  const rows = await db
    .select({ state: expertQuestions.state, count: count() })
    .from(expertQuestions)
    .groupBy(expertQuestions.state)
  const of = (state: string) => Number(rows.find((row) => row.state === state)?.count ?? 0)
  return {
    waiting: of('waiting'),
    answered: of('answered'),
    all: rows.reduce((sum, row) => sum + Number(row.count), 0),
  }
}

/**
 * A chat upload of `owner` (chat-answer.ts `ownerOf`: whose a file is, is whose its conversation is), whatever its status; the
 * caller decides whether it may go with a question.
 */
export async function findOwnedChatFile(db: Db, fileId: string, owner: string) {
  const [row] = await db
    .select({ id: chatFiles.id, name: chatFiles.name, status: chatFiles.status })
    .from(chatFiles)
    .innerJoin(chatConversations, eq(chatConversations.id, chatFiles.conversationId))
    .where(and(eq(chatFiles.id, fileId), eq(chatConversations.owner, owner)))
  return row
}

/** The member's chat uploads that were read, newest first (what a question may carry). */
export async function listOwnedReadFiles(db: Db, owner: string, limit: number) {
  return db
    .select({ id: chatFiles.id, name: chatFiles.name, createdAt: chatFiles.createdAt })
    .from(chatFiles)
    .innerJoin(chatConversations, eq(chatConversations.id, chatFiles.conversationId))
    .where(
      and(eq(chatConversations.owner, owner), eq(chatFiles.status, 'ready'), isNotNull(chatFiles.readAt)),
    )
    .orderBy(desc(chatFiles.createdAt), desc(chatFiles.id))
    .limit(limit)
}
