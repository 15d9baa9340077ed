/**
 * Query terms → the text given to `to_tsquery('simple', $1)` as a bound parameter. Decides how terms are quoted and
 * combined; no input can change the query's structure because every operand is reduced to letters and digits and
 * then quoted, so the tsquery operators `& | ! ( ) : * <->`, quotes and backslashes never reach Postgres from a
 * term. Leaves to the caller: binding it as a parameter (never string-building SQL) and what an empty query means.
 */
import { foldSearchText, isPrefixTerm, type QueryTerms } from './search-terms.ts'

export type TsqueryOperator = 'and' | 'or'

/** Characters allowed in an operand: what the tokenizer can produce. Everything else is dropped. */
const forbiddenOperandCharacters = /[^\p{L}\p{N}\p{M}]/gv

/** A leading combining mark would stand alone once quoted; the tokenizer never starts a term with one. */
const leadingMarks = /^\p{M}+/v

function toOperand(term: string): string | undefined {
  const clean = foldSearchText(term).replace(forbiddenOperandCharacters, '').replace(leadingMarks, '')
  if (clean.length === 0) return undefined
  const quoted = `'${clean}'`
  return isPrefixTerm(clean) ? `${quoted}:*` : quoted
}

/**
 * `'a' & 'b'` for matching (every term), `'a' | 'b'` for ranking (any term). A single Chinese character becomes a
 * prefix operand. Returns '' when no term survives; `to_tsquery('simple', '')` only matches nothing (with a
 * notice in the log), so treat '' as "no search" before reaching the database.
 */
export function toTsqueryText(terms: readonly string[], operator: TsqueryOperator): string {
  const operands = new Set<string>()
  for (const term of terms) {
    const operand = toOperand(term)
    if (operand) operands.add(operand)
  }
  return [...operands].join(operator === 'and' ? ' & ' : ' | ')
}

/**
 * The tsquery a document must satisfy: every required term, or (when the query holds a regional spelling) every
 * term of its folded spelling: `('通脹') | ('通膨')`. The groups are built by toTsqueryText, so they carry no
 * operator of their own; '' when nothing survives.
 */
export function toMatchTsqueryText(terms: QueryTerms): string {
  const asTyped = toTsqueryText(terms.required, 'and')
  const folded = toTsqueryText(terms.variantRequired, 'and')
  if (!folded || folded === asTyped) return asTyped
  if (!asTyped) return folded
  return `( ${asTyped} ) | ( ${folded} )`
}
