/**
 * The chat's glossary of investing terms (≥ 80, both languages): finding the term a text names, and telling a
 * "what is X" question from one that only mentions a term ("What are the hot stocks today?" is a market question,
 * "What is a P/E ratio?" a definition). The terms are data (glossary-fundamentals.ts, glossary-market.ts).
 */
import type { Locale } from '#contracts/regions.ts'
import { toTraditional } from '../tools/simplified-chinese.ts'
import { fundamentalTerms } from './glossary-fundamentals.ts'
import { marketTerms } from './glossary-market.ts'
import { type GlossaryTerm, shownAtPages } from './glossary-term.ts'

export const glossary: readonly GlossaryTerm[] = [...fundamentalTerms, ...marketTerms]

interface NameEntry {
  text: string
  term: GlossaryTerm
  latin: boolean
}

const cjk = /[\p{Script=Han}]/u
const latinWord = /[a-z0-9]/

/** Every name of every term, lower case, longest first so "P/E ratio" wins over "P/E" and "PEG" over "PE". */
const names: NameEntry[] = glossary
  .flatMap((t) =>
    [...t.names.en, ...t.names['zh-Hant']].map((name) => ({
      text: normalize(name),
      term: t,
      latin: !cjk.test(name),
    })),
  )
  .sort((a, b) => b.text.length - a.text.length)

export interface TermMention {
  term: GlossaryTerm
  start: number
  end: number
}

function normalize(text: string): string {
  return toTraditional(text).toLowerCase().replace(/[’‘]/g, "'").replace(/[−–—]/g, '-')
}

/** The terms a text names, in order, none overlapping. */
export function findTerms(text: string): TermMention[] {
  const lower = normalize(text)
  const found: TermMention[] = []
  for (const entry of names) {
    let from = 0
    for (;;) {
      const at = lower.indexOf(entry.text, from)
      if (at < 0) break
      from = at + 1
      const end = at + entry.text.length
      if (entry.latin) {
        const before = lower[at - 1]
        const after = lower[end]
        if ((before && latinWord.test(before)) || (after && latinWord.test(after))) continue
      }
      if (found.some((m) => at < m.end && end > m.start)) continue
      found.push({ term: entry.term, start: at, end })
    }
  }
  return found
    .sort((a, b) => a.start - b.start)
    .filter((m, i, all) => all.findIndex((x) => x.term === m.term) === i)
}

/** Words a definition question is made of besides the term: "what is a", "什麼是", "的意思"… */
const definitionFiller =
  /\b(what|what's|whats|is|are|was|a|an|the|does|do|mean|means|meaning|of|by|you|please|define|definition|explain|explained|term|in|investing|stocks?|me|can|could|tell|about|how|calculated|calculate|computed|compute|measured|measure|word|abbreviation|stand|stands|for|ratio|to|a\.k\.a)\b|[?？。.!！,，:："“”'「」()（）]/g
const definitionFillerZh =
  /什麼是|甚麼是|是什麼|是甚麼|什麼叫|甚麼叫|什麼|甚麼|何謂|所謂|意思|定義|解釋|一下|請問|請|嗎|呢|的|是指|指的是|代表|怎樣計算|怎麼計算|如何計算|點樣計|咩係|係咩|即係|叫做|投資|股票|中|裡|裏|是|指|說明|介紹/g

/**
 * The term a question asks the meaning of, or null: the question names a term and, but for the words of a
 * definition question, nothing else. A question that names a company asks for its figure instead (not here).
 */
export function definitionAsked(question: string): GlossaryTerm | null {
  const lower = normalize(question)
  const terms = findTerms(question)
  if (terms.length === 0) return null
  let rest = lower
  for (const m of [...terms].sort((a, b) => b.start - a.start))
    rest = `${rest.slice(0, m.start)} ${rest.slice(m.end)}`
  rest = rest.replace(definitionFiller, ' ').replace(definitionFillerZh, ' ').replace(/\s+/g, '')
  // "and" joins two terms ("P/E and P/B"); the first is answered, the second named.
  rest = rest.replace(/and|和|與|及|vs/g, '')
  return rest.length === 0 ? (terms[0]?.term ?? null) : null
}

export interface TermDefinition {
  found: true
  key: string
  name: string
  definition: string
  /** Where the product shows it. */
  shownAt: { href: string; title: string }
}

export function defineTerm(t: GlossaryTerm, locale: Locale): TermDefinition {
  const page = shownAtPages[t.shownAt]
  return {
    found: true,
    key: t.key,
    name: t.names[locale][0] ?? t.key,
    definition: t.definition[locale],
    shownAt: { href: page.href, title: page[locale] },
  }
}
