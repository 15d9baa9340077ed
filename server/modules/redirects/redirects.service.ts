/**
 * Server-defined redirects (spec §2, route check 4): an operator or an admin maps an old path to a new path or URL
 * with a 301 or 302. The table is read into memory and refreshed every 30 seconds, so a page view never waits on
 * it; a change announced by the console (`onSiteChanged`) makes every process read it again at once.
 *
 * Decides what a rule may be: a path from (not the console's or the API's own), a path or an http(s) URL to, never
 * itself nor round a loop through the other rules. Leaves who may change rules, and the audit, to the console.
 */
import {
  type ConsoleRedirect,
  type RedirectStatus,
  redirectPathMaxLength,
  redirectTargetMaxLength,
  SiteAdminErrorCode,
} from '#contracts/console-site-rules.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import {
  markRedirectRemoved,
  type RedirectRow,
  selectAllRedirects,
  selectRedirectForUpdate,
  upsertRedirect,
} from './redirects.repo.ts'

const refreshMillis = 30_000
/** A chain longer than this is refused as if it looped (browsers give up after about 20 hops). */
const chainMax = 10

export interface Redirect {
  location: string
  status: 301 | 302
}

export interface RedirectRule {
  fromPath: string
  toLocation: string
  status: RedirectStatus
}

/** Paths compare without a trailing slash and case-sensitively, as the router does. */
function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/** Paths that are not pages: a rule there would reach nobody, or lock admins out of the console. */
const reservedPrefixes = ['/api', '/console', '/assets', '/media']

function isReserved(path: string): boolean {
  return reservedPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

export function createRedirectsService({
  db,
  now = () => Date.now(),
  siteOrigins = [],
  onSiteChanged,
}: {
  db: Db
  now?: () => number
  /** The regional sites' origins: a rule to one of them is checked for loops like a path. */
  siteOrigins?: readonly string[]
  /** Hears a change of what readers see (the console's); the table is read again at the next page view. */
  onSiteChanged?: (listener: () => void) => unknown
}) {
  let table: Map<string, Redirect> | undefined
  let loadedAt = 0
  let loading: Promise<void> | undefined
  onSiteChanged?.(() => {
    table = undefined
  })

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

  /** The path a target leads to on our own sites (a path, or a URL of one of them); null for elsewhere. */
  function localPathOf(toLocation: string): string | null {
    if (toLocation.startsWith('/')) return normalisePath(toLocation.split(/[?#]/)[0] ?? '/')
    const url = new URL(toLocation)
    return siteOrigins.includes(url.origin) ? normalisePath(url.pathname) : null
  }

  /** A rule as it may be stored (its path normalised), or the AppError of the first thing wrong with it. */
  function checkedRule(rule: RedirectRule, others: ReadonlyMap<string, string>): RedirectRule {
    const fromPath = normalisePath(rule.fromPath.trim())
    if (
      !/^\/[^\s?#\\]*$/.test(fromPath) ||
      fromPath.startsWith('//') ||
      fromPath === '/' ||
      fromPath.length > redirectPathMaxLength ||
      isReserved(fromPath)
    )
      throw new AppError('invalid', SiteAdminErrorCode.redirectFromInvalid)
    const toLocation = rule.toLocation.trim()
    if (!isValidTarget(toLocation)) throw new AppError('invalid', SiteAdminErrorCode.redirectTargetInvalid)
    let next = localPathOf(toLocation)
    if (next === fromPath) throw new AppError('invalid', SiteAdminErrorCode.redirectSelf)
    // Follow the other rules from the target: coming back here, or going on and on, is a loop.
    for (let hops = 0; next !== null; hops += 1) {
      if (next === fromPath || hops >= chainMax)
        throw new AppError('invalid', SiteAdminErrorCode.redirectLoop)
      const target = others.get(next)
      next = target === undefined ? null : localPathOf(target)
    }
    if (rule.status !== 301 && rule.status !== 302) throw new AppError('invalid', 'VALIDATION_FAILED')
    return { fromPath, toLocation, status: rule.status }
  }

  function isValidTarget(toLocation: string): boolean {
    if (toLocation.length === 0 || toLocation.length > redirectTargetMaxLength || /\s/.test(toLocation))
      return false
    if (toLocation.startsWith('/')) return !toLocation.startsWith('//') && !toLocation.includes('\\')
    try {
      const url = new URL(toLocation)
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
    } catch {
      return false
    }
  }

  /** The other rules in force, from → to, leaving out the paths named (the rule being replaced). */
  async function otherRules(inDb: Db, leaveOut: readonly string[]): Promise<Map<string, string>> {
    const rows = await selectAllRedirects(inDb)
    return new Map(
      rows
        .filter((row) => !leaveOut.includes(normalisePath(row.fromPath)))
        .map((row) => [normalisePath(row.fromPath), row.toLocation]),
    )
  }

  function toConsoleRedirect(row: RedirectRow): ConsoleRedirect {
    return {
      fromPath: row.fromPath,
      toLocation: row.toLocation,
      status: row.statusCode === 302 ? 302 : 301,
      createdAt: row.createdAt.toISOString(),
    }
  }

  /** Operators (`npm run ops -- redirect:set`): adds or replaces the rule of a path. */
  async function saveRedirect(fromPath: string, toLocation: string, status: 301 | 302): Promise<void> {
    const from = normalisePath(fromPath.trim())
    const rule = checkedRule({ fromPath, toLocation, status }, await otherRules(db, [from]))
    await upsertRedirect(db, {
      fromPath: rule.fromPath,
      toLocation: rule.toLocation,
      statusCode: rule.status,
    })
    await reload()
  }

  async function listRedirects(): Promise<ConsoleRedirect[]> {
    return (await selectAllRedirects(db)).map(toConsoleRedirect)
  }

  /**
   * The console's changes, in the caller's transaction (`inDb`); each answers the rule before and after. Readers
   * follow them once the caller announces the change (after its commit).
   */
  async function addRedirect(rule: RedirectRule, inDb: Db = db): Promise<ConsoleRedirect> {
    const checked = checkedRule(rule, await otherRules(inDb, [normalisePath(rule.fromPath.trim())]))
    if (await selectRedirectForUpdate(inDb, checked.fromPath))
      throw new AppError('conflict', SiteAdminErrorCode.redirectExists)
    await upsertRedirect(inDb, {
      fromPath: checked.fromPath,
      toLocation: checked.toLocation,
      statusCode: checked.status,
    })
    return toConsoleRedirect((await selectRedirectForUpdate(inDb, checked.fromPath)) as RedirectRow)
  }

  async function changeRedirect(
    currentFromPath: string,
    rule: RedirectRule,
    inDb: Db = db,
  ): Promise<{ before: ConsoleRedirect; after: ConsoleRedirect }> {
    const current = await selectRedirectForUpdate(inDb, normalisePath(currentFromPath.trim()))
    if (!current) throw new AppError('not_found', SiteAdminErrorCode.redirectNotFound)
    const checked = checkedRule(rule, await otherRules(inDb, [current.fromPath]))
    if (checked.fromPath !== current.fromPath) {
      if (await selectRedirectForUpdate(inDb, checked.fromPath))
        throw new AppError('conflict', SiteAdminErrorCode.redirectExists)
      await markRedirectRemoved(inDb, current.fromPath, new Date(now()))
    }
    await upsertRedirect(inDb, {
      fromPath: checked.fromPath,
      toLocation: checked.toLocation,
      statusCode: checked.status,
    })
    const after = (await selectRedirectForUpdate(inDb, checked.fromPath)) as RedirectRow
    return { before: toConsoleRedirect(current), after: toConsoleRedirect(after) }
  }

  async function removeRedirect(fromPath: string, inDb: Db = db): Promise<ConsoleRedirect> {
    const current = await selectRedirectForUpdate(inDb, normalisePath(fromPath.trim()))
    if (!current) throw new AppError('not_found', SiteAdminErrorCode.redirectNotFound)
    await markRedirectRemoved(inDb, current.fromPath, new Date(now()))
    return toConsoleRedirect(current)
  }

  /** Forgets the table held, so the next page view reads it (after a change this process made or heard of). */
  function dropHeldRules(): void {
    table = undefined
  }

  return {
    findRedirect,
    saveRedirect,
    listRedirects,
    addRedirect,
    changeRedirect,
    removeRedirect,
    dropHeldRules,
  }
}

export type RedirectsService = ReturnType<typeof createRedirectsService>
