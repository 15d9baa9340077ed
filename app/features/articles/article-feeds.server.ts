/**
 * The sitemap and the RSS feed of a regional site (absolute URLs on its own domain). The sitemap lists the
 * article screens and every article readable in the site's language, with hreflang alternates on the regional
 * sites of each language the article has; the feed lists the newest articles of the language.
 */

import type { RequestContext } from '#app/request-context.ts'
import { type Locale, type Region, regionSettings, regions } from '#contracts/regions.ts'
import { articlePath, marketPath, topicPath } from './article-paths.ts'

const hrefLangOfRegion: Record<Region, string> = {
  en: 'en',
  hant: 'zh-Hant',
  hk: 'zh-HK',
  kr: 'en-KR',
  jp: 'en-JP',
}

/** Pages every site has, besides articles; other features add theirs here. */
export const sitemapStaticPaths = [
  '/',
  '/articles',
  '/analysis',
  '/recommendations',
  '/about-us',
  '/service',
  '/contact-us',
  '/subscribe',
  '/member/investment',
]

/** A cover is a drawing (SVG) or an editor's upload (its own format); feed readers pick enclosures by this type. */
const coverMediaTypes: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
}

function coverMediaTypeOf(coverUrl: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(coverUrl)?.[1]?.toLowerCase() ?? ''
  return coverMediaTypes[extension] ?? 'image/svg+xml'
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`)
}

function alternates(path: string, locales: readonly Locale[], origins: Record<Region, string>): string {
  return regions
    .filter((region) => locales.includes(regionSettings[region].locale))
    .map(
      (region) =>
        `<xhtml:link rel="alternate" hreflang="${hrefLangOfRegion[region]}" href="${escapeXml(`${origins[region]}${path}`)}"/>`,
    )
    .join('')
}

export async function buildSitemap(context: RequestContext): Promise<string> {
  const { services, region, locale, publicConfig } = context
  const origins = publicConfig.siteOrigins
  const origin = origins[region]
  const [articles, topics, countries] = await Promise.all([
    services.articles.listSitemapArticles(),
    services.articles.listTopics(locale),
    services.articles.listCountries(locale),
  ])
  const bothLanguages: Locale[] = ['en', 'zh-Hant']
  const urls: string[] = []
  const add = (path: string, locales: readonly Locale[], lastModified?: Date) => {
    urls.push(
      `<url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''}${alternates(path, locales, origins)}</url>`,
    )
  }
  for (const path of sitemapStaticPaths) add(path, bothLanguages)
  for (const country of countries)
    if (country.articleCount > 0) add(marketPath(country.country), bothLanguages)
  for (const topic of topics) if (topic.articleCount > 0) add(topicPath(topic.slug), bothLanguages)
  for (const article of articles) {
    if (article.locales.includes(locale)) add(articlePath(article.key), article.locales, article.lastModified)
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

export async function buildRssFeed(
  context: RequestContext,
  text: { title: string; description: string },
): Promise<string> {
  const { services, region, locale, publicConfig } = context
  const origin = publicConfig.siteOrigins[region]
  const articles = await services.articles.listFeedArticles(locale, 30)
  const items = articles.map((article) => {
    const link = `${origin}${articlePath(article.key)}`
    return [
      '<item>',
      `<title>${escapeXml(article.title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<pubDate>${new Date(article.publishedAt).toUTCString()}</pubDate>`,
      `<description>${escapeXml(article.summary)}</description>`,
      `<category>${escapeXml(article.topic.name)}</category>`,
      `<dc:creator>${escapeXml(article.author.name)}</dc:creator>`,
      `<enclosure url="${escapeXml(new URL(article.coverUrl, origin).href)}" type="${coverMediaTypeOf(article.coverUrl)}" length="0"/>`,
      '</item>',
    ].join('')
  })
  const lastBuild = articles[0] ? new Date(articles[0].publishedAt).toUTCString() : new Date(0).toUTCString()
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${escapeXml(text.title)}</title>`,
    `<link>${escapeXml(`${origin}/articles`)}</link>`,
    `<atom:link href="${escapeXml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    `<description>${escapeXml(text.description)}</description>`,
    `<language>${locale === 'zh-Hant' ? 'zh-Hant' : 'en'}</language>`,
    `<lastBuildDate>${lastBuild}</lastBuildDate>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n')
}
