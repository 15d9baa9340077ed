/**
 * Addresses of screens: the current screen with some parameters changed (a sort, a page, a preset), in the one
 * canonical order of contracts/screener-rules.ts, blank values dropped and the page reset unless given. Every view of
 * the screener is a link, so it works without JavaScript and the back button walks through the reader's screens.
 */
import {
  canonicalScreenSearch,
  defaultDirectionOf,
  type ScreenSortKey,
  type SortDirection,
} from '#contracts/screener-rules.ts'

export const screenerPath = '/stocks-screener'

export function screenHref(
  values: Record<string, string>,
  changes: Record<string, string | number | null> = {},
): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries({ ...values, ...changes })) {
    if (value !== null && value !== undefined && String(value) !== '') params.set(name, String(value))
  }
  const search = canonicalScreenSearch(params)
  const page = Number(changes.page ?? 1)
  const full = page > 1 ? `${search ? `${search}&` : ''}page=${page}` : search
  return full ? `${screenerPath}?${full}` : screenerPath
}

/** The link of a column's header: sorts on it (its usual direction first), or flips it when it is the sort. */
export function sortHref(
  values: Record<string, string>,
  column: ScreenSortKey,
  current: { sort: ScreenSortKey; dir: SortDirection },
): string {
  const dir = current.sort === column ? (current.dir === 'asc' ? 'desc' : 'asc') : defaultDirectionOf(column)
  return screenHref(values, { sort: column, dir: dir === defaultDirectionOf(column) ? null : dir })
}
