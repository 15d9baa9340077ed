/**
 * Which cover each seed article shows. Front matter names a drawing (normally its topic's); several articles on
 * one topic often follow one another in a list (five of the seven newest are about earnings season), so each gets
 * its own variant of the drawing (cover-art.ts): the articles of one drawing, oldest first, take variants 1, 2, 3…
 * Consecutive articles of a drawing therefore always differ, and an article keeps its variant when newer ones are
 * added (the seed never rewrites stored rows). Variant 0, the drawing as drawn, stays the topic's own cover.
 */
import { coverVariantCount, coverVariantFileName } from '../cover-art.ts'
import type { SeedArticle } from './seed-corpus.ts'

/** Cover file name by article key, for articles in the corpus's order (newest first, drafts last). */
export function assignSeedCovers(
  articles: readonly Pick<SeedArticle, 'key' | 'cover' | 'publishedAt'>[],
): Map<string, string> {
  // Oldest first, drafts after: the order the seed inserts them in.
  const published = articles.filter((article) => article.publishedAt).reverse()
  const drafts = articles.filter((article) => !article.publishedAt)
  const usedByDrawing = new Map<string, number>()
  const covers = new Map<string, string>()
  for (const article of [...published, ...drafts]) {
    const used = usedByDrawing.get(article.cover) ?? 0
    usedByDrawing.set(article.cover, used + 1)
    covers.set(article.key, coverVariantFileName(article.cover, 1 + (used % (coverVariantCount - 1))))
  }
  return covers
}
