/**
 * How the chat writes figures: one place, so a tool's data, the offline assistant's answer and the tests that check
 * the answer all show a figure the same way, always with its unit or currency.
 */
import type { Locale, Market } from '#contracts/regions.ts'
import type { Currency, Exchange } from '#contracts/stocks.ts'

const wholeUnitCurrencies = new Set<Currency>(['JPY', 'KRW'])

/** A price with its currency: "412.30 USD", "54,300 KRW". */
export function formatMoney(value: number, currency: Currency): string {
  const digits = wholeUnitCurrencies.has(currency) ? 0 : 2
  return `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency}`
}

/** A fraction as a percentage with one decimal: 0.1234 → "12.3%"; `signed` adds "+" to gains. */
export function formatPercent(fraction: number, signed = false): string {
  const value = Math.round(fraction * 1000) / 10
  const text = `${value.toFixed(1)}%`
  return signed && value > 0 ? `+${text}` : text.replace('-0.0%', '0.0%')
}

/** A 0–100 score: "72/100". */
export function formatScore(value: number): string {
  return `${Math.round(value)}/100`
}

/** The code as readers write it on the exchange's own site: AAPL, 0700.HK, 7203.T, 005930.KS. */
export function displayCode(code: string, market: Market, exchange?: Exchange): string {
  if (market === 'hk') return `${code}.HK`
  if (market === 'jp') return `${code}.T`
  if (market === 'kr') return `${code}.${exchange === 'KOSDAQ' ? 'KQ' : 'KS'}`
  return code
}

export function diagnosisHref(code: string, market: Market): string {
  return `/ai-stock-diagnosis?${new URLSearchParams({ code, market }).toString()}`
}

export const marketLabels: Record<Market, Record<Locale, string>> = {
  us: { en: 'US stocks', 'zh-Hant': '美股' },
  hk: { en: 'Hong Kong stocks', 'zh-Hant': '港股' },
  jp: { en: 'Japan stocks', 'zh-Hant': '日股' },
  kr: { en: 'Korea stocks', 'zh-Hant': '韓股' },
}

/** An ISO instant or date to its calendar date (YYYY-MM-DD). */
export function dateOf(value: string): string {
  return value.slice(0, 10)
}
