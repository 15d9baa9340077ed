/**
 * Page links for a long list: previous, next, the first and last pages and those around the current one. Plain
 * links (`?page=N`), so every page has its own address for readers, the back button and search engines. When the
 * number of pages is not known (search results are not counted to the end), it shows the pages so far and whether
 * a next one exists.
 */
import { clsx } from 'clsx'
import { __iconData as chevronLeftShape } from 'lucide-react/icons/chevron-left'
import { __iconData as chevronRightShape } from 'lucide-react/icons/chevron-right'
import { outlineIcon } from '#app/components/icons.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { PageLink } from './page-link.tsx'

const ChevronLeft = outlineIcon(chevronLeftShape)
const ChevronRight = outlineIcon(chevronRightShape)

/** The pages to show: 1 … p-1 p p+1 … last, with `gap` where pages are left out. */
export function visiblePages(page: number, pageCount: number): (number | 'gap')[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount))
  const sorted = [...pages].sort((a, b) => a - b)
  const result: (number | 'gap')[] = []
  for (const [index, value] of sorted.entries()) {
    const previous = sorted[index - 1]
    if (previous !== undefined && value - previous === 2) result.push(previous + 1)
    else if (previous !== undefined && value - previous > 2) result.push('gap')
    result.push(value)
  }
  return result
}

const itemClass =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg px-3 text-sm font-medium'

export interface PaginationProps {
  page: number
  /** Undefined when the number of pages is not known; `hasNext` then says whether a next page exists. */
  pageCount: number | undefined
  hasNext?: boolean
  hrefOf(page: number): string
}

export function Pagination({ page, pageCount: knownPageCount, hasNext = false, hrefOf }: PaginationProps) {
  const { t } = useTranslation()
  const isOpenEnded = knownPageCount === undefined
  const pageCount = knownPageCount ?? (hasNext ? page + 1 : page)
  if (pageCount <= 1) return null
  return (
    <nav aria-label={t('pagination.label')} className="flex flex-col items-center gap-2">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <PageLink
              to={hrefOf(page - 1)}
              rel="prev"
              className={clsx(itemClass, 'text-ink-800 hover:bg-ink-100')}
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
              {t('pagination.previous')}
            </PageLink>
          ) : (
            <span className={clsx(itemClass, 'text-ink-500')} aria-disabled="true">
              <ChevronLeft className="size-4" aria-hidden="true" />
              {t('pagination.previous')}
            </span>
          )}
        </li>
        {visiblePages(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-500">
              …
            </li>
          ) : (
            <li key={item}>
              <PageLink
                to={hrefOf(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
                className={clsx(
                  itemClass,
                  item === page ? 'bg-brand-600 text-white' : 'text-ink-800 hover:bg-ink-100',
                )}
              >
                {item}
              </PageLink>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <PageLink
              to={hrefOf(page + 1)}
              rel="next"
              className={clsx(itemClass, 'text-ink-800 hover:bg-ink-100')}
            >
              {t('pagination.next')}
              <ChevronRight className="size-4" aria-hidden="true" />
            </PageLink>
          ) : (
            <span className={clsx(itemClass, 'text-ink-500')} aria-disabled="true">
              {t('pagination.next')}
              <ChevronRight className="size-4" aria-hidden="true" />
            </span>
          )}
        </li>
      </ul>
      {isOpenEnded ? null : (
        <p className="text-xs text-ink-500">{t('pagination.summary', { page, total: pageCount })}</p>
      )}
    </nav>
  )
}
