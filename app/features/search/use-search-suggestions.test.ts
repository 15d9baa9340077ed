import { describe, expect, it } from 'vitest'
import type { SuggestAnswer } from '#contracts/articles.ts'
import { suggestionStateOf } from './use-search-suggestions.ts'

const stock = (code: string) => ({ code, market: 'us' as const, name: code, nameEn: code, nameZh: code })
const titles = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ articleId: index + 1, title: `Title ${index + 1}` }))

describe('what the search box shows for an answer', () => {
  it('shows the stocks first and at most 10 rows in all', () => {
    const answer: SuggestAnswer = {
      rows: titles(10),
      stocks: [stock('AAPL'), stock('AMAT')],
      other: { tagList: [] },
    }
    const state = suggestionStateOf('ap', answer)
    expect(state.stocks.map((s) => s.code)).toEqual(['AAPL', 'AMAT'])
    expect(state.rows).toHaveLength(8)
    expect(state).toMatchObject({ term: 'ap', isLoading: false })
  })

  it('shows every title when no stock is named, and reads an answer without stocks', () => {
    const answer = {
      rows: titles(10),
      other: { tagList: [{ k: 'nvidia', v: 'NVIDIA' }] },
    } as unknown as SuggestAnswer
    const state = suggestionStateOf('nv', answer)
    expect(state.stocks).toEqual([])
    expect(state.rows).toHaveLength(10)
    expect(state.tags).toEqual([{ k: 'nvidia', v: 'NVIDIA' }])
  })
})
