import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Translator } from '#app/i18n/i18n.ts'
import { deviceWatchlistStorageKey } from '#contracts/watchlist-rules.ts'

const toasts = vi.hoisted(() => ({
  success: [] as { message: string; action?: { label: string; onClick: () => void } }[],
  error: [] as string[],
}))
vi.mock('#app/components/toaster.tsx', () => ({
  toast: {
    success: (message: string) => toasts.success.push({ message }),
    error: (message: string) => toasts.error.push(message),
  },
}))
vi.mock('./undo-toast.ts', () => ({
  toastWithUndo: async (message: string, action: { label: string; onClick: () => void }) =>
    toasts.success.push({ message, action }),
}))

const { loadFollowed, reloadFollowed, toggleFollow } = await import('./follow-actions.ts')
const { followedState } = await import('./followed-stocks.ts')

/** Translates to the key and its values, so a test reads which message was chosen. */
const translator = {
  t: (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`,
  exists: (key: string) => key.startsWith('errors:WATCHLIST'),
} as unknown as Translator

const apple = { market: 'us' as const, code: 'AAPL', name: 'Apple Inc.' }

function memoryStorage(): Storage {
  const values = new Map<string, string>()
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
    key: () => null,
    get length() {
      return values.size
    },
  }
}

const stored = () => JSON.parse(window.localStorage.getItem(deviceWatchlistStorageKey) ?? '[]') as string[]
const isFollowed = (key: string) => followedState().keys.has(key)

beforeEach(() => {
  vi.stubGlobal('window', { localStorage: memoryStorage() })
  toasts.success.length = 0
  toasts.error.length = 0
})
afterEach(() => vi.unstubAllGlobals())

describe('following as a visitor (the device list)', () => {
  it('saves the stock on the device, offers undo, and undo takes it off again', async () => {
    await reloadFollowed('visitor')
    await toggleFollow(apple, 'visitor', translator)
    expect(isFollowed('us:AAPL')).toBe(true)
    expect(stored()).toEqual(['us:AAPL'])
    expect(toasts.success[0]?.message).toContain('watchlist:toast.followedOnDevice')
    toasts.success[0]?.action?.onClick()
    expect(isFollowed('us:AAPL')).toBe(false)
    expect(stored()).toEqual([])
  })

  it('refuses a 21st stock, puts the star back and says the list is full', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `us:S${i}`)
    window.localStorage.setItem(deviceWatchlistStorageKey, JSON.stringify(twenty))
    await reloadFollowed('visitor')
    await toggleFollow(apple, 'visitor', translator)
    expect(isFollowed('us:AAPL')).toBe(false)
    expect(stored()).toEqual(twenty)
    expect(toasts.error[0]).toContain('errors:WATCHLIST_STOCKS_FULL')
  })

  it('ignores a device entry that is not a stock key', async () => {
    window.localStorage.setItem(deviceWatchlistStorageKey, JSON.stringify(['us:AAPL', '<script>', 42]))
    await reloadFollowed('visitor')
    expect([...followedState().keys]).toEqual(['us:AAPL'])
  })
})

describe('following as a member', () => {
  it('shows the star at once and puts it back when the server refuses', async () => {
    let answer = () =>
      Response.json({ code: 200, data: { lists: [], limits: { lists: 1, stocksPerList: 20 } } })
    vi.stubGlobal('fetch', async () => answer())
    await loadFollowed('member')
    answer = () => new Response(null, { status: 409, headers: { 'x-error-code': 'WATCHLIST_STOCKS_FULL' } })
    await toggleFollow(apple, 'member', translator)
    expect(isFollowed('us:AAPL')).toBe(false)
    expect(toasts.error[0]).toContain('errors:WATCHLIST_STOCKS_FULL')
  })

  it('sends follow, undo and follow again one after another, so the last word the server hears is the last click', async () => {
    const heard: string[] = []
    let answerUnfollow: () => void = () => {}
    vi.stubGlobal('fetch', async (url: string) => {
      if (url.endsWith('/watchlist/lists'))
        return Response.json({ code: 200, data: { lists: [], limits: { lists: 1, stocksPerList: 20 } } })
      const path = new URL(url, 'http://site').pathname.split('/').at(-1) ?? ''
      heard.push(`${path} sent`)
      // The undo's answer is slow: the next follow must not overtake it.
      if (path === 'unfollow') await new Promise<void>((resolve) => (answerUnfollow = resolve))
      heard.push(`${path} answered`)
      return Response.json({ code: 200, data: { followed: path === 'follow', listId: 'l1' } })
    })
    await reloadFollowed('member')
    await toggleFollow(apple, 'member', translator)
    toasts.success[0]?.action?.onClick()
    const followedAgain = toggleFollow(apple, 'member', translator)
    await vi.waitFor(() => expect(heard).toEqual(['follow sent', 'follow answered', 'unfollow sent']))
    answerUnfollow()
    await followedAgain
    expect(heard).toEqual([
      'follow sent',
      'follow answered',
      'unfollow sent',
      'unfollow answered',
      'follow sent',
      'follow answered',
    ])
    expect(isFollowed('us:AAPL')).toBe(true)
  })
})
