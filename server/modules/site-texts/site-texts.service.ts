/**
 * Company texts shown on the description screens (about us, services, history, policies, footer).
 * Decides which language a reader gets and renders Markdown safely; leaves layout to the pages.
 */

import type { Locale } from '#contracts/regions.ts'
import type { SiteText, SiteTextKey } from '#contracts/site.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { renderMarkdown } from '#server/text/render-markdown.ts'
import { selectSiteText } from './site-texts.repo.ts'

/** Texts change rarely; a short cache per process keeps every page view off the database. */
const cacheMillis = 60_000

export function createSiteTextsService({ db, now = () => Date.now() }: { db: Db; now?: () => number }) {
  const cache = new Map<string, { text: SiteText; expiresAt: number }>()

  async function getSiteText(key: SiteTextKey, locale: Locale): Promise<SiteText> {
    const cacheKey = `${key}:${locale}`
    const cached = cache.get(cacheKey)
    if (cached && cached.expiresAt > now()) return cached.text
    const row = await selectSiteText(db, key, locale)
    if (!row) throw new AppError('not_found', 'NOT_FOUND')
    const text: SiteText = {
      key,
      title: row.title,
      bodyHtml: renderMarkdown(row.bodyMarkdown),
      data: row.data,
      updatedAt: row.updatedAt.toISOString(),
    }
    cache.set(cacheKey, { text, expiresAt: now() + cacheMillis })
    return text
  }

  return { getSiteText }
}

export type SiteTextsService = ReturnType<typeof createSiteTextsService>
