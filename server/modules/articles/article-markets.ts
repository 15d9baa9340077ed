/** The four markets articles are filed under (spec: country/market), with their names in each language. */
import type { Market } from '#contracts/regions.ts'
import type { LocalizedText } from '#server/db/columns.ts'

export const marketNames: Record<Market, LocalizedText> = {
  us: { en: 'US stocks', 'zh-Hant': '美股' },
  hk: { en: 'Hong Kong stocks', 'zh-Hant': '港股' },
  jp: { en: 'Japan stocks', 'zh-Hant': '日股' },
  kr: { en: 'Korea stocks', 'zh-Hant': '韓股' },
}
