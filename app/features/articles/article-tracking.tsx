/**
 * The reading event of spec §3/§7: on every navigation to a path containing /articles/ the page posts it to
 * /track/event (article-read-event.ts, fetched at the first article page). A keyword search's first page sends a
 * `search` event the same way, saying whether it found anything, for the console's readers' analytics (ADR 0016).
 * Rendered once by the page shell.
 */
import { useEffect, useRef } from 'react'
import { useLocation, useMatches } from 'react-router'
import { useRootData } from '#app/use-root-data.ts'

export function isArticlePath(pathname: string): boolean {
  return pathname.includes('/articles/')
}

interface SearchListData {
  listing?: { kind?: string; keyword?: string }
  page?: number
  answer?: { total: number } | null
}

/** A keyword search's first page with its answer: whether it found anything; otherwise undefined. */
export function searchOutcomeOf(data: unknown): 'found' | 'missed' | undefined {
  const list = data as SearchListData | undefined
  if (list?.listing?.kind !== 'search' || !list.listing.keyword || list.page !== 1 || !list.answer)
    return undefined
  return list.answer.total > 0 ? 'found' : 'missed'
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
    const search = matches.map((match) => searchOutcomeOf(match.loaderData)).find((value) => value)
    if (!isArticlePath(location.pathname) && !search) return
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
      article: search ? undefined : (article ?? undefined),
      search,
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
