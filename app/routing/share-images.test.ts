import type { MetaDescriptor } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ArticleDetailData, loadArticleDetail } from '#app/features/articles/article-loaders.server.ts'
import { articleMeta } from '#app/features/articles/article-meta.ts'
import type { RequestContext } from '#app/request-context.ts'
import type { RootData } from '#app/root.tsx'
import { meta as homeMeta } from '#app/routes/home.tsx'
import { type Region, regionSettings } from '#contracts/regions.ts'
import { toPublicConfig } from '#server/config.ts'
import { pngSizeOf } from '#server/testing/png-size.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

/** What a route's `meta` gets from the root loader on a regional site. */
function matchesOn(region: Region) {
  const settings = regionSettings[region]
  const root = {
    region,
    locale: settings.locale,
    displayLocale: settings.displayLocale,
    publicConfig: toPublicConfig(runtime.config),
  } as RootData
  return [{ id: 'root', loaderData: root }]
}

function contentOf(tags: MetaDescriptor[], key: string): string | undefined {
  const tag = tags.find(
    (t) => (t as { property?: string }).property === key || (t as { name?: string }).name === key,
  )
  return (tag as { content?: string } | undefined)?.content
}

/** The og:image of a page's head, checked to be a 1200 × 630 PNG on the page's own regional origin. */
async function expectRasterShareImage(tags: MetaDescriptor[], region: Region) {
  const image = contentOf(tags, 'og:image') ?? ''
  const url = new URL(image)
  expect(url.origin).toBe(runtime.config.siteOrigins[region])
  expect(contentOf(tags, 'og:image:type')).toBe('image/png')
  expect(contentOf(tags, 'og:image:width')).toBe('1200')
  expect(contentOf(tags, 'og:image:height')).toBe('630')
  expect(contentOf(tags, 'twitter:card')).toBe('summary_large_image')

  const headers = { host: url.host }
  const first = await runtime.app.inject({ url: url.pathname, headers })
  expect(first.statusCode, image).toBe(200)
  expect(first.headers['content-type']).toBe('image/png')
  expect(pngSizeOf(first.rawPayload)).toEqual({ width: 1200, height: 630 })
  expect(first.headers['cache-control']).toMatch(/max-age=\d{6,}/)
  const again = await runtime.app.inject({
    url: url.pathname,
    headers: { ...headers, 'if-none-match': String(first.headers.etag) },
  })
  expect(again.statusCode).toBe(304)
  return url.pathname
}

describe('the share image of a page', () => {
  it('is the raster twin of an article’s cover, on each regional host', async () => {
    for (const region of ['en', 'hant'] as const) {
      const context = {
        services: runtime.services,
        config: runtime.config,
        locale: regionSettings[region].locale,
        region,
      } as RequestContext
      const data = (await loadArticleDetail(context, 'nvidia-data-center-cycle')) as ArticleDetailData
      const tags = articleMeta(data, matchesOn(region), '/articles/nvidia-data-center-cycle')
      const path = await expectRasterShareImage(tags, region)
      expect(path).toBe(data.article?.coverUrl.replace(/\.svg$/, '.png'))
    }
  })

  it('is the site’s own on the home page and other pages without a cover', async () => {
    for (const region of ['en', 'hk'] as const) {
      const tags = homeMeta({
        loaderData: undefined,
        matches: matchesOn(region),
        location: { pathname: '/' },
      } as unknown as Parameters<typeof homeMeta>[0])
      expect(await expectRasterShareImage(tags, region)).toBe('/media/share/site.png')
    }
  })
})
