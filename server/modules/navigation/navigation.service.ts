/**
 * The header mega-menu (spec §2, §3): service groups and the articles each one lists, in the reader's language.
 * Decides which groups exist and in what order; each article's title is its own, in the reader's language, from
 * the articles service, and an article that cannot be read in that language is left out (a group left empty is
 * not shown).
 */

import type { Locale } from '#contracts/regions.ts'
import type { MenuGroup } from '#contracts/site.ts'
import type { LocalizedText } from '#server/db/columns.ts'
import type { Db } from '#server/db/database.ts'
import type { ArticlesService } from '#server/modules/articles/articles.service.ts'
import {
  replaceGroupsOfArticle,
  selectGroupsOfArticle,
  selectMenu,
  selectMenuGroups,
} from './navigation.repo.ts'

export function createNavigationService({
  db,
  articles,
  now = () => Date.now(),
  cacheMillis = 60_000,
}: {
  db: Db
  /** Titles come from here; a change it announces (a title edited, an article taken down) drops the menus held. */
  articles: Pick<ArticlesService, 'findArticleTitles'> & Partial<Pick<ArticlesService, 'onArticlesChanged'>>
  now?: () => number
  cacheMillis?: number
}) {
  const cache = new Map<Locale, { menu: Promise<MenuGroup[]>; expiresAt: number }>()
  articles.onArticlesChanged?.(() => cache.clear())

  async function buildMenu(locale: Locale): Promise<MenuGroup[]> {
    const { groups, items } = await selectMenu(db)
    const titles = await articles.findArticleTitles(
      [...new Set(items.map((item) => item.articleKey))],
      locale,
    )
    return groups
      .map((group) => ({
        menuName: group.name[locale],
        articles: items
          .filter((item) => item.groupKey === group.key && titles.has(item.articleKey))
          .map((item) => ({ k: item.articleKey, v: titles.get(item.articleKey)! })),
      }))
      .filter((group) => group.articles.length > 0)
  }

  function listMenu(locale: Locale): Promise<MenuGroup[]> {
    const cached = cache.get(locale)
    if (cached && cached.expiresAt > now()) return cached.menu
    const menu = buildMenu(locale)
    const entry = { menu, expiresAt: now() + cacheMillis }
    cache.set(locale, entry)
    menu.catch(() => {
      if (cache.get(locale) === entry) cache.delete(locale)
    })
    return menu
  }

  /** The groups an article can be listed in (the newsroom's choices). */
  async function listMenuGroups(): Promise<{ key: string; name: LocalizedText }[]> {
    return (await selectMenuGroups(db)).map((group) => ({ key: group.key, name: group.name }))
  }

  /** `options.db`: the caller's transaction. */
  function listGroupsOfArticle(articleKey: string, options: { db?: Db } = {}): Promise<string[]> {
    return selectGroupsOfArticle(options.db ?? db, articleKey)
  }

  /**
   * Lists an article in exactly these groups (the newsroom's save), in the caller's transaction when given. The
   * menus held here are dropped by the article change the caller announces.
   */
  async function placeArticleInGroups(
    articleKey: string,
    groupKeys: readonly string[],
    options: { previousKey?: string; db?: Db } = {},
  ): Promise<void> {
    await replaceGroupsOfArticle(options.db ?? db, articleKey, groupKeys, options.previousKey)
    cache.clear()
  }

  return { listMenu, listMenuGroups, listGroupsOfArticle, placeArticleInGroups }
}

export type NavigationService = ReturnType<typeof createNavigationService>
