/**
 * Queries of expert questions; no rules (expert.service.ts decides who may do what). A question as the pages show it,
 * with the stock's names, the analyst's name and the file, is the read model's (expert-views.read-model.ts, ADR 0018).
 */
import { and, count, eq, gte, isNull, lt, ne } from 'drizzle-orm'
import type { ExpertQueueFilter } from '#contracts/expert-rules.ts'
import type { Db } from '#server/db/database.ts'
import { expertQuestions } from './expert.sql.ts'

export type ExpertQuestionRow = typeof expertQuestions.$inferSelect

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

/** Every question the member asked, withdrawn ones too (their list's total). */
export async function countMemberQuestions(db: Db, memberId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(expertQuestions)
    .where(eq(expertQuestions.memberId, memberId))
  return Number(row?.count ?? 0)
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
