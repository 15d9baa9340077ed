/**
 * What the members and newsletter pages decide without the server: the sign-up filters in the address (so a
 * filtered list can be reloaded and shared, and exported as shown), and the export's link with the same filters.
 */

import { newsletterExportPath } from '#contracts/console-members-rules.ts'
import { consoleApiPrefix } from '#contracts/console-rules.ts'
import { listSearchOf } from './console-view.ts'

export interface NewsletterFilters {
  q: string
  /** Days of the firm's calendar (YYYY-MM-DD), or ''. */
  from: string
  to: string
  page: number
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/

export function newsletterFiltersOf(search: URLSearchParams): NewsletterFilters {
  const day = (name: string) => {
    const value = search.get(name) ?? ''
    return dayPattern.test(value) ? value : ''
  }
  const page = Number(search.get('page'))
  return {
    q: (search.get('q') ?? '').trim().slice(0, 100),
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/** The filters as a query string ('' or `?…`); empty values and the first page are left out. */
export function newsletterSearchOf(filters: Partial<NewsletterFilters>): string {
  return listSearchOf(filters, { page: 1 })
}

/** The CSV export of every sign-up the filters match (all pages). */
export function newsletterExportHref(filters: NewsletterFilters): string {
  const { page: _page, ...rest } = filters
  return `${consoleApiPrefix}${newsletterExportPath}${newsletterSearchOf(rest)}`
}
