/**
 * The reading event of spec §3/§7: on every navigation to a path containing /articles/ the page posts it to
 * /track/event (article-read-event.ts, fetched at the first article page). Rendered once by the page shell.
 */
import { useEffect, useRef } from 'react'
import { useLocation, useMatches } from 'react-router'
import { useRootData } from '#app/use-root-data.ts'

export function isArticlePath(pathname: string): boolean {
  return pathname.includes('/articles/')
}

export function ArticleReadTracker() {
  const location = useLocation()
  const matches = useMatches()
  const { region, locale, publicConfig } = useRootData()
  const previousUrl = useRef<string | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per navigation (location.key)
  useEffect(() => {
    const pageUrl = window.location.href
    const referrer = previousUrl.current ?? document.referrer
    previousUrl.current = pageUrl
    if (!isArticlePath(location.pathname)) return
    const article = matches
      .map(
        (match) =>
          (match.loaderData as { article?: { articleId: number; kind: string } | null } | undefined)?.article,
      )
      .find((value) => value)
    // What the event says is read now; the code that sends it may arrive a moment later.
    const read = {
      pageUrl,
      referrer,
      pageTitle: document.title,
      article: article ?? undefined,
      region,
      locale,
      apiBase: publicConfig.apiBase,
    }
    import('./article-read-event.ts')
      .then(({ sendArticleReadEvent }) => sendArticleReadEvent(read))
      .catch(() => undefined)
  }, [location.key])

  return null
}
