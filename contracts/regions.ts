/**
 * Regions, languages and markets: the vocabulary shared by the server, the pages and the wire.
 * A region is a site (its own domain); it decides the language, the default market and the display time zone.
 */
import { z } from 'zod'

// The lists are plain arrays and each schema is marked pure, so a browser module that needs only the lists, the
// settings or the functions below does not pull zod in (the bundler drops the unused schemas; ADR 0011).
export const regions = ['en', 'hant', 'hk', 'kr', 'jp'] as const
export const Region = /* @__PURE__ */ z.enum(regions)
export type Region = z.infer<typeof Region>

export const locales = ['en', 'zh-Hant'] as const
export const Locale = /* @__PURE__ */ z.enum(locales)
export type Locale = z.infer<typeof Locale>

export const markets = ['us', 'hk', 'jp', 'kr'] as const
export const Market = /* @__PURE__ */ z.enum(markets)
export type Market = z.infer<typeof Market>

export interface RegionSettings {
  locale: Locale
  /** BCP 47 tag for dates and numbers shown to the reader (spec: en-US, zh-TW). */
  displayLocale: 'en-US' | 'zh-TW'
  timeZone: string
  defaultMarket: Market
  /** The region a reader lands on when they switch to the other language. */
  otherLanguageRegion: Region
}

export const regionSettings: Record<Region, RegionSettings> = {
  en: {
    locale: 'en',
    displayLocale: 'en-US',
    timeZone: 'America/New_York',
    defaultMarket: 'us',
    otherLanguageRegion: 'hant',
  },
  hant: {
    locale: 'zh-Hant',
    displayLocale: 'zh-TW',
    timeZone: 'Asia/Taipei',
    defaultMarket: 'us',
    otherLanguageRegion: 'en',
  },
  hk: {
    locale: 'zh-Hant',
    displayLocale: 'zh-TW',
    timeZone: 'Asia/Hong_Kong',
    defaultMarket: 'hk',
    otherLanguageRegion: 'en',
  },
  kr: {
    locale: 'en',
    displayLocale: 'en-US',
    timeZone: 'Asia/Seoul',
    defaultMarket: 'kr',
    otherLanguageRegion: 'hant',
  },
  jp: {
    locale: 'en',
    displayLocale: 'en-US',
    timeZone: 'Asia/Tokyo',
    defaultMarket: 'jp',
    otherLanguageRegion: 'hant',
  },
}

/** The first label of the host names the region; anything else is the English site (spec §4). */
export function regionFromHostname(hostname: string): Region {
  const label = hostname.split('.')[0]?.toLowerCase()
  return label === 'hant' || label === 'hk' || label === 'kr' || label === 'jp' ? label : 'en'
}

/** Value of the `Lang` header on API calls (spec §7): hk for Traditional Chinese, otherwise the locale. */
export function apiLangHeader(locale: Locale): 'hk' | 'en' {
  return locale === 'zh-Hant' ? 'hk' : 'en'
}

/** Value of the `Lang` header on tracking calls (spec §7): hk for hant (and hk), else en, jp or kr. */
export function trackingLangHeader(region: Region): 'hk' | 'en' | 'jp' | 'kr' {
  if (region === 'hant' || region === 'hk') return 'hk'
  return region
}

/** The API's `Lang` header back to a locale; unknown values read as English. */
export function localeFromLangHeader(value: string | undefined): Locale {
  const v = value?.toLowerCase()
  return v === 'hk' || v === 'hant' || v === 'zh-hant' || v === 'zh-tw' || v === 'zh-hk' ? 'zh-Hant' : 'en'
}
