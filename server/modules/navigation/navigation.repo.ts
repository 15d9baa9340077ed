import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import type { LocalizedText } from '#server/db/columns.ts'
import type { Db } from '#server/db/database.ts'
import { menuGroupArticles, menuGroups } from './navigation.sql.ts'

export type MenuGroupRow = typeof menuGroups.$inferSelect

/** The groups shown (removed ones left out) and their articles, in menu order. */
export async function selectMenu(db: Db) {
  const [groups, items] = await Promise.all([
    db.select().from(menuGroups).where(isNull(menuGroups.removedAt)).orderBy(asc(menuGroups.position)),
    db
      .select()
      .from(menuGroupArticles)
      .orderBy(asc(menuGroupArticles.groupKey), asc(menuGroupArticles.position)),
  ])
  return { groups, items }
}

/**
 * The seed's groups and articles: a group is added when absent; articles only to groups nobody changed in the
 * console (an admin's choice, or a removed group, is not undone at the next start).
 */
export async function insertMenuIfAbsent(
  db: Db,
  groups: (typeof menuGroups.$inferInsert)[],
  items: (typeof menuGroupArticles.$inferInsert)[],
): Promise<void> {
  if (groups.length > 0) await db.insert(menuGroups).values(groups).onConflictDoNothing()
  if (items.length === 0) return
  const untouched = new Set(
    (
      await db
        .select({ key: menuGroups.key })
        .from(menuGroups)
        .where(and(isNull(menuGroups.editedAt), isNull(menuGroups.removedAt)))
    ).map((row) => row.key),
  )
  const seeded = items.filter((item) => untouched.has(item.groupKey))
  if (seeded.length > 0) await db.insert(menuGroupArticles).values(seeded).onConflictDoNothing()
}

/** The groups alone, in menu order (the newsroom's choices); removed ones left out. */
export async function selectMenuGroups(db: Db) {
  return db.select().from(menuGroups).where(isNull(menuGroups.removedAt)).orderBy(asc(menuGroups.position))
}

/** Every group key ever used, removed ones too (a new group's key must differ from all). */
export async function selectAllMenuGroupKeys(db: Db): Promise<Set<string>> {
  const rows = await db.select({ key: menuGroups.key }).from(menuGroups)
  return new Set(rows.map((row) => row.key))
}

/** A group shown, locked for the caller's transaction. */
export async function selectMenuGroupForUpdate(db: Db, key: string): Promise<MenuGroupRow | undefined> {
  const rows = await db
    .select()
    .from(menuGroups)
    .where(and(eq(menuGroups.key, key), isNull(menuGroups.removedAt)))
    .for('update')
  return rows[0]
}

/** The article keys a group lists, in order. */
export async function selectArticlesOfGroup(db: Db, groupKey: string): Promise<string[]> {
  const rows = await db
    .select({ articleKey: menuGroupArticles.articleKey })
    .from(menuGroupArticles)
    .where(eq(menuGroupArticles.groupKey, groupKey))
    .orderBy(asc(menuGroupArticles.position))
  return rows.map((row) => row.articleKey)
}

export async function insertMenuGroup(
  db: Db,
  group: { key: string; name: LocalizedText; position: number; editedAt: Date },
): Promise<void> {
  await db.insert(menuGroups).values(group)
}

export async function updateMenuGroup(
  db: Db,
  key: string,
  change: { name?: LocalizedText; position?: number; editedAt?: Date; removedAt?: Date },
): Promise<void> {
  await db.update(menuGroups).set(change).where(eq(menuGroups.key, key))
}

/** Makes a group list exactly these articles, in this order. */
export async function replaceArticlesOfGroup(
  db: Db,
  groupKey: string,
  articleKeys: readonly string[],
): Promise<void> {
  await db.delete(menuGroupArticles).where(eq(menuGroupArticles.groupKey, groupKey))
  if (articleKeys.length > 0)
    await db
      .insert(menuGroupArticles)
      .values(articleKeys.map((articleKey, position) => ({ groupKey, articleKey, position })))
}

/** The groups listing an article, by its key. */
export async function selectGroupsOfArticle(db: Db, articleKey: string): Promise<string[]> {
  const rows = await db
    .select({ groupKey: menuGroupArticles.groupKey })
    .from(menuGroupArticles)
    .where(eq(menuGroupArticles.articleKey, articleKey))
    .orderBy(asc(menuGroupArticles.groupKey))
  return rows.map((row) => row.groupKey)
}

/**
 * Makes an article listed by exactly these groups: kept where it was, added at the end of a new group, removed from
 * the others. `previousKey`: the key it had until now (its entries move to the new key).
 */
export async function replaceGroupsOfArticle(
  db: Db,
  articleKey: string,
  groupKeys: readonly string[],
  previousKey: string = articleKey,
): Promise<void> {
  const keys = [...new Set([articleKey, previousKey])]
  await db
    .delete(menuGroupArticles)
    .where(
      and(
        inArray(menuGroupArticles.articleKey, keys),
        groupKeys.length > 0 ? notInArray(menuGroupArticles.groupKey, [...groupKeys]) : undefined,
      ),
    )
  if (previousKey !== articleKey) {
    await db
      .update(menuGroupArticles)
      .set({ articleKey })
      .where(eq(menuGroupArticles.articleKey, previousKey))
  }
  for (const groupKey of groupKeys) {
    await db.execute(
      sql`insert into menu_group_articles (group_key, article_key, position)
          select ${groupKey}, ${articleKey}, coalesce(max(position), -1) + 1 from menu_group_articles
          where group_key = ${groupKey}
          on conflict (group_key, article_key) do nothing`,
    )
  }
}
