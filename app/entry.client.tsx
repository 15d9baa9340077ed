/**
 * Browser start: load this language's messages (the reader catalog and the on-demand namespaces the page names on
 * `<html data-catalogs>`), then hydrate. A failed chunk load reloads the page once per path
 * (spec §4, §9).
 */
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import type { Locale } from '#contracts/regions.ts'
import { reloadOnceAfterChunkFailure } from './features/app-updates/chunk-reload.ts'
import { loadBrowserTranslator, parseCatalogList } from './i18n/browser-catalogs.ts'
import { NonceProvider } from './nonce.tsx'

window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnceAfterChunkFailure()) event.preventDefault()
})

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
        <I18nextProvider i18n={translator}>
          <HydratedRouter />
        </I18nextProvider>
      </NonceProvider>
    </StrictMode>,
  )
})
