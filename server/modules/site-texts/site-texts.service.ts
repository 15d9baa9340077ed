/**
 * Company texts shown on the description screens (about us, services, history, policies, footer).
 * Decides which language a reader gets and renders Markdown safely; leaves layout to the pages. Admins edit a
 * text's title, body and structured parts (the kinds it has) in the console: a save names the version it was made
 * on (`updatedAt`) and is refused when someone saved since (no silent overwrite).
 */

import {
  type EditableSiteText,
  type EditableSiteTextKey,
  editableSiteTextKeys,
  SiteAdminErrorCode,
  type SiteTextSummary,
  siteTextPartKinds,
} from '#contracts/console-site-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import type { SiteText, SiteTextData, SiteTextKey } from '#contracts/site.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { renderMarkdown } from '#server/text/render-markdown.ts'
import {
  type SiteTextRow,
  selectSiteText,
  selectSiteTextForUpdate,
  selectSiteTextSummaries,
  updateSiteText,
} from './site-texts.repo.ts'

/** Texts change rarely; a short cache per process keeps every page view off the database. */
const cacheMillis = 60_000

/** A save made on a version that is no longer the stored one; `current` is the stored one. */
export class SiteTextStaleError extends AppError {
  readonly current: EditableSiteText

  constructor(current: EditableSiteText) {
    super('conflict', SiteAdminErrorCode.siteTextStale)
    this.current = current
  }
}

function editableOf(row: SiteTextRow): EditableSiteText {
  return {
    key: row.key as EditableSiteTextKey,
    locale: row.locale as Locale,
    title: row.title,
    bodyMarkdown: row.bodyMarkdown,
    data: row.data,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/**
 * The stored parts with the kinds sent replacing theirs. A page draws only the kinds its text has, so a kind the
 * stored text lacks is refused rather than kept where no reader would see it.
 */
function mergedData(stored: SiteTextData, sent: SiteTextData | undefined): SiteTextData {
  if (!sent) return stored
  const notShown = siteTextPartKinds.find((kind) => sent[kind] !== undefined && stored[kind] === undefined)
  if (notShown)
    throw new AppError('invalid', SiteAdminErrorCode.sitePartNotShown, {
      fields: [{ field: `data.${notShown}`, code: SiteAdminErrorCode.sitePartNotShown }],
    })
  const merged: SiteTextData = { ...stored }
  for (const kind of siteTextPartKinds)
    if (sent[kind] !== undefined) Object.assign(merged, { [kind]: sent[kind] })
  return merged
}

export function createSiteTextsService({
  db,
  now = () => Date.now(),
  onSiteChanged,
}: {
  db: Db
  now?: () => number
  /** Hears a change of what readers see (an admin's save, in this process or another): the texts held go. */
  onSiteChanged?: (listener: () => void) => unknown
}) {
  const cache = new Map<string, { text: SiteText; expiresAt: number }>()
  onSiteChanged?.(() => cache.clear())

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

  /** Every editable text in both languages, in the console's order (English first). */
  async function listSiteTextSummaries(): Promise<SiteTextSummary[]> {
    const rows = await selectSiteTextSummaries(db)
    const order = (key: string) => editableSiteTextKeys.indexOf(key as EditableSiteTextKey)
    return rows
      .filter((row) => order(row.key) >= 0)
      .sort((a, b) => order(a.key) - order(b.key) || (a.locale === 'en' ? -1 : b.locale === 'en' ? 1 : 0))
      .map((row) => ({
        key: row.key as EditableSiteTextKey,
        locale: row.locale as Locale,
        title: row.title,
        updatedAt: row.updatedAt.toISOString(),
      }))
  }

  async function getEditableSiteText(key: EditableSiteTextKey, locale: Locale): Promise<EditableSiteText> {
    const row = await selectSiteText(db, key, locale)
    if (!row) throw new AppError('not_found', SiteAdminErrorCode.siteTextNotFound)
    return editableOf(row)
  }

  /**
   * Saves a title, body and the structured parts sent (the others kept), in the caller's transaction (`inDb`), when
   * `updatedAt` names the stored version; else SiteTextStaleError. Readers see it once the caller announces the
   * change (after its commit).
   */
  async function saveSiteText(
    key: EditableSiteTextKey,
    locale: Locale,
    input: { title: string; bodyMarkdown: string; data?: SiteTextData | undefined; updatedAt: string },
    inDb: Db = db,
  ): Promise<{ before: EditableSiteText; after: EditableSiteText }> {
    const row = await selectSiteTextForUpdate(inDb, key, locale)
    if (!row) throw new AppError('not_found', SiteAdminErrorCode.siteTextNotFound)
    const before = editableOf(row)
    if (new Date(input.updatedAt).toISOString() !== before.updatedAt) throw new SiteTextStaleError(before)
    const data = mergedData(row.data, input.data)
    // Always later than the version replaced, so the next save's check tells them apart.
    const updatedAt = new Date(Math.max(now(), row.updatedAt.getTime() + 1))
    const saved = await updateSiteText(inDb, key, locale, {
      title: input.title,
      bodyMarkdown: input.bodyMarkdown,
      data,
      updatedAt,
    })
    return { before, after: editableOf(saved) }
  }

  /** Forgets the texts held (after a change this process made or heard of). */
  function dropHeldTexts(): void {
    cache.clear()
  }

  return { getSiteText, listSiteTextSummaries, getEditableSiteText, saveSiteText, dropHeldTexts }
}

export type SiteTextsService = ReturnType<typeof createSiteTextsService>
