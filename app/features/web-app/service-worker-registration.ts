/**
 * Registers the site's service worker (public/sw.js; ADR 0044) when the browser is idle after the page became
 * interactive, so it never competes with the page's own requests. Not in development: Vite serves the code there,
 * and a worker holding on to an offline page would only confuse. A refusal (private mode, a policy) leaves the site
 * as it is.
 */
import { whenIdle } from '#app/components/on-demand.ts'

export const serviceWorkerPath = '/sw.js'

export function registerServiceWorkerWhenIdle(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
  whenIdle(() => void navigator.serviceWorker.register(serviceWorkerPath).catch(() => {}))
}
