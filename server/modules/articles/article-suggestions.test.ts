import { describe, expect, it } from 'vitest'
import { isNamedBy, type StockCandidate } from './article-suggestions.ts'

describe('stocks named by a search', () => {
  const candidate = (overrides: Partial<StockCandidate>): StockCandidate => ({
    code: 'AAPL',
    market: 'us',
    name: 'Apple Inc.',
    nameEn: 'Apple Inc.',
    nameZh: '蘋果',
    matchedBy: 'fuzzy',
    matchedText: 'Apple',
    ...overrides,
  })

  it('are exact codes, names and aliases, and names with a word starting with the text', () => {
    expect(isNamedBy(candidate({ matchedBy: 'code', matchedText: 'AAPL' }), 'aapl')).toBe(true)
    expect(isNamedBy(candidate({}), 'app')).toBe(true)
    expect(isNamedBy(candidate({ nameEn: 'Bank of China Ltd.', matchedText: 'Bank of China' }), 'bank')).toBe(
      true,
    )
    expect(
      isNamedBy(
        candidate({ nameEn: 'China Construction Bank', matchedText: 'China Construction Bank' }),
        'bank',
      ),
    ).toBe(true)
    expect(isNamedBy(candidate({ nameZh: '騰訊控股', matchedText: '騰訊' }), '騰')).toBe(true)
  })

  it('are not names that merely resemble the text', () => {
    expect(isNamedBy(candidate({ nameEn: 'SK Innovation', matchedText: 'SK Innovation' }), 'inflation')).toBe(
      false,
    )
    expect(isNamedBy(candidate({ nameEn: 'SoftBank Group', matchedText: 'SoftBank Group' }), 'bank')).toBe(
      false,
    )
    expect(isNamedBy(candidate({ nameEn: 'Taiwan Semiconductor', matchedText: 'Taiwan' }), 'ai')).toBe(false)
    expect(isNamedBy(candidate({}), 'a')).toBe(false)
  })
})
