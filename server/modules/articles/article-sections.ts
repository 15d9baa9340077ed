/**
 * The catalogue's sections, for the articles service: markets and topics with their counts, a topic or a tag by
 * key, hot topics (by recent reads, the tracking module's), and the home page's sections (spec §2).
 */
import type { ArticleTag, CountrySummary, HomeSections, HotTopic, TopicSummary } from '#contracts/articles.ts'
import { type Locale, type Market, markets } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import { countListedByMarket, countListedByTopic, selectTopicsOfArticles } from './article-counts.repo.ts'
import { marketNames } from './article-markets.ts'
import { type Catalog, toSummary } from './article-summaries.ts'
import { type ListFilter, selectListedArticles } from './articles.repo.ts'
import type { ExpiringCache } from './expiring-cache.ts'

export function createArticleSections({
  db,
  recentArticleViews,
  loadCatalog,
  countCache,
  marketCountCache,
  homeCache,
}: {
  db: Db
  recentArticleViews: (() => Promise<Map<number, number>>) | undefined
  loadCatalog: () => Promise<Catalog>
  /** Listed articles per topic (and per tag: the articles service shares this cache). */
  countCache: ExpiringCache<Map<string, number>>
  marketCountCache: ExpiringCache<Awaited<ReturnType<typeof countListedByMarket>>>
  homeCache: ExpiringCache<HomeSections>
}) {
  async function listCountries(locale: Locale): Promise<CountrySummary[]> {
    const counts = await marketCountCache(`markets:${locale}`, () => countListedByMarket(db, locale))
    return markets.map((market) => {
      const count = counts.find((entry) => entry.market === market)
      return {
        country: market,
        name: marketNames[market][locale],
        articleCount: count?.n ?? 0,
        latestPublishedAt: count?.latest?.toISOString() ?? null,
      }
    })
  }

  async function listTopics(locale: Locale): Promise<TopicSummary[]> {
    const [catalog, counts] = await Promise.all([
      loadCatalog(),
      countCache(`topics:${locale}`, () => countListedByTopic(db, locale)),
    ])
    return catalog.topics.map((topic) => ({
      slug: topic.slug,
      name: topic.name[locale],
      description: topic.description[locale],
      coverUrl: topic.coverUrl,
      articleCount: counts.get(topic.slug) ?? 0,
    }))
  }

  async function findTopic(slug: string, locale: Locale): Promise<TopicSummary | undefined> {
    return (await listTopics(locale)).find((topic) => topic.slug === slug)
  }

  async function findTag(key: string, locale: Locale): Promise<ArticleTag | undefined> {
    const tag = (await loadCatalog()).tagByKey.get(key)
    return tag ? { k: tag.key, v: tag.text[locale] } : undefined
  }

  /** Topics by reads of their articles over the last week, then by how many articles they have. */
  async function listHotTopics(locale: Locale, limit: number): Promise<HotTopic[]> {
    const [topics, views] = await Promise.all([
      listTopics(locale),
      recentArticleViews?.() ?? Promise.resolve(new Map()),
    ])
    const topicOfArticle = await selectTopicsOfArticles(db, [...views.keys()])
    const viewsByTopic = new Map<string, number>()
    for (const [articleId, count] of views) {
      const slug = topicOfArticle.get(articleId)
      if (slug) viewsByTopic.set(slug, (viewsByTopic.get(slug) ?? 0) + count)
    }
    const chosen = topics
      .filter((topic) => topic.articleCount > 0)
      .map((topic) => ({ ...topic, recentViews: viewsByTopic.get(topic.slug) ?? 0 }))
      .sort((a, b) => b.recentViews - a.recentViews || b.articleCount - a.articleCount)
      .slice(0, limit)
    const catalog = await loadCatalog()
    return Promise.all(
      chosen.map(async (topic) => {
        const [latest] = await selectListedArticles(
          db,
          { locale, topicSlug: topic.slug },
          { limit: 1, offset: 0 },
        )
        return { ...topic, latest: latest ? toSummary(latest, locale, catalog) : null }
      }),
    )
  }

  /** The home page's article sections (spec §2); the region's own market comes first. */
  function listHomeSections(locale: Locale, homeMarket: Market): Promise<HomeSections> {
    return homeCache(`${locale}:${homeMarket}`, async () => {
      const catalog = await loadCatalog()
      const list = async (filter: Omit<ListFilter, 'locale'>, limit: number) =>
        (await selectListedArticles(db, { locale, ...filter }, { limit, offset: 0 })).map((row) =>
          toSummary(row, locale, catalog),
        )
      const marketOrder = [homeMarket, ...markets.filter((market) => market !== homeMarket)]
      const [latest, byMarket, hotTopics, recommendations] = await Promise.all([
        list({}, 6),
        Promise.all(
          marketOrder.map(async (market) => ({
            country: market,
            name: marketNames[market][locale],
            rows: await list({ market }, 4),
          })),
        ),
        listHotTopics(locale, 4),
        list({ kind: 'recommendation' }, 4),
      ])
      return { latest, byMarket, hotTopics, recommendations }
    })
  }

  return { listCountries, listTopics, findTopic, findTag, listHomeSections }
}
