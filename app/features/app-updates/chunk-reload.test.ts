import { describe, expect, it } from 'vitest'
import { claimReload, isChunkLoadError, navigationToResume, notePendingNavigation } from './chunk-reload.ts'

function memoryStore() {
  const items = new Map<string, string>()
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
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

  it('carries a reload that happened on the way to another page on to that page, once', () => {
    const store = memoryStore()
    notePendingNavigation(store, '/about-us', '/company-history?tab=1', 1_000)
    expect(navigationToResume(store, '/about-us', 1_400)).toBe('/company-history?tab=1')
    // The note is used up; a second reload of the page stays.
    expect(navigationToResume(store, '/about-us', 1_500)).toBeNull()
  })

  it('stays on the page after a finished navigation, an old note or a note from another page', () => {
    const store = memoryStore()
    notePendingNavigation(store, '/about-us', '/company-history', 1_000)
    notePendingNavigation(store, '/about-us', null, 1_200)
    expect(navigationToResume(store, '/about-us', 1_300)).toBeNull()
    notePendingNavigation(store, '/about-us', '/company-history', 1_000)
    expect(navigationToResume(store, '/about-us', 12_000)).toBeNull()
    notePendingNavigation(store, '/articles', '/company-history', 1_000)
    expect(navigationToResume(store, '/about-us', 1_300)).toBeNull()
    notePendingNavigation(store, '/about-us', 'https://elsewhere.example/', 1_000)
    expect(navigationToResume(store, '/about-us', 1_300)).toBeNull()
  })

  it('does not carry on to a page already reloaded in the last ten seconds (no loop)', () => {
    const store = memoryStore()
    expect(claimReload(store, '/company-history', 900)).toBe(true)
    notePendingNavigation(store, '/about-us', '/company-history', 1_000)
    expect(navigationToResume(store, '/about-us', 1_300)).toBeNull()
  })
})
