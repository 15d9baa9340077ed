/**
 * The compare page's vocabulary without zod (ADR 0011): how many stocks a comparison holds, how they travel in the
 * URL and the periods of the returns it shows. The page, its links (the diagnosis's "Compare with…", the watchlist,
 * the screener rows) and its loader read these, so every link and the loader agree on one address per comparison.
 *
 * The address is `/compare?codes=us:AAPL,hk:0700`: the stocks in the reader's order, each `market:code` (the links
 * to a comparison write it with compare-href.ts). A loader
 * also reads a bare code or name (`codes=AAPL`), several `codes` fields (a plain form sends one per stock) and the
 * text of the add box (`add=`), and answers with the canonical address.
 */
import { compareMax, compareMin } from './compare-href.ts'
import { type Market, markets } from './regions.ts'

export { compareMax, compareMin } from './compare-href.ts'

/** A token longer than this is no code or name (contracts/stock-rules.ts `stockQueryMaxLength`). */
export const compareTokenMaxLength = 100

export const CompareErrorCode = {
  tooFew: 'COMPARE_TOO_FEW',
  tooMany: 'COMPARE_TOO_MANY',
  unknown: 'COMPARE_STOCK_UNKNOWN',
} as const

/** The periods of the returns, and the chart's: the chart rebases each stock to 100 a year before the as-of date. */
export const comparePeriods = ['1m', '3m', '6m', '1y'] as const
export type ComparePeriod = (typeof comparePeriods)[number]

export interface CompareKey {
  market: Market
  code: string
}

/** One stock as the URL names it: `market:code`, or a bare code or name (any market). */
export interface CompareToken {
  text: string
  code: string
  market: Market | null
}

const isMarket = (value: string): value is Market => (markets as readonly string[]).includes(value)

/** A token of the URL read: `us:AAPL` is AAPL in the US market; `AAPL` or `Apple` is a code or name anywhere. */
export function parseCompareToken(text: string): CompareToken {
  const trimmed = text.trim()
  const colon = trimmed.indexOf(':')
  if (colon > 0) {
    const market = trimmed.slice(0, colon).trim().toLowerCase()
    const code = trimmed.slice(colon + 1).trim()
    if (isMarket(market) && code) return { text: trimmed, code, market }
  }
  return { text: trimmed, code: trimmed, market: null }
}

/** Every stock the URL names, in order: the `codes` fields (comma-separated) then the add box's text. */
export function compareTokensOf(params: URLSearchParams): CompareToken[] {
  const texts = [...params.getAll('codes').flatMap((value) => value.split(',')), ...params.getAll('add')]
    .map((text) => text.trim())
    .filter((text) => text.length > 0)
  return texts.map(parseCompareToken)
}

/** `us:AAPL`: a stock as the canonical address names it. */
export const compareTokenOf = (key: CompareKey) => `${key.market}:${key.code}`

/** The same stock (codes compare without case). */
export const isSameStock = (a: CompareKey, b: CompareKey) =>
  a.market === b.market && a.code.toUpperCase() === b.code.toUpperCase()

/** The stocks without repeats, in their first order. */
export function uniqueStocks<T extends CompareKey>(keys: readonly T[]): T[] {
  const kept: T[] = []
  for (const key of keys) if (!kept.some((other) => isSameStock(other, key))) kept.push(key)
  return kept
}

/** A token as the address writes it: ':' and ',' may stand in a query as they are; a code's own characters escaped. */
function tokenInAddress(text: string): string {
  const token = parseCompareToken(text)
  return token.market ? `${token.market}:${encodeURIComponent(token.code)}` : encodeURIComponent(token.text)
}

/** The address of the stocks as the compare page lists them (`market:code`, or an unknown text as typed). */
export function compareTokensHref(tokens: readonly string[]): string {
  return tokens.length === 0 ? '/compare' : `/compare?codes=${tokens.map(tokenInAddress).join(',')}`
}

/** What the number of stocks says: too few to compare, too many, or fine. */
export function compareCountProblem(count: number): (typeof CompareErrorCode)['tooFew' | 'tooMany'] | null {
  if (count < compareMin) return CompareErrorCode.tooFew
  if (count > compareMax) return CompareErrorCode.tooMany
  return null
}
