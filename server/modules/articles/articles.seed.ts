/**
 * Stores the seed corpus (seed/) on a fresh database: authors, topics, tags, then every article that is not there
 * yet, by key. Existing rows are never touched, so an editor's changes survive restarts. Rendering and indexing
 * happen only for missing articles, so a restart on a seeded database costs one query.
 *
 * Also keeps stored search vectors in step with the term rules: versions indexed with an older
 * `searchTermsVersion` are re-indexed from their stored text (reindexStaleSearchText), so a database made before
 * a rule change finds what a fresh one finds, without deleting anything.
 */
import { locales } from '#contracts/regions.ts'
import type { LocalizedText } from '#server/db/columns.ts'
import type { Db } from '#server/db/database.ts'
import { buildNewArticle, coverUrlOf } from './article-documents.ts'
import {
  insertArticles,
  insertCatalogIfAbsent,
  selectExistingArticleKeys,
  selectStaleTranslations,
  updateSearchVectors,
} from './article-writes.repo.ts'
import { selectTags } from './articles.repo.ts'
import { releaseChineseSegmenter } from './search-text/chinese-segmentation.ts'
import { buildWeightedSearchText, searchTermsVersion } from './search-text/search-terms.ts'
import type { SeedCorpus } from './seed/seed-corpus.ts'
import { assignSeedCovers } from './seed/seed-covers.ts'
import { datedForward } from './seed/seed-dates.ts'

/** Versions re-indexed per statement: a few hundred keeps each statement's text small. */
const reindexBatchSize = 100

/**
 * Rebuilds the vectors of every language version indexed with older term rules, from its stored title, summary,
 * body and tag texts, exactly as a new article would be indexed. Returns how many were rebuilt; on an up-to-date
 * database it costs one index lookup.
 */
export async function reindexStaleSearchText(db: Db): Promise<{ reindexed: number }> {
  let reindexed = 0
  let tagText: Map<string, LocalizedText> | undefined
  for (;;) {
    const stale = await selectStaleTranslations(db, searchTermsVersion, reindexBatchSize)
    if (stale.length === 0) break
    tagText ??= new Map((await selectTags(db)).map((tag) => [tag.key, tag.text]))
    await updateSearchVectors(
      db,
      stale.map((row) => ({
        articleId: row.articleId,
        locale: row.locale,
        searchText: buildWeightedSearchText(
          {
            title: row.title,
            summary: row.summary,
            tagTexts: row.tagKeys.flatMap((key) => tagText?.get(key)?.[row.locale] ?? []),
            bodyMarkdown: row.bodyMarkdown,
          },
          row.locale,
        ),
        searchVersion: searchTermsVersion,
      })),
    )
    reindexed += stale.length
    if (stale.length < reindexBatchSize) break
  }
  return { reindexed }
}

/**
 * The seed is done cutting Chinese: the dictionary (~40 MB of native memory) is let go, as a restart on an indexed
 * database never loads it until a search or an edit needs it.
 */
export function releaseSeedSegmenter(): void {
  releaseChineseSegmenter()
}

/** `datedAt`: date the sample articles forward to this day when they are older (seed/seed-dates.ts). */
export async function insertSeedCorpusIfAbsent(
  db: Db,
  corpus: SeedCorpus,
  { datedAt }: { datedAt?: Date } = {},
): Promise<{ inserted: number }> {
  await insertCatalogIfAbsent(db, {
    authors: corpus.authors.map((author) => ({ key: author.key, name: author.name, bio: author.bio })),
    topics: corpus.topics.map((topic, position) => ({
      slug: topic.slug,
      position,
      name: topic.name,
      description: topic.description,
      coverUrl: coverUrlOf(topic.cover),
    })),
    tags: corpus.tags.map((tag) => ({ key: tag.key, text: tag.text })),
  })
  const existing = await selectExistingArticleKeys(
    db,
    corpus.articles.map((article) => article.key),
  )
  const tagText = new Map(corpus.tags.map((tag) => [tag.key, tag.text]))
  const covers = assignSeedCovers(corpus.articles)
  // Oldest first, so a fresh database numbers articles in publishing order (drafts last).
  const articles = datedAt ? datedForward(corpus.articles, datedAt) : corpus.articles
  const missing = articles.filter((article) => !existing.has(article.key)).reverse()
  const drafts = missing.filter((article) => !article.publishedAt)
  const ordered = [...missing.filter((article) => article.publishedAt), ...drafts]
  const rows = ordered.map((article) =>
    buildNewArticle(
      {
        ...article,
        cover: covers.get(article.key) ?? article.cover,
        versions: Object.fromEntries(
          locales.flatMap((locale) => {
            const version = article.versions[locale]
            return version ? [[locale, version]] : []
          }),
        ),
      },
      (key) => tagText.get(key),
    ),
  )
  let inserted = 0
  for (let start = 0; start < rows.length; start += 100)
    inserted += await insertArticles(db, rows.slice(start, start + 100))
  return { inserted }
}
