import { asc } from 'drizzle-orm'
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
