import { describe, expect, it } from 'vitest'
import type { ArticleSummary, HomeSections } from '#contracts/articles.ts'
import { homeArticlesOf } from './home-articles.server.ts'

const article = (articleId: number) =>
  ({
    articleId,
    key: `article-${articleId}`,
    title: `Title ${articleId}`,
    summary: `Summary ${articleId}`,
    coverUrl: `/media/covers/${articleId}.svg`,
    publishedAt: '2026-11-20T09:00:00.000Z',
    tags: [{ k: 'fed', v: 'Federal Reserve' }],
    author: { key: 'daniel-chen', name: 'Daniel Chen' },
  }) as unknown as ArticleSummary

describe('the home page articles', () => {
  it('keeps the cards whole and the market lists and hot topics to their links', () => {
    const sections = {
      latest: [article(1), article(2)],
      byMarket: [{ country: 'us', name: 'US stocks', rows: [article(3), article(4)] }],
      hotTopics: [
        {
          slug: 'rates',
          name: 'Rates',
          description: 'About rates',
          articleCount: 2,
          recentViews: 5,
          latest: article(5),
        },
        {
          slug: 'quiet',
          name: 'Quiet',
          description: 'Nothing yet',
          articleCount: 0,
          recentViews: 0,
          latest: null,
        },
      ],
      recommendations: [article(6)],
    } as unknown as HomeSections

    const home = homeArticlesOf(sections)

    expect(home.latest).toEqual(sections.latest)
    expect(home.recommendations).toEqual(sections.recommendations)
    expect(home.byMarket).toEqual([
      {
        country: 'us',
        name: 'US stocks',
        rows: [3, 4].map((id) => ({
          articleId: id,
          key: `article-${id}`,
          title: `Title ${id}`,
          publishedAt: '2026-11-20T09:00:00.000Z',
        })),
      },
    ])
    expect(home.hotTopics.map((topic) => topic.latest)).toEqual([
      { articleId: 5, key: 'article-5', title: 'Title 5', publishedAt: '2026-11-20T09:00:00.000Z' },
      null,
    ])
    expect(home.hotTopics[0]).toMatchObject({ slug: 'rates', description: 'About rates', recentViews: 5 })
  })
})
