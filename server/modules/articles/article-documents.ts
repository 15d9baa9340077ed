/**
 * An article as written (Markdown per language, metadata) → the rows the repo stores: sanitised HTML, the plain
 * text snippets are cut from, and the weighted search terms (search-text/, ADR 0005). Used by the seed and by the
 * benchmark loader, so both store exactly what the site would.
 */
import type { ArticleKind, ArticleState, RelatedStock } from '#contracts/articles.ts'
import { coverUrlPrefix } from '#contracts/media-paths.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { LocalizedText } from '#server/db/columns.ts'
import { renderMarkdown } from '#server/text/render-markdown.ts'
import type { NewArticle, NewTranslation } from './article-writes.repo.ts'
import { extractPlainText } from './search-text/plain-text.ts'
import { buildWeightedSearchText, searchTermsVersion } from './search-text/search-terms.ts'

/** A cover file's address (served by article-media.routes.ts). */
export function coverUrlOf(fileName: string): string {
  return `${coverUrlPrefix}${fileName}`
}

export interface ArticleSource {
  key: string
  kind: ArticleKind
  topic: string
  market: Market
  author: string
  tags: readonly string[]
  stocks: readonly RelatedStock[]
  /** A cover file name (served from the covers folder) or an absolute URL. */
  cover: string
  state: ArticleState
  publishedAt?: string | undefined
  updatedAt?: string | undefined
  versions: Partial<Record<Locale, { title: string; summary: string; bodyMarkdown: string }>>
}

export function buildTranslation(
  locale: Locale,
  version: { title: string; summary: string; bodyMarkdown: string },
  tagTexts: readonly string[],
): NewTranslation {
  const bodyMarkdown = version.bodyMarkdown.trim()
  return {
    locale,
    title: version.title,
    summary: version.summary,
    bodyMarkdown,
    bodyHtml: bodyMarkdown ? renderMarkdown(bodyMarkdown) : '',
    bodyText: bodyMarkdown ? extractPlainText(bodyMarkdown) : '',
    searchText: buildWeightedSearchText(
      { title: version.title, summary: version.summary, tagTexts, bodyMarkdown },
      locale,
    ),
    searchVersion: searchTermsVersion,
  }
}

export function buildNewArticle(
  source: ArticleSource,
  tagTextOf: (key: string) => LocalizedText | undefined,
): NewArticle {
  const translations: NewTranslation[] = []
  for (const [locale, version] of Object.entries(source.versions) as [
    Locale,
    ArticleSource['versions'][Locale],
  ][]) {
    if (!version) continue
    const tagTexts = source.tags
      .map((key) => tagTextOf(key)?.[locale])
      .filter((text): text is string => Boolean(text))
    translations.push(buildTranslation(locale, version, tagTexts))
  }
  return {
    key: source.key,
    kind: source.kind,
    topicSlug: source.topic,
    market: source.market,
    authorKey: source.author,
    coverUrl: /^https?:\/\//.test(source.cover) ? source.cover : coverUrlOf(source.cover),
    tagKeys: [...source.tags],
    stocks: source.stocks.map((stock) => ({ market: stock.market, code: stock.code })),
    state: source.state,
    publishedAt: source.publishedAt ? new Date(source.publishedAt) : null,
    contentUpdatedAt: source.updatedAt ? new Date(source.updatedAt) : null,
    translations,
  }
}
