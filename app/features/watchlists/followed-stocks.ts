/**
 * Which stocks the reader follows, as every follow control on the page sees it (issue 25, ADR 0033): one small
 * store the ☆/★ buttons subscribe to. It is filled, and changed, by follow-actions.ts, which loads on demand (after
 * the page hydrates, or with the first click): the member's lists from the API, a visitor's device list from
 * localStorage. Kept tiny on purpose: it is part of every page that lists stocks (the JS budget).
 */

import { useEffect, useSyncExternalStore } from 'react'
import type { Translator } from '#app/i18n/i18n.ts'

export type FollowOwner = 'member' | 'visitor'

interface FollowedState {
  /** Whose stocks are loaded; null until they are. */
  owner: FollowOwner | null
  keys: ReadonlySet<string>
}

let state: FollowedState = { owner: null, keys: new Set() }
const listeners = new Set<() => void>()

export function followedState(): FollowedState {
  return state
}

export function setFollowedState(next: FollowedState): void {
  state = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const loadFollowActions = () => import('./follow-actions.ts')

/**
 * Whether the stock is followed (`loading` until the reader's stocks are known); loads them once per login state.
 */
export function useFollowState(
  key: string,
  owner: FollowOwner,
  translator: Translator,
): 'loading' | 'yes' | 'no' {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per login state; the translator only words toasts
  useEffect(() => {
    if (state.owner !== owner)
      void loadFollowActions().then((actions) => actions.loadFollowed(owner, translator))
  }, [owner])
  return useSyncExternalStore(
    subscribe,
    () => (state.owner !== owner ? 'loading' : state.keys.has(key) ? 'yes' : 'no'),
    () => 'loading',
  )
}
