/**
 * A sector's name in the language of the page, from the site's one table of sector names (contracts/sector-names.ts),
 * which the server's answers read too. Its own small module: the screener, the market and the portfolio pages load it
 * without the diagnosis's label table.
 */
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { sectorName } from '#contracts/sector-names.ts'

export function useSectorName() {
  const { i18n } = useTranslation()
  const locale = i18n.language === 'zh-Hant' ? 'zh-Hant' : 'en'
  return (sector: string) => sectorName(sector, locale)
}
