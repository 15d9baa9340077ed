/**
 * A wide table's frame: on a screen narrower than the table it scrolls sideways. A keyboard reader reaches it with
 * Tab and scrolls it with the arrow keys (WCAG 2.1.1), and a screen reader hears it as a region named by the table's
 * caption. It is the containing block of what is positioned inside (a screen-reader-only label is), so nothing of a
 * table wider than the screen escapes it and widens the page.
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
      className={clsx('relative overflow-x-auto', className)}
    >
      {children}
    </section>
  )
}
