/**
 * A downside margin with its arrow and sign: positive (price below fair value) points up, negative points down.
 * Used by the lists and the home sections; the diagnosis shows the same figure with its explanation.
 */
import { ChangeIndicator } from '#app/components/change-indicator.tsx'
import { type DisplayLocale, formatPercent } from './stock-format.ts'

export function DownsideMarginText({
  margin,
  displayLocale,
}: {
  margin: number | null
  displayLocale: DisplayLocale
}) {
  if (margin === null) return <span className="text-ink-700">—</span>
  return (
    <ChangeIndicator value={margin} className="md:justify-end">
      {formatPercent(margin, displayLocale, { signed: true })}
    </ChangeIndicator>
  )
}
