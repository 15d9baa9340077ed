/**
 * The shape of one glossary term and the pages that show it. The terms themselves are data in
 * glossary-fundamentals.ts and glossary-market.ts (reviewed: each definition says what the product computes where
 * the product computes it, e.g. P/E on the last fiscal year's diluted EPS); the lookup is glossary.ts. Server data
 * only: the browser never loads the glossary, it sees an answer.
 */
import type { Locale } from '#contracts/regions.ts'

/** Where the product shows a term: the page, and the part of it, in both languages. */
export const shownAtPages = {
  diagnosis_valuation: {
    href: '/ai-stock-diagnosis',
    en: 'AI stock diagnosis — fair value and valuation',
    'zh-Hant': 'AI 股票診斷 — 合理價與估值',
  },
  diagnosis_scores: {
    href: '/ai-stock-diagnosis',
    en: 'AI stock diagnosis — scores and their checks',
    'zh-Hant': 'AI 股票診斷 — 各項評分及檢查',
  },
  diagnosis_health: {
    href: '/ai-stock-diagnosis',
    en: 'AI stock diagnosis — financial health',
    'zh-Hant': 'AI 股票診斷 — 財務體質',
  },
  diagnosis_technicals: {
    href: '/ai-stock-diagnosis',
    en: 'AI stock diagnosis — technicals',
    'zh-Hant': 'AI 股票診斷 — 技術指標',
  },
  diagnosis_flow: {
    href: '/ai-stock-diagnosis',
    en: 'AI stock diagnosis — capital flow',
    'zh-Hant': 'AI 股票診斷 — 資金流向',
  },
  diagnosis_levels: {
    href: '/ai-stock-diagnosis',
    en: 'AI stock diagnosis — support and resistance',
    'zh-Hant': 'AI 股票診斷 — 支撐位與阻力位',
  },
  diagnosis_chart: {
    href: '/ai-stock-diagnosis',
    en: 'AI stock diagnosis — price chart',
    'zh-Hant': 'AI 股票診斷 — 股價走勢圖',
  },
  diagnosis_dividends: {
    href: '/ai-stock-diagnosis',
    en: 'AI stock diagnosis — dividends',
    'zh-Hant': 'AI 股票診斷 — 股息',
  },
  diagnosis_analysts: {
    href: '/ai-stock-diagnosis',
    en: 'AI stock diagnosis — analysts’ consensus',
    'zh-Hant': 'AI 股票診斷 — 分析師共識',
  },
  valuation_list: {
    href: '/stocks-valuation',
    en: 'Undervalued and overvalued stocks',
    'zh-Hant': '低估與高估股票',
  },
  hot: { href: '/stocks-hot', en: 'Hot stocks', 'zh-Hant': '熱門股票' },
  insiders: { href: '/executives-moves', en: 'Executives’ moves', 'zh-Hant': '高管動向' },
  picks: { href: '/member/picks', en: 'Monthly stock picks', 'zh-Hant': '每月精選股票' },
  strategies: { href: '/member/strategies', en: 'Portfolio strategies', 'zh-Hant': '投資組合策略' },
  articles: { href: '/articles', en: 'Articles', 'zh-Hant': '文章' },
} as const satisfies Record<string, { href: string } & Record<Locale, string>>
export type ShownAt = keyof typeof shownAtPages

export interface GlossaryTerm {
  key: string
  /** The names readers use, the first being the one the answer prints. */
  names: Record<Locale, string[]>
  definition: Record<Locale, string>
  shownAt: ShownAt
}

/** A term in one line of data: key, where it is shown, its names in each language, its definition in each. */
export function term(
  key: string,
  shownAt: ShownAt,
  en: string[],
  zh: string[],
  definitionEn: string,
  definitionZh: string,
): GlossaryTerm {
  return {
    key,
    shownAt,
    names: { en, 'zh-Hant': zh },
    definition: { en: definitionEn, 'zh-Hant': definitionZh },
  }
}
