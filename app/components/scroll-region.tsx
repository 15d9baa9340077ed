/**
 * A wide table's frame: on a screen narrower than the table it scrolls sideways. A keyboard reader reaches it with
 * Tab and scrolls it with the arrow keys (WCAG 2.1.1), and a screen reader hears it as a region named by the table's
 * caption.
 */
import { clsx } from 'clsx'
import type { ReactNode } from 'react'

export function ScrollRegion({
  labelledBy,
  className,
  children,
}: {
  /** The id of the caption (or heading) that names what scrolls. */
  labelledBy: string
  className?: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus for the keyboard to scroll it
      tabIndex={0}
      className={clsx('overflow-x-auto', className)}
    >
      {children}
    </section>
  )
}
