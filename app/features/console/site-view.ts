/**
 * Where the site's administration (/console/site, admins) sits in the address: one tab per part, and the editor of
 * one site text in one language. Decided without the server, like the rest of console-view.ts.
 */
import { type EditableSiteTextKey, editableSiteTextKeys } from '#contracts/console-site-rules.ts'
import type { Locale } from '#contracts/regions.ts'

export const siteTabs = ['texts', 'menu', 'redirects', 'contact', 'prices'] as const
export type SiteTab = (typeof siteTabs)[number]

export type SiteView =
  | { tab: Exclude<SiteTab, 'texts'> }
  | { tab: 'texts'; text: { key: EditableSiteTextKey; locale: Locale } | null }

/** The site page of a path after /console/ (`site`, `site/<tab>`, `site/texts/<key>/<locale>`), or null. */
export function siteViewOf(path: string): SiteView | null {
  if (path === 'site' || path === 'site/texts') return { tab: 'texts', text: null }
  const text = /^site\/texts\/([a-z-]{1,40})\/(en|zh-Hant)$/.exec(path)
  if (text) {
    const key = text[1] as EditableSiteTextKey
    if (!editableSiteTextKeys.includes(key)) return null
    return { tab: 'texts', text: { key, locale: text[2] as Locale } }
  }
  const tab = /^site\/(menu|redirects|contact|prices)$/.exec(path)
  return tab ? { tab: tab[1] as Exclude<SiteTab, 'texts'> } : null
}

/** The address of a site page. */
export function sitePathOf(view: SiteView): string {
  if (view.tab === 'texts' && view.text) return `/console/site/texts/${view.text.key}/${view.text.locale}`
  return view.tab === 'texts' ? '/console/site' : `/console/site/${view.tab}`
}

/** A list moved one place up (-1) or down (+1); unchanged at either end. */
export function movedInList<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items]
  const moved = [...items]
  const [item] = moved.splice(index, 1) as [T]
  moved.splice(target, 0, item)
  return moved
}
