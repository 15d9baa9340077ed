import { describe, expect, it } from 'vitest'
import { addToHistory, parseStoredHistory, removeFromHistory } from './search-history.ts'

describe('search history', () => {
  it('puts a new term at the top', () => {
    expect(addToHistory(['tesla', 'nvidia'], 'sony')).toEqual(['sony', 'tesla', 'nvidia'])
  })

  it('moves a repeated search term to the top instead of adding it twice', () => {
    expect(addToHistory(['tesla', 'nvidia', 'sony'], ' nvidia ')).toEqual(['nvidia', 'tesla', 'sony'])
  })

  it('keeps at most 10 entries, dropping the oldest', () => {
    const full = Array.from({ length: 10 }, (_, i) => `term ${i}`)
    const next = addToHistory(full, 'newest')
    expect(next).toHaveLength(10)
    expect(next[0]).toBe('newest')
    expect(next).not.toContain('term 9')
  })

  it('ignores blank terms and removes one entry on request', () => {
    expect(addToHistory(['a'], '   ')).toEqual(['a'])
    expect(removeFromHistory(['a', 'b', 'c'], 'b')).toEqual(['a', 'c'])
  })

  it('reads back only sane stored values', () => {
    expect(parseStoredHistory(null)).toEqual([])
    expect(parseStoredHistory('not json')).toEqual([])
    expect(parseStoredHistory('{"a":1}')).toEqual([])
    expect(parseStoredHistory(JSON.stringify(['a', 3, '', 'a', 'x'.repeat(150)]))).toEqual([
      'a',
      'x'.repeat(100),
    ])
  })
})
