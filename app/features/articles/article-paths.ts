/** Where each article screen lives (spec §2), in one place for links, sitemaps and feeds. */
import type { ArticleKind } from '#contracts/articles.ts'
import type { Market } from '#contracts/regions.ts'

export function articlePath(key: string): string {
  return `/articles/${encodeURIComponent(key)}`
}

export function marketPath(market: Market): string {
  return `/market-${market}`
}

export function topicPath(slug: string): string {
  return `/topics/${encodeURIComponent(slug)}`
}

export function searchPath(keyword: string, tag?: string): string {
  const path = `/search/${encodeURIComponent(keyword)}`
  return tag ? `${path}?tag=${encodeURIComponent(tag)}` : path
}

export function kindListPath(kind: ArticleKind): string {
  if (kind === 'analysis') return '/analysis'
  if (kind === 'recommendation') return '/recommendations'
  return '/articles'
}

/** The AI diagnosis screen for a stock named in an article. */
export function diagnosisPath(stock: { code: string; market: Market }): string {
  return `/ai-stock-diagnosis?code=${encodeURIComponent(stock.code)}&market=${stock.market}`
}
