import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/database.ts'
import { menuGroupArticles, menuGroups } from './navigation.sql.ts'

export async function selectMenu(db: Db) {
  const [groups, items] = await Promise.all([
    db.select().from(menuGroups).orderBy(asc(menuGroups.position)),
    db
      .select()
      .from(menuGroupArticles)
      .orderBy(asc(menuGroupArticles.groupKey), asc(menuGroupArticles.position)),
  ])
  return { groups, items }
}

export async function insertMenuIfAbsent(
  db: Db,
  groups: (typeof menuGroups.$inferInsert)[],
  items: (typeof menuGroupArticles.$inferInsert)[],
): Promise<void> {
  if (groups.length > 0) await db.insert(menuGroups).values(groups).onConflictDoNothing()
  if (items.length > 0) await db.insert(menuGroupArticles).values(items).onConflictDoNothing()
}

/** The groups alone, in menu order (the newsroom's choices). */
export async function selectMenuGroups(db: Db) {
  return db.select().from(menuGroups).orderBy(asc(menuGroups.position))
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
