/**
 * Browser start: load this language's messages (the reader catalog and the on-demand namespaces the page names on
 * `<html data-catalogs>`), then hydrate. A failed chunk load reloads the page once per path, and a reload that
 * happened on the way to another page carries on to it (spec §4, §9). The service worker registers once the page has
 * loaded (ADR 0044).
 */
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { TranslatorProvider } from '#app/i18n/use-translation.tsx'
import type { Locale } from '#contracts/regions.ts'
import { navigationToResume, reloadOnceAfterChunkFailure } from './features/app-updates/chunk-reload.ts'
import { registerServiceWorkerWhenIdle } from './features/web-app/service-worker-registration.ts'
import { loadBrowserTranslator, parseCatalogList } from './i18n/browser-catalogs.ts'
import { NonceProvider } from './nonce.tsx'

window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceAfterChunkFailure()) event.preventDefault()
})

/** A page reloaded under a reader on the way to another (a route's code failed to load) carries on to that page. */
function resumedNavigation(): string | null {
  try {
    const { pathname, search } = window.location
    return navigationToResume(window.sessionStorage, `${pathname}${search}`, Date.now())
  } catch {
    return null
  }
}

const resumed = resumedNavigation()
if (resumed) window.location.replace(resumed)
else {
  const locale: Locale = document.documentElement.lang === 'zh-Hant' ? 'zh-Hant' : 'en'
  const translator = await loadBrowserTranslator(
    locale,
    parseCatalogList(document.documentElement.dataset.catalogs, locale),
  )
  // Browsers hide the nonce attribute once parsed but keep the property; hydrate with the same value the server used.
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <NonceProvider value={nonce}>
          <TranslatorProvider translator={translator}>
            <HydratedRouter />
          </TranslatorProvider>
        </NonceProvider>
      </StrictMode>,
    )
  })
  registerServiceWorkerWhenIdle()
}
