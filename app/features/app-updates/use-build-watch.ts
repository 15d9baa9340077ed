/**
 * Notices a new deploy while a page is open: polls the API root for the build id at the configured interval
 * (spec §9); once it differs, the next navigation is a full page load so the reader gets the new build.
 */
import { useEffect, useRef } from 'react'
import { useNavigation } from 'react-router'

export function useBuildWatch({
  apiBase,
  buildId,
  intervalMs,
}: {
  apiBase: string
  buildId: string
  intervalMs: number
}) {
  const isStale = useRef(false)
  const navigation = useNavigation()

  useEffect(() => {
    if (intervalMs <= 0) return
    const controller = new AbortController()
    const check = async () => {
      try {
        const response = await fetch(`${apiBase}`, { signal: controller.signal, cache: 'no-store' })
        if (!response.ok) return
        const body = (await response.json()) as { data?: { buildId?: string } }
        if (body.data?.buildId && body.data.buildId !== buildId) isStale.current = true
      } catch {
        // Offline or aborted: try again at the next tick.
      }
    }
    const timer = window.setInterval(check, intervalMs)
    return () => {
      controller.abort()
      window.clearInterval(timer)
    }
  }, [apiBase, buildId, intervalMs])

  useEffect(() => {
    if (!isStale.current || navigation.state !== 'loading') return
    const { pathname, search, hash } = navigation.location
    window.location.assign(`${pathname}${search}${hash}`)
  }, [navigation])
}
