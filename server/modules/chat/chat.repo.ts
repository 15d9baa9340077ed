/** Queries of the AI chat's conversations and messages; no rules (chat.service.ts decides). */
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import type { ChatAttachment, ChatDeclineReason, ChatVote } from '#contracts/chat-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import { type ChatConversationRow, type ChatMessageRow, chatConversations, chatMessages } from './chat.sql.ts'

export type NewChatMessage = typeof chatMessages.$inferInsert

export async function insertConversation(
  db: Db,
  values: { owner: string; now: Date; answeringMessageId?: string },
): Promise<ChatConversationRow> {
  const [row] = await db
    .insert(chatConversations)
    .values({
      owner: values.owner,
      createdAt: values.now,
      updatedAt: values.now,
      answeringMessageId: values.answeringMessageId ?? null,
      answeringSeenAt: values.answeringMessageId ? values.now : null,
    })
    .returning()
  if (!row) throw new Error('insert returned no conversation')
  return row
}

export async function findOwnedConversation(
  db: Db,
  id: string,
  owner: string,
): Promise<ChatConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.owner, owner)))
  return row
}

export async function listConversations(
  db: Db,
  owner: string,
  page: { limit: number; offset: number },
): Promise<{ rows: ChatConversationRow[]; total: number }> {
  const rows = await db
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.owner, owner))
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
    .limit(page.limit)
    .offset(page.offset)
  const [totals] = await db
    .select({ n: count() })
    .from(chatConversations)
    .where(eq(chatConversations.owner, owner))
  return { rows, total: totals?.n ?? 0 }
}

export async function listMessages(
  db: Db,
  conversationId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: ChatMessageRow[]; total: number }> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .limit(page.limit)
    .offset(page.offset)
  const [totals] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
  return { rows, total: totals?.n ?? 0 }
}

/** The last `limit` messages before `before` (the question being answered; null: the latest), oldest first. */
export async function listMessagesBefore(
  db: Db,
  conversationId: string,
  before: Date | null,
  limit: number,
): Promise<ChatMessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        before ? lt(chatMessages.createdAt, before) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit)
  return rows.reverse()
}

/**
 * The files the latest question up to `questionId` (itself included) carried, in the conversation: the files a
 * question without its own reads. Empty when no question carried any.
 */
export async function latestQuestionAttachments(
  db: Db,
  conversationId: string,
  questionId: string,
): Promise<ChatAttachment[]> {
  const [asked] = await db
    .select({ createdAt: chatMessages.createdAt })
    .from(chatMessages)
    .where(eq(chatMessages.id, questionId))
  if (!asked) return []
  const [row] = await db
    .select({ attachments: chatMessages.attachments })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.role, 'question'),
        lte(chatMessages.createdAt, asked.createdAt),
        sql`jsonb_array_length(${chatMessages.attachments}) > 0`,
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(1)
  return row?.attachments ?? []
}

export async function countMessages(db: Db, conversationId: string): Promise<number> {
  const [totals] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
  return totals?.n ?? 0
}

/** A message of a conversation the owner holds; undefined for anyone else's. */
export async function findOwnedMessage(
  db: Db,
  id: string,
  owner: string,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.id, id), eq(chatConversations.owner, owner)))
  return row?.message
}

/** The question an answer replies to: the last question of the conversation created before it. */
export async function findQuestionBefore(
  db: Db,
  answer: ChatMessageRow,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, answer.conversationId),
        eq(chatMessages.role, 'question'),
        lt(chatMessages.createdAt, answer.createdAt),
      ),
    )
    .orderBy(desc(chatMessages.createdAt))
    .limit(1)
  return row
}

export async function insertMessage(db: Db, values: NewChatMessage): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning()
  if (!row) throw new Error('insert returned no message')
  return row
}

export async function updateMessage(
  db: Db,
  id: string,
  values: Partial<
    Pick<
      ChatMessageRow,
      'text' | 'status' | 'sources' | 'vote' | 'voteNote' | 'assistant' | 'isDemo' | 'locale' | 'declined'
    >
  >,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db.update(chatMessages).set(values).where(eq(chatMessages.id, id)).returning()
  return row
}

export async function renameConversation(
  db: Db,
  id: string,
  owner: string,
  title: string,
): Promise<ChatConversationRow | undefined> {
  const [row] = await db
    .update(chatConversations)
    .set({ title, titleSetByReader: true })
    .where(and(eq(chatConversations.id, id), eq(chatConversations.owner, owner)))
    .returning()
  return row
}

/** A generated title; never over one the reader gave. True when it was stored. */
export async function setGeneratedTitle(db: Db, id: string, title: string): Promise<boolean> {
  const rows = await db
    .update(chatConversations)
    .set({ title })
    .where(and(eq(chatConversations.id, id), eq(chatConversations.titleSetByReader, false)))
    .returning({ id: chatConversations.id })
  return rows.length > 0
}

export async function deleteConversation(db: Db, id: string, owner: string): Promise<boolean> {
  const rows = await db
    .delete(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.owner, owner)))
    .returning({ id: chatConversations.id })
  return rows.length > 0
}

/**
 * Claims the conversation for one answer: succeeds when no answer is being written, or when the one that is was
 * last seen before `staleBefore` (its process died). Returns the claimed row, or undefined.
 */
export async function claimConversation(
  db: Db,
  values: { id: string; owner: string; answerId: string; now: Date; staleBefore: Date; touch: boolean },
): Promise<ChatConversationRow | undefined> {
  const [row] = await db
    .update(chatConversations)
    .set({
      answeringMessageId: values.answerId,
      answeringSeenAt: values.now,
      stopRequested: false,
      ...(values.touch ? { updatedAt: values.now } : {}),
    })
    .where(
      and(
        eq(chatConversations.id, values.id),
        eq(chatConversations.owner, values.owner),
        or(
          isNull(chatConversations.answeringMessageId),
          lt(chatConversations.answeringSeenAt, values.staleBefore),
        ),
      ),
    )
    .returning()
  return row
}

/** Ends the claim of `answerId` (a newer claim is left alone). */
export async function releaseConversation(db: Db, id: string, answerId: string): Promise<void> {
  await db
    .update(chatConversations)
    .set({ answeringMessageId: null, answeringSeenAt: null, stopRequested: false })
    .where(and(eq(chatConversations.id, id), eq(chatConversations.answeringMessageId, answerId)))
}

/** Whether a stop was asked for the answer `answerId`; refreshes the claim's `answeringSeenAt` when `now` is given. */
export async function readStopRequest(db: Db, id: string, answerId: string, now?: Date): Promise<boolean> {
  const where = and(eq(chatConversations.id, id), eq(chatConversations.answeringMessageId, answerId))
  if (now) {
    const [row] = await db
      .update(chatConversations)
      .set({ answeringSeenAt: now })
      .where(where)
      .returning({ stop: chatConversations.stopRequested })
    // No row: the claim is gone (the conversation was deleted); stop writing.
    return row?.stop ?? true
  }
  const [row] = await db
    .select({ stop: chatConversations.stopRequested })
    .from(chatConversations)
    .where(where)
  return row?.stop ?? true
}

/** Raises the stop flag of the owner's running answer; the running answer's id, or null when none runs. */
export async function requestStop(db: Db, id: string, owner: string): Promise<string | null> {
  const [row] = await db
    .update(chatConversations)
    .set({ stopRequested: true })
    .where(
      and(
        eq(chatConversations.id, id),
        eq(chatConversations.owner, owner),
        sql`${chatConversations.answeringMessageId} is not null`,
      ),
    )
    .returning({ answerId: chatConversations.answeringMessageId })
  return row?.answerId ?? null
}

/** Moves every conversation of one owner to another (a visitor's device to the member at login). */
export async function moveConversations(db: Db, from: string, to: string): Promise<number> {
  const rows = await db
    .update(chatConversations)
    .set({ owner: to })
    .where(eq(chatConversations.owner, from))
    .returning({ id: chatConversations.id })
  return rows.length
}

/** The ids of one owner's conversations (deleting a member's account). */
export async function listConversationIdsOf(db: Db, owner: string): Promise<string[]> {
  const rows = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(eq(chatConversations.owner, owner))
  return rows.map((row) => row.id)
}

/** `text` as a LIKE pattern matching it anywhere: its wildcards (`%`, `_`) and the escape (`\\`) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

export interface MessageMatchRow {
  conversationId: string
  title: string
  messageId: string
  text: string
  createdAt: Date
}

/**
 * The owner's messages holding any of `texts` (case-insensitive, anywhere: a Chinese word inside a sentence too),
 * newest first. Only the owner's conversations are read: the join on the owner comes before any text is compared.
 * Failed answers (empty) are left out.
 */
export async function findOwnedMessagesContaining(
  db: Db,
  owner: string,
  texts: string[],
  limit: number,
): Promise<MessageMatchRow[]> {
  return db
    .select({
      conversationId: chatConversations.id,
      title: chatConversations.title,
      messageId: chatMessages.id,
      text: chatMessages.text,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(
      and(
        eq(chatConversations.owner, owner),
        ne(chatMessages.status, 'failed'),
        or(...texts.map((text) => ilike(chatMessages.text, containsPattern(text)))),
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit)
}

/** The owner's conversations whose title holds any of `texts` (case-insensitive), latest activity first. */
export async function findOwnedConversationsTitled(
  db: Db,
  owner: string,
  texts: string[],
  limit: number,
): Promise<ChatConversationRow[]> {
  return db
    .select()
    .from(chatConversations)
    .where(
      and(
        eq(chatConversations.owner, owner),
        or(...texts.map((text) => ilike(chatConversations.title, containsPattern(text)))),
      ),
    )
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
    .limit(limit)
}

export interface ChatGapAnswerRow {
  answerId: string
  createdAt: Date
  /** Monday of the answer's week on the firm's calendar, YYYY-MM-DD. */
  week: string
  declined: ChatDeclineReason | null
  vote: ChatVote | null
  voteNote: string | null
  locale: Locale
  assistant: string | null
  question: string | null
}

const gapAnswer = () =>
  and(eq(chatMessages.role, 'answer'), or(isNotNull(chatMessages.declined), eq(chatMessages.vote, 'down')))

const weekOf = (timeZone: string) =>
  sql<string>`to_char(date_trunc('week', ${chatMessages.createdAt} at time zone ${timeZone}), 'YYYY-MM-DD')`

/**
 * Answers since `since` that declined what was asked or that the reader voted down: counts by week (the firm's,
 * Monday first) and reason (the declined reason, else `down_voted`), and the newest `limit` of them with the
 * question each replied to. Nothing of who asked is read. `reason` narrows both.
 */
export async function listChatGaps(
  db: Db,
  values: { since: Date; timeZone: string; limit: number; reason?: ChatDeclineReason | 'down_voted' },
): Promise<{ counts: { week: string; reason: string; n: number }[]; rows: ChatGapAnswerRow[] }> {
  const reasonExpr = sql<string>`coalesce(${chatMessages.declined}, 'down_voted')`
  const where = and(
    gapAnswer(),
    gte(chatMessages.createdAt, values.since),
    values.reason === undefined
      ? undefined
      : values.reason === 'down_voted'
        ? and(isNull(chatMessages.declined), eq(chatMessages.vote, 'down'))
        : eq(chatMessages.declined, values.reason),
  )
  const week = weekOf(values.timeZone)
  const counts = await db
    .select({ week, reason: reasonExpr, n: count() })
    .from(chatMessages)
    .where(where)
    // By position: the week's expression carries the time zone as a parameter, so it would not read as the same
    // expression twice.
    .groupBy(sql`1`, sql`2`)
  // Spelled out: a one-table select names its columns without their table, which a correlated subquery needs.
  const questionText = sql<string | null>`(
    select q.text from chat_messages q
    where q.conversation_id = chat_messages.conversation_id
      and q.role = 'question'
      and q.created_at < chat_messages.created_at
    order by q.created_at desc
    limit 1
  )`
  const rows = await db
    .select({
      answerId: chatMessages.id,
      createdAt: chatMessages.createdAt,
      week,
      declined: chatMessages.declined,
      vote: chatMessages.vote,
      voteNote: chatMessages.voteNote,
      locale: chatMessages.locale,
      assistant: chatMessages.assistant,
      question: questionText,
    })
    .from(chatMessages)
    .where(where)
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(values.limit)
  return { counts: counts.map((c) => ({ ...c, n: Number(c.n) })), rows }
}
