import { describe, expect, it } from 'vitest'
import { buildKeywordQuery, buildSuggestionQuery } from './article-search-queries.ts'

describe('buildSuggestionQuery', () => {
  it('requires every word in the title and lets the last one be a prefix', () => {
    expect(buildSuggestionQuery('Nvidia data-cen').titleQuery).toBe("'nvidia' & 'data' & 'cen':*")
  })

  it('requires the bigrams of a Chinese run, and a lone character as a prefix', () => {
    expect(buildSuggestionQuery('台積電').titleQuery).toBe("'台積' & '積電'")
    expect(buildSuggestionQuery('韓').titleQuery).toBe("'韓':*")
  })

  it('looks for substrings only from three characters on', () => {
    expect(buildSuggestionQuery('P/').substring).toBeUndefined()
    expect(buildSuggestionQuery(' P/E ').substring).toBe('P/E')
  })

  it('keeps tsquery syntax out of the query', () => {
    const { titleQuery } = buildSuggestionQuery("a':* | !b & (c)")
    expect(titleQuery).toBe("'a' & 'b' & 'c':*")
    expect(buildSuggestionQuery('!!! ()').titleQuery).toBeUndefined()
  })
})

describe('buildKeywordQuery', () => {
  it('requires every word and every Chinese bigram', () => {
    expect(buildKeywordQuery('Tencent 回購率', 'zh-Hant')).toBe("'tencent' & '回購' & '購率'")
    expect(buildKeywordQuery('股', 'zh-Hant')).toBe("'股':*")
  })

  it('is undefined for text with nothing to search', () => {
    expect(buildKeywordQuery('?!', 'en')).toBeUndefined()
  })
})
