/**
 * The AI stock diagnosis (spec §3): with the reader's quota (getDiagnosis, the page and GET
 * /bizStockScore/getByCode) and without it (readDiagnosis, the chat's tools, which meter their own answers). Decides
 * when an attempt is used: the quota is peeked first, the stock found, the diagnosis loaded (the latest snapshot, or
 * a fresh engine run when there is none for the latest data), and only a diagnosis that is ready uses one; the same
 * stock again the same day (by the reader, or a member's browser) is free, remembered in `stock_diagnosis_views`
 * until the next day. Leaves the analysis to the engine, the summary to its generator, and how many attempts a
 * reader has to quotas.
 */
import type { Locale, Market } from '#contracts/regions.ts'
import { isServiceError } from '#contracts/service-error.ts'
import {
  type StockDiagnosis,
  type StockDiagnosisAnswer,
  StockDiagnosisQuery,
} from '#contracts/stock-diagnosis.ts'
import { StockErrorCode } from '#contracts/stock-rules.ts'
import { type Clock, calendarOf } from '#server/clock.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { QuotaService } from '#server/modules/quotas/quotas.service.ts'
import { addDays } from '#server/providers/market-data/exchange-calendar.ts'
import {
  deleteDiagnosisView,
  deleteDiagnosisViewsBefore,
  hasDiagnosisView,
  recordDiagnosisView,
} from './diagnosis-views.repo.ts'
import { dividendsOfDiagnosis } from './dividend-history.ts'
import { ENGINE_VERSION } from './engine/diagnose-stock.ts'
import type { Diagnosis } from './engine/diagnosis.types.ts'
import type { SummaryGenerator } from './engine/summary-generator.ts'
import { selectBars, selectFundamentals } from './market-data.repo.ts'
import { yearOfBars } from './screen-figures.ts'
import { type DataStamps, parseInput } from './stock-answers.ts'
import type { StockFinder } from './stock-finder.ts'
import type { StockRefresh } from './stock-refresh.ts'
import { toStockDiagnosis, toStockSummary } from './stock-wire.ts'
import { type StockRow, selectLatestSnapshot, selectStockRows } from './stocks.repo.ts'

export function createStockDiagnosis({
  db,
  config,
  clock,
  quotas,
  recomputeSnapshots,
  summaries,
  finder,
  stamps,
}: {
  db: Db
  config: Config
  clock: Clock
  quotas: QuotaService
  /** The refresh's engine run for companies without a current snapshot. */
  recomputeSnapshots: StockRefresh['recomputeSnapshots']
  summaries: SummaryGenerator
  finder: StockFinder
  stamps: DataStamps
}) {
  async function loadDiagnosis(
    row: StockRow,
  ): Promise<{ diagnosis: Diagnosis; computedAt: string; source: string; isDemo: boolean }> {
    // A company of the universe whose data has not been fetched yet (a real provider filling in the background).
    if (!row.lastBarDate || !row.source) throw new AppError('unavailable', StockErrorCode.dataNotReady)
    let snapshot = await selectLatestSnapshot(db, row.companyId)
    if (!snapshot || snapshot.asOf < row.lastBarDate || snapshot.engineVersion !== ENGINE_VERSION) {
      // No current snapshot (a failed refresh, or a new engine version): run the engine now and keep the result.
      const { snapshots } = await recomputeSnapshots([row.companyId])
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
    const history = yearOfBars(await selectBars(db, row.companyId, addDays(asOf, -400)), asOf)
    const dividends = dividendsOfDiagnosis(await selectFundamentals(db, row.companyId), loaded.diagnosis)
    // A fresh engine run has just stored the snapshot the list columns come from: read the row again.
    const current =
      row.asOf === asOf ? row : ((await selectStockRows(db, { companyIds: [row.companyId] }))[0] ?? row)
    return toStockDiagnosis(
      loaded.diagnosis,
      toStockSummary(current, locale),
      {
        isDemo: loaded.isDemo,
        stale: stamps.isStale(row.market, asOf),
        computedAt: loaded.computedAt,
        source: loaded.source,
        summary,
        history,
        dividends,
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
    const match = await finder.findStock(input.code, input.market)
    const row = match ? await finder.rowOf(match) : null
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
      stale: stamps.isStale(row.market, answer.asOf),
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
    const row = await finder.rowOf({ market, code })
    if (!row) return null
    const body = await diagnosisBody(row, locale)
    return { ...body, stale: stamps.isStale(row.market, body.asOf) }
  }

  /** Housekeeping: forgets which diagnoses readers opened on days before today. */
  async function forgetPastDiagnosisViews(): Promise<void> {
    await deleteDiagnosisViewsBefore(db, calendarOf(clock.now(), config.limitsTimeZone).day)
  }

  return { getDiagnosis, readDiagnosis, forgetPastDiagnosisViews }
}
