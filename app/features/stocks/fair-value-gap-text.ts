/**
 * A fair-value gap as text (fair-value-gap.tsx draws it with its arrow and badge). In a file of its own: the
 * watchlist's rows say the gap in words and colour it by CSS, so its first paint needs neither the badge nor the arrow.
 */
import type { Translate } from './check-values.ts'
import { type DisplayLocale, formatPercent } from './stock-format.ts'

/** `23.4%` either side; a premium beyond 100 % (the price more than twice fair value) reads `> 100%`. */
export function formatGap(margin: number, locale: DisplayLocale, t: Translate): string {
  if (margin < -1) return t('stocks:fairValue.beyond', { value: formatPercent(1, locale, { digits: 0 }) })
  return formatPercent(Math.abs(margin), locale)
}
