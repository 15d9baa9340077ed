/** The browser fetches only its own language's catalogs, before hydration, so the first paint is translated. */
import type { Locale } from '#contracts/regions.ts'
import { type Catalog, createTranslator, groupCatalogs } from './i18n.ts'

const loaders = import.meta.glob('./locales/*/*.json')

export async function loadBrowserTranslator(locale: Locale) {
  const entries = Object.entries(loaders).filter(([file]) => file.includes(`/locales/${locale}/`))
  const modules = await Promise.all(entries.map(async ([file, load]) => [file, await load()] as const))
  const catalog: Catalog = groupCatalogs(Object.fromEntries(modules))[locale] ?? {}
  return createTranslator(locale, catalog)
}
