/**
 * The article-list screens of spec §2 are one screen with different filters. This decides which filter a path
 * stands for, and reads the page number, so the route module only loads and draws.
 */
import {
  articlePageMax,
  searchTextMaxLength,
  tagKeyPattern,
  topicSlugPattern,
} from '#contracts/article-limits.ts'
import type { ArticleListFilter } from '#contracts/articles.ts'
import { type Market, markets } from '#contracts/regions.ts'

export type Listing =
  | { kind: 'all' }
  | { kind: 'analysis' }
  | { kind: 'recommendations' }
  | { kind: 'market'; market: Market }
  | { kind: 'topic'; slug: string }
  /** `keyword` is '' on /search without a keyword; `isTooLong` when it is over 100 characters. */
  | { kind: 'search'; keyword: string; tag: string | undefined; isTooLong: boolean }

export const articleListPageSize = 12

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The listing a path shows, or undefined for a path that is none of them (an unknown market or topic slug). */
export function listingOfPath(pathname: string, searchParams: URLSearchParams): Listing | undefined {
  const path = pathname.replace(/\.data$/, '').replace(/\/+$/, '') || '/'
  if (path === '/articles') return { kind: 'all' }
  if (path === '/analysis') return { kind: 'analysis' }
  if (path === '/recommendations') return { kind: 'recommendations' }
  const market = /^\/market-([a-z]+)$/.exec(path)?.[1]
  if (market)
    return (markets as readonly string[]).includes(market)
      ? { kind: 'market', market: market as Market }
      : undefined
  const topic = /^\/topics\/([^/]+)$/.exec(path)?.[1]
  if (topic !== undefined) {
    const slug = decodeSegment(topic)
    return topicSlugPattern.test(slug) ? { kind: 'topic', slug } : undefined
  }
  if (path === '/search' || path.startsWith('/search/')) {
    const keyword = decodeSegment(path.slice('/search/'.length)).trim()
    const tagParameter = searchParams.get('tag')?.trim().toLowerCase()
    const tag = tagParameter && tagKeyPattern.test(tagParameter) ? tagParameter : undefined
    return {
      kind: 'search',
      keyword: path === '/search' ? '' : keyword,
      tag,
      isTooLong: keyword.length > searchTextMaxLength,
    }
  }
  return undefined
}

/** `?page=N`: anything that is not a page number reads as the first page. */
export function pageOfSearchParams(searchParams: URLSearchParams): number {
  const value = Number(searchParams.get('page') ?? '1')
  return Number.isInteger(value) && value >= 1 ? Math.min(value, articlePageMax) : 1
}

/**
 * The list query of a listing. A search with a tag (from a tag suggestion) lists the tag's articles: the reader
 * typed part of the tag, which as a keyword would match nothing on its own.
 */
export function filterOfListing(listing: Listing, page: number): ArticleListFilter | undefined {
  const base = { page, pageSize: articleListPageSize }
  switch (listing.kind) {
    case 'all':
      return base
    case 'analysis':
      return { ...base, kind: 'analysis' }
    case 'recommendations':
      return { ...base, kind: 'recommendation' }
    case 'market':
      return { ...base, country: listing.market }
    case 'topic':
      return { ...base, topic: listing.slug }
    case 'search':
      if (listing.tag) return { ...base, tag: listing.tag }
      if (!listing.keyword || listing.isTooLong) return undefined
      return { ...base, keyword: listing.keyword }
  }
}

/** The address of another page of the same listing, keeping its query (the tag of a search). */
export function pageHref(pathname: string, searchParams: URLSearchParams, page: number): string {
  const next = new URLSearchParams(searchParams)
  if (page <= 1) next.delete('page')
  else next.set('page', String(page))
  const query = next.toString()
  return query ? `${pathname}?${query}` : pathname
}
