/**
 * The header mega-menu (spec §2, §3): service groups and the articles each one lists, in the reader's language.
 * Decides which groups exist and in what order; each article's title is its own, in the reader's language, from
 * the articles service, and an article that cannot be read in that language is left out (a group left empty is
 * not shown).
 */

import { type ConsoleMenuGroup, menuGroupsMax, SiteAdminErrorCode } from '#contracts/console-site-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import type { MenuGroup } from '#contracts/site.ts'
import type { LocalizedText } from '#server/db/columns.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { ArticlesService } from '#server/modules/articles/articles.service.ts'
import {
  insertMenuGroup,
  replaceArticlesOfGroup,
  replaceGroupsOfArticle,
  selectAllMenuGroupKeys,
  selectGroupsOfArticle,
  selectMenu,
  selectMenuGroupForUpdate,
  selectMenuGroups,
  updateMenuGroup,
} from './navigation.repo.ts'

/** A group as stored: what the audit log keeps of it. */
export interface MenuGroupRecord {
  key: string
  name: LocalizedText
  articleKeys: string[]
}

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

  /** Every group shown with its articles in order, each with its title (English first, else Chinese; null: unpublished). */
  async function listConsoleMenu(): Promise<ConsoleMenuGroup[]> {
    const groups = await listMenuGroupRecords(db)
    const keys = [...new Set(groups.flatMap((group) => group.articleKeys))]
    const [english, chinese] = await Promise.all([
      articles.findArticleTitles(keys, 'en'),
      articles.findArticleTitles(keys, 'zh-Hant'),
    ])
    return groups.map((group) => ({
      key: group.key,
      name: group.name,
      articles: group.articleKeys.map((key) => ({
        key,
        title: english.get(key) ?? chinese.get(key) ?? null,
      })),
    }))
  }

  /** The groups shown as stored (no titles: read in a transaction, where the articles service cannot be asked). */
  async function listMenuGroupRecords(inDb: Db): Promise<MenuGroupRecord[]> {
    const { groups, items } = await selectMenu(inDb)
    return groups.map((group) => ({
      key: group.key,
      name: group.name,
      articleKeys: items.filter((item) => item.groupKey === group.key).map((item) => item.articleKey),
    }))
  }

  async function groupRecordOf(inDb: Db, key: string): Promise<MenuGroupRecord> {
    const group = (await listMenuGroupRecords(inDb)).find((item) => item.key === key)
    if (!group) throw new AppError('not_found', SiteAdminErrorCode.menuGroupNotFound)
    return group
  }

  /** A key of the English name's words, unused by any group before (removed ones included). */
  async function newGroupKey(inDb: Db, englishName: string): Promise<string> {
    const base =
      englishName
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 40)
        .replace(/-+$/, '') || 'group'
    const taken = await selectAllMenuGroupKeys(inDb)
    let key = base
    for (let suffix = 2; taken.has(key); suffix += 1) key = `${base}-${suffix}`
    return key
  }

  /**
   * The console's changes, in the caller's transaction (`inDb`; article keys already checked by the caller). The
   * menus held here are dropped when the caller announces the change after its commit.
   */
  async function createMenuGroup(
    input: { name: LocalizedText; articleKeys: readonly string[] },
    inDb: Db = db,
  ): Promise<MenuGroupRecord> {
    const groups = await selectMenuGroups(inDb)
    if (groups.length >= menuGroupsMax) throw new AppError('conflict', SiteAdminErrorCode.menuGroupsFull)
    const key = await newGroupKey(inDb, input.name.en)
    const position = groups.reduce((last, group) => Math.max(last, group.position), -1) + 1
    await insertMenuGroup(inDb, { key, name: input.name, position, editedAt: new Date(now()) })
    await replaceArticlesOfGroup(inDb, key, [...new Set(input.articleKeys)])
    return groupRecordOf(inDb, key)
  }

  async function updateConsoleMenuGroup(
    key: string,
    input: { name: LocalizedText; articleKeys: readonly string[] },
    inDb: Db = db,
  ): Promise<{ before: MenuGroupRecord; after: MenuGroupRecord }> {
    if (!(await selectMenuGroupForUpdate(inDb, key)))
      throw new AppError('not_found', SiteAdminErrorCode.menuGroupNotFound)
    const before = await groupRecordOf(inDb, key)
    await updateMenuGroup(inDb, key, { name: input.name, editedAt: new Date(now()) })
    await replaceArticlesOfGroup(inDb, key, [...new Set(input.articleKeys)])
    return { before, after: await groupRecordOf(inDb, key) }
  }

  /** Puts the groups in this order; every group shown must be named once. */
  async function reorderMenuGroups(
    keys: readonly string[],
    inDb: Db = db,
  ): Promise<{ before: string[]; after: string[] }> {
    const before = (await selectMenuGroups(inDb)).map((group) => group.key)
    if (
      keys.length !== before.length ||
      new Set(keys).size !== keys.length ||
      keys.some((key) => !before.includes(key))
    )
      throw new AppError('invalid', SiteAdminErrorCode.menuOrderInvalid)
    for (const [position, key] of keys.entries()) await updateMenuGroup(inDb, key, { position })
    return { before, after: [...keys] }
  }

  /** Removes a group from the menu (kept as removed, so the seed does not add it again). */
  async function removeMenuGroup(key: string, inDb: Db = db): Promise<MenuGroupRecord> {
    if (!(await selectMenuGroupForUpdate(inDb, key)))
      throw new AppError('not_found', SiteAdminErrorCode.menuGroupNotFound)
    const before = await groupRecordOf(inDb, key)
    await replaceArticlesOfGroup(inDb, key, [])
    const at = new Date(now())
    await updateMenuGroup(inDb, key, { removedAt: at, editedAt: at })
    return before
  }

  /** Forgets the menus held (after a change this process made or heard of). */
  function dropHeldMenus(): void {
    cache.clear()
  }

  return {
    listMenu,
    listMenuGroups,
    listGroupsOfArticle,
    placeArticleInGroups,
    listConsoleMenu,
    createMenuGroup,
    updateConsoleMenuGroup,
    reorderMenuGroups,
    removeMenuGroup,
    dropHeldMenus,
  }
}

export type NavigationService = ReturnType<typeof createNavigationService>
