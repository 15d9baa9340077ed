/**
 * The gap between price and fair value, named as investors name it: the *margin of safety* when the price is at or
 * below fair value, the *premium to fair value* when it is above. Both are shares of fair value, so one signed figure
 * (`downsideMargin`) carries them and the lists sort by it. A gap of more than a factor of two either way is
 * low-confidence (`assessMarginConfidence`, the engine's rule): a premium beyond 100 % reads "> 100%" instead of a
 * number no reader can believe, and a badge says why it is shown so. The arrow points from the price towards fair
 * value; the term, not a minus sign, says which side the price is on. Used by the diagnosis, the lists and home.
 */
import { clsx } from 'clsx'
import { Badge } from '#app/components/badge.tsx'
import { ChangeIndicator } from '#app/components/change-indicator.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { assessMarginConfidence } from '#contracts/stock-rules.ts'
import { formatGap } from './fair-value-gap-text.ts'
import type { DisplayLocale } from './stock-format.ts'

/** The message that names a gap: the margin of safety at or below fair value (and when unknown), else the premium. */
export function gapTermKey(margin: number | null): 'fairValue.marginOfSafety' | 'fairValue.premium' {
  return margin !== null && margin < 0 ? 'fairValue.premium' : 'fairValue.marginOfSafety'
}

export function LowConfidenceBadge() {
  const { t } = useTranslation('stocks')
  return (
    <Badge tone="warn" className="whitespace-nowrap">
      {t('fairValue.lowConfidence')}
    </Badge>
  )
}

export function FairValueGap({
  margin,
  displayLocale,
  empty = '—',
  className,
}: {
  /** Signed: (fair value − price) ÷ fair value. */
  margin: number | null
  displayLocale: DisplayLocale
  /** What to show without a fair value. */
  empty?: string
  className?: string
}) {
  const { t } = useTranslation('stocks')
  if (margin === null) return <span className="text-ink-700">{empty}</span>
  const isLow = assessMarginConfidence(margin)?.confidence === 'low'
  return (
    <span
      className={clsx('inline-flex flex-wrap items-center gap-x-1.5 gap-y-1', className)}
      data-confidence={isLow ? 'low' : 'normal'}
    >
      <ChangeIndicator value={margin}>
        {formatGap(margin, displayLocale, (key, options) => t(key, options ?? {}) as string)}
      </ChangeIndicator>
      {isLow ? <LowConfidenceBadge /> : null}
    </span>
  )
}
