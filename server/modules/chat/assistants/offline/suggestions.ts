/** The questions the offline assistant suggests on the welcome screen: about the region's market, all answerable. */
import { type Locale, type Market, type Region, regionSettings } from '#contracts/regions.ts'
import { marketLabels } from '../../tools/tool-format.ts'

/** Two well-known companies per market, by the names readers use in each language. */
const suggestionCompanies: Record<Market, Array<Record<Locale, string>>> = {
  us: [
    { en: 'Apple', 'zh-Hant': '蘋果' },
    { en: 'Microsoft', 'zh-Hant': '微軟' },
  ],
  hk: [
    { en: 'Tencent', 'zh-Hant': '騰訊' },
    { en: 'Alibaba', 'zh-Hant': '阿里巴巴' },
  ],
  jp: [
    { en: 'Toyota', 'zh-Hant': '豐田' },
    { en: 'Sony', 'zh-Hant': '索尼' },
  ],
  kr: [
    { en: 'Samsung', 'zh-Hant': '三星' },
    { en: 'SK hynix', 'zh-Hant': 'SK海力士' },
  ],
}

export function offlineSuggestions(locale: Locale, region: Region): string[] {
  const market = regionSettings[region].defaultMarket
  const [a, b] = suggestionCompanies[market].map((c) => c[locale]) as [string, string]
  const m = marketLabels[market][locale]
  return locale === 'zh-Hant'
    ? [
        `${a}被低估了嗎？`,
        `比較${a}和${b}`,
        `${b}過去三個月表現如何？`,
        `${m}最被低估的股票`,
        `${m}今日熱門股票`,
        `${m}本週表現如何？`,
      ]
    : [
        `Is ${a} undervalued?`,
        `Compare ${a} and ${b}`,
        `How has ${b} done over the past 3 months?`,
        `Most undervalued ${m}`,
        `Hot ${m} today`,
        `How did ${m} do this week?`,
      ]
}
