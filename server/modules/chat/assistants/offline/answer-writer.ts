/**
 * The offline assistant's answer as it is written: Markdown lines from templates in the reader's language, with the
 * as-of dates and the demo flag of what the tools returned, and the pieces every intent's template uses — a stock's
 * name, money, percentages, scores, margins, tables, the name of a market or a period.
 */
import type { ChatDeclineReason } from '#contracts/chat-rules.ts'
import { compareHref, compareMax } from '#contracts/compare-href.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { StockFacts } from '../../tools/stock-facts.ts'
import {
  diagnosisHref,
  formatMoney,
  formatPercent,
  formatScore,
  marketLabels,
} from '../../tools/tool-format.ts'
import type { Period } from '../../tools/tool-inputs.ts'

export const periodNames: Record<Period, Record<Locale, string>> = {
  '1m': { en: 'the past month', 'zh-Hant': '過去一個月' },
  '3m': { en: 'the past 3 months', 'zh-Hant': '過去三個月' },
  '6m': { en: 'the past 6 months', 'zh-Hant': '過去六個月' },
  '1y': { en: 'the past year', 'zh-Hant': '過去一年' },
  ytd: { en: 'this year to date', 'zh-Hant': '今年以來' },
}

export interface Writer {
  zh: boolean
  locale: Locale
  lines: string[]
  asOf: Set<string>
  isDemo: boolean
  /** The reason the answer gives for declining what was asked (the first one written); unset when it answers. */
  declined?: ChatDeclineReason
}

export function stockName(s: Pick<StockFacts, 'name' | 'displayCode'>): string {
  return `${s.name} (${s.displayCode})`
}

/**
 * A stock as a row of a listing names it: a link to its diagnosis, which the page follows with the stock's follow
 * control (app/features/chat/markdown.tsx). Running text names stocks with `stockName` (no control mid-sentence).
 */
export function stockLink(s: Pick<StockFacts, 'name' | 'displayCode' | 'code' | 'market'>): string {
  const text = stockName(s).replace(/[[\]\\]/g, (char) => `\\${char}`)
  return `[${text}](${diagnosisHref(s.code, s.market)})`
}

export function money(value: number | null, s: Pick<StockFacts, 'currency'>, zh: boolean): string {
  return value === null ? (zh ? '不適用' : 'n/a') : formatMoney(value, s.currency)
}

export function pct(value: number | null, zh: boolean, signed = false): string {
  return value === null ? (zh ? '不適用' : 'n/a') : formatPercent(value, signed)
}

export function score(value: number | null, zh: boolean): string {
  return value === null ? (zh ? '不適用' : 'n/a') : formatScore(value)
}

export function marginText(margin: number | null, zh: boolean): string {
  if (margin === null) return zh ? '不適用' : 'n/a'
  if (margin >= 0)
    return zh ? `安全邊際 ${formatPercent(margin)}` : `${formatPercent(margin)} margin of safety`
  return zh ? `溢價 ${formatPercent(-margin)}` : `${formatPercent(-margin)} premium`
}

export function table(header: string[], rows: string[][]): string {
  const esc = (cell: string) => cell.replaceAll('|', '\\|')
  return [
    `| ${header.map(esc).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(esc).join(' | ')} |`),
  ].join('\n')
}

/**
 * The line that ends a comparison: the compare page of the same companies (2–4), where every figure sits side by side
 * with a chart.
 */
export function compareLine(w: Writer, stocks: Array<Pick<StockFacts, 'code' | 'market'>>): string {
  const href = compareHref(stocks.slice(0, compareMax).map((s) => ({ market: s.market, code: s.code })))
  return w.zh
    ? `並排比較每項數據與一年走勢：[比較頁](${href})`
    : `Every figure side by side, with a year's chart: [the compare page](${href})`
}

export function marketName(market: Market | null | undefined, locale: Locale): string {
  if (!market) return locale === 'zh-Hant' ? '所有市場' : 'all markets'
  return marketLabels[market][locale]
}
