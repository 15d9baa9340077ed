/** Queries on advisers and adviser_assignments: plain rows, no rules. */
import { asc, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/database.ts'
import { adviserAssignments, advisers } from './advisers.sql.ts'

export type AdviserRow = typeof advisers.$inferSelect
export type NewAdviserRow = typeof advisers.$inferInsert
export type AssignmentRow = typeof adviserAssignments.$inferSelect

/** Every adviser with the number of members assigned to them, active first, then by English name. */
export async function selectAdvisers(db: Db): Promise<(AdviserRow & { assignedCount: number })[]> {
  const rows = await db
    .select({ adviser: advisers, assignedCount: count(adviserAssignments.memberId) })
    .from(advisers)
    .leftJoin(adviserAssignments, eq(adviserAssignments.adviserId, advisers.id))
    .groupBy(advisers.id)
    .orderBy(desc(advisers.active), asc(sql`${advisers.name}->>'en'`), asc(advisers.createdAt))
  return rows.map((row) => ({ ...row.adviser, assignedCount: Number(row.assignedCount) }))
}

export async function selectAdviser(db: Db, id: string): Promise<AdviserRow | undefined> {
  const [row] = await db.select().from(advisers).where(eq(advisers.id, id))
  return row
}

export async function countAdvisers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(advisers)
  return Number(row?.n ?? 0)
}

export async function insertAdviser(db: Db, adviser: NewAdviserRow): Promise<AdviserRow> {
  const [row] = await db.insert(advisers).values(adviser).returning()
  if (!row) throw new Error('adviser insert returned no row')
  return row
}

export async function updateAdviser(
  db: Db,
  id: string,
  change: Partial<Pick<AdviserRow, 'name' | 'bio' | 'channels' | 'active'>>,
): Promise<AdviserRow | undefined> {
  const [row] = await db.update(advisers).set(change).where(eq(advisers.id, id)).returning()
  return row
}

/** The members assigned to an adviser, longest assigned first (their numbers are accounts'). */
export async function selectAssignmentsOfAdviser(db: Db, adviserId: string): Promise<AssignmentRow[]> {
  return db
    .select()
    .from(adviserAssignments)
    .where(eq(adviserAssignments.adviserId, adviserId))
    .orderBy(asc(adviserAssignments.assignedAt))
}

export async function countAssignmentsOfAdviser(db: Db, adviserId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adviserAssignments)
    .where(eq(adviserAssignments.adviserId, adviserId))
  return Number(row?.n ?? 0)
}

/** A member's assignment with its adviser. */
export async function selectAssignmentOfMember(
  db: Db,
  memberId: string,
): Promise<{ assignment: AssignmentRow; adviser: AdviserRow } | undefined> {
  const [row] = await db
    .select({ assignment: adviserAssignments, adviser: advisers })
    .from(adviserAssignments)
    .innerJoin(advisers, eq(advisers.id, adviserAssignments.adviserId))
    .where(eq(adviserAssignments.memberId, memberId))
  return row
}

/** Assigns or moves a member (one adviser at most). */
export async function upsertAssignment(db: Db, assignment: AssignmentRow): Promise<void> {
  await db
    .insert(adviserAssignments)
    .values(assignment)
    .onConflictDoUpdate({
      target: adviserAssignments.memberId,
      set: {
        adviserId: assignment.adviserId,
        assignedAt: assignment.assignedAt,
        assignedByMemberId: assignment.assignedByMemberId,
        assignedByPhone: assignment.assignedByPhone,
      },
    })
}

export async function deleteAssignment(db: Db, memberId: string): Promise<boolean> {
  const rows = await db
    .delete(adviserAssignments)
    .where(eq(adviserAssignments.memberId, memberId))
    .returning({ memberId: adviserAssignments.memberId })
  return rows.length > 0
}
