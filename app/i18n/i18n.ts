/**
 * Translation setup shared by the server render and the browser. Messages live in JSON catalogs per locale and
 * namespace: the app's in app/i18n/locales/<locale>/<namespace>.json, those the server speaks too (the API's errors,
 * the SMS) on the shared floor, contracts/messages/<locale>/<namespace>.json; a whole sentence stays in one message.
 * The server holds every catalog; the browser loads only its own language before hydrating.
 */
import { createInstance, type i18n, type Resource } from 'i18next'
import type { Locale } from '#contracts/regions.ts'

export type Catalog = Record<string, Record<string, unknown>>

export function createTranslator(locale: Locale, catalog: Catalog): i18n {
  const instance = createInstance()
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: catalog } as Resource,
    defaultNS: 'common',
    ns: Object.keys(catalog),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  return instance
}

/** Groups Vite glob results (`…/locales/<locale>/<ns>.json`, `…/messages/<locale>/<ns>.json`) by locale. */
export function groupCatalogs(files: Record<string, unknown>): Record<string, Catalog> {
  const byLocale: Record<string, Catalog> = {}
  for (const [file, module] of Object.entries(files)) {
    const match = /(?:locales|messages)\/([^/]+)\/([^/]+)\.json$/.exec(file)
    if (!match) continue
    const [, locale, namespace] = match as unknown as [string, string, string]
    const messages =
      (module as { default?: Record<string, unknown> }).default ?? (module as Record<string, unknown>)
    byLocale[locale] ??= {}
    byLocale[locale][namespace] = messages
  }
  return byLocale
}
