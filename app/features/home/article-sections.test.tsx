import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router'
import { describe, expect, it } from 'vitest'
import { translatorOf } from '#app/features/stocks/testing/render-markup.tsx'
import { TranslatorProvider } from '#app/i18n/use-translation.tsx'
import type { ArticleSummary } from '#contracts/articles.ts'
import { homeCoverSizes, LatestArticlesSection, RecommendationsSection } from './article-sections.tsx'

/** Draws a home section on the server under a root route whose data gives the cards' dates their language and zone. */
async function renderMarkup(node: ReactNode): Promise<string> {
  const routes: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      loader: () => ({ displayLocale: 'en-US', timeZone: 'America/New_York' }),
      element: <Outlet />,
      children: [{ index: true, element: node }],
    },
  ]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request('http://en.localhost/'))
  if (context instanceof Response || context.errors) throw new Error('the home route did not load')
  const router = createStaticRouter(handler.dataRoutes, context)
  return renderToString(
    <TranslatorProvider translator={translatorOf('en')}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </TranslatorProvider>,
  )
}

function articleOf(articleId: number): ArticleSummary {
  const base = `/media/covers/c${articleId}`
  return {
    articleId,
    key: `article-${articleId}`,
    title: `Article ${articleId}`,
    summary: 'A summary.',
    coverUrl: `${base}.svg`,
    coverImage: {
      id: `c${articleId}`,
      format: 'jpeg',
      width: 1600,
      height: 900,
      widths: [480, 960, 1600],
      fallbackUrl: `${base}-960.jpg`,
      sources: [
        {
          type: 'image/avif',
          srcset: `${base}-480.avif 480w, ${base}-960.avif 960w, ${base}-1600.avif 1600w`,
        },
        {
          type: 'image/webp',
          srcset: `${base}-480.webp 480w, ${base}-960.webp 960w, ${base}-1600.webp 1600w`,
        },
      ],
    },
    kind: 'analysis',
    topic: { slug: 'ai-semiconductors', name: 'AI semiconductors' },
    country: 'us',
    author: { key: 'author', name: 'An Author' },
    tags: [],
    publishedAt: '2026-11-20T08:00:00Z',
    updatedAt: null,
  }
}

const articles = [articleOf(1), articleOf(2), articleOf(3)]

/** Each cover <img> of the markup with its attributes (names in lower case, as HTML reads them), in page order. */
function coversOf(html: string): Record<string, string>[] {
  return [...html.matchAll(/<img [^>]*data-testid="card-cover"[^>]*>/g)].map((match) =>
    Object.fromEntries(
      [...match[0].matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [a[1]?.toLowerCase(), a[2]]),
    ),
  )
}

describe('home article covers', () => {
  it('fetches the first cover of the latest articles at once and first, and the others as they come near', async () => {
    const covers = coversOf(await renderMarkup(<LatestArticlesSection articles={articles} />))
    expect(covers.map((img) => [img.loading, img.fetchpriority])).toEqual([
      ['eager', 'high'],
      ['lazy', undefined],
      ['lazy', undefined],
    ])
  })

  it('leaves every cover of a later section lazy', async () => {
    const covers = coversOf(await renderMarkup(<RecommendationsSection articles={articles} />))
    expect(covers.map((img) => img.loading)).toEqual(['lazy', 'lazy', 'lazy'])
    expect(covers.some((img) => 'fetchpriority' in img)).toBe(false)
  })

  it('offers a phone a cover the width of its card, not of its screen', async () => {
    const html = await renderMarkup(<LatestArticlesSection articles={articles} />)
    const sizes = [...html.matchAll(/<source [^>]*sizes="([^"]*)"/g)].map((m) => m[1])
    expect(sizes.length).toBe(6)
    expect(new Set(sizes)).toEqual(new Set([homeCoverSizes]))
    // Below the small tablet a card is at most 20rem wide: its picture at most 286 px, never the screen's 100vw.
    expect(homeCoverSizes.endsWith(', min(calc(82vw - 60px), 286px)')).toBe(true)
  })
})
