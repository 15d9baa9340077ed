/**
 * A signed change (price move, return, margin): an arrow, the signed text and the `gain`/`loss` colour together.
 * In Taiwan, Hong Kong, Japan and Korea red often means up, so colour alone would mislead half our readers: the
 * arrow and the sign carry the meaning, the colour only repeats it. The caller formats the text with its sign.
 */
import { clsx } from 'clsx'
import { __iconData as arrowDownRightShape } from 'lucide-react/icons/arrow-down-right'
import { __iconData as arrowUpRightShape } from 'lucide-react/icons/arrow-up-right'
import { __iconData as minusShape } from 'lucide-react/icons/minus'
import type { ReactNode } from 'react'
import { outlineIcon } from '#app/components/icons.tsx'

const ArrowDownRight = outlineIcon(arrowDownRightShape)
const ArrowUpRight = outlineIcon(arrowUpRightShape)
const Minus = outlineIcon(minusShape)

export type ChangeDirection = 'up' | 'down' | 'flat'

export function changeDirectionOf(value: number | null | undefined): ChangeDirection {
  if (value === null || value === undefined || value === 0 || Number.isNaN(value)) return 'flat'
  return value > 0 ? 'up' : 'down'
}

const tones: Record<ChangeDirection, string> = {
  // A darker shade of the gain token: the token itself is below 4.5:1 on white for small text.
  up: 'text-[color-mix(in_srgb,var(--color-gain)_80%,black)]',
  down: 'text-loss',
  flat: 'text-ink-700',
}

export function ChangeIndicator({
  value,
  children,
  className,
}: {
  /** The signed number that decides the direction (its text is `children`). */
  value: number | null | undefined
  children: ReactNode
  className?: string
}) {
  const direction = changeDirectionOf(value)
  const Icon = direction === 'up' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : Minus
  return (
    <span
      data-direction={direction}
      className={clsx(
        'inline-flex items-center gap-0.5 font-medium tabular-nums',
        tones[direction],
        className,
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span>{children}</span>
    </span>
  )
}
