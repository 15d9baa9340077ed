/**
 * The home page's article sections as the page has them. The latest and recommended articles are drawn as cards
 * (every field of a summary); the by-market lists and the hot topics' newest article as a link and a date. Their
 * other fields (summary, cover, tags, author, topic) would only weigh down the page's hydration data, which every
 * uncached render encodes, so they leave the answer here.
 */
import type { ArticleSummary, HomeSections } from '#contracts/articles.ts'

/** An article as a home list links to it. */
export type HomeArticleLink = Pick<ArticleSummary, 'articleId' | 'key' | 'title' | 'publishedAt'>

export interface HomeArticles {
  latest: HomeSections['latest']
  byMarket: Array<Omit<HomeSections['byMarket'][number], 'rows'> & { rows: HomeArticleLink[] }>
  hotTopics: Array<Omit<HomeSections['hotTopics'][number], 'latest'> & { latest: HomeArticleLink | null }>
  recommendations: HomeSections['recommendations']
}

function linkOf({ articleId, key, title, publishedAt }: ArticleSummary): HomeArticleLink {
  return { articleId, key, title, publishedAt }
}

export function homeArticlesOf(sections: HomeSections): HomeArticles {
  return {
    latest: sections.latest,
    byMarket: sections.byMarket.map((market) => ({ ...market, rows: market.rows.map(linkOf) })),
    hotTopics: sections.hotTopics.map((topic) => ({
      ...topic,
      latest: topic.latest ? linkOf(topic.latest) : null,
    })),
    recommendations: sections.recommendations,
  }
}
