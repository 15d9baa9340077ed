import { describe, expect, it } from 'vitest'
import {
  articleDraftKey,
  type DraftStorage,
  discardArticleDraft,
  keepArticleDraft,
  readArticleDraft,
} from './article-draft-storage.ts'
import { newArticleDraft } from './console-view.ts'

function memoryStorage(): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

const typed = { ...newArticleDraft(), key: 'hk-banks', market: 'hk' as const }

describe('article drafts in the browser', () => {
  it('keeps one draft per article and one for a new article, and gives each back', () => {
    const storage = memoryStorage()
    keepArticleDraft(storage, null, { savedAt: '2026-11-29T03:05:00.000Z', revision: null, document: typed })
    keepArticleDraft(storage, 12, {
      savedAt: '2026-11-29T03:06:00.000Z',
      revision: 4,
      document: newArticleDraft(),
    })
    expect(readArticleDraft(storage, null)).toEqual({
      savedAt: '2026-11-29T03:05:00.000Z',
      revision: null,
      document: typed,
    })
    expect(readArticleDraft(storage, 12)?.revision).toBe(4)
    expect(readArticleDraft(storage, 13)).toBeNull()
    expect([...storage.items.keys()]).toEqual([articleDraftKey(null), articleDraftKey(12)])
  })

  it('forgets a discarded draft', () => {
    const storage = memoryStorage()
    keepArticleDraft(storage, 12, { savedAt: '2026-11-29T03:06:00.000Z', revision: 4, document: typed })
    discardArticleDraft(storage, 12)
    expect(readArticleDraft(storage, 12)).toBeNull()
  })

  it('ignores what it did not write: broken JSON, another shape, a bad time', () => {
    const storage = memoryStorage()
    for (const text of [
      '{',
      '"text"',
      JSON.stringify({ savedAt: 'soon', revision: null, document: typed }),
      JSON.stringify({ savedAt: '2026-11-29T03:05:00.000Z', revision: '4', document: typed }),
      JSON.stringify({ savedAt: '2026-11-29T03:05:00.000Z', revision: null, document: { key: 'x' } }),
    ]) {
      storage.setItem(articleDraftKey(null), text)
      expect(readArticleDraft(storage, null)).toBeNull()
    }
  })

  it('lets the editor go on when the storage refuses', () => {
    const refusing: DraftStorage = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('quota')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    expect(() =>
      keepArticleDraft(refusing, null, {
        savedAt: '2026-11-29T03:05:00.000Z',
        revision: null,
        document: typed,
      }),
    ).not.toThrow()
    expect(readArticleDraft(refusing, null)).toBeNull()
    expect(() => discardArticleDraft(refusing, null)).not.toThrow()
  })
})
