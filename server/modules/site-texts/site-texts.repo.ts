import { and, eq } from 'drizzle-orm'
import type { Db } from '#server/db/database.ts'
import { siteTexts } from './site-texts.sql.ts'

export type SiteTextRow = typeof siteTexts.$inferSelect

export async function selectSiteText(db: Db, key: string, locale: string): Promise<SiteTextRow | undefined> {
  const rows = await db
    .select()
    .from(siteTexts)
    .where(and(eq(siteTexts.key, key), eq(siteTexts.locale, locale)))
    .limit(1)
  return rows[0]
}

export async function insertSiteTextsIfAbsent(
  db: Db,
  rows: (typeof siteTexts.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return
  await db.insert(siteTexts).values(rows).onConflictDoNothing()
}
