import { describe, expect, it } from 'vitest'
import { findBrokenRule } from './route-rules.ts'

describe('route validation rules', () => {
  it('accepts an article key or numeric id', () => {
    expect(findBrokenRule('/articles/nvidia-earnings-preview')).toBeUndefined()
    expect(findBrokenRule('/articles/1024')).toBeUndefined()
  })

  it('rejects an article path that can be neither', () => {
    expect(findBrokenRule('/articles/Bad Key!')).toBeDefined()
    expect(findBrokenRule(`/articles/${'a'.repeat(200)}`)).toBeDefined()
  })

  it('leaves paths without a rule alone', () => {
    expect(findBrokenRule('/about-us')).toBeUndefined()
  })
})
