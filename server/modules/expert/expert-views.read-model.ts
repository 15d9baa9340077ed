/**
 * The read model of expert questions (ADR 0018): a question as the member's page and the console's queue show it,
 * with what other modules keep beside it — the stock's names (stocks), the answering analyst's display name
 * (accounts) and the file it carries (the chat's files: name, kind, size, where its bytes are). Read here in one
 * query, because the queue is listed, paged and read inside the claim's and answer's transactions together with the
 * question's own row. Reads only; never writes another module's table; no rules (expert.service.ts decides). The
 * only file of this module that names other modules' tables.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { ExpertQueueFilter } from '#contracts/expert-rules.ts'
import type { Db } from '#server/db/database.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'
import { chatFiles } from '#server/modules/chat/files/chat-files.sql.ts'
import { stockCompanies } from '#server/modules/stocks/stocks.sql.ts'
import { countByState, countMemberQuestions, type ExpertQuestionRow } from './expert.repo.ts'
import { expertQuestions } from './expert.sql.ts'

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

/** The member's questions, newest first. */
export async function listMemberQuestionViews(
  db: Db,
  memberId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: ExpertQuestionView[]; total: number }> {
  const rows = await selectViews(db)
    .where(eq(expertQuestions.memberId, memberId))
    .orderBy(desc(expertQuestions.askedAt), desc(expertQuestions.id))
    .limit(limit)
    .offset(offset)
  return { rows: rows.map(viewOf), total: await countMemberQuestions(db, memberId) }
}

export async function findQuestionView(db: Db, id: string): Promise<ExpertQuestionView | undefined> {
  const [row] = await selectViews(db).where(eq(expertQuestions.id, id))
  return row ? viewOf(row) : undefined
}

function stateFilter(filter: ExpertQueueFilter) {
  return filter === 'all' ? undefined : eq(expertQuestions.state, filter)
}

/** The console's queue: waiting ones oldest first (first come, first answered); the others newest first. */
export async function listQueueViews(
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
