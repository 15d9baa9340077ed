/**
 * The head of a page: title with the site name, description, canonical URL on this region's domain and the
 * alternates on every regional domain (hreflang), Open Graph basics and the share image (a raster one, on this
 * region's domain: social networks show no SVG). Route `meta` functions call `pageMeta`.
 */
import type { MetaDescriptor } from 'react-router'
import type { RootData } from '#app/root.tsx'
import { shareImage, siteShareImagePath } from '#contracts/media-paths.ts'
import { type Locale, type Region, regions } from '#contracts/regions.ts'

export const siteNames: Record<Locale, string> = { en: 'Tickerwise', 'zh-Hant': '智選研究' }

const hrefLangOfRegion: Record<Region, string> = {
  en: 'en',
  hant: 'zh-Hant',
  hk: 'zh-HK',
  kr: 'en-KR',
  jp: 'en-JP',
}

export interface PageMetaInput {
  title: string
  description?: string | undefined
  /** Path without query, e.g. `/about-us`. */
  path: string
  root: RootData | undefined
  /** Path of a 1200 × 630 PNG share image (`shareImagePathOf(coverUrl)`); the site's own by default. */
  image?: string | undefined
  type?: 'website' | 'article'
  /** Pages that should not be indexed (search results, error screens). */
  noIndex?: boolean
}

export function pageMeta({
  title,
  description,
  path,
  root,
  image,
  type = 'website',
  noIndex,
}: PageMetaInput): MetaDescriptor[] {
  const siteName = siteNames[root?.locale ?? 'en']
  const fullTitle = title ? `${title} | ${siteName}` : siteName
  const tags: MetaDescriptor[] = [{ title: fullTitle }, { property: 'og:title', content: title || siteName }]
  tags.push({ property: 'og:site_name', content: siteName }, { property: 'og:type', content: type })
  if (description)
    tags.push(
      { name: 'description', content: description },
      { property: 'og:description', content: description },
    )
  if (noIndex) tags.push({ name: 'robots', content: 'noindex' })
  if (root) {
    const origins = root.publicConfig.siteOrigins
    const canonical = `${origins[root.region]}${path}`
    tags.push(
      { tagName: 'link', rel: 'canonical', href: canonical },
      { property: 'og:url', content: canonical },
    )
    tags.push({ property: 'og:locale', content: root.displayLocale.replace('-', '_') })
    for (const region of regions) {
      tags.push({
        tagName: 'link',
        rel: 'alternate',
        hrefLang: hrefLangOfRegion[region],
        href: `${origins[region]}${path}`,
      })
    }
    tags.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${origins.en}${path}` })
    tags.push(
      { property: 'og:image', content: new URL(image ?? siteShareImagePath, origins[root.region]).href },
      { property: 'og:image:type', content: shareImage.type },
      { property: 'og:image:width', content: String(shareImage.width) },
      { property: 'og:image:height', content: String(shareImage.height) },
      { name: 'twitter:card', content: 'summary_large_image' },
    )
  }
  return tags
}

/** The root loader's data from a route's `meta` matches. */
/**
 * The head of a page whose loader answers its `title` and `description` (the common case):
 * `export const meta: Route.MetaFunction = titledPageMeta`.
 */
export function titledPageMeta({
  loaderData,
  matches,
  location,
}: {
  loaderData?: { title: string; description?: string | undefined } | undefined
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>
  location: { pathname: string }
}): MetaDescriptor[] {
  return pageMeta({
    title: loaderData?.title ?? '',
    description: loaderData?.description,
    path: location.pathname,
    root: rootDataOf(matches),
  })
}

export function rootDataOf(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): RootData | undefined {
  return matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined
}
