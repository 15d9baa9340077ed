/**
 * The frame of a stock section on the home page: heading, the data stamp (as-of date, DEMO badge) beside it and a
 * link to the full list.
 */

import { __iconData as arrowRightShape } from 'lucide-react/icons/arrow-right'
import type { ReactNode } from 'react'
import { outlineIcon } from '#app/components/icons.tsx'
import { PageLink } from '#app/components/page-link.tsx'

const ArrowRight = outlineIcon(arrowRightShape)

export function StockSectionFrame({
  id,
  title,
  stamp,
  viewAll,
  children,
}: {
  id: string
  title: string
  stamp: ReactNode
  viewAll?: { to: string; label: string }
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className="mx-auto flex max-w-screen-xl flex-col gap-4 px-4 py-6 sm:py-8 lg:px-6"
      data-testid={id}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id={id} className="text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
            {title}
          </h2>
          {stamp}
        </div>
        {viewAll ? (
          <PageLink
            to={viewAll.to}
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          >
            {viewAll.label}
            <ArrowRight className="size-4" aria-hidden="true" />
          </PageLink>
        ) : null}
      </div>
      {children}
    </section>
  )
}
