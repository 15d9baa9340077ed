/**
 * Registers the site's service worker (public/sw.js; ADR 0044) once the page has loaded and the browser is idle, so
 * it never competes with the page's own requests. Not in development: Vite serves the code there, and a worker
 * holding on to an offline page would only confuse.
 */
import { whenIdle } from '#app/components/on-demand.ts'

export const serviceWorkerPath = '/sw.js'

export function registerServiceWorkerWhenIdle(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return
  const register = () => {
    navigator.serviceWorker.register(serviceWorkerPath, { scope: '/' }).catch(() => {
      // Refused (private mode, a policy): the site works without it.
    })
  }
  if (document.readyState === 'complete') whenIdle(register)
  else window.addEventListener('load', () => whenIdle(register), { once: true })
}
