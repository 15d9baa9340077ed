/**
 * The GICS sectors' names as the site writes them, in English and Traditional Chinese: the one table every page (the
 * screener, the market at a glance, the portfolio, the diagnosis) and the server (the chat's market answers) read,
 * so a sector is called the same everywhere. The Record type makes a missing name a type error. A data table, like
 * diagnosis-labels.ts.
 */
import type { Locale } from './regions.ts'
import { type ScreenSector, screenSectors } from './screener-rules.ts'

export const sectorNames: Record<ScreenSector, Record<Locale, string>> = {
  communication_services: { en: 'Communication services', 'zh-Hant': '通訊服務' },
  consumer_discretionary: { en: 'Consumer discretionary', 'zh-Hant': '非必需消費品' },
  consumer_staples: { en: 'Consumer staples', 'zh-Hant': '必需消費品' },
  energy: { en: 'Energy', 'zh-Hant': '能源' },
  financials: { en: 'Financials', 'zh-Hant': '金融' },
  health_care: { en: 'Health care', 'zh-Hant': '醫療保健' },
  industrials: { en: 'Industrials', 'zh-Hant': '工業' },
  information_technology: { en: 'Information technology', 'zh-Hant': '資訊科技' },
  materials: { en: 'Materials', 'zh-Hant': '原物料' },
  real_estate: { en: 'Real estate', 'zh-Hant': '房地產' },
  utilities: { en: 'Utilities', 'zh-Hant': '公用事業' },
}

export function isSector(value: string): value is ScreenSector {
  return (screenSectors as readonly string[]).includes(value)
}

/** A sector's name in `locale`; a key that is no GICS sector (a provider's own word) is shown as it is. */
export function sectorName(sector: string, locale: Locale): string {
  return isSector(sector) ? sectorNames[sector][locale] : sector
}
