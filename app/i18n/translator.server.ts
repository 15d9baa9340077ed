/** Every catalog, bundled into the server render. */
import type { Locale } from '#contracts/regions.ts'
import { createTranslator, groupCatalogs } from './i18n.ts'

const catalogs = groupCatalogs(import.meta.glob('./locales/*/*.json', { eager: true }))

const translators = {
  en: createTranslator('en', catalogs.en ?? {}),
  'zh-Hant': createTranslator('zh-Hant', catalogs['zh-Hant'] ?? {}),
}

export function getServerTranslator(locale: Locale) {
  return translators[locale]
}
