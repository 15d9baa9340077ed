/**
 * Queries on who opened which diagnosis on which day (`stock_diagnosis_views`): the same stock again the same day
 * uses no attempt. Plain rows; no rules (the diagnosis decides, stock-diagnosis.ts).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/database.ts'
import { stockDiagnosisViews } from './stocks.sql.ts'

/** Records that `subject` opened the company's diagnosis on `day`; false when it already had. */
export async function recordDiagnosisView(
  db: Db,
  view: { subject: string; companyId: number; day: string },
): Promise<boolean> {
  const rows = await db
    .insert(stockDiagnosisViews)
    .values(view)
    .onConflictDoNothing()
    .returning({ day: stockDiagnosisViews.day })
  return rows.length > 0
}

export async function deleteDiagnosisView(
  db: Db,
  view: { subject: string; companyId: number; day: string },
): Promise<void> {
  await db
    .delete(stockDiagnosisViews)
    .where(
      and(
        eq(stockDiagnosisViews.subject, view.subject),
        eq(stockDiagnosisViews.companyId, view.companyId),
        eq(stockDiagnosisViews.day, view.day),
      ),
    )
}

export async function hasDiagnosisView(
  db: Db,
  view: { subject: string; companyId: number; day: string },
): Promise<boolean> {
  const rows = await db
    .select({ day: stockDiagnosisViews.day })
    .from(stockDiagnosisViews)
    .where(
      and(
        eq(stockDiagnosisViews.subject, view.subject),
        eq(stockDiagnosisViews.companyId, view.companyId),
        eq(stockDiagnosisViews.day, view.day),
      ),
    )
    .limit(1)
  return rows.length > 0
}

export async function deleteDiagnosisViewsBefore(db: Db, day: string): Promise<void> {
  await db.delete(stockDiagnosisViews).where(sql`${stockDiagnosisViews.day} < ${day}`)
}
