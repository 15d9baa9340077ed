import { describe, expect, it } from 'vitest'
import { defineTerm, definitionAsked, findTerms, glossary } from './glossary.ts'
import { shownAtPages } from './glossary-term.ts'

describe('the chat’s glossary', () => {
  it('holds at least 80 terms, each named and defined in both languages and linked to a page that shows it', () => {
    expect(glossary.length).toBeGreaterThanOrEqual(80)
    expect(new Set(glossary.map((t) => t.key)).size).toBe(glossary.length)
    for (const term of glossary) {
      expect(term.names.en.length, term.key).toBeGreaterThan(0)
      expect(term.names['zh-Hant'].length, term.key).toBeGreaterThan(0)
      expect(term.definition.en.length, term.key).toBeGreaterThan(20)
      // Traditional Chinese: a definition in the reader's script, with Han characters in it.
      expect(term.definition['zh-Hant'], term.key).toMatch(/\p{Script=Han}/u)
      expect(shownAtPages[term.shownAt].href).toMatch(/^\//)
    }
  })

  it('finds each term by every one of its names', () => {
    for (const term of glossary)
      for (const name of [...term.names.en, ...term.names['zh-Hant']])
        expect(
          findTerms(`What is ${name}?`).some((m) => m.term === term),
          `${term.key}: ${name}`,
        ).toBe(true)
  })

  it.each([
    ['What is a P/E ratio?', 'pe'],
    ['What does RSI mean?', 'rsi'],
    ['Explain the Piotroski F-score', 'piotroski'],
    ['什麼是市盈率？', 'pe'],
    ['護城河是什麼意思？', 'moat'],
    ['什么是毛利率', 'gross_margin'],
    ['黃金交叉是什麼？', 'golden_cross'],
  ])('reads “%s” as asking what %s means', (question, key) => {
    expect(definitionAsked(question)?.key).toBe(key)
  })

  it.each([
    'What are the hot stocks today?',
    'Most undervalued Hong Kong stocks',
    'What is its P/E?',
    '港股最被低估的股票',
  ])('does not read “%s” as a definition question', (question) => {
    expect(definitionAsked(question)).toBeNull()
  })

  it('answers in the reader’s language with the page that shows the term', () => {
    const term = glossary.find((t) => t.key === 'dividend_yield')
    if (!term) throw new Error('no dividend yield')
    expect(defineTerm(term, 'en')).toMatchObject({
      name: 'dividend yield',
      shownAt: { href: '/ai-stock-diagnosis', title: 'AI stock diagnosis — dividends' },
    })
    expect(defineTerm(term, 'zh-Hant').definition).toContain('每股股息')
  })
})
