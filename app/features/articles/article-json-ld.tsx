/**
 * schema.org Article data for search engines. A data block is not executed, but the page's policy only admits
 * scripts with the request's nonce, so it carries one; `<` is escaped so text can never close the element.
 */

import { useNonce } from '#app/nonce.tsx'
import { siteNames } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import type { ArticleDetail } from '#contracts/articles.ts'
import { articlePath } from './article-paths.ts'

export function articleJsonLd(article: ArticleDetail, origin: string, siteName: string, language: string) {
  const url = `${origin}${articlePath(article.key)}`
  return {
    '@context': 'https://schema.org',
    '@type': article.kind === 'news' ? 'NewsArticle' : 'Article',
    headline: article.title,
    description: article.summary,
    image: [new URL(article.coverUrl, origin).href],
    datePublished: article.publishedAt,
    dateModified: article.updatedAt ?? article.publishedAt,
    inLanguage: language,
    author: [{ '@type': 'Person', name: article.author.name }],
    publisher: { '@type': 'Organization', name: siteName },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    keywords: article.tags.map((tag) => tag.v).join(', '),
    articleSection: article.topic.name,
  }
}

export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

export function ArticleJsonLd({ article }: { article: ArticleDetail }) {
  const nonce = useNonce()
  const { publicConfig, region, locale } = useRootData()
  const json = serializeJsonLd(
    articleJsonLd(article, publicConfig.siteOrigins[region], siteNames[locale], locale),
  )
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every < escaped (serializeJsonLd)
      dangerouslySetInnerHTML={{ __html: json }}
    />
  )
}
