/**
 * What the readers' analytics page decides without the server: its filters as they sit in the address (so a
 * range can be reloaded and shared) and the logged-in share as a person reads it.
 */
import { type Region, regions } from '#contracts/regions.ts'

export interface AnalyticsFilters {
  /** Firm days (YYYY-MM-DD), '' for the server's default range (the last 30 days). */
  from: string
  to: string
  region: Region | ''
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/

export function analyticsFiltersOf(search: URLSearchParams): AnalyticsFilters {
  const day = (name: string) => {
    const value = search.get(name) ?? ''
    return dayPattern.test(value) ? value : ''
  }
  const region = search.get('region') ?? ''
  return {
    from: day('from'),
    to: day('to'),
    region: (regions as readonly string[]).includes(region) ? (region as Region) : '',
  }
}

export function analyticsSearchOf(filters: AnalyticsFilters): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) if (value) search.set(name, value)
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** Logged-in views as a share of all views (0 when there were none), rounded to a tenth of a percent. */
export function loggedInShareOf(views: number, loggedInViews: number): number {
  return views === 0 ? 0 : Math.round((loggedInViews / views) * 1000) / 10
}
