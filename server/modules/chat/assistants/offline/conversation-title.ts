/** The offline assistant's title for a conversation: its companies and intent, from the first question. */
import type { Locale } from '#contracts/regions.ts'
import { marketLabels } from '../../tools/tool-format.ts'
import { type Intent, readQuestion } from '../offline-text.ts'

/** Intents titled by the question itself: nothing of ours to name. */
const untitled: Intent[] = ['unknown', 'forecast', 'not_stock', 'index', 'out_of_scope', 'define']

const intentTitles: Record<
  Exclude<Intent, 'unknown' | 'forecast' | 'not_stock' | 'index' | 'out_of_scope' | 'define'>,
  Record<Locale, string>
> = {
  figure: { en: 'figures', 'zh-Hant': '數據' },
  dividends: { en: 'dividends', 'zh-Hant': '股息紀錄' },
  insiders: { en: 'executives’ moves', 'zh-Hant': '高管動向' },
  advice: { en: 'what the data says', 'zh-Hant': '數據解讀' },
  valuation: { en: 'valuation', 'zh-Hant': '估值' },
  diagnosis: { en: 'AI diagnosis', 'zh-Hant': 'AI 診斷' },
  price: { en: 'price performance', 'zh-Hant': '股價表現' },
  compare: { en: 'comparison', 'zh-Hant': '比較' },
  news: { en: 'articles', 'zh-Hant': '相關文章' },
  hot: { en: 'Hot stocks', 'zh-Hant': '熱門股票' },
  market: { en: 'How the market did', 'zh-Hant': '市場表現' },
  picks: { en: 'Monthly stock picks', 'zh-Hant': '每月精選股票' },
  my_watchlist: { en: 'My watchlist', 'zh-Hant': '我的自選清單' },
  my_portfolio: { en: 'My portfolio', 'zh-Hant': '我的投資組合' },
  strategies: { en: 'Investment strategies', 'zh-Hant': '投資策略' },
}

/** "Tencent — valuation", "蘋果 vs 微軟 — 比較"; the question itself, shortened, when no intent is recognised. */
export function offlineTitle(names: string[], question: string, locale: Locale): string {
  const reading = readQuestion(question, names.length)
  const intent = reading.intent
  let title: string
  if (untitled.includes(intent)) title = question.trim().replace(/\s+/g, ' ')
  else if (names.length === 0) {
    const base = intentTitles[intent as keyof typeof intentTitles][locale]
    if (intent === 'valuation')
      title =
        reading.side === 'overvalued'
          ? locale === 'zh-Hant'
            ? '最被高估股票'
            : 'Most overvalued stocks'
          : locale === 'zh-Hant'
            ? '最被低估股票'
            : 'Most undervalued stocks'
    else title = base
    if (reading.market) title = `${title} — ${marketLabels[reading.market][locale]}`
  } else {
    const subject = intent === 'compare' ? names.slice(0, 2).join(' vs ') : (names[0] as string)
    title = `${subject} — ${intentTitles[intent as keyof typeof intentTitles][locale]}`
  }
  if (!title) title = locale === 'zh-Hant' ? '新對話' : 'New chat'
  return title.length > 60 ? `${title.slice(0, 59)}…` : title
}
