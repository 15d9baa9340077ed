/**
 * The screener (issue 28, ADR 0036): the stocks passing every filter a reader set, sorted on any column and paged,
 * over the screener's read model (one row per company, written with each snapshot); and members' saved screens,
 * private to their owner, as many as the tier table's `savedScreens` allows. Decides what each filter means in the
 * stored units and what a saved screen keeps; the figures themselves are the engine's and the refresh's.
 */
import { benefitReaderOf, benefitsOf } from '#contracts/benefits.ts'
import { CommonErrorCode } from '#contracts/envelope.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import {
  type ParsedScreenQuery,
  type SavedScreen,
  type SavedScreensAnswer,
  SaveScreenRequest,
  type ScreenAnswer,
  ScreenQuery,
  type ScreenRow,
} from '#contracts/screener.ts'
import {
  canonicalScreenSearch,
  defaultDirectionOf,
  defaultScreenSort,
  ScreenerErrorCode,
  type ScreenScoreKey,
  scoreParamOf,
} from '#contracts/screener-rules.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { isLoggedIn, type Reader } from '#server/kernel/reader.ts'
import {
  countSavedScreens,
  deleteSavedScreen as deleteSavedScreenRow,
  insertSavedScreen,
  type ScreenFilter,
  type ScreenResultRow,
  selectSavedScreens,
  selectSavedScreensById,
  selectScreenMemberKeys,
  selectScreenRows,
  selectScreenSessions,
  withMemberScreensLocked,
} from './screener.repo.ts'
import { type AnswerCache, type DataStamps, parseInput } from './stock-answers.ts'
import { nameIn } from './stock-wire.ts'

const percent = (value: number | undefined) => (value === undefined ? undefined : value / 100)

/** The parsed screen in stored units: percentages as fractions, market capitalisation in US dollars. */
export function screenFilterOf(query: ParsedScreenQuery): ScreenFilter {
  const minScores: ScreenFilter['minScores'] = {}
  for (const [key, param] of Object.entries(scoreParamOf)) {
    const value = (query as Record<string, unknown>)[param]
    if (typeof value === 'number') minScores[key as ScreenScoreKey | 'total'] = value
  }
  const ranges: ScreenFilter['ranges'] = {
    gap: { min: percent(query.gapMin), max: percent(query.gapMax) },
    pe: { min: query.peMin, max: query.peMax },
    pb: { min: query.pbMin, max: query.pbMax },
    yield: { min: percent(query.yieldMin), max: percent(query.yieldMax) },
    cap: {
      min: query.capMin === undefined ? undefined : query.capMin * 1e9,
      max: query.capMax === undefined ? undefined : query.capMax * 1e9,
    },
    position: { min: percent(query.positionMin), max: percent(query.positionMax) },
  }
  // The return filter reads the column of the screen's period.
  ranges[`return${query.period}` as const] = { min: percent(query.returnMin), max: percent(query.returnMax) }
  return {
    market: query.market,
    sector: query.sector,
    technicals: query.technicals,
    capitalFlow: query.flow,
    minScores,
    ranges,
  }
}

function toScreenRow(row: ScreenResultRow, period: ParsedScreenQuery['period'], locale: Locale): ScreenRow {
  return {
    code: row.code,
    market: row.market,
    name: nameIn(locale, row),
    nameEn: row.nameEn,
    nameZh: row.nameZh,
    sector: row.sector,
    currency: row.currency,
    price: row.price,
    changePercent: row.changePercent,
    totalScore: row.totalScore,
    scores: {
      fundamentals: row.scoreFundamentals,
      management: row.scoreManagement,
      trend: row.scoreTrend,
      market_size: row.scoreMarketSize,
      gross_margin: row.scoreGrossMargin,
      profitability: row.scoreProfitability,
      growth_potential: row.scoreGrowthPotential,
      competitive_advantage: row.scoreCompetitiveAdvantage,
      valuation: row.scoreValuation,
      financial_health: row.scoreFinancialHealth,
    },
    technicals: row.technicals as ScreenRow['technicals'],
    capitalFlow: row.capitalFlow as ScreenRow['capitalFlow'],
    fairValue: row.fairValue,
    downsideMargin: row.downsideMargin,
    pe: row.pe,
    pb: row.pb,
    dividendYield: row.dividendYield,
    marketCap: row.marketCap,
    marketCapUsd: row.marketCapUsd,
    week52Position: row.week52Position,
    periodReturn: row[`return${period}` as const],
    asOf: row.asOf,
  }
}

export function createStockScreener({
  db,
  stamps,
  cached,
}: {
  db: Db
  stamps: DataStamps
  cached: AnswerCache
}) {
  function screenStocks(query: ScreenQuery, locale: Locale): Promise<ScreenAnswer> {
    const input = parseInput(ScreenQuery, query)
    return cached(`screen:${JSON.stringify(input)}:${locale}`, async () => {
      const sort = input.sort ?? defaultScreenSort
      const dir = input.dir ?? defaultDirectionOf(sort)
      const [{ rows, total }, sessions] = await Promise.all([
        selectScreenRows(
          db,
          screenFilterOf(input),
          { sort, dir, returnColumn: `return${input.period}` as const },
          { limit: input.pageSize, offset: (input.page - 1) * input.pageSize },
        ),
        selectScreenSessions(db, input.market),
      ])
      const asOf = sessions.reduce<string | null>(
        (latest, s) => (!latest || s.newest > latest ? s.newest : latest),
        null,
      )
      return {
        isDemo: sessions.some((s) => s.isDemo),
        asOf,
        stale: asOf === null || sessions.some((s) => stamps.isStale(s.market, s.oldest)),
        market: input.market ?? null,
        period: input.period,
        sort,
        dir,
        rows: rows.map((row) => toScreenRow(row, input.period, locale)),
        total,
        page: input.page,
        pageSize: input.pageSize,
      }
    })
  }

  function memberOf(reader: Reader): string {
    if (!isLoggedIn(reader)) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
    return reader.memberId
  }

  const limitOf = (reader: Reader) => benefitsOf(benefitReaderOf(reader)).savedScreens

  const toSaved = (row: { id: string; name: string; query: string; createdAt: Date }): SavedScreen => ({
    id: row.id,
    name: row.name,
    query: row.query,
    createdAt: row.createdAt.toISOString(),
  })

  async function listSavedScreens(reader: Reader): Promise<SavedScreensAnswer> {
    const memberId = memberOf(reader)
    return { screens: (await selectSavedScreens(db, memberId)).map(toSaved), limit: limitOf(reader) }
  }

  async function saveScreen(request: SaveScreenRequest, reader: Reader): Promise<SavedScreen> {
    const memberId = memberOf(reader)
    const input = parseInput(SaveScreenRequest, request)
    const search = new URLSearchParams(input.query.replace(/^\?/, ''))
    // What is kept must read back as a screen: the same check the page and the API apply to a screen's address.
    parseInput(ScreenQuery, Object.fromEntries(search))
    const query = canonicalScreenSearch(search)
    const limit = limitOf(reader)
    return withMemberScreensLocked(db, memberId, async (tx) => {
      if ((await countSavedScreens(tx, memberId)) >= limit)
        throw new AppError('forbidden', ScreenerErrorCode.savedLimit, { params: { count: limit } })
      return toSaved(await insertSavedScreen(tx, { memberId, name: input.name, query }))
    })
  }

  async function deleteSavedScreen(id: string, reader: Reader): Promise<void> {
    const memberId = memberOf(reader)
    // Another member's screen is answered as missing: its existence is theirs to know.
    const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
    if (!isUuid || !(await deleteSavedScreenRow(db, memberId, id)))
      throw new AppError('not_found', ScreenerErrorCode.savedNotFound)
  }

  /** The reader's own saved screen (a screen alert's owner check); null for another's or none. */
  async function findSavedScreen(reader: Reader, id: string): Promise<SavedScreen | null> {
    const memberId = memberOf(reader)
    const [row] = await selectSavedScreensById(db, [id])
    return row && row.memberId === memberId ? toSaved(row) : null
  }

  /**
   * The current stocks of these saved screens (ADR 0040), for the screens a refresh of `market` can change — those
   * of that market and those of every market — as one JSON array of `{ screenId, name, members }`, `members` the
   * sorted `market:code` of every stock passing the screen. One query per distinct screen, whoever saved it; a
   * screen that no longer reads (a range narrowed since it was saved) has no members and is left out.
   */
  async function readScreenMembersJson(screenIds: readonly string[], market: Market): Promise<string> {
    const screens = await selectSavedScreensById(db, screenIds)
    const membersOf = new Map<string, Promise<string[]>>()
    const answer: Array<{ screenId: string; name: string; members: string[] }> = []
    for (const screen of screens) {
      const parsed = ScreenQuery.safeParse(Object.fromEntries(new URLSearchParams(screen.query)))
      if (!parsed.success || (parsed.data.market && parsed.data.market !== market)) continue
      const key = canonicalScreenSearch(new URLSearchParams(screen.query))
      let members = membersOf.get(key)
      if (!members) {
        members = selectScreenMemberKeys(db, screenFilterOf(parsed.data))
        membersOf.set(key, members)
      }
      answer.push({ screenId: screen.id, name: screen.name, members: await members })
    }
    return JSON.stringify(answer)
  }

  return {
    screenStocks,
    listSavedScreens,
    saveScreen,
    deleteSavedScreen,
    findSavedScreen,
    readScreenMembersJson,
  }
}
