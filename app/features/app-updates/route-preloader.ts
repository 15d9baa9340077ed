/**
 * Preloads the code of the page a reader is about to open (pointer over or focus on an internal link), with at
 * most 5 preloads in flight at once (spec §9) so a page full of links cannot flood the connection.
 * Each route's modules are fetched once, as `modulepreload` links the router's own loader then reuses.
 * A preload that fails means the page's code is gone (usually a new deploy): following that link then loads the
 * page in full instead, once per path within 10 seconds (spec §4, §9).
 */
import { matchRoutes, type RouteObject } from 'react-router'
import { claimReload, notePendingNavigation } from './chunk-reload.ts'

export const maxConcurrentPreloads = 5

/**
 * Runs tasks with a ceiling on how many are in flight; a key is run at most once, unless its task answers `'later'`
 * (it could not tell yet what to load), when the next enqueue runs it again.
 */
/** A task's answer: it loaded what the key needs, or it could not tell yet what to load. */
export type PreloadOutcome = 'done' | 'later'

export function createPreloadQueue(limit: number, run: (key: string) => Promise<PreloadOutcome>) {
  const waiting: string[] = []
  const seen = new Set<string>()
  let active = 0

  function pump() {
    while (active < limit && waiting.length > 0) {
      const key = waiting.shift()!
      active += 1
      run(key)
        .then((outcome) => {
          if (outcome === 'later') seen.delete(key)
        })
        .catch(() => undefined)
        .finally(() => {
          active -= 1
          pump()
        })
    }
  }

  return {
    enqueue(key: string) {
      if (seen.has(key)) return
      seen.add(key)
      waiting.push(key)
      pump()
    },
    get activeCount() {
      return active
    },
  }
}

interface ManifestRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  module: string
  imports?: string[]
}

interface RouterManifest {
  routes: Record<string, ManifestRoute>
}

function routeTree(manifest: RouterManifest, parentId?: string): RouteObject[] {
  return Object.values(manifest.routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const children = routeTree(manifest, route.id)
      const base = { id: route.id, ...(route.path !== undefined ? { path: route.path } : {}) }
      return route.index ? { ...base, index: true as const } : { ...base, children }
    })
}

/** Resolves true when the module (and what it imports) loaded, false when it failed. */
function preloadModule(href: string): Promise<boolean> {
  if (document.head.querySelector(`link[rel="modulepreload"][href="${CSS.escape(href)}"]`))
    return Promise.resolve(true)
  return new Promise((resolve) => {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    link.onload = () => resolve(true)
    link.onerror = () => {
      link.remove()
      resolve(false)
    }
    document.head.appendChild(link)
  })
}

/** A click (or Enter) that follows the link in this tab: no modifier, the main button, not a download. */
function isPlainActivation(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    !anchor.hasAttribute('download')
  )
}

/** Starts preloading on intent; returns a function that stops listening. */
export function installRoutePreloading(): () => void {
  const manifest = (window as unknown as { __reactRouterManifest?: RouterManifest }).__reactRouterManifest
  if (!manifest) return () => undefined
  // The page carries only its own routes; the router adds those its links lead to once it has asked the server
  // (lazy route discovery), into this same object. The tree is rebuilt when it has grown.
  let routes = routeTree(manifest)
  let routesKnown = Object.keys(manifest.routes).length
  const currentRoutes = () => {
    const count = Object.keys(manifest.routes).length
    if (count !== routesKnown) {
      routes = routeTree(manifest)
      routesKnown = count
    }
    return routes
  }
  const brokenPaths = new Set<string>()
  const queue = createPreloadQueue(maxConcurrentPreloads, async (pathname) => {
    const matches = matchRoutes(currentRoutes(), pathname) ?? []
    // Only the catch-all matched: the path's own route may not be discovered yet; a later intent tries again.
    if (matches.at(-1)?.route.path === '*') return 'later'
    const files = new Set<string>()
    for (const match of matches) {
      const route = match.route.id ? manifest.routes[match.route.id] : undefined
      if (!route) continue
      files.add(route.module)
      for (const file of route.imports ?? []) files.add(file)
    }
    const loaded = await Promise.all([...files].map(preloadModule))
    if (loaded.includes(false)) brokenPaths.add(pathname)
    return 'done'
  })

  const linkOf = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
    if (!anchor || anchor.origin !== window.location.origin || anchor.target === '_blank') return undefined
    return anchor
  }

  const onIntent = (event: Event) => {
    const anchor = linkOf(event)
    if (anchor && anchor.pathname !== window.location.pathname) queue.enqueue(anchor.pathname)
  }
  // Capture phase, before the router's own click handler turns the click into a client-side navigation.
  const onClick = (event: MouseEvent) => {
    const anchor = linkOf(event)
    if (!anchor || !isPlainActivation(event, anchor) || anchor.pathname === window.location.pathname) return
    // Noted now, not when the router's navigation state reaches React: a route's code that fails at once (its
    // preload already under way and failing) reloads the page being left before an effect could note the way out.
    try {
      const { pathname, search } = window.location
      notePendingNavigation(
        window.sessionStorage,
        `${pathname}${search}`,
        `${anchor.pathname}${anchor.search}`,
        Date.now(),
      )
    } catch {
      return // No session storage (a locked-down browser): nothing to note, and no reload to guard.
    }
    if (!brokenPaths.has(anchor.pathname)) return
    if (!claimReload(window.sessionStorage, anchor.pathname, Date.now())) return
    event.preventDefault()
    event.stopPropagation()
    window.location.assign(anchor.href)
  }
  document.addEventListener('pointerover', onIntent, { passive: true })
  document.addEventListener('focusin', onIntent)
  document.addEventListener('click', onClick, { capture: true })
  return () => {
    document.removeEventListener('pointerover', onIntent)
    document.removeEventListener('focusin', onIntent)
    document.removeEventListener('click', onClick, { capture: true })
  }
}
