/**
 * Finding a company from what a reader typed: an exact code in any of its forms (stock-lookup.ts), then an exact
 * name or alias in either language, then the most similar name (pg_trgm, stock-companies.repo.ts). Decides the
 * lookup order and how close a fuzzy match must be; the companies are held in memory (seeded from the universe,
 * they do not change while the process runs). Every use case that starts from a code or a name starts here.
 */
import type { Market } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import { normalizeName } from '#server/providers/market-data/universe.ts'
import {
  type CompanyRow,
  companyNamesOf,
  selectCompanies,
  selectSimilarNames,
} from './stock-companies.repo.ts'
import { codeCandidates, hasCjk } from './stock-lookup.ts'
import { type StockRow, selectStockRows } from './stocks.repo.ts'
import type { StockMatch } from './stocks-service.types.ts'

/** Fuzzy matches this close or closer name a company for the diagnosis (exact matches always do). */
export const FIND_MIN_SIMILARITY = 0.45
/** Autocomplete rows need only be this similar. */
export const SUGGEST_MIN_SIMILARITY = 0.3

interface CompanyIndex {
  byId: Map<number, CompanyRow>
  byKey: Map<string, CompanyRow>
  byName: Map<string, Array<{ company: CompanyRow; text: string; kind: 'code' | 'name' | 'alias' }>>
}

export function createStockFinder({ db }: { db: Db }) {
  let companyIndex: Promise<CompanyIndex> | null = null
  function loadCompanyIndex(): Promise<CompanyIndex> {
    companyIndex ??= selectCompanies(db).then((companies) => {
      const index: CompanyIndex = { byId: new Map(), byKey: new Map(), byName: new Map() }
      for (const company of companies) {
        index.byId.set(company.id, company)
        index.byKey.set(`${company.market}:${company.code}`, company)
        for (const name of companyNamesOf(company)) {
          if (name.kind === 'code') continue
          const list = index.byName.get(name.normalized) ?? []
          list.push({ company, text: name.text, kind: name.kind })
          index.byName.set(name.normalized, list)
        }
      }
      return index
    })
    companyIndex.catch(() => {
      companyIndex = null
    })
    return companyIndex
  }

  function exactMatches(index: CompanyIndex, text: string, market: Market | undefined): StockMatch[] {
    const found: StockMatch[] = []
    for (const candidate of codeCandidates(text)) {
      if (market && candidate.market !== market) continue
      const company = index.byKey.get(`${candidate.market}:${candidate.code}`)
      if (company) found.push(matchOf(company, 'code', company.code, 1))
    }
    for (const named of index.byName.get(normalizeName(text)) ?? []) {
      if (market && named.company.market !== market) continue
      if (found.some((f) => f.market === named.company.market && f.code === named.company.code)) continue
      found.push(matchOf(named.company, named.kind === 'alias' ? 'alias' : 'name', named.text, 1))
    }
    return found
  }

  function matchOf(
    company: CompanyRow,
    matchedBy: StockMatch['matchedBy'],
    matchedText: string,
    similarity: number,
  ): StockMatch {
    return {
      market: company.market,
      code: company.code,
      nameEn: company.nameEn,
      nameZh: company.nameZh,
      matchedBy,
      matchedText,
      similarity,
    }
  }

  async function fuzzyMatches(
    index: CompanyIndex,
    text: string,
    market: Market | undefined,
    limit: number,
    minScore: number,
  ): Promise<StockMatch[]> {
    const normalized = normalizeName(text)
    if (!normalized) return []
    const rows = await selectSimilarNames(db, normalized, { market, limit, minScore })
    return rows.flatMap((row) => {
      const company = index.byId.get(row.companyId)
      return company ? [matchOf(company, 'fuzzy', row.text, row.score)] : []
    })
  }

  async function findStock(text: string, market?: Market): Promise<StockMatch | null> {
    const trimmed = text.trim()
    if (!trimmed) return null
    const index = await loadCompanyIndex()
    const exact = exactMatches(index, trimmed, market)
    if (exact[0]) return exact[0]
    // One or two Latin letters match too many names by prefix to mean one company.
    if (normalizeName(trimmed).length < (hasCjk(trimmed) ? 2 : 3)) return null
    const [best] = await fuzzyMatches(index, trimmed, market, 1, FIND_MIN_SIMILARITY)
    return best ?? null
  }

  /** Exact matches first, then similar names, each company once, best first. */
  async function matchStocks(text: string, market: Market | undefined, limit: number): Promise<StockMatch[]> {
    const index = await loadCompanyIndex()
    const matches = exactMatches(index, text, market)
    const seen = new Set(matches.map((m) => `${m.market}:${m.code}`))
    for (const match of await fuzzyMatches(index, text, market, limit, SUGGEST_MIN_SIMILARITY)) {
      const key = `${match.market}:${match.code}`
      if (!seen.has(key)) {
        seen.add(key)
        matches.push(match)
      }
    }
    return matches.slice(0, limit)
  }

  async function rowOf(match: { market: Market; code: string }): Promise<StockRow | null> {
    const index = await loadCompanyIndex()
    const company = index.byKey.get(`${match.market}:${match.code}`)
    if (!company) return null
    const [row] = await selectStockRows(db, { companyIds: [company.id] })
    return row ?? null
  }

  /** The ids of the companies matched, in order (a company no longer in the universe is left out). */
  async function companyIdsOf(matches: readonly { market: Market; code: string }[]): Promise<number[]> {
    const index = await loadCompanyIndex()
    return matches
      .map((m) => index.byKey.get(`${m.market}:${m.code}`)?.id)
      .filter((id): id is number => id !== undefined)
  }

  return { findStock, matchStocks, rowOf, companyIdsOf }
}

export type StockFinder = ReturnType<typeof createStockFinder>
