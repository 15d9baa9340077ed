import { clsx } from 'clsx'
import type { ReactNode } from 'react'
import { useTranslation } from '#app/i18n/use-translation.tsx'

export type BadgeTone = 'neutral' | 'brand' | 'gain' | 'loss' | 'warn'

/**
 * The gain, loss and warn tokens are too light for small text on their own tint (WCAG AA needs 4.5:1; the loss
 * token gives 4.37:1 where the tint sits on a grey row), so badge text uses a darker shade of the same token.
 */
const tones: Record<BadgeTone, string> = {
  neutral: 'bg-ink-100 text-ink-800',
  brand: 'bg-brand-100 text-brand-700',
  gain: 'bg-gain/10 text-[color-mix(in_srgb,var(--color-gain)_80%,black)]',
  loss: 'bg-loss/10 text-[color-mix(in_srgb,var(--color-loss)_85%,black)]',
  warn: 'bg-warn/15 text-[color-mix(in_srgb,var(--color-warn)_75%,black)]',
}

export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: BadgeTone
  children: ReactNode
  className?: string
}) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  )
}

/** Shown wherever synthetic market data is on screen: readers must never take demo numbers for real ones. */
export function DemoBadge({ className }: { className?: string }) {
  const { t } = useTranslation()
  return (
    <span title={t('demo.explanation')} className={className}>
      <Badge tone="warn">{t('demo.badge')}</Badge>
    </span>
  )
}
