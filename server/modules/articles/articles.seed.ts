/**
 * Stores the seed corpus (seed/) on a fresh database: authors, topics, tags, then every article that is not there
 * yet, by key. Existing rows are never touched, so an editor's changes survive restarts. Rendering and indexing
 * happen only for missing articles, so a restart on a seeded database costs one query.
 */
import { locales } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import { buildNewArticle, coverUrlOf } from './article-documents.ts'
import { insertArticles, insertCatalogIfAbsent, selectExistingArticleKeys } from './articles.repo.ts'
import type { SeedCorpus } from './seed/seed-corpus.ts'

export async function insertSeedCorpusIfAbsent(db: Db, corpus: SeedCorpus): Promise<{ inserted: number }> {
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
  // Oldest first, so a fresh database numbers articles in publishing order (drafts last).
  const missing = corpus.articles.filter((article) => !existing.has(article.key)).reverse()
  const drafts = missing.filter((article) => !article.publishedAt)
  const ordered = [...missing.filter((article) => article.publishedAt), ...drafts]
  const rows = ordered.map((article) =>
    buildNewArticle(
      {
        ...article,
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
