/**
 * Server-defined redirects (spec §2, route check 4): the operator maps an old path to a new path or URL with a
 * 301 or 302. The table is read into memory and refreshed every 30 seconds, so a new row reaches every process
 * without a restart and a page view never waits on it.
 */
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { selectAllRedirects, upsertRedirect } from './redirects.repo.ts'

const refreshMillis = 30_000

export interface Redirect {
  location: string
  status: 301 | 302
}

/** Paths compare without a trailing slash and case-sensitively, as the router does. */
function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

export function createRedirectsService({ db, now = () => Date.now() }: { db: Db; now?: () => number }) {
  let table: Map<string, Redirect> | undefined
  let loadedAt = 0
  let loading: Promise<void> | undefined

  async function reload(): Promise<void> {
    const rows = await selectAllRedirects(db)
    table = new Map(
      rows.map((row) => [
        normalisePath(row.fromPath),
        { location: row.toLocation, status: row.statusCode === 302 ? 302 : 301 },
      ]),
    )
    loadedAt = now()
  }

  async function findRedirect(path: string): Promise<Redirect | undefined> {
    if (!table || now() - loadedAt > refreshMillis) {
      loading ??= reload().finally(() => {
        loading = undefined
      })
      await loading
    }
    return table?.get(normalisePath(path))
  }

  async function saveRedirect(fromPath: string, toLocation: string, status: 301 | 302): Promise<void> {
    if (!fromPath.startsWith('/')) throw new AppError('invalid', 'VALIDATION_FAILED')
    if (!toLocation.startsWith('/') && !/^https?:\/\//.test(toLocation))
      throw new AppError('invalid', 'VALIDATION_FAILED')
    if (normalisePath(fromPath) === normalisePath(toLocation))
      throw new AppError('invalid', 'VALIDATION_FAILED')
    await upsertRedirect(db, { fromPath: normalisePath(fromPath), toLocation, statusCode: status })
    await reload()
  }

  return { findRedirect, saveRedirect }
}

export type RedirectsService = ReturnType<typeof createRedirectsService>
