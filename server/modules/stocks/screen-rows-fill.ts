/**
 * Fills the screener's rows (ADR 0036) from the stored snapshots where a company's latest snapshot has none of its
 * session: a database migrated before the screener existed, or a snapshot written by a build without it. Runs in the
 * seed at every start and does nothing once each snapshot has its row; the refresh writes the rows from then on.
 */
import type { Db } from '#server/db/database.ts'
import type { Diagnosis } from './engine/diagnosis.types.ts'
import { selectBars } from './market-data.repo.ts'
import { screenFiguresOf } from './screen-figures.ts'
import { selectSnapshotsWithoutScreenRow, upsertScreenRow } from './screener.repo.ts'

export async function fillMissingScreenRows(db: Db): Promise<number> {
  const missing = await selectSnapshotsWithoutScreenRow(db)
  for (const snapshot of missing) {
    const { diagnosis, ...row } = snapshot
    const bars = await selectBars(db, snapshot.companyId)
    await upsertScreenRow(db, { ...row, ...screenFiguresOf(diagnosis as Diagnosis, bars) })
  }
  return missing.length
}
