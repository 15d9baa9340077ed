import { and, eq } from 'drizzle-orm'
import type { SiteTextData } from '#contracts/site.ts'
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

/** Every text's key, language, title and time of its last change (the console's list). */
export async function selectSiteTextSummaries(db: Db) {
  return db
    .select({
      key: siteTexts.key,
      locale: siteTexts.locale,
      title: siteTexts.title,
      updatedAt: siteTexts.updatedAt,
    })
    .from(siteTexts)
}

/** A text locked for the caller's transaction (a save checks and writes it there). */
export async function selectSiteTextForUpdate(
  db: Db,
  key: string,
  locale: string,
): Promise<SiteTextRow | undefined> {
  const rows = await db
    .select()
    .from(siteTexts)
    .where(and(eq(siteTexts.key, key), eq(siteTexts.locale, locale)))
    .for('update')
  return rows[0]
}

export async function updateSiteText(
  db: Db,
  key: string,
  locale: string,
  change: { title: string; bodyMarkdown: string; data: SiteTextData; updatedAt: Date },
): Promise<SiteTextRow> {
  const rows = await db
    .update(siteTexts)
    .set(change)
    .where(and(eq(siteTexts.key, key), eq(siteTexts.locale, locale)))
    .returning()
  const row = rows[0]
  if (!row) throw new Error('site text update returned no row')
  return row
}
