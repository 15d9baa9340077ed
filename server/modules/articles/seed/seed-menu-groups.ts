/**
 * The header mega-menu's service groups (spec §2, §3: menuName and articles). Each group lists article keys from the
 * seed corpus; the loader checks that every key is a published article with both language versions, so the menu
 * never links to a missing or hidden page in either language.
 */
import type { SeedMenuGroup } from './seed-corpus.ts'

export const seedMenuGroups: readonly SeedMenuGroup[] = [
  {
    key: 'market-insights',
    menuName: { en: 'Market Insights', 'zh-Hant': '市場洞察' },
    articleKeys: [
      'treasury-yields-week-ahead',
      'hang-seng-week-ahead',
      'kospi-week-ahead',
      'yen-boj-and-exporters',
      'fed-rate-path-and-stocks',
    ],
  },
  {
    key: 'ai-and-chips',
    menuName: { en: 'AI & Chips', 'zh-Hant': 'AI 與晶片' },
    articleKeys: [
      'nvidia-data-center-cycle',
      'sk-hynix-hbm-leadership',
      'samsung-memory-cycle',
      'japan-chip-equipment-ai',
      'amd-broadcom-ai-chip-watchlist',
    ],
  },
  {
    key: 'income-investing',
    menuName: { en: 'Income Investing', 'zh-Hant': '收息投資' },
    articleKeys: [
      'dividend-growers-vs-high-yield',
      'hk-bank-dividends-rate-cycle',
      'hk-reits-yield-and-rates',
      'china-mobile-defensive-dividends',
      'japan-trading-houses',
      'korean-financials-dividends',
    ],
  },
  {
    key: 'asia-reform-watch',
    menuName: { en: 'Asia Reform Watch', 'zh-Hant': '亞洲改革觀察' },
    articleKeys: [
      'tse-price-to-book-reforms',
      'korea-value-up-programme',
      'korea-discount-explained',
      'hyundai-motor-shareholder-returns',
    ],
  },
  {
    key: 'investor-academy',
    menuName: { en: 'Investor Academy', 'zh-Hant': '投資學堂' },
    articleKeys: [
      'how-to-read-an-earnings-release',
      'pe-ratio-pitfalls',
      'core-satellite-portfolio',
      'stock-connect-southbound-flows',
      'nisa-household-flows',
    ],
  },
]
