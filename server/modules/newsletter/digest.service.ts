/**
 * The weekly digest the footer promises: every Monday at 08:00 in the firm's time zone (LIMITS_TIME_ZONE), one
 * message per confirmed sign-up still on the list, in its language, with links to its regional site: the week's
 * newest articles, the month's picks the reader's plan may see and, for a sign-up whose address a member verified
 * as theirs, the biggest moves of the week among the stocks on their watchlists. Any other address reads at visitor
 * level, with no watchlist part.
 * Decides the issue's week and schedule, who receives it and what it says; leaves rendering, queuing, sending and
 * suppressions to the mail module, whose address is whose to the accounts module, plans to subscriptions, watchlists
 * and prices to their modules. One message per sign-up and week: its idempotency key `digest:<week>:<sign-up>` keeps
 * a second run (another process, a restart, "send now" twice) from queuing again.
 */
import { randomUUID } from 'node:crypto'
import type { Tier } from '#contracts/accounts.ts'
import type { ArticleSummary } from '#contracts/articles.ts'
import type { MonthlyPicksAnswer, MonthlyPicksQuery } from '#contracts/monthly-picks.ts'
import type { Locale, Market, Region } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { instantOfFirmTime } from '#server/kernel/firm-time.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { IssueCounts, QueueMailRequest } from '#server/modules/mail/mail.service.ts'
import type { DigestMove, DigestVariables, RenderedMail } from '#server/modules/mail/mail-templates.ts'
import { selectDigestRecipients } from './newsletter.repo.ts'
import { newsletterList } from './newsletter.service.ts'

/** Sign-ups read and queued per statement: 100,000 recipients are 100 round trips, never all in memory. */
export const digestBatchSize = 1000
/** The digest's day and wall-clock time in the firm's time zone (Monday 08:00). */
const issueWeekday = 1
const issueTime = '08:00'
/** A process started this long after the issue's time still sends it (it was down at 08:00); later, it waits. */
const catchUpMs = 24 * 60 * 60 * 1000
const articlesPerIssue = 5
/** Watchlist moves an issue lists at most: the largest either way. */
const movesPerIssue = 5
/** Weeks the console's send log looks back. */
const logWeeks = 12

const visitor: Reader = {
  role: 'visitor',
  memberId: null,
  tier: null,
  sessionId: null,
  device: { key: 'weekly-digest', network: null },
}

/** The reader a member's picks are listed for: their plan, never their session (the job has none). */
function readerOfPlan(memberId: string, tier: Tier | null): Reader {
  return { ...visitor, role: tier ? 'subscriber' : 'member', memberId, tier }
}

/** A stock's move over the week, as the prices module measures it (close to close). */
export interface WeekMove {
  market: Market
  code: string
  nameEn: string
  nameZh: string
  move: number
  from: string
  to: string
  isDemo: boolean
}

export interface DigestDependencies {
  db: Db
  clock: Clock
  /** The firm's time zone (LIMITS_TIME_ZONE), the one its calendar and article schedule use. */
  timeZone: string
  siteOrigins: Record<Region, string>
  /** The articles module's newest articles of one language (its feed). */
  listFeedArticles(locale: Locale, limit: number): Promise<ArticleSummary[]>
  listMonthlyPicks(query: MonthlyPicksQuery, reader: Reader, locale: Locale): Promise<MonthlyPicksAnswer>
  /** The accounts module's members who verified these addresses (lower-cased): address → member id. */
  membersOfVerifiedEmails(addresses: readonly string[]): Promise<Map<string, string>>
  /** The subscriptions module's plans in force of many members, in one query (a member without one is absent). */
  tiersOf(memberIds: readonly string[]): Promise<Map<string, Tier>>
  /** The watchlists module's stocks each member follows. */
  listFollowedStocksOf(memberIds: readonly string[]): Promise<Map<string, { market: Market; code: string }[]>>
  /** The prices' moves over the week to a day (YYYY-MM-DD) of stocks named `market:code`. */
  listWeekMoves(keys: readonly string[], until: string): Promise<Map<string, WeekMove>>
  queueMail(request: QueueMailRequest): Promise<boolean>
  queueMailBatch(requests: readonly QueueMailRequest[]): Promise<number>
  previewMail(request: Omit<QueueMailRequest, 'idempotencyKey' | 'to'>): RenderedMail
  countIssue(keyPrefix: string): Promise<IssueCounts>
}

export interface DigestIssue extends IssueCounts {
  week: string
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

export function createDigestService(deps: DigestDependencies) {
  const { clock, timeZone, siteOrigins } = deps
  const dayFormat = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })

  /** The Monday (YYYY-MM-DD, the firm's calendar) of the week an instant falls in: the issue's name. */
  function weekOf(instant: Date): string {
    const day = dayFormat.format(instant)
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
    return addDays(day, -((weekday - issueWeekday + 7) % 7))
  }

  /** When the issue of a week is due: its Monday at 08:00, firm time. */
  function issueTimeOf(week: string): Date {
    return instantOfFirmTime(`${week}T${issueTime}`, timeZone) ?? new Date(`${week}T${issueTime}:00Z`)
  }

  /** The next issue time strictly after `after` (the scheduler's `nextRunAt`). */
  function nextIssueAt(after: Date): Date {
    const thisWeek = issueTimeOf(weekOf(after))
    return thisWeek > after ? thisWeek : issueTimeOf(addDays(weekOf(after), 7))
  }

  const regionOf = (region: string): Region =>
    (region in siteOrigins ? region : locale(region) === 'zh-Hant' ? 'hant' : 'en') as Region
  const locale = (value: string): Locale => (value === 'zh-Hant' ? 'zh-Hant' : 'en')

  /** What the issue of `week` says in one language, with links to one regional site, for one plan's reader. */
  async function contentOf(
    week: string,
    readerLocale: Locale,
    region: Region,
    reader: Reader = visitor,
  ): Promise<DigestVariables> {
    const origin = siteOrigins[region].replace(/\/+$/, '')
    const weekEnds = issueTimeOf(week).getTime()
    const weekStarts = weekEnds - 7 * 24 * 60 * 60 * 1000
    const [articles, picks] = await Promise.all([
      deps.listFeedArticles(readerLocale, 30),
      deps.listMonthlyPicks({ months: 1 } as MonthlyPicksQuery, reader, readerLocale),
    ])
    const month = picks.months[0]
    return {
      week,
      articles: articles
        .filter((article) => {
          const at = new Date(article.publishedAt).getTime()
          return at >= weekStarts && at < weekEnds
        })
        .slice(0, articlesPerIssue)
        .map((article) => ({ label: article.title, url: `${origin}/articles/${article.key}` })),
      picks: (month?.picks ?? []).map((pick) => ({
        label: `${pick.name} (${pick.code})`,
        url: `${origin}/ai-stock-diagnosis?market=${pick.market}&code=${encodeURIComponent(pick.code)}`,
      })),
      lockedPicks: month?.lockedCount ?? 0,
    }
  }

  /** The largest moves of the week either way among a member's followed stocks, written for their language. */
  function movesOf(
    followed: readonly { market: Market; code: string }[],
    moves: ReadonlyMap<string, WeekMove>,
    readerLocale: Locale,
    region: Region,
  ): DigestMove[] {
    const origin = siteOrigins[region].replace(/\/+$/, '')
    return followed
      .map((stock) => moves.get(`${stock.market}:${stock.code}`))
      .filter((move): move is WeekMove => move !== undefined)
      .sort((a, b) => Math.abs(b.move) - Math.abs(a.move) || a.code.localeCompare(b.code))
      .slice(0, movesPerIssue)
      .map((move) => ({
        name: readerLocale === 'zh-Hant' ? move.nameZh || move.nameEn : move.nameEn || move.nameZh,
        code: move.code,
        move: move.move,
        from: move.from,
        to: move.to,
        isDemo: move.isDemo,
        url: `${origin}/ai-stock-diagnosis?market=${move.market}&code=${encodeURIComponent(move.code)}`,
      }))
  }

  /**
   * What a batch of sign-ups' members add to the issue: for each address a member verified, their plan and their
   * watchlist's moves. A few queries per batch, whatever its size or the number of members in it.
   */
  async function membersOfBatch(
    emails: readonly string[],
    until: string,
  ): Promise<{
    memberOf: Map<string, string>
    tiers: Map<string, Tier>
    followed: Map<string, { market: Market; code: string }[]>
    moves: Map<string, WeekMove>
  }> {
    const memberOf = await deps.membersOfVerifiedEmails(emails)
    const memberIds = [...new Set(memberOf.values())]
    if (memberIds.length === 0) return { memberOf, tiers: new Map(), followed: new Map(), moves: new Map() }
    const [tiers, followed] = await Promise.all([
      deps.tiersOf(memberIds),
      deps.listFollowedStocksOf(memberIds),
    ])
    const keys = new Set([...followed.values()].flat().map((stock) => `${stock.market}:${stock.code}`))
    const moves = keys.size > 0 ? await deps.listWeekMoves([...keys], until) : new Map<string, WeekMove>()
    return { memberOf, tiers, followed, moves }
  }

  function requestOf(
    readerLocale: Locale,
    region: Region,
    digest: DigestVariables,
  ): Omit<QueueMailRequest, 'idempotencyKey' | 'to'> {
    const origin = siteOrigins[region].replace(/\/+$/, '')
    return {
      kind: 'newsletter-digest',
      list: newsletterList,
      locale: readerLocale,
      siteOrigin: origin,
      variables: { actionUrl: `${origin}/articles`, digest },
    }
  }

  /**
   * Queues the issue of `week` (the current one by default) to every confirmed sign-up still on the list, a batch
   * at a time. Running it again queues only to sign-ups confirmed since. Answers how many were queued now.
   */
  async function sendIssue(week: string = weekOf(clock.now())): Promise<{ week: string; queued: number }> {
    const contents = new Map<string, Promise<DigestVariables>>()
    const content = (readerLocale: Locale, region: Region, memberId?: string, tier?: Tier | null) => {
      // Articles and picks depend on the language, the site and the plan only: built once per combination.
      const plan = memberId === undefined ? 'visitor' : (tier ?? 'member')
      const key = `${readerLocale}|${region}|${plan}`
      let known = contents.get(key)
      if (!known) {
        known = contentOf(
          week,
          readerLocale,
          region,
          memberId === undefined ? visitor : readerOfPlan(memberId, tier ?? null),
        )
        contents.set(key, known)
      }
      return known
    }
    // The week's moves run to the issue's Monday: the closes of the week before it.
    const until = week
    let queued = 0
    let after: string | null = null
    for (;;) {
      const batch = await selectDigestRecipients(deps.db, after, digestBatchSize)
      const members = await membersOfBatch(
        batch.map((signup) => signup.email),
        until,
      )
      const requests: QueueMailRequest[] = []
      for (const signup of batch) {
        const readerLocale = locale(signup.locale)
        const region = regionOf(signup.region)
        const memberId = members.memberOf.get(signup.email)
        const shared = await content(
          readerLocale,
          region,
          memberId,
          memberId ? (members.tiers.get(memberId) ?? null) : null,
        )
        const digest: DigestVariables =
          memberId === undefined
            ? shared
            : {
                ...shared,
                moves: movesOf(members.followed.get(memberId) ?? [], members.moves, readerLocale, region),
              }
        requests.push({
          ...requestOf(readerLocale, region, digest),
          idempotencyKey: `digest:${week}:${signup.id}`,
          to: signup.email,
        })
      }
      queued += await deps.queueMailBatch(requests)
      if (batch.length < digestBatchSize) break
      after = batch.at(-1)?.id ?? null
    }
    return { week, queued }
  }

  /**
   * The `weekly-digest` job: sends the current week's issue once its time has come, and for a day after (a process
   * that was down at 08:00 catches up when it starts); never an issue of a week whose time is long past.
   */
  async function sendScheduledIssue(): Promise<{ week: string; queued: number } | undefined> {
    const now = clock.now()
    const week = weekOf(now)
    const due = issueTimeOf(week).getTime()
    if (now.getTime() < due || now.getTime() >= due + catchUpMs) return undefined
    return sendIssue(week)
  }

  /** The coming issue as a reader of this language and region would get it (the console's preview). */
  async function previewIssue(
    readerLocale: Locale,
    region: Region,
  ): Promise<RenderedMail & { week: string }> {
    const week = weekOf(nextIssueAt(clock.now()))
    const request = requestOf(readerLocale, region, await contentOf(week, readerLocale, region))
    return { week, ...deps.previewMail(request) }
  }

  /** Sends the coming issue to one address (an editor's test); not counted in the issue's send log. */
  async function sendTest(to: string, readerLocale: Locale, region: Region): Promise<{ week: string }> {
    const week = weekOf(nextIssueAt(clock.now()))
    await deps.queueMail({
      ...requestOf(readerLocale, region, await contentOf(week, readerLocale, region)),
      idempotencyKey: `digest-test:${week}:${randomUUID()}`,
      to,
    })
    return { week }
  }

  /** The send log: each recent issue's counts, newest first (weeks nothing was queued for are left out). */
  async function listIssues(): Promise<DigestIssue[]> {
    const current = weekOf(clock.now())
    const weeks = Array.from({ length: logWeeks }, (_, i) => addDays(current, -7 * i))
    const issues = await Promise.all(
      weeks.map(async (week) => ({ week, ...(await deps.countIssue(`digest:${week}:`)) })),
    )
    return issues.filter((issue) => issue.queued > 0)
  }

  /** The coming issue: when it goes out and its week. */
  function nextIssue(): { at: Date; week: string } {
    const at = nextIssueAt(clock.now())
    return { at, week: weekOf(at) }
  }

  return { weekOf, nextIssueAt, nextIssue, sendIssue, sendScheduledIssue, previewIssue, sendTest, listIssues }
}

export type DigestService = ReturnType<typeof createDigestService>
