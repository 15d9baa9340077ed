/**
 * Finding while typing, for the articles service: the stocks a text names (the stocks module's lookup, kept only
 * when the text names the company rather than resembles it), titles to jump to and tags to filter by (spec §3, §5).
 */
import {
  type ArticleTag,
  type NamedStock,
  type SuggestAnswer,
  suggestedStocksMax,
  suggestionRowsMax,
  tagSuggestionsMax,
} from '#contracts/articles.ts'
import type { Locale } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import { normalizeName } from '#server/providers/market-data/universe.ts'
import { countListedByTag } from './article-counts.repo.ts'
import { buildSuggestionQuery } from './article-search-queries.ts'
import type { Catalog } from './article-summaries.ts'
import { selectTitleSuggestions } from './articles.repo.ts'
import type { ExpiringCache } from './expiring-cache.ts'
import { foldSearchText } from './search-text/search-terms.ts'

/** A company the stocks module finds for a text, best first, and how it matched (its diagnosis autocomplete). */
export interface StockCandidate extends NamedStock {
  matchedBy: 'code' | 'name' | 'alias' | 'fuzzy' | null
  matchedText: string | null
}

/** Companies a text may name, best first (the stocks module answers: `listAiScores` with `q`). */
export type FindStockCandidates = (text: string, locale: Locale) => Promise<readonly StockCandidate[]>

/**
 * Whether a candidate is named by the text rather than merely resembling it: an exact code, name or alias, or a
 * name with a word starting with the text (Latin, two characters or more: "app" → Apple, "bank" → Bank of
 * China) or containing it (Chinese, Japanese, Korean: 騰 → 騰訊). Trigram look-alikes ("inflation" → SK
 * Innovation) suit the diagnosis box, where the reader is naming a stock, not a search for articles.
 */
export function isNamedBy(candidate: StockCandidate, text: string): boolean {
  if (candidate.matchedBy && candidate.matchedBy !== 'fuzzy') return true
  const needle = normalizeName(text)
  const names = [candidate.matchedText ?? '', candidate.nameEn, candidate.nameZh].map(normalizeName)
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(needle))
    return names.some((name) => name.includes(needle))
  if (needle.length < 2) return false
  return names.some((name) => name.startsWith(needle) || name.includes(` ${needle}`))
}

export function createArticleSuggestions({
  db,
  findStockCandidates,
  loadCatalog,
  countCache,
}: {
  db: Db
  findStockCandidates: FindStockCandidates | undefined
  loadCatalog: () => Promise<Catalog>
  /** Listed articles per tag (and per topic: the articles service shares this cache). */
  countCache: ExpiringCache<Map<string, number>>
}) {
  /**
   * Stocks the text names by code or name in either language (`isNamedBy`), best first, with the name in the
   * reader's language: the header's suggestions and the block above keyword search results.
   */
  async function findNamedStocks(text: string, locale: Locale, limit: number): Promise<NamedStock[]> {
    const trimmed = text.trim()
    if (!findStockCandidates || !trimmed) return []
    const candidates = await findStockCandidates(trimmed, locale)
    return candidates
      .filter((candidate) => isNamedBy(candidate, trimmed))
      .slice(0, limit)
      .map(({ code, market, name, nameEn, nameZh }) => ({ code, market, name, nameEn, nameZh }))
  }

  /**
   * Stocks to open, titles to jump to and tags to filter by, for text being typed (spec §3, §5). Stocks come
   * first and take their places from the titles: at most suggestionRowsMax rows in all.
   */
  async function suggestArticles(searchValue: string, locale: Locale): Promise<SuggestAnswer> {
    const { titleQuery, substring } = buildSuggestionQuery(searchValue)
    const [stocks, titles, tagList] = await Promise.all([
      findNamedStocks(searchValue, locale, suggestedStocksMax),
      selectTitleSuggestions(db, { locale, titleQuery, substring, limit: suggestionRowsMax }),
      suggestTags(searchValue, locale),
    ])
    return { rows: titles.slice(0, suggestionRowsMax - stocks.length), stocks, other: { tagList } }
  }

  /** Tags in use whose key or text (either language) contains the text; those starting with it first. */
  async function suggestTags(searchValue: string, locale: Locale): Promise<ArticleTag[]> {
    const [catalog, counts] = await Promise.all([
      loadCatalog(),
      countCache(`tags:${locale}`, () => countListedByTag(db, locale)),
    ])
    const needle = foldSearchText(searchValue.trim())
    const matches: { tag: ArticleTag; startsWith: boolean }[] = []
    for (const tag of catalog.tagByKey.values()) {
      if (!counts.get(tag.key)) continue
      const texts = [tag.key, tag.text.en, tag.text['zh-Hant']].map(foldSearchText)
      if (!texts.some((text) => text.includes(needle))) continue
      matches.push({
        tag: { k: tag.key, v: tag.text[locale] },
        startsWith: texts.some((text) => text.startsWith(needle)),
      })
    }
    return matches
      .sort((a, b) => Number(b.startsWith) - Number(a.startsWith) || a.tag.v.localeCompare(b.tag.v, locale))
      .slice(0, tagSuggestionsMax)
      .map((match) => match.tag)
  }

  return { findNamedStocks, suggestArticles }
}
