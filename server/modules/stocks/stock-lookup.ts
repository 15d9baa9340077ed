/**
 * How a reader's text can name a company by code: the forms readers and other sites write (`700`, `00700`,
 * `0700.HK`, `HK:0700`, `7203.T`, `7203 JP`, `005930.KS`, `5930`, `BRK-B`, `aapl.us`) turned into the universe's
 * (market, code) candidates, in the order they are tried. Names and fuzzy matching are the service's (pg_trgm).
 */
import type { Market } from '#contracts/regions.ts'
import { normalizeCode } from '#server/providers/market-data/universe.ts'

export interface CodeCandidate {
  market: Market
  code: string
}

/** Exchange suffixes and prefixes (Yahoo, Bloomberg and broker styles) and the market each means. */
const marketMarks: Record<string, Market> = {
  US: 'us',
  N: 'us',
  O: 'us',
  OQ: 'us',
  NYSE: 'us',
  NASDAQ: 'us',
  HK: 'hk',
  HKEX: 'hk',
  T: 'jp',
  JP: 'jp',
  JT: 'jp',
  TYO: 'jp',
  TSE: 'jp',
  KS: 'kr',
  KQ: 'kr',
  KR: 'kr',
  KRX: 'kr',
  KOSPI: 'kr',
  KOSDAQ: 'kr',
}

function candidateFor(market: Market, code: string): CodeCandidate | null {
  if (!code) return null
  if (market === 'hk' && !/^\d{1,5}$/.test(code)) return null
  if (market === 'jp' && !/^\d{4}$|^\d{3}[A-Z]$/.test(code)) return null
  if (market === 'kr' && !/^\d{1,6}$/.test(code)) return null
  if (market === 'us' && !/^[A-Z][A-Z0-9]{0,5}([.-][A-Z])?$/.test(code)) return null
  return { market, code: normalizeCode(market, code) }
}

/**
 * The (market, code) pairs `text` may be, most likely first; [] when it cannot be a code. A market mark (`.HK`,
 * `HK:`, ` JP`) decides the market; a bare number is tried as Hong Kong (1–5 digits), Tokyo (4 digits) and Korea
 * (up to 6 digits); letters are a US ticker.
 */
export function codeCandidates(text: string): CodeCandidate[] {
  const compact = text.normalize('NFKC').trim().toUpperCase()
  if (compact.length === 0 || compact.length > 16) return []
  const marked =
    /^([A-Z0-9-]+)\.([A-Z]{1,6})$/.exec(compact) ?? /^([A-Z0-9.-]+)\s+([A-Z]{2,6})$/.exec(compact) ?? null
  if (marked) {
    const market = marketMarks[marked[2] as string]
    if (market) {
      const candidate = candidateFor(market, marked[1] as string)
      return candidate ? [candidate] : []
    }
  }
  const prefixed = /^([A-Z]{2,6})\s*[:：]\s*([A-Z0-9.-]+)$/.exec(compact)
  if (prefixed) {
    const market = marketMarks[prefixed[1] as string]
    if (market) {
      const candidate = candidateFor(market, prefixed[2] as string)
      return candidate ? [candidate] : []
    }
  }
  if (/^\d+$/.test(compact)) {
    const found: CodeCandidate[] = []
    for (const market of ['hk', 'jp', 'kr'] as const) {
      const candidate = candidateFor(market, compact)
      if (candidate) found.push(candidate)
    }
    return found
  }
  const us = candidateFor('us', compact)
  return us ? [us] : []
}

/** True when the text has Chinese, Japanese or Korean characters (a 2-character name is then meaningful). */
export function hasCjk(text: string): boolean {
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(text)
}
