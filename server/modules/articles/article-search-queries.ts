/**
 * Reader text → the tsquery texts the repo binds: a keyword search (every required term, ADR 0005) and a
 * suggestion query for text still being typed (against the title vector, the last word as a prefix).
 * Operands are reduced to letters, digits and marks and quoted, as in search-text/search-tsquery.ts, so no input
 * can change a query's structure.
 */
import type { Locale } from '#contracts/regions.ts'
import { buildCharacterBigrams } from './search-text/chinese-segmentation.ts'
import { foldChineseVariants } from './search-text/chinese-variants.ts'
import {
  buildQueryTerms,
  foldSearchText,
  type TextToken,
  tokenizeFoldedText,
} from './search-text/search-terms.ts'
import { toMatchTsqueryText } from './search-text/search-tsquery.ts'

/**
 * The tsquery text every match must satisfy (its required terms, ADR 0005, or those of its folded regional
 * spelling), or undefined when the keyword has nothing searchable in it (only punctuation, say): it matches
 * nothing. The same text is tested against the title, rank and search vectors to put a match in its relevance
 * tier (ADR 0007).
 */
export function buildKeywordQuery(keyword: string, locale: Locale): string | undefined {
  return toMatchTsqueryText(buildQueryTerms(keyword, locale)) || undefined
}

const forbiddenOperandCharacters = /[^\p{L}\p{N}\p{M}]/gv
const leadingMarks = /^\p{M}+/v

/** An operand for the title vector (which has no weights); a prefix operand matches words being typed. */
function titleOperand(term: string, isPrefix: boolean): string | undefined {
  const clean = foldSearchText(term).replace(forbiddenOperandCharacters, '').replace(leadingMarks, '')
  if (!clean) return undefined
  return isPrefix ? `'${clean}':*` : `'${clean}'`
}

/** Substring matching (pg_trgm) starts at three characters: shorter text has no trigram to look up. */
const substringMinLength = 3

/** The title operands of typed tokens, Chinese runs as typed or with their regional spellings folded. */
function titleOperandsOf(tokens: TextToken[], foldVariants: boolean): string[] {
  const operands = new Set<string>()
  tokens.forEach((token, index) => {
    const isLast = index === tokens.length - 1
    if (token.kind === 'word') {
      const operand = titleOperand(token.text.slice(0, 100), isLast)
      if (operand) operands.add(operand)
      return
    }
    const run = foldVariants ? foldChineseVariants(token.text, 'query') : token.text
    const bigrams = buildCharacterBigrams(run)
    if (bigrams.length === 0) {
      const operand = titleOperand(run, true)
      if (operand) operands.add(operand)
    }
    for (const bigram of bigrams) {
      const operand = titleOperand(bigram, false)
      if (operand) operands.add(operand)
    }
  })
  return [...operands]
}

/**
 * Title suggestions for text being typed: every word and Chinese bigram must be in the title; the last
 * word, and a lone Chinese character, match as prefixes ("nvid" → NVIDIA). A regional spelling also matches
 * titles in the other spelling (通脹 → 通膨). From three characters on, the text also matches as a substring of
 * the title, which catches the middle of words and punctuation ("S&P", "P/E").
 */
export function buildSuggestionQuery(searchValue: string): {
  titleQuery: string | undefined
  substring: string | undefined
} {
  const tokens = tokenizeFoldedText(foldSearchText(searchValue))
  const asTyped = titleOperandsOf(tokens, false).join(' & ')
  const folded = titleOperandsOf(tokens, true).join(' & ')
  const trimmed = searchValue.trim()
  return {
    titleQuery: asTyped === folded ? asTyped || undefined : `( ${asTyped} ) | ( ${folded} )`,
    substring: trimmed.length >= substringMinLength ? trimmed : undefined,
  }
}
