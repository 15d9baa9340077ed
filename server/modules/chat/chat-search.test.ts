import { describe, expect, it } from 'vitest'
import { containsPattern } from './chat.repo.ts'
import { plainTextOf, searchWordsOf, snippetOf } from './chat-search.ts'

describe('searching conversations: the words, the pattern and the snippet', () => {
  it('takes LIKE wildcards and the escape literally', () => {
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%')
  })

  it('searches a Simplified query in Traditional characters too', () => {
    expect(searchWordsOf(' 微软  股息 ')).toEqual(['微软 股息', '微軟 股息'])
    expect(searchWordsOf('Apple')).toEqual(['Apple'])
  })

  it('reads Markdown as the reader saw it', () => {
    expect(plainTextOf('**HSBC** [0005](/ai-stock-diagnosis?code=0005)\n\n| a | b |')).toBe('HSBC 0005 a b')
  })

  it('cuts the text around the first match, case-insensitive, with an ellipsis each side it cut', () => {
    const text = `${'x'.repeat(100)} Dividend Yield ${'y'.repeat(100)}`
    const { snippet, matchStart, matchLength } = snippetOf(text, ['dividend yield'], 10)
    expect(snippet.slice(matchStart, matchStart + matchLength)).toBe('Dividend Yield')
    expect(snippet.startsWith('…')).toBe(true)
    expect(snippet.endsWith('…')).toBe(true)
    expect(snippet.length).toBe(1 + 10 + 14 + 10 + 1)
  })

  it('finds a Chinese word inside a sentence without spaces', () => {
    const { snippet, matchStart, matchLength } = snippetOf('騰訊的股息率為 0.8%，微軟的股息率為 0.7%。', [
      '微軟',
    ])
    expect(snippet.slice(matchStart, matchStart + matchLength)).toBe('微軟')
  })

  it('shows the start of the text, nothing marked, when the match sat in Markdown the snippet drops', () => {
    expect(snippetOf('Look at [this](/x?q=secret)', ['secret'])).toEqual({
      snippet: 'Look at this',
      matchStart: 0,
      matchLength: 0,
    })
  })
})
