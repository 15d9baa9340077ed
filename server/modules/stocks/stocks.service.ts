/**
 * The stocks service: finding a company from what a reader typed, the AI stock diagnosis (with the quota), the
 * valuation, AI-score and hot-stock lists, executives' moves and the monthly picks. Decides lookup order, when an
 * attempt is used, staleness and how lists are ranked; leaves the analysis to the engine, fetching and snapshots to
 * the refresh (stock-refresh.ts), and who the reader is and how many attempts they have to accounts and quotas.
 */

import { ZodError, type z } from 'zod'
import { benefitReaderOf, benefitsOf } from '#contracts/benefits.ts'
import { CommonErrorCode } from '#contracts/envelope.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import { markets } from '#contracts/regions.ts'
import { isServiceError } from '#contracts/service-error.ts'
import {
  type AiScoreListAnswer,
  AiScoreListQuery,
  type AiScoreRow,
  type ExecutiveMovesAnswer,
  ExecutiveMovesQuery,
  type HotStock,
  type HotStocksAnswer,
  HotStocksQuery,
  type MonthlyPick,
  type MonthlyPicksAnswer,
  type MonthlyPicksMonth,
  MonthlyPicksQuery,
  type PickSuggestion,
  type StockDiagnosis,
  type StockDiagnosisAnswer,
  StockDiagnosisQuery,
  StockErrorCode,
  type StockSummary,
  type StockType,
  type ValuationListAnswer,
  ValuationListQuery,
} from '#contracts/stocks.ts'
import { type Clock, calendarOf } from '#server/clock.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { QuotaService } from '#server/modules/quotas/quotas.service.ts'
import {
  addDays,
  lastCompletedSession,
  tradingDayOnOrBefore,
} from '#server/providers/market-data/exchange-calendar.ts'
import { normalizeName } from '#server/providers/market-data/universe.ts'
import { ENGINE_VERSION } from './engine/diagnose-stock.ts'
import type { Diagnosis } from './engine/diagnosis.types.ts'
import { DEFAULT_ASSUMPTIONS } from './engine/market-assumptions.ts'
import { type SummaryGenerator, templateSummaryGenerator } from './engine/summary-generator.ts'
import { heatScoreOf, interpretHotStock, MENTION_WINDOW_DAYS, measureMarketHeat } from './heat-score.ts'
import {
  type CompanyRow,
  companyNamesOf,
  selectBars,
  selectCompanies,
  selectSimilarNames,
} from './market-data.repo.ts'
import {
  PICK_MIN_DOWNSIDE_MARGIN,
  PICK_MIN_SCORE,
  PICKS_PER_MARKET_MAX,
  PICKS_PER_MONTH,
} from './monthly-picks.ts'
import { codeCandidates, hasCjk } from './stock-lookup.ts'
import { marketExchange, type StockRefresh } from './stock-refresh.ts'
import { nameIn, toStockDiagnosis, toStockSummary } from './stock-wire.ts'
import {
  countExecutiveMoves,
  countStockRows,
  deleteDiagnosisView,
  deleteDiagnosisViewsBefore,
  hasDiagnosisView,
  recordDiagnosisView,
  type StockRow,
  selectExecutiveMoves,
  selectLatestSnapshot,
  selectPickMonths,
  selectPicks,
  selectStockRows,
} from './stocks.repo.ts'
import type { StockMatch, StocksService } from './stocks-service.types.ts'

/** Published-article mentions per company (`market:code`) since an instant; the articles module answers. */
export type CountArticleMentions = (since: Date) => Promise<Map<string, number>>

export interface StocksServiceDependencies {
  db: Db
  config: Config
  clock: Clock
  quotas: QuotaService
  refresh: StockRefresh
  countArticleMentions?: CountArticleMentions | undefined
  summaries?: SummaryGenerator
  /** How long list answers are reused (default 30 s); snapshots change only when a refresh runs. */
  listCacheMillis?: number
}

/** Fuzzy matches this close or closer name a company for the diagnosis (exact matches always do). */
export const FIND_MIN_SIMILARITY = 0.45
/** Autocomplete rows need only be this similar. */
export const SUGGEST_MIN_SIMILARITY = 0.3
/** Sessions of price history sent with a diagnosis (about one year). */
export const HISTORY_SESSIONS = 260

/** Parses with a contract, turning a failure into AppError('invalid') with the first issue's stable code. */
function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  try {
    return schema.parse(input)
  } catch (error) {
    if (!(error instanceof ZodError)) throw error
    const fields = error.issues.map((issue) => ({
      field: issue.path.map(String).join('.'),
      code: /^[A-Z_]+$/.test(issue.message) ? issue.message : CommonErrorCode.validationFailed,
    }))
    // The first field's code (STOCK_QUERY_EMPTY…) is the error a page loader branches on.
    throw new AppError('invalid', fields[0]?.code ?? CommonErrorCode.validationFailed, {
      fields,
      cause: error,
    })
  }
}

const pickRuleText: Record<Locale, string> = {
  en: `At the start of each month the AI engine diagnoses every stock with the data known on the last trading day before it. Stocks scoring at least ${PICK_MIN_SCORE} out of 100, priced at least ${Math.round(PICK_MIN_DOWNSIDE_MARGIN * 100)}% below their fair value and not in financial distress are ranked by score; the top ${PICKS_PER_MONTH} are picked, at most ${PICKS_PER_MARKET_MAX} from one market. Returns are measured from the last close before the recommendation.`,
  'zh-Hant': `每月初，AI 引擎以前一個交易日已公開的資料診斷每一檔股票。綜合評分至少 ${PICK_MIN_SCORE} 分、股價低於合理價至少 ${Math.round(PICK_MIN_DOWNSIDE_MARGIN * 100)}%、且財務體質不在危險區的股票依評分排序，選出前 ${PICKS_PER_MONTH} 檔，單一市場最多 ${PICKS_PER_MARKET_MAX} 檔。報酬以推薦前最後一個收盤價起算。`,
}

export function createStocksService(deps: StocksServiceDependencies): StocksService {
  const { db, config, clock, quotas, refresh } = deps
  const summaries = deps.summaries ?? templateSummaryGenerator
  const cacheMillis = deps.listCacheMillis ?? 30_000

  // ——— companies in memory (seeded from the universe; they do not change while the process runs) ———

  interface CompanyIndex {
    byId: Map<number, CompanyRow>
    byKey: Map<string, CompanyRow>
    byName: Map<string, Array<{ company: CompanyRow; text: string; kind: 'code' | 'name' | 'alias' }>>
  }
  let companyIndex: Promise<CompanyIndex> | null = null
  function loadCompanyIndex(): Promise<CompanyIndex> {
    companyIndex ??= selectCompanies(db).then((companies) => {
      const index: CompanyIndex = { byId: new Map(), byKey: new Map(), byName: new Map() }
      for (const company of companies) {
        index.byId.set(company.id, company)
        index.byKey.set(`${company.market}:${company.code}`, company)
        for (const name of companyNamesOf(company)) {
          if (name.kind === 'code') continue
          const list = index.byName.get(name.normalized) ?? []
          list.push({ company, text: name.text, kind: name.kind })
          index.byName.set(name.normalized, list)
        }
      }
      return index
    })
    companyIndex.catch(() => {
      companyIndex = null
    })
    return companyIndex
  }

  // ——— list cache ———

  const cache = new Map<string, { expires: number; value: Promise<unknown> }>()
  function cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now()
    const hit = cache.get(key)
    if (hit && hit.expires > now) return hit.value as Promise<T>
    const value = compute()
    cache.set(key, { expires: now + cacheMillis, value })
    value.catch(() => cache.delete(key))
    if (cache.size > 500) {
      for (const [k, entry] of cache) if (entry.expires <= now) cache.delete(k)
    }
    return value
  }

  // ——— data stamps ———

  /** The session a market's data should have reached by now (one refresh delay and an hour of grace allowed). */
  function expectedSession(market: Market): string {
    const exchange = marketExchange[market]
    const md = config.marketData
    if (md.provider === 'demo' && md.demo.endDate) return tradingDayOnOrBefore(exchange, md.demo.endDate)
    const grace = (md.refreshDelayMinutes + 60) * 60_000
    return lastCompletedSession(exchange, new Date(clock.now().getTime() - grace))
  }

  function isStale(market: Market, asOf: string | null): boolean {
    return asOf === null || asOf < expectedSession(market)
  }

  function stampOf(rows: readonly StockRow[]): { isDemo: boolean; asOf: string | null; stale: boolean } {
    let asOf: string | null = null
    let stale = false
    let isDemo = false
    for (const row of rows) {
      if (row.snapshotIsDemo ?? row.stateIsDemo) isDemo = true
      const date = row.asOf ?? row.lastBarDate
      if (date && (asOf === null || date > asOf)) asOf = date
      if (date && isStale(row.market, date)) stale = true
    }
    return { isDemo, asOf, stale: stale || asOf === null }
  }

  // ——— lookup ———

  function exactMatches(index: CompanyIndex, text: string, market: Market | undefined): StockMatch[] {
    const found: StockMatch[] = []
    for (const candidate of codeCandidates(text)) {
      if (market && candidate.market !== market) continue
      const company = index.byKey.get(`${candidate.market}:${candidate.code}`)
      if (company) found.push(matchOf(company, 'code', company.code, 1))
    }
    for (const named of index.byName.get(normalizeName(text)) ?? []) {
      if (market && named.company.market !== market) continue
      if (found.some((f) => f.market === named.company.market && f.code === named.company.code)) continue
      found.push(matchOf(named.company, named.kind === 'alias' ? 'alias' : 'name', named.text, 1))
    }
    return found
  }

  function matchOf(
    company: CompanyRow,
    matchedBy: StockMatch['matchedBy'],
    matchedText: string,
    similarity: number,
  ): StockMatch {
    return {
      market: company.market,
      code: company.code,
      nameEn: company.nameEn,
      nameZh: company.nameZh,
      matchedBy,
      matchedText,
      similarity,
    }
  }

  async function fuzzyMatches(
    index: CompanyIndex,
    text: string,
    market: Market | undefined,
    limit: number,
    minScore: number,
  ): Promise<StockMatch[]> {
    const normalized = normalizeName(text)
    if (!normalized) return []
    const rows = await selectSimilarNames(db, normalized, { market, limit, minScore })
    return rows.flatMap((row) => {
      const company = index.byId.get(row.companyId)
      return company ? [matchOf(company, 'fuzzy', row.text, row.score)] : []
    })
  }

  async function findStock(text: string, market?: Market): Promise<StockMatch | null> {
    const trimmed = text.trim()
    if (!trimmed) return null
    const index = await loadCompanyIndex()
    const exact = exactMatches(index, trimmed, market)
    if (exact[0]) return exact[0]
    // One or two Latin letters match too many names by prefix to mean one company.
    if (normalizeName(trimmed).length < (hasCjk(trimmed) ? 2 : 3)) return null
    const [best] = await fuzzyMatches(index, trimmed, market, 1, FIND_MIN_SIMILARITY)
    return best ?? null
  }

  /** Exact matches first, then similar names, each company once, best first. */
  async function matchStocks(text: string, market: Market | undefined, limit: number): Promise<StockMatch[]> {
    const index = await loadCompanyIndex()
    const matches = exactMatches(index, text, market)
    const seen = new Set(matches.map((m) => `${m.market}:${m.code}`))
    for (const match of await fuzzyMatches(index, text, market, limit, SUGGEST_MIN_SIMILARITY)) {
      const key = `${match.market}:${match.code}`
      if (!seen.has(key)) {
        seen.add(key)
        matches.push(match)
      }
    }
    return matches.slice(0, limit)
  }

  async function rowOf(match: { market: Market; code: string }): Promise<StockRow | null> {
    const index = await loadCompanyIndex()
    const company = index.byKey.get(`${match.market}:${match.code}`)
    if (!company) return null
    const [row] = await selectStockRows(db, { companyIds: [company.id] })
    return row ?? null
  }

  // ——— diagnosis ———

  async function loadDiagnosis(
    row: StockRow,
  ): Promise<{ diagnosis: Diagnosis; computedAt: string; source: string; isDemo: boolean }> {
    // A company of the universe whose data has not been fetched yet (a real provider filling in the background).
    if (!row.lastBarDate || !row.source) throw new AppError('unavailable', StockErrorCode.dataNotReady)
    let snapshot = await selectLatestSnapshot(db, row.companyId)
    if (!snapshot || snapshot.asOf < row.lastBarDate || snapshot.engineVersion !== ENGINE_VERSION) {
      // No current snapshot (a failed refresh, or a new engine version): run the engine now and keep the result.
      const { snapshots } = await refresh.recomputeSnapshots([row.companyId])
      snapshot = snapshots > 0 ? await selectLatestSnapshot(db, row.companyId) : null
    }
    if (!snapshot) throw new AppError('unavailable', StockErrorCode.diagnosisFailed)
    return {
      diagnosis: snapshot.diagnosis as Diagnosis,
      computedAt: snapshot.computedAt,
      source: snapshot.source,
      isDemo: snapshot.isDemo,
    }
  }

  /**
   * The diagnosis answer of a company in one language, reused while its snapshot is the same (snapshots change
   * only when a refresh stores a new one, which changes `computedAt` and so the key).
   */
  const bodies = new Map<string, Promise<StockDiagnosis>>()
  const BODIES_KEPT = 120
  function diagnosisBody(row: StockRow, locale: Locale): Promise<StockDiagnosis> {
    const key = row.asOf && row.computedAt ? `${row.companyId}:${row.asOf}:${row.computedAt}:${locale}` : null
    const hit = key ? bodies.get(key) : undefined
    if (key && hit) {
      bodies.delete(key)
      bodies.set(key, hit)
      return hit
    }
    const body = buildDiagnosisBody(row, locale)
    if (key) {
      bodies.set(key, body)
      body.catch(() => bodies.delete(key))
      if (bodies.size > BODIES_KEPT) bodies.delete(bodies.keys().next().value as string)
    }
    return body
  }

  async function buildDiagnosisBody(row: StockRow, locale: Locale): Promise<StockDiagnosis> {
    let loaded: Awaited<ReturnType<typeof loadDiagnosis>>
    let summary: string
    try {
      loaded = await loadDiagnosis(row)
      summary = await summaries.generate(loaded.diagnosis, locale)
    } catch (error) {
      if (isServiceError(error)) throw error
      throw new AppError('unavailable', StockErrorCode.diagnosisFailed, { cause: error })
    }
    const asOf = loaded.diagnosis.asOf
    const history = (await selectBars(db, row.companyId, addDays(asOf, -400)))
      .filter((bar) => bar.date <= asOf)
      .slice(-HISTORY_SESSIONS)
    // A fresh engine run has just stored the snapshot the list columns come from: read the row again.
    const current =
      row.asOf === asOf ? row : ((await selectStockRows(db, { companyIds: [row.companyId] }))[0] ?? row)
    return toStockDiagnosis(
      loaded.diagnosis,
      toStockSummary(current, locale),
      {
        isDemo: loaded.isDemo,
        stale: isStale(row.market, asOf),
        computedAt: loaded.computedAt,
        source: loaded.source,
        summary,
        history,
      },
      locale,
    )
  }

  function quotaSubject(reader: Reader): string {
    return reader.memberId ? `member:${reader.memberId}` : `device:${reader.device.key}`
  }

  async function getDiagnosis(
    query: StockDiagnosisQuery,
    reader: Reader,
    locale: Locale,
  ): Promise<StockDiagnosisAnswer> {
    const input = parseInput(StockDiagnosisQuery, query)
    const status = await quotas.peek({ reader, kind: 'diagnosis' })
    const match = await findStock(input.code, input.market)
    const row = match ? await rowOf(match) : null
    const view = row
      ? {
          subject: quotaSubject(reader),
          companyId: row.companyId,
          day: calendarOf(clock.now(), config.limitsTimeZone).day,
        }
      : null
    // The browser's device remembers a member's views too: a report open when its reader logs out is reloaded as
    // a visitor's and must stay open, and the same stock again the same day in the same browser is free.
    const deviceView = view && reader.memberId ? { ...view, subject: `device:${reader.device.key}` } : null
    const seenToday = view
      ? (await hasDiagnosisView(db, view)) || (deviceView ? await hasDiagnosisView(db, deviceView) : false)
      : false
    // Quota first: a reader with nothing left hears so before any work (consume throws the right refusal).
    if (status.remaining === 0 && !seenToday) await quotas.consume({ reader, kind: 'diagnosis' })
    if (!row || !view) throw new AppError('not_found', StockErrorCode.notFound)
    const answer = await diagnosisBody(row, locale)
    // Only a diagnosis that is ready uses an attempt, and the same stock again the same day does not.
    let quota = status
    let charged = false
    // The view is claimed before the attempt is taken: of two requests for the same stock at once (the page and its
    // data request, two tabs), only the one whose claim is new pays; the other is the free repeat.
    if (!seenToday && (await recordDiagnosisView(db, view))) {
      try {
        quota = await quotas.consume({ reader, kind: 'diagnosis' })
      } catch (error) {
        await deleteDiagnosisView(db, view)
        throw error
      }
      charged = true
      if (deviceView) await recordDiagnosisView(db, deviceView)
    }
    return {
      ...answer,
      stale: isStale(row.market, answer.asOf),
      quota: {
        remaining: quota.remaining,
        monthlyRemaining: quota.monthlyRemaining,
        dailyRemaining: quota.dailyRemaining,
        charged,
        limitedBy: quota.limitedBy,
      },
    }
  }

  async function readDiagnosis(market: Market, code: string, locale: Locale): Promise<StockDiagnosis | null> {
    const row = await rowOf({ market, code })
    if (!row) return null
    const body = await diagnosisBody(row, locale)
    return { ...body, stale: isStale(row.market, body.asOf) }
  }

  async function getStock(market: Market, code: string, locale: Locale): Promise<StockSummary | null> {
    const row = await rowOf({ market, code })
    return row ? toStockSummary(row, locale) : null
  }

  // ——— lists ———

  function listValuation(query: ValuationListQuery, locale: Locale): Promise<ValuationListAnswer> {
    const input = parseInput(ValuationListQuery, query)
    return cached(`valuation:${JSON.stringify(input)}:${locale}`, async () => {
      const filter = { market: input.market, withSnapshot: true, valuation: input.kind }
      const [rows, total, all] = await Promise.all([
        selectStockRows(db, filter, {
          order: input.kind,
          limit: input.pageSize,
          offset: (input.page - 1) * input.pageSize,
        }),
        countStockRows(db, filter),
        selectStockRows(db, { market: input.market, withSnapshot: true }),
      ])
      return {
        ...stampOf(all),
        kind: input.kind,
        market: input.market ?? null,
        rows: rows.map((row) => toStockSummary(row, locale)),
        total,
        page: input.page,
        pageSize: input.pageSize,
      }
    })
  }

  function listAiScores(query: AiScoreListQuery, locale: Locale): Promise<AiScoreListAnswer> {
    const input = parseInput(AiScoreListQuery, query)
    return cached(`ai:${JSON.stringify(input)}:${locale}`, async () => {
      const offset = (input.page - 1) * input.pageSize
      if (!input.q) {
        const filter = { market: input.market, withSnapshot: true }
        const [rows, total] = await Promise.all([
          selectStockRows(db, filter, { order: 'score', limit: input.pageSize, offset }),
          countStockRows(db, filter),
        ])
        return {
          ...stampOf(rows),
          q: null,
          market: input.market ?? null,
          rows: rows.map(
            (row): AiScoreRow => ({ ...toStockSummary(row, locale), matchedBy: null, matchedText: null }),
          ),
          total,
          page: input.page,
          pageSize: input.pageSize,
        }
      }
      const matches = await matchStocks(input.q, input.market, 50)
      const index = await loadCompanyIndex()
      const ids = matches
        .map((m) => index.byKey.get(`${m.market}:${m.code}`)?.id)
        .filter((id): id is number => id !== undefined)
      const page = ids.slice(offset, offset + input.pageSize)
      const rows = await selectStockRows(db, { companyIds: page })
      const byId = new Map(rows.map((r) => [r.companyId, r]))
      const pageRows = page.flatMap((id, i) => {
        const row = byId.get(id)
        const match = matches[offset + i] as StockMatch
        return row
          ? [{ ...toStockSummary(row, locale), matchedBy: match.matchedBy, matchedText: match.matchedText }]
          : []
      })
      return {
        ...stampOf(rows),
        q: input.q,
        market: input.market ?? null,
        rows: pageRows,
        total: ids.length,
        page: input.page,
        pageSize: input.pageSize,
      }
    })
  }

  async function mentionsSinceLastWeek(): Promise<Map<string, number>> {
    if (!deps.countArticleMentions) return new Map()
    return deps.countArticleMentions(new Date(clock.now().getTime() - MENTION_WINDOW_DAYS * 86_400_000))
  }

  function listHotStocks(query: HotStocksQuery, locale: Locale): Promise<HotStocksAnswer> {
    const input = parseInput(HotStocksQuery, query)
    return cached(`hot:${JSON.stringify(input)}:${locale}`, async () => {
      const [rows, mentions] = await Promise.all([
        selectStockRows(db, { withSnapshot: true }),
        mentionsSinceLastWeek(),
      ])
      const scored = rows.map((row) => {
        const mentionCount = mentions.get(`${row.market}:${row.code}`) ?? 0
        const heat = {
          heatScore: heatScoreOf({
            volumeRatio: row.volumeRatio,
            priceMove: row.priceMove,
            mentions: mentionCount,
          }),
          volumeRatio: row.volumeRatio,
          priceMove: row.priceMove,
          mentions: mentionCount,
          sessionDate: row.asOf,
        }
        return { row, heat }
      })
      const inScope = scored.filter((s) => !input.market || s.row.market === input.market)
      const hottest = [...inScope]
        .sort(
          (a, b) =>
            b.heat.heatScore - a.heat.heatScore || (b.row.marketCapUsd ?? 0) - (a.row.marketCapUsd ?? 0),
        )
        .slice(0, input.limit)
      const hot: HotStock[] = hottest.map(({ row, heat }, i) => {
        const stock = toStockSummary(row, locale)
        return { ...stock, rank: i + 1, heat, interpretation: interpretHotStock(stock, heat, locale) }
      })
      const marketHeat = markets
        .filter((market) => !input.market || market === input.market)
        .map((market) =>
          measureMarketHeat(
            market,
            scored.filter((s) => s.row.market === market).map((s) => ({ ...s.heat })),
            locale,
          ),
        )
      return {
        ...stampOf(inScope.map((s) => s.row)),
        market: input.market ?? null,
        markets: marketHeat,
        rows: hot,
      }
    })
  }

  function listExecutiveMoves(query: ExecutiveMovesQuery, locale: Locale): Promise<ExecutiveMovesAnswer> {
    const input = parseInput(ExecutiveMovesQuery, query)
    return cached(`moves:${JSON.stringify(input)}:${locale}`, async () => {
      let companyId: number | undefined
      if (input.code) {
        const match = await findStock(input.code, input.market)
        if (!match) throw new AppError('not_found', StockErrorCode.notFound)
        companyId = (await loadCompanyIndex()).byKey.get(`${match.market}:${match.code}`)?.id
      }
      const filter = { market: input.market, kind: input.kind, companyId }
      const [rows, total, stampRows] = await Promise.all([
        selectExecutiveMoves(db, filter, {
          limit: input.pageSize,
          offset: (input.page - 1) * input.pageSize,
        }),
        countExecutiveMoves(db, filter),
        selectStockRows(db, {
          market: input.market,
          companyIds: companyId !== undefined ? [companyId] : undefined,
          withSnapshot: true,
        }),
      ])
      return {
        ...stampOf(stampRows),
        market: input.market ?? null,
        rows: rows.map((row) => ({
          code: row.code,
          market: row.market,
          name: nameIn(locale, row),
          nameEn: row.nameEn,
          nameZh: row.nameZh,
          currency: row.currency,
          date: row.date,
          insiderName: row.insiderName,
          role: row.role,
          kind: row.kind,
          shares: row.shares,
          price: row.price,
          value: row.value,
          valueUsd: row.value * DEFAULT_ASSUMPTIONS.usdPerUnit[row.currency],
          isDemo: row.isDemo ?? false,
        })),
        total,
        page: input.page,
        pageSize: input.pageSize,
      }
    })
  }

  /** Monthly picks of the current month the reader sees (contracts/benefits.ts: 5 / 10 / every one; others none). */
  function visiblePicksFor(reader: Reader): number {
    return benefitsOf(benefitReaderOf(reader)).monthlyPicks ?? Number.POSITIVE_INFINITY
  }

  async function listMonthlyPicks(
    query: MonthlyPicksQuery,
    reader: Reader,
    locale: Locale,
  ): Promise<MonthlyPicksAnswer> {
    const input = parseInput(MonthlyPicksQuery, query)
    const all = await cached(`picks:${JSON.stringify(input)}`, async () => {
      const months = (await selectPickMonths(db)).slice(0, input.months)
      const [rows, stampRows] = await Promise.all([
        selectPicks(db, months, input.market),
        selectStockRows(db, { market: input.market, withSnapshot: true }),
      ])
      return { months, rows, stamp: stampOf(stampRows) }
    })
    const currentMonth = calendarOf(clock.now(), 'UTC').month
    const visibleNow = visiblePicksFor(reader)
    const mean = (values: number[]) =>
      values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length
    const share = (values: number[]) =>
      values.length === 0 ? null : values.filter((v) => v > 0).length / values.length
    const months: MonthlyPicksMonth[] = all.months.map((month) => {
      const rows = all.rows.filter((r) => r.month === month)
      const picks: MonthlyPick[] = rows.map((r) => ({
        month: r.month,
        rank: r.rank,
        code: r.code,
        market: r.market,
        name: nameIn(locale, r),
        nameEn: r.nameEn,
        nameZh: r.nameZh,
        currency: r.currency,
        suggestion: r.suggestion as PickSuggestion,
        stockType: r.stockType as StockType,
        recommendedPrice: r.recommendedPrice,
        analystEstimatedPrice: r.analystEstimatedPrice,
        analystEstimatedPriceSource:
          r.analystEstimatedPriceSource as MonthlyPick['analystEstimatedPriceSource'],
        estimatedReturn: r.estimatedReturn,
        estimatedMaxDrawdown: r.estimatedMaxDrawdown,
        recommendedAt: r.recommendedAt,
        dataAsOf: r.dataAsOf,
        score: r.totalScore,
        fairValue: r.fairValue,
        downsideMargin: r.downsideMargin,
        latestPrice: r.latestPrice,
        latestPriceDate: r.latestPriceDate,
        actualReturn: r.actualReturn,
        actualMaxDrawdown: r.actualMaxDrawdown,
        isDemo: r.isDemo,
      }))
      const returns = rows.map((r) => r.actualReturn).filter((v): v is number => v !== null)
      const shown = month >= currentMonth ? picks.slice(0, visibleNow) : picks
      return {
        month,
        recommendedAt: `${month}-01`,
        picks: shown,
        lockedCount: picks.length - shown.length,
        averageReturn: mean(returns),
        winRate: share(returns),
      }
    })
    const completed = all.rows
      .filter((r) => r.month < currentMonth)
      .map((r) => r.actualReturn)
      .filter((v): v is number => v !== null)
    return {
      ...all.stamp,
      isDemo: all.stamp.isDemo || all.rows.some((r) => r.isDemo),
      market: input.market ?? null,
      months,
      trackRecord: { picks: completed.length, averageReturn: mean(completed), winRate: share(completed) },
      rule: pickRuleText[locale],
    }
  }

  async function forgetPastDiagnosisViews(): Promise<void> {
    await deleteDiagnosisViewsBefore(db, calendarOf(clock.now(), config.limitsTimeZone).day)
  }

  return {
    findStock,
    getDiagnosis,
    readDiagnosis,
    getStock,
    listValuation,
    listAiScores,
    listHotStocks,
    listExecutiveMoves,
    listMonthlyPicks,
    forgetPastDiagnosisViews,
  }
}
