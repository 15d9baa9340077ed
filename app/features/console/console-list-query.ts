/**
 * A console list's query — its filters and page — kept in the address, so a filtered list can be reloaded, shared
 * and walked with the back button. Each list reads its own filters from the address (`*FiltersOf` in its view
 * file, which decides what a valid value is); writing them back is the same for all: empty values and defaults
 * are left out, so the plain list has the plain address.
 */
import { useSearchParams } from 'react-router'

type QueryValue = string | number | boolean | null | undefined

/** The query string of `filters` ('' or `?…`), leaving out empty values and those equal to `defaults`. */
export function listSearchOf(
  filters: Readonly<Record<string, QueryValue>>,
  defaults: Readonly<Record<string, QueryValue>> = {},
): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) {
    if (value === null || value === undefined || value === '' || value === defaults[name]) continue
    search.set(name, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

export interface ConsoleListQuery<F> {
  filters: F
  /** The filters as the address writes them: what the list is loaded again for. */
  search: string
  /** The address of this list with some filters changed (another page, another state). */
  hrefOf(change: Partial<F>): string
}

/** The list at `path`'s filters, read from the address by `filtersOf` and written back by `searchOf`. */
export function useConsoleListQuery<F>(
  path: string,
  filtersOf: (search: URLSearchParams) => F,
  searchOf: (filters: F) => string,
): ConsoleListQuery<F> {
  const [params] = useSearchParams()
  const filters = filtersOf(params)
  return {
    filters,
    search: searchOf(filters),
    hrefOf: (change) => `${path}${searchOf({ ...filters, ...change })}`,
  }
}
