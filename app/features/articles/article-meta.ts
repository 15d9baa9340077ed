/**
 * The head of an article page: canonical on the article's key (also when reached by id), hreflang alternates only
 * on regional sites whose language the article is published in, Open Graph article fields. State screens are not
 * indexed.
 */
import type { MetaDescriptor } from 'react-router'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import { shareImagePathOf } from '#contracts/media-paths.ts'
import { type Region, regionSettings } from '#contracts/regions.ts'
import type { ArticleDetailData } from './article-loaders.server.ts'
import { articlePath } from './article-paths.ts'

const hrefLangRegions: Record<string, Region> = {
  en: 'en',
  'zh-Hant': 'hant',
  'zh-HK': 'hk',
  'en-KR': 'kr',
  'en-JP': 'jp',
  'x-default': 'en',
}

export function articleMeta(
  data: ArticleDetailData | undefined,
  matches: Parameters<typeof rootDataOf>[0],
  pathname: string,
): MetaDescriptor[] {
  const root = rootDataOf(matches)
  if (!data) return pageMeta({ title: '', path: pathname, root, noIndex: true })
  if (data.article === null) return pageMeta({ title: data.title, path: pathname, root, noIndex: true })
  const article = data.article
  const tags = pageMeta({
    title: article.title,
    description: article.summary,
    path: articlePath(article.key),
    root,
    image: shareImagePathOf(article.coverUrl),
    type: 'article',
    noIndex: data.state === 'empty',
  }).filter((tag) => {
    const hrefLang = (tag as { hrefLang?: string }).hrefLang
    if ((tag as { rel?: string }).rel !== 'alternate' || !hrefLang) return true
    const region = hrefLangRegions[hrefLang]
    return region !== undefined && article.locales.includes(regionSettings[region].locale)
  })
  tags.push(
    { property: 'article:published_time', content: article.publishedAt },
    { property: 'article:section', content: article.topic.name },
    ...article.tags.map((tag) => ({ property: 'article:tag', content: tag.v })),
  )
  if (article.updatedAt) tags.push({ property: 'article:modified_time', content: article.updatedAt })
  return tags
}
