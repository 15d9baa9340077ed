/**
 * The browser fetches only its own language's catalogs, before hydration, so the first paint is translated. All of
 * a language's namespaces come in one module (browser-catalog-<locale>.ts), so that is one request, not one per
 * namespace.
 */
import type { Locale } from '#contracts/regions.ts'
import { type Catalog, createTranslator, groupCatalogs } from './i18n.ts'

const loaders: Record<Locale, () => Promise<{ files: Record<string, unknown> }>> = {
  en: () => import('./browser-catalog-en.ts'),
  'zh-Hant': () => import('./browser-catalog-zh-Hant.ts'),
}

export async function loadBrowserTranslator(locale: Locale) {
  const { files } = await loaders[locale]()
  const catalog: Catalog = groupCatalogs(files)[locale] ?? {}
  return createTranslator(locale, catalog)
}
