/** Queries on console_audit_entries: inserts and filtered pages, no rules. */
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import { type Db, selectRows } from '#server/db/database.ts'
import { consoleAuditEntries } from './console.sql.ts'

export type AuditEntryRow = typeof consoleAuditEntries.$inferSelect
export type NewAuditEntry = Omit<typeof consoleAuditEntries.$inferInsert, 'id'>

export async function insertAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.insert(consoleAuditEntries).values(entry)
}

export interface AuditFilter {
  actorMemberId?: string | undefined
  action?: string | undefined
  entity?: string | undefined
  entityId?: string | undefined
  /** Inclusive. */
  from?: Date | undefined
  /** Exclusive. */
  to?: Date | undefined
}

function conditionsOf(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = []
  if (filter.actorMemberId) conditions.push(eq(consoleAuditEntries.actorMemberId, filter.actorMemberId))
  if (filter.action) conditions.push(eq(consoleAuditEntries.action, filter.action))
  if (filter.entity) conditions.push(eq(consoleAuditEntries.entity, filter.entity))
  if (filter.entityId) conditions.push(eq(consoleAuditEntries.entityId, filter.entityId))
  if (filter.from) conditions.push(gte(consoleAuditEntries.at, filter.from))
  if (filter.to) conditions.push(lt(consoleAuditEntries.at, filter.to))
  return conditions.length > 0 ? and(...conditions) : undefined
}

/** Newest first. */
export async function selectAuditEntries(
  db: Db,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<AuditEntryRow[]> {
  return db
    .select()
    .from(consoleAuditEntries)
    .where(conditionsOf(filter))
    .orderBy(desc(consoleAuditEntries.at), desc(consoleAuditEntries.id))
    .limit(page.limit)
    .offset(page.offset)
}

/** How many entries match, counting no further than `cap`. */
export async function countAuditEntries(db: Db, filter: AuditFilter, cap: number): Promise<number> {
  const where = conditionsOf(filter)
  const rows = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select 1 from ${consoleAuditEntries} ${where ? sql`where ${where}` : sql``} limit ${cap}) capped`,
  )
  return Number(rows[0]?.n ?? 0)
}

/** Deletes up to `limit` of the oldest entries made before `before`; answers how many went. */
export async function deleteAuditEntriesBefore(db: Db, before: Date, limit: number): Promise<number> {
  const rows = await db
    .delete(consoleAuditEntries)
    .where(
      inArray(
        consoleAuditEntries.id,
        db
          .select({ id: consoleAuditEntries.id })
          .from(consoleAuditEntries)
          .where(lt(consoleAuditEntries.at, before))
          .orderBy(consoleAuditEntries.at)
          .limit(limit),
      ),
    )
    .returning({ id: consoleAuditEntries.id })
  return rows.length
}
