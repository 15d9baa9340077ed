/**
 * Article text and reader queries → the terms of the full-text index. The index is Postgres full text with the
 * `simple` configuration over a tsvector built from these terms, so it behaves the same on PGlite and Postgres.
 *
 * What this module decides:
 * - normalisation: Unicode NFKC (full-width Ａ１ → A1, compatibility ideographs → unified ones) and lower case;
 * - words: runs of letters and digits outside the Han script are one term each (`aapl`, `0700`, `005930`, `3q`),
 *   cut at any punctuation; an English possessive `'s` is dropped (nvidia's → nvidia);
 * - Chinese: every run of Han characters is indexed as its character bigrams, in order; the last character of each
 *   run is also indexed alone, and a one-character run is indexed as itself;
 * - for `zh-Hant` documents, jieba words (with the finance dictionary) are added after the bigrams; they only add
 *   weight to documents where the query is a real word, they never decide whether a document matches;
 * - regional spellings (chinese-variants.ts): a run holding one (通脹, 軟件) is also indexed folded to the
 *   canonical spelling (通膨, 軟體), and a query holding one may match either as typed or folded, so each spelling
 *   finds the others while the text as written stays indexed as it is.
 *
 * The recall guarantee: if a document contains a run of Chinese characters (any length, 1 or more), the query made
 * of that run requires only terms the document carries, so `document @@ query` is true. A query of 2+ characters
 * requires its bigrams; a query of one character requires a prefix match (`'台':*`) that finds it as the first
 * character of a bigram or as a run's last character. Words outside Chinese match as whole words.
 *
 * Folded spellings only add a second way to match (`variantRequired`); the required terms of the query as typed
 * are unchanged, so the guarantee above holds as before.
 *
 * Required query terms do not depend on the locale, so a query finds the same documents on either site; the
 * locale only adds ranking terms. What a reader may see, and how the vector is stored, is the articles service's
 * and repo's business.
 */
import type { Locale } from '#contracts/regions.ts'
import { buildCharacterBigrams, segmentChineseWordsWithJieba } from './chinese-segmentation.ts'
import { foldChineseVariants } from './chinese-variants.ts'
import { extractPlainText } from './plain-text.ts'

/**
 * The version of the rules that turn text into stored terms. Bump it whenever a change here, in
 * chinese-segmentation.ts, chinese-variants.ts or the finance dictionary changes the terms of text already stored:
 * rows built with an older version are rebuilt at the next start (articles.seed.ts).
 * 1: regional spellings folded (通脹 ⇄ 通膨).
 */
export const searchTermsVersion = 1

/** Longer tokens are cut to this many characters, on both sides, so no term nears Postgres's 2 KB lexeme limit. */
const maxTermLength = 100

/** A Chinese run, or a word of any other script (Latin, digits, kana, hangul), in folded text. */
const tokenPattern =
  /(?<chinese>[\p{Script=Han}&&[\p{L}\p{N}]]+)|(?<word>[[\p{L}\p{N}]--\p{Script=Han}][[\p{L}\p{N}\p{M}]--\p{Script=Han}]*)/gv

const possessivePattern = /(?<=[\p{L}\p{N}])['’]s(?![\p{L}\p{N}])/gv

const singleChinesePattern = /^[\p{Script=Han}&&[\p{L}\p{N}]]$/v

export interface TextToken {
  kind: 'chinese' | 'word'
  text: string
  /** Index of the token in the folded text it was found in. */
  index: number
}

export interface QueryTerms {
  /** Every one of these must be in a document for it to match (AND); the recall guarantee rests on these. */
  required: string[]
  /**
   * The required terms of the query with its regional spellings folded (通脹 → 通膨), or [] when it has none. A
   * document matches when it has every `required` term or every `variantRequired` term.
   */
  variantRequired: string[]
  /** Terms to rank with (OR): both kinds of required terms plus, for Chinese, the query's jieba words. */
  ranking: string[]
}

/** The text of an article as it is weighted in the index. */
export interface SearchDocument {
  title: string
  summary?: string
  /** Display texts of the article's tags in the same language. */
  tagTexts?: readonly string[]
  bodyMarkdown?: string
}

/**
 * Space-separated terms for `setweight(to_tsvector('simple', …), weight)`: A title, B summary and tags, C body.
 * Combine them with `||` and rank with `ts_rank(vector, query)`; Postgres's default weights (A 1.0, B 0.4, C 0.2)
 * already put a title match above a body match.
 */
export interface WeightedSearchText {
  A: string
  B: string
  C: string
}

/** NFKC and lower case: the form in which documents and queries are compared. */
export function foldSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase()
}

/** The tokens of folded text, in order. */
export function tokenizeFoldedText(folded: string): TextToken[] {
  const tokens: TextToken[] = []
  for (const match of folded.matchAll(tokenPattern)) {
    const chinese = match.groups?.chinese
    if (chinese) tokens.push({ kind: 'chinese', text: chinese, index: match.index })
    else tokens.push({ kind: 'word', text: match[0], index: match.index })
  }
  return tokens
}

function truncateTerm(term: string): string {
  if (term.length <= maxTermLength) return term
  return Array.from(term).slice(0, maxTermLength).join('')
}

function foldForTerms(text: string): string {
  return foldSearchText(text).replace(possessivePattern, '')
}

/**
 * The terms of one piece of document text, in the order Postgres should see them: words and bigrams in text
 * order first (so neighbouring bigrams keep neighbouring positions), then run endings and jieba words.
 */
export function buildSearchTerms(text: string, locale: Locale): string[] {
  const folded = foldForTerms(text)
  const inOrder: string[] = []
  const appended: string[] = []
  let hasChinese = false
  for (const token of tokenizeFoldedText(folded)) {
    if (token.kind === 'word') {
      inOrder.push(truncateTerm(token.text))
      continue
    }
    hasChinese = true
    const bigrams = buildCharacterBigrams(token.text)
    if (bigrams.length === 0) inOrder.push(token.text)
    else {
      inOrder.push(...bigrams)
      appended.push(Array.from(token.text).at(-1)!)
    }
    // The same run in the canonical spellings, so a query in another region's spelling finds it.
    const canonical = foldChineseVariants(token.text, 'document')
    if (canonical !== token.text) {
      appended.push(...buildCharacterBigrams(canonical), Array.from(canonical).at(-1)!)
    }
  }
  if (locale === 'zh-Hant' && hasChinese) {
    for (const word of segmentChineseWordsWithJieba(folded)) appended.push(truncateTerm(word))
  }
  return inOrder.concat(appended)
}

/** The terms a reader's query requires, and the terms to rank with. An empty `required` means "no query". */
export function buildQueryTerms(query: string, locale: Locale): QueryTerms {
  const folded = foldForTerms(query)
  const required = new Set<string>()
  const variantRequired = new Set<string>()
  let hasChinese = false
  let hasVariant = false
  const addChineseRun = (terms: Set<string>, run: string) => {
    const bigrams = buildCharacterBigrams(run)
    if (bigrams.length === 0) terms.add(run)
    for (const bigram of bigrams) terms.add(bigram)
  }
  for (const token of tokenizeFoldedText(folded)) {
    if (token.kind === 'word') {
      required.add(truncateTerm(token.text))
      variantRequired.add(truncateTerm(token.text))
      continue
    }
    hasChinese = true
    addChineseRun(required, token.text)
    const variant = foldChineseVariants(token.text, 'query')
    if (variant !== token.text) hasVariant = true
    addChineseRun(variantRequired, variant)
  }
  const ranking = new Set([...required, ...(hasVariant ? variantRequired : [])])
  if (locale === 'zh-Hant' && hasChinese) {
    for (const word of segmentChineseWordsWithJieba(folded)) ranking.add(truncateTerm(word))
  }
  return {
    required: [...required],
    variantRequired: hasVariant ? [...variantRequired] : [],
    ranking: [...ranking],
  }
}

/** A single Chinese character stands for "any term starting with it" (`'台':*` in a tsquery). */
export function isPrefixTerm(term: string): boolean {
  return singleChinesePattern.test(term)
}

/**
 * Whether a document's terms satisfy every required query term: the same test `to_tsvector @@ to_tsquery` makes,
 * for tests and benchmarks that run without a database.
 */
export function matchQueryTerms(documentTerms: ReadonlySet<string>, required: readonly string[]): boolean {
  if (required.length === 0) return false
  return required.every((term) => {
    if (documentTerms.has(term)) return true
    if (!isPrefixTerm(term)) return false
    for (const documentTerm of documentTerms) if (documentTerm.startsWith(term)) return true
    return false
  })
}

/** Whether a document's terms match the query: every required term, or every term of the folded spelling. */
export function matchesQuery(documentTerms: ReadonlySet<string>, query: QueryTerms): boolean {
  return (
    matchQueryTerms(documentTerms, query.required) ||
    (query.variantRequired.length > 0 && matchQueryTerms(documentTerms, query.variantRequired))
  )
}

/** Terms joined for `to_tsvector('simple', …)`: letters and digits only, so Postgres's parser keeps each whole. */
export function toTsvectorText(terms: readonly string[]): string {
  return terms.join(' ')
}

/** The three weighted texts of an article (see WeightedSearchText). */
export function buildWeightedSearchText(document: SearchDocument, locale: Locale): WeightedSearchText {
  const summaryAndTags = [document.summary ?? '', ...(document.tagTexts ?? [])].join('\n')
  const body = document.bodyMarkdown ? extractPlainText(document.bodyMarkdown) : ''
  return {
    A: toTsvectorText(buildSearchTerms(document.title, locale)),
    B: toTsvectorText(buildSearchTerms(summaryAndTags, locale)),
    C: toTsvectorText(buildSearchTerms(body, locale)),
  }
}
