import { describe, expect, it } from 'vitest'
import { nextActiveIndex } from './search-box.tsx'

describe('keyboard choice in the search box', () => {
  it('walks down the options and back to the text', () => {
    expect(nextActiveIndex(-1, 1, 3)).toBe(0)
    expect(nextActiveIndex(2, 1, 3)).toBe(-1)
  })

  it('walks up from the text to the last option', () => {
    expect(nextActiveIndex(-1, -1, 3)).toBe(2)
    expect(nextActiveIndex(0, -1, 3)).toBe(-1)
  })

  it('stays on the text when there is nothing to choose', () => {
    expect(nextActiveIndex(-1, 1, 0)).toBe(-1)
  })
})
