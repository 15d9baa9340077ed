import { describe, expect, it } from 'vitest'
import { buildQueryString, dropEmptyValues } from './api-client.ts'

describe('API client parameters', () => {
  it('drops null, undefined and NaN values before sending', () => {
    expect(buildQueryString({ page: 2, kind: null, topic: undefined, size: Number.NaN, q: 'tsmc' })).toBe(
      '?page=2&q=tsmc',
    )
    expect(buildQueryString({ a: null })).toBe('')
  })

  it('drops them inside request bodies too, keeping zero, false and empty strings', () => {
    expect(
      dropEmptyValues({
        a: 0,
        b: false,
        c: '',
        d: null,
        e: Number.NaN,
        f: { g: null, h: 1 },
        i: [1, null, 2],
      }),
    ).toEqual({
      a: 0,
      b: false,
      c: '',
      f: { h: 1 },
      i: [1, 2],
    })
  })

  it('repeats array parameters', () => {
    expect(buildQueryString({ tag: ['ai', 'chips'] })).toBe('?tag=ai&tag=chips')
  })
})
