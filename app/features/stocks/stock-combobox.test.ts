import { describe, expect, it } from 'vitest'
import { nextActiveOf } from './stock-combobox.tsx'

describe('nextActiveOf', () => {
  it('moves down from none to the first suggestion and wraps from the last to the first', () => {
    expect(nextActiveOf('ArrowDown', -1, 3)).toBe(0)
    expect(nextActiveOf('ArrowDown', 1, 3)).toBe(2)
    expect(nextActiveOf('ArrowDown', 2, 3)).toBe(0)
  })

  it('moves up from none or the first suggestion to the last', () => {
    expect(nextActiveOf('ArrowUp', -1, 3)).toBe(2)
    expect(nextActiveOf('ArrowUp', 0, 3)).toBe(2)
    expect(nextActiveOf('ArrowUp', 2, 3)).toBe(1)
  })

  it('highlights nothing when there is no suggestion', () => {
    expect(nextActiveOf('ArrowDown', -1, 0)).toBe(-1)
    expect(nextActiveOf('ArrowUp', 4, 0)).toBe(-1)
  })
})
