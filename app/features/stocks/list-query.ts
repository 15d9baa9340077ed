/**
 * The stock lists keep their filters in the URL (`?market=hk&kind=sell&page=2`), so every view has an address and
 * works without JavaScript. This reads those parameters leniently — an unknown market falls back to the region's —
 * and writes links that keep the other filters and drop defaults.
 */
import { type Market, markets } from '#contracts/regions.ts'

/** The market in `?market=`, or `fallback` when it is missing or unknown; 'all' means every market when allowed. */
export function marketOf(
  params: URLSearchParams,
  fallback: Market | null,
  { allowAll = false } = {},
): Market | null {
  const raw = params.get('market')
  if (allowAll && raw?.trim().toLowerCase() === 'all') return null
  // As the API's MarketFilter reads it (any case, blank is none), without loading the schema into the page.
  const market = raw?.trim().toLowerCase()
  return markets.find((m) => m === market) ?? fallback
}

/** The value of `name` when it is one of `options`, else `fallback`. */
export function choiceOf<V extends string>(
  params: URLSearchParams,
  name: string,
  options: readonly V[],
  fallback: V,
): V {
  const raw = params.get(name)?.trim().toLowerCase()
  return options.find((o) => o === raw) ?? fallback
}

/** A page number from 1 to `max` (defaults to 1). */
export function pageOf(params: URLSearchParams, max = 100): number {
  const n = Number(params.get('page'))
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : 1
}

/** `path?a=1&b=2` with empty and null values left out, in a stable order. */
export function listHref(path: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === '') continue
    search.set(key, String(value))
  }
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

export function pageCountOf(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1
}
