/**
 * The links to the compare page (`/compare?codes=us:AAPL,hk:0700`): the diagnosis's "Compare with…", the watchlist's
 * and the screener's, and the compare loader's canonical address. No imports, so a page that only links to a
 * comparison carries a few bytes for it (scripts/js-budget.ts); compare-rules.ts reads the address back and holds the
 * rest of the page's vocabulary.
 */

export const compareMin = 2
export const compareMax = 4

type CompareLinkKey = { market: string; code: string }

const isSame = (a: CompareLinkKey, b: CompareLinkKey) =>
  a.market === b.market && a.code.toUpperCase() === b.code.toUpperCase()

/**
 * A comparison's address: the stocks in their order without repeats (codes compare without case), each
 * `market:code`, ':' and ',' as they are and a code's own characters escaped; `/compare` alone for none.
 */
export function compareHref(keys: readonly CompareLinkKey[]): string {
  const unique = keys.filter((key, index) => keys.findIndex((other) => isSame(other, key)) === index)
  if (unique.length === 0) return '/compare'
  return `/compare?codes=${unique.map((key) => `${key.market}:${encodeURIComponent(key.code)}`).join(',')}`
}

/** The comparison of the first stocks of a list (at most four), or null when it holds fewer than two. */
export function compareFirstOf(keys: readonly CompareLinkKey[]): { href: string; count: number } | null {
  const first = keys
    .filter((key, index) => keys.findIndex((other) => isSame(other, key)) === index)
    .slice(0, compareMax)
  return first.length < compareMin ? null : { href: compareHref(first), count: first.length }
}
