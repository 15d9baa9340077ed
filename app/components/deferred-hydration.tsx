/**
 * A part of a page that the server draws with the page but whose code the browser fetches after the page's own, so
 * it is not part of the first paint (ADR 0011). Meant for parts that are links and text, or whose inputs keep what
 * was typed without React (uncontrolled): below a phone's first screen, or shown only on an error. Until the code
 * arrives React keeps the server's markup as it is; a link followed meanwhile is an ordinary page load, a form sent
 * meanwhile is an ordinary form submission. On a later client-side visit the part appears when its code has arrived.
 *
 * The server draws every part at once, never a streamed fallback: entry.server.tsx awaits `loadDeferredParts()`
 * before it renders.
 */
import { type ComponentType, lazy, Suspense } from 'react'

/** On the server, one loader per deferred part (each part registers itself when its module is evaluated). */
const serverLoads: (() => Promise<void>)[] = []

export function deferHydration<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loadedOnServer: ComponentType<P> | undefined
  const Lazy = lazy(async () => ({ default: await load() }))
  if (import.meta.env.SSR) {
    serverLoads.push(async () => {
      loadedOnServer ??= await load()
    })
  }

  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module level, as React.lazy is
  function DeferredPart(props: P) {
    const Part = (import.meta.env.SSR && loadedOnServer) || Lazy
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    )
  }
  return Object.assign(DeferredPart, {
    /**
     * Browser: fetches the part's code ahead of need (it is then at hand even if the network is not). Resolves once
     * it is there, or could not be had; never fails.
     */
    preload(): Promise<void> {
      return load().then(
        () => undefined,
        () => undefined,
      )
    },
  })
}

/** Server: resolves once the code of every deferred part is at hand (at once after the first time). */
export async function loadDeferredParts(): Promise<void> {
  await Promise.all(serverLoads.map((loadPart) => loadPart()))
}
