/**
 * Names of the engine's stable keys that the wire sends as keys only (analyst rating, health zone, profitability
 * rating, a vote's signal, a level exception), in the reader's language, from the engine's own label table
 * (contracts/diagnosis-labels.ts) — so the page, the summary and the assistant use the same words. Checks, scores, votes, levels
 * and methods arrive already labelled in the reader's language.
 */
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { CHECK_LABELS, type LabelKey } from '#contracts/diagnosis-labels.ts'
import type { Locale } from '#contracts/regions.ts'

export type { LabelKey }

export function localeOf(language: string): Locale {
  return language === 'zh-Hant' ? 'zh-Hant' : 'en'
}

/** The label of `prefix.key` (e.g. `analyst.buy`), or null when the engine has no such key. */
export function keyLabelOf(locale: Locale, prefix: string, key: string | null | undefined): string | null {
  if (!key) return null
  const labels = CHECK_LABELS[locale] as Record<string, string>
  return labels[`${prefix}.${key}`] ?? null
}

/** `keyLabel('analyst', 'buy')` in the language of the page. */
export function useKeyLabels() {
  const { i18n } = useTranslation()
  const locale = localeOf(i18n.language)
  return (prefix: string, key: string | null | undefined) => keyLabelOf(locale, prefix, key)
}
