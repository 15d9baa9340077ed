/** The seed corpus's menu groups (seed/seed-menu-groups.ts) as menu rows; the titles come from the articles. */

import type { Db } from '#server/db/database.ts'
import type { SeedMenuGroup } from '#server/modules/articles/seed/seed-corpus.ts'
import { insertMenuIfAbsent } from './navigation.repo.ts'

export async function insertSeedMenuIfAbsent(db: Db, groups: readonly SeedMenuGroup[]): Promise<void> {
  await insertMenuIfAbsent(
    db,
    groups.map((group, position) => ({ key: group.key, position, name: group.menuName })),
    groups.flatMap((group) =>
      group.articleKeys.map((articleKey, position) => ({ groupKey: group.key, articleKey, position })),
    ),
  )
}
