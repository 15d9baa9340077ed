import { describe, expect, it } from 'vitest'
import { claimReload, isChunkLoadError, reloadTargetOf } from './chunk-reload.ts'

function memoryStore() {
  const items = new Map<string, string>()
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  }
}

describe('chunk reload guard', () => {
  it('allows one reload per path within ten seconds', () => {
    const store = memoryStore()
    expect(claimReload(store, '/articles', 1_000)).toBe(true)
    expect(claimReload(store, '/articles', 9_000)).toBe(false)
    expect(claimReload(store, '/articles', 11_001)).toBe(true)
  })

  it('allows a reload on another path right away', () => {
    const store = memoryStore()
    expect(claimReload(store, '/articles', 1_000)).toBe(true)
    expect(claimReload(store, '/about-us', 1_500)).toBe(true)
  })

  it('recognises the chunk failures of the browsers we support', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    )
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
  })

  it('lands on the page the reader was navigating to, not the one they are leaving', () => {
    expect(reloadTargetOf('/about-us', '/company-history?tab=1')).toEqual({
      path: '/company-history',
      href: '/company-history?tab=1',
    })
    expect(reloadTargetOf('/about-us?x=1', null)).toEqual({ path: '/about-us', href: '/about-us?x=1' })
  })
})
