/**
 * Every catalog, bundled into the server render, in one translator per language for the whole process. A render asks
 * for a few hundred messages, nearly all of them plain: the translator remembers each per scope (i18n.ts), and the
 * catalogs are fixed at build, so a remembered message never goes stale.
 */
import type { Locale } from '#contracts/regions.ts'
import { createTranslator, groupCatalogs } from './i18n.ts'

// The app's namespaces and the shared floor's (catalog-files.ts names the same two folders).
const catalogs = groupCatalogs(
  import.meta.glob(['./locales/*/*.json', '../../contracts/messages/*/*.json'], { eager: true }),
)

const translators = {
  en: createTranslator('en', catalogs.en ?? {}),
  'zh-Hant': createTranslator('zh-Hant', catalogs['zh-Hant'] ?? {}),
}

export function getServerTranslator(locale: Locale) {
  return translators[locale]
}
