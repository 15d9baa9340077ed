/**
 * Code the first paint does not need, fetched when something first asks for it: a dialog opening, a pointer or focus
 * on a menu button, the first toast (ADR 0011). A module is fetched once; a failed fetch can be tried again (the
 * entry's `vite:preloadError` handler reloads the page once when the build has changed underneath it).
 */
import { useState, useSyncExternalStore } from 'react'

export interface OnDemand<T> {
  /** Fetches the module (once) and resolves with it. */
  load(): Promise<T>
  /** Starts the fetch and ignores a failure: for intent (pointer over, focus), where nothing waits for it. */
  preload(): void
  /** The module once fetched, else undefined. */
  readonly current: T | undefined
  subscribe(listener: () => void): () => void
}

export function onDemand<T>(fetchModule: () => Promise<T>): OnDemand<T> {
  let current: T | undefined
  let pending: Promise<T> | undefined
  const listeners = new Set<() => void>()
  const load = () => {
    pending ??= fetchModule().then(
      (module) => {
        current = module
        for (const listener of listeners) listener()
        return module
      },
      (error: unknown) => {
        pending = undefined
        throw error
      },
    )
    return pending
  }
  return {
    load,
    preload: () => void load().catch(() => undefined),
    get current() {
      return current
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The module once fetched (re-rendering then); undefined before, and always during the server render. */
export function useOnDemand<T>(module: OnDemand<T>): T | undefined {
  return useSyncExternalStore(
    module.subscribe,
    () => module.current,
    () => undefined,
  )
}

/** True from the first time `isOpen` is true: a dialog's code is fetched then, and it stays mounted afterwards. */
export function useHasOpened(isOpen: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(isOpen)
  if (isOpen && !hasOpened) setHasOpened(true)
  return hasOpened || isOpen
}

/** Runs `task` once the browser is idle after the page became interactive (or after a short wait without the API). */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 3000 })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(task, 1500)
  return () => window.clearTimeout(handle)
}
