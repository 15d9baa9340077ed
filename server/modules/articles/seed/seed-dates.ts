/**
 * The sample articles are written with fixed dates. A site started weeks later would otherwise open with nothing
 * from the last week: no "article mentions" on stock cards (counted over the last 7 days) and a stale front page.
 * So a fresh database dates the sample corpus forward by whole days, keeping every gap between articles and each
 * article's time of day, until the newest one is a day old at the reference date (the demo data's end date, or
 * today). A corpus already that recent is stored as written, which keeps tests on a frozen date exact.
 */
import type { SeedArticle } from './seed-corpus.ts'

const dayMs = 86_400_000
/** Newest article older than this at the reference date: the corpus is moved forward. */
const stalenessDays = 3

export function datedForward(articles: SeedArticle[], reference: Date): SeedArticle[] {
  const published = articles.flatMap((article) =>
    article.publishedAt ? [Date.parse(article.publishedAt)] : [],
  )
  if (published.length === 0) return articles
  const newest = Math.max(...published)
  const ageDays = Math.floor((reference.getTime() - newest) / dayMs)
  if (ageDays <= stalenessDays) return articles
  const shiftMs = (ageDays - 1) * dayMs
  const shifted = (iso: string | undefined) => (iso ? new Date(Date.parse(iso) + shiftMs).toISOString() : iso)
  return articles.map((article) => ({
    ...article,
    publishedAt: shifted(article.publishedAt),
    updatedAt: shifted(article.updatedAt),
  }))
}
