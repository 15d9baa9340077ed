/**
 * Limits and patterns of article lists, article paths and search (spec §5, §9): plain values without zod, so the
 * browser's first paint can use them without the schema library (ADR 0011). contracts/articles.ts builds its
 * schemas from them and re-exports them.
 */

/** Spec §5: search text is at most 100 characters (counted as the input element counts them). */
export const searchTextMaxLength = 100
/** Spec §5, §9: at most 10 suggestion rows and 10 history entries. */
export const suggestionRowsMax = 10
export const searchHistoryMax = 10
export const tagSuggestionsMax = 10
/** At most this many stocks are suggested above the article titles (together at most suggestionRowsMax rows). */
export const suggestedStocksMax = 3
/** At most this many stocks are shown above the results of a keyword search. */
export const searchStocksMax = 4

export const articlePageSizeMax = 50
export const articlePageSizeDefault = 12
/** The deepest page a list can be paged to; list totals are counted up to pageMax × pageSize. */
export const articlePageMax = 500

/** An article key (lower-case slug) or its numeric id: the `{detail}` of /articles/{detail}. */
export const articleKeyPattern = /^[a-z0-9][a-z0-9-]{0,119}$/
export const articleIdPattern = /^\d{1,15}$/
export const topicSlugPattern = /^[a-z0-9][a-z0-9-]{0,59}$/
export const tagKeyPattern = /^[a-z0-9][a-z0-9-]{0,59}$/
