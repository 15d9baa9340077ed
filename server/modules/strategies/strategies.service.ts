/**
 * Portfolio strategies (issue 15): what readers see of them, and what analysts change in the console.
 *
 * Decides: which strategies a reader sees — contracts/benefits.ts's `strategyVisible` for the reader's reach, and
 * for a reach of `curated` only the first `curatedStrategiesShown` curated ones in position order; every other one
 * is locked with `lockReasonFor` and sent as its name, summary and visibility only. A strategy's holdings are its
 * last rebalance's; its performance since inception is performance.ts's arithmetic over our own closes, against
 * the market's benchmark (the stocks module's, asked through `prices`), from the inception to the last day with
 * prices. Spec §9's guidance (about 25+ stocks, held 5+ years) is shown as a warning when the strategy falls short
 * of either.
 * A rebalance is dated on a trading day we have prices for and not in the future, after the last one; its stocks
 * are of the strategy's market, each once, with a price by that day; weights in percent sum to 100 ± 0.01.
 * Every console change is written to the audit log in its transaction (`recordChange`).
 */
import {
  type BenefitReader,
  benefitReaderOf,
  benefitsOf,
  curatedStrategiesShown,
  type LockReason,
  lockReasonFor,
  type StrategyReach,
  type StrategyVisibility,
  strategyVisible,
} from '#contracts/benefits.ts'
import type { ConsoleActor } from '#contracts/console-rules.ts'
import type { FieldError } from '#contracts/envelope.ts'
import { type Locale, locales, type Market } from '#contracts/regions.ts'
import type { RebalanceInput, StrategyInput } from '#contracts/strategies.ts'
import {
  type ConsoleRebalance,
  type ConsoleStrategy,
  type ConsoleStrategyDetail,
  guidanceOf,
  holdingsProblems,
  type PerformancePointView,
  type RebalanceChange,
  type RebalanceView,
  type StrategyCard,
  type StrategyDetail,
  StrategyErrorCode,
  type StrategyList,
  strategyAuditActions,
} from '#contracts/strategies-rules.ts'
import type { Clock } from '#server/clock.ts'
import { type Db, inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { MarketBenchmark } from '#server/modules/stocks/market-benchmark.ts'
import type { MarketPricesService, PricedCompany } from '#server/modules/stocks/market-prices.service.ts'
import { normalizeCode } from '#server/providers/market-data/universe.ts'
import { demoteHeadings, renderMarkdown } from '#server/text/render-markdown.ts'
import { PERFORMANCE_METHOD, type StrategyPerformance, strategyPerformance } from './performance.ts'
import {
  insertRebalance,
  insertStrategy,
  markStrategyRemoved,
  type RebalanceRow,
  type StrategyRow,
  saveRationales,
  selectRationales,
  selectRebalances,
  selectStrategies,
  selectStrategyById,
  slugExists,
  updateStrategy,
} from './strategies.repo.ts'
import type { StrategyHolding } from './strategies.sql.ts'

export interface StrategyChangeRecord {
  actor: ConsoleActor | null
  action: string
  entity: string
  entityId: string
  before: unknown
  after: unknown
}

/** Points of a chart series at most (a daily series over years is thinned evenly; first and last kept). */
const CHART_POINTS_MAX = 320
const DAYS_PER_YEAR = 365.25

/** Whether a strategy of `visibility`, the `curatedIndex`-th curated one in order, opens for a reach. */
function opensFor(reach: StrategyReach, visibility: StrategyVisibility, curatedIndex: number): boolean {
  if (!strategyVisible(reach, visibility)) return false
  return !(visibility === 'curated' && reach === 'curated' && curatedIndex >= curatedStrategiesShown)
}

/** A URL-safe address from the English name. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '')
  return slug || 'strategy'
}

function thin(series: PerformancePointView[]): PerformancePointView[] {
  if (series.length <= CHART_POINTS_MAX) return series
  const step = (series.length - 1) / (CHART_POINTS_MAX - 1)
  return Array.from(
    { length: CHART_POINTS_MAX },
    (_, i) => series[Math.round(i * step)] as PerformancePointView,
  )
}

function yearsBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 / DAYS_PER_YEAR
}

const keyOf = (holding: { market: Market; code: string }) => `${holding.market}:${holding.code}`

export function createStrategiesService({
  db,
  clock,
  prices,
  recordChange,
}: {
  db: Db
  clock: Clock
  /** The stocks module's market data: companies, closes, trading days, demo flags and the benchmark. */
  prices: Omit<MarketPricesService, 'tradingDayFrom' | 'codesPricedOn'>
  recordChange: (record: StrategyChangeRecord, db: Db) => Promise<void>
}) {
  const today = () => clock.now().toISOString().slice(0, 10)

  // ——— performance, cached per strategy's rebalances and the market's data (the benchmark's key) ———

  const performanceCache = new Map<
    string,
    Promise<{ performance: StrategyPerformance | null; benchmark: MarketBenchmark }>
  >()

  function performanceOf(strategy: StrategyRow, rebalances: readonly RebalanceRow[]) {
    const inception = rebalances[0]?.effectiveOn
    if (!inception) return Promise.resolve(null)
    return prices.benchmarkOf(strategy.market, inception).then((benchmark) => {
      const key = `${strategy.id}|${rebalances.map((r) => r.id).join(',')}|${benchmark.asOf}|${benchmark.points.length}|${benchmark.points.at(-1)?.value}`
      let hit = performanceCache.get(key)
      if (!hit) {
        if (performanceCache.size > 200) performanceCache.clear()
        hit = computePerformance(rebalances, benchmark, inception)
        performanceCache.set(key, hit)
        hit.catch(() => performanceCache.delete(key))
      }
      return hit
    })
  }

  async function computePerformance(
    rebalances: readonly RebalanceRow[],
    benchmark: MarketBenchmark,
    inception: string,
  ) {
    const keys = rebalances.flatMap((rebalance) => rebalance.holdings.map(keyOf))
    const companies = await prices.findCompaniesByKeys(keys)
    const closesById = await prices.listClosesFrom(
      [...companies.values()].map((company) => company.id),
      inception,
    )
    const closes = new Map([...companies].map(([key, company]) => [key, closesById.get(company.id) ?? []]))
    const performance = strategyPerformance({
      rebalances: rebalances.map((rebalance) => ({
        effectiveOn: rebalance.effectiveOn,
        holdings: rebalance.holdings.map((holding) => ({ key: keyOf(holding), weight: holding.weight })),
      })),
      closes,
      benchmark: benchmark.points,
    })
    return { performance, benchmark }
  }

  // ——— readers ———

  interface Judged {
    strategy: StrategyRow
    lock: LockReason | null
  }

  /** Every published strategy with the reader's lock, in order. */
  async function judge(reader: Reader): Promise<{ judged: Judged[]; benefitReader: BenefitReader }> {
    const benefitReader = benefitReaderOf(reader)
    const reach = benefitsOf(benefitReader).strategies
    const strategies = await selectStrategies(db, { withDrafts: false })
    let curatedIndex = 0
    const judged = strategies.map((strategy) => {
      const index = strategy.visibility === 'curated' ? curatedIndex++ : 0
      const opens = opensFor(reach, strategy.visibility, index)
      const lock = opens
        ? null
        : (lockReasonFor(benefitReader, (benefits) =>
            opensFor(benefits.strategies, strategy.visibility, index),
          ) ?? {
            kind: 'upgrade' as const,
            tier: 'premium' as const,
          })
      return { strategy, lock }
    })
    return { judged, benefitReader }
  }

  function cardOf(strategy: StrategyRow, lock: LockReason | null, locale: Locale): StrategyCard {
    return {
      slug: strategy.slug,
      name: strategy.name[locale],
      summary: strategy.summary[locale],
      market: strategy.market,
      visibility: strategy.visibility,
      isSample: strategy.isSample,
      lock,
      glance: null,
    }
  }

  async function listForReader(reader: Reader, locale: Locale): Promise<StrategyList> {
    const { judged } = await judge(reader)
    const open = judged.filter((entry) => entry.lock === null).map((entry) => entry.strategy)
    const rebalances = await selectRebalances(
      db,
      open.map((strategy) => strategy.id),
    )
    const markets = [...new Set(judged.map((entry) => entry.strategy.market))]
    const demoMarkets = await Promise.all(markets.map((market) => prices.isDemo(market)))
    const strategies = await Promise.all(
      judged.map(async ({ strategy, lock }) => {
        const card = cardOf(strategy, lock, locale)
        if (lock) return card
        const own = rebalances.filter((rebalance) => rebalance.strategyId === strategy.id)
        const inception = own[0]?.effectiveOn
        if (!inception) return card
        const computed = await performanceOf(strategy, own)
        card.glance = {
          inception,
          holdings: own.at(-1)?.holdings.length ?? 0,
          totalReturn: computed?.performance?.strategy.totalReturn ?? null,
          benchmarkReturn: computed?.performance?.benchmark.totalReturn ?? null,
        }
        return card
      }),
    )
    return { strategies, isDemo: demoMarkets.some(Boolean) }
  }

  function changesOf(
    previous: readonly StrategyHolding[],
    current: readonly StrategyHolding[],
    nameOf: (key: string) => string,
  ): RebalanceChange[] {
    const before = new Map(previous.map((holding) => [keyOf(holding), holding.weight]))
    const after = new Map(current.map((holding) => [keyOf(holding), holding.weight]))
    const changes: RebalanceChange[] = []
    for (const holding of current) {
      const key = keyOf(holding)
      const was = before.get(key)
      if (was === undefined)
        changes.push({ code: holding.code, name: nameOf(key), kind: 'added', from: null, to: holding.weight })
      else if (Math.abs(was - holding.weight) > 1e-9)
        changes.push({
          code: holding.code,
          name: nameOf(key),
          kind: 'reweighted',
          from: was,
          to: holding.weight,
        })
    }
    for (const holding of previous) {
      const key = keyOf(holding)
      if (!after.has(key))
        changes.push({
          code: holding.code,
          name: nameOf(key),
          kind: 'removed',
          from: holding.weight,
          to: null,
        })
    }
    return changes
  }

  async function detailForReader(slug: string, reader: Reader, locale: Locale): Promise<StrategyDetail> {
    const { judged } = await judge(reader)
    const entry = judged.find((candidate) => candidate.strategy.slug === slug)
    if (!entry) throw new AppError('not_found', StrategyErrorCode.notFound)
    if (entry.lock) throw new AppError('forbidden', StrategyErrorCode.locked)
    const { strategy } = entry
    const [rebalances, rationales] = await Promise.all([
      selectRebalances(db, [strategy.id]),
      selectRationales(db, [strategy.id]),
    ])
    const inception = rebalances[0]?.effectiveOn ?? null
    const companies = await prices.findCompaniesByKeys(
      rebalances.flatMap((rebalance) => rebalance.holdings.map(keyOf)),
    )
    const nameOf = (key: string) => {
      const company = companies.get(key)
      if (!company) return key.split(':')[1] ?? key
      return locale === 'zh-Hant' ? company.nameZh : company.nameEn
    }
    const computed = await performanceOf(strategy, rebalances)
    const performance = computed?.performance ?? null
    const latest = rebalances.at(-1)?.holdings ?? []
    const texts = rationales.get(strategy.id) ?? {}
    const otherLocale = locales.find((candidate) => candidate !== locale) as Locale
    const rationale = texts[locale]?.trim() ? texts[locale] : (texts[otherLocale] ?? '')
    const years = inception ? Math.max(0, yearsBetween(inception, today())) : 0
    const history: RebalanceView[] = rebalances
      .map((rebalance, index) => ({
        effectiveOn: rebalance.effectiveOn,
        note: rebalance.note[locale],
        holdings: rebalance.holdings.length,
        changes: changesOf(rebalances[index - 1]?.holdings ?? [], rebalance.holdings, nameOf),
      }))
      .reverse()
    return {
      ...cardOf(strategy, null, locale),
      glance: inception
        ? {
            inception,
            holdings: latest.length,
            totalReturn: performance?.strategy.totalReturn ?? null,
            benchmarkReturn: performance?.benchmark.totalReturn ?? null,
          }
        : null,
      // Under the strategy's name (h2) and its section heading (h3).
      rationaleHtml: rationale ? demoteHeadings(renderMarkdown(rationale), 4) : '',
      inception: inception ?? '',
      holdings: [...latest]
        .sort((a, b) => b.weight - a.weight || a.code.localeCompare(b.code))
        .map((holding) => {
          const company = companies.get(keyOf(holding))
          return {
            market: holding.market,
            code: holding.code,
            name: nameOf(keyOf(holding)),
            nameEn: company?.nameEn ?? holding.code,
            nameZh: company?.nameZh ?? holding.code,
            weight: holding.weight,
          }
        }),
      rebalances: history,
      performance: performance
        ? {
            startDate: performance.startDate,
            asOf: performance.asOf,
            series: thin(performance.series),
            strategy: performance.strategy,
            benchmark: performance.benchmark,
          }
        : null,
      benchmark: {
        method: computed?.benchmark.method ?? 'equal-weight-universe-v1',
        constituents: computed?.benchmark.constituents ?? 0,
        asOf: computed?.benchmark.asOf ?? null,
      },
      performanceMethod: PERFORMANCE_METHOD,
      isDemo: computed?.benchmark.isDemo ?? (await prices.isDemo(strategy.market)),
      guidance: { holdings: latest.length, years, ...guidanceOf(latest.length, years) },
    }
  }

  // ——— console ———

  async function strategyOrFail(id: string, inDb: Db = db): Promise<StrategyRow> {
    const strategy = await selectStrategyById(inDb, id)
    if (!strategy) throw new AppError('not_found', StrategyErrorCode.notFound)
    return strategy
  }

  async function consoleDetail(id: string, inDb: Db = db): Promise<ConsoleStrategyDetail> {
    const strategy = await strategyOrFail(id, inDb)
    const [rebalances, rationales] = await Promise.all([
      selectRebalances(inDb, [id]),
      selectRationales(inDb, [id]),
    ])
    const companies = await prices.findCompaniesByKeys(
      rebalances.flatMap((rebalance) => rebalance.holdings.map(keyOf)),
      inDb,
    )
    const texts = rationales.get(id) ?? {}
    return {
      ...consoleSummaryOf(strategy, rebalances),
      rationale: { en: texts.en ?? '', 'zh-Hant': texts['zh-Hant'] ?? '' },
      rebalances: rebalances
        .map(
          (rebalance): ConsoleRebalance => ({
            id: rebalance.id,
            effectiveOn: rebalance.effectiveOn,
            note: rebalance.note,
            holdings: rebalance.holdings.map((holding) => {
              const company = companies.get(keyOf(holding))
              return {
                market: holding.market,
                code: holding.code,
                nameEn: company?.nameEn ?? holding.code,
                nameZh: company?.nameZh ?? holding.code,
                weight: holding.weight,
              }
            }),
            createdByPhone: rebalance.createdByPhone,
            createdAt: rebalance.createdAt.toISOString(),
          }),
        )
        .reverse(),
    }
  }

  function consoleSummaryOf(strategy: StrategyRow, rebalances: readonly RebalanceRow[]): ConsoleStrategy {
    return {
      id: strategy.id,
      slug: strategy.slug,
      name: strategy.name,
      summary: strategy.summary,
      market: strategy.market,
      visibility: strategy.visibility,
      position: strategy.position,
      published: strategy.published,
      isSample: strategy.isSample,
      inception: rebalances[0]?.effectiveOn ?? null,
      rebalanceCount: rebalances.length,
      holdings: rebalances.at(-1)?.holdings.length ?? 0,
      updatedAt: strategy.updatedAt.toISOString(),
    }
  }

  async function listForConsole(): Promise<ConsoleStrategy[]> {
    const strategies = await selectStrategies(db, { withDrafts: true })
    const rebalances = await selectRebalances(
      db,
      strategies.map((strategy) => strategy.id),
    )
    return strategies.map((strategy) =>
      consoleSummaryOf(
        strategy,
        rebalances.filter((rebalance) => rebalance.strategyId === strategy.id),
      ),
    )
  }

  async function freeSlug(inDb: Db, name: string): Promise<string> {
    const base = slugOf(name)
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`
      if (!(await slugExists(inDb, candidate))) return candidate
    }
  }

  async function createStrategy(input: StrategyInput, actor: ConsoleActor): Promise<ConsoleStrategyDetail> {
    return inTransaction(db, async (tx) => {
      const row = await insertStrategy(tx, {
        slug: await freeSlug(tx, input.name.en),
        name: input.name,
        summary: input.summary,
        market: input.market,
        visibility: input.visibility,
        position: input.position,
        published: input.published,
        isSample: false,
      })
      await saveRationales(tx, row.id, input.rationale)
      const after = await consoleDetail(row.id, tx)
      await recordChange(
        {
          actor,
          action: strategyAuditActions.create,
          entity: 'strategy',
          entityId: row.id,
          before: null,
          after,
        },
        tx,
      )
      return after
    })
  }

  async function updateStrategyOf(
    id: string,
    input: StrategyInput,
    actor: ConsoleActor,
  ): Promise<ConsoleStrategyDetail> {
    return inTransaction(db, async (tx) => {
      const before = await consoleDetail(id, tx)
      if (input.market !== before.market && before.rebalanceCount > 0)
        throw new AppError('conflict', StrategyErrorCode.marketLocked, {
          fields: [{ field: 'market', code: StrategyErrorCode.marketLocked }],
        })
      await updateStrategy(tx, id, {
        name: input.name,
        summary: input.summary,
        market: input.market,
        visibility: input.visibility,
        position: input.position,
        published: input.published,
      })
      await saveRationales(tx, id, input.rationale)
      const after = await consoleDetail(id, tx)
      await recordChange(
        { actor, action: strategyAuditActions.update, entity: 'strategy', entityId: id, before, after },
        tx,
      )
      return after
    })
  }

  async function removeStrategy(id: string, actor: ConsoleActor): Promise<{ removed: true }> {
    return inTransaction(db, async (tx) => {
      const before = await consoleDetail(id, tx)
      await markStrategyRemoved(tx, id, clock.now())
      await recordChange(
        { actor, action: strategyAuditActions.remove, entity: 'strategy', entityId: id, before, after: null },
        tx,
      )
      return { removed: true as const }
    })
  }

  /** The holdings of a valid rebalance, or every field's problem (codes of StrategyErrorCode). */
  async function checkRebalance(
    strategy: StrategyRow,
    input: RebalanceInput,
    existing: readonly RebalanceRow[],
    inDb: Db,
  ): Promise<StrategyHolding[]> {
    const fields: FieldError[] = []
    const day = input.effectiveOn
    const last = existing.at(-1)?.effectiveOn
    if (day > today()) fields.push({ field: 'effectiveOn', code: StrategyErrorCode.rebalanceFuture })
    else if (existing.some((rebalance) => rebalance.effectiveOn === day))
      throw new AppError('conflict', StrategyErrorCode.rebalanceExists, {
        fields: [{ field: 'effectiveOn', code: StrategyErrorCode.rebalanceExists }],
      })
    else if (last && day < last)
      fields.push({ field: 'effectiveOn', code: StrategyErrorCode.rebalanceBeforeLast })
    else if (!(await prices.hasBarOn(strategy.market, day, inDb)))
      fields.push({ field: 'effectiveOn', code: StrategyErrorCode.rebalanceNoData })

    const drafts = input.holdings.map((holding) => ({
      market: holding.market,
      code: normalizeCode(holding.market, holding.code),
      weightPercent: holding.weightPercent,
    }))
    const problems = holdingsProblems(drafts, strategy.market)
    const companies = await prices.findCompaniesByCodes(
      strategy.market,
      drafts.filter((draft) => draft.market === strategy.market).map((draft) => draft.code),
      inDb,
    )
    const byCode = new Map(companies.map((company) => [company.code, company]))
    const priced =
      fields.length === 0
        ? await prices.findCompaniesPricedBy(
            companies.map((c) => c.id),
            day,
            inDb,
          )
        : null
    drafts.forEach((draft, index) => {
      const problem = problems.rows[index]
      if (problem === StrategyErrorCode.weightInvalid)
        fields.push({ field: `holdings.${index}.weightPercent`, code: problem })
      else if (problem) fields.push({ field: `holdings.${index}.code`, code: problem })
      else {
        const company: PricedCompany | undefined = byCode.get(draft.code)
        if (!company) fields.push({ field: `holdings.${index}.code`, code: StrategyErrorCode.stockUnknown })
        else if (priced && !priced.has(company.id))
          fields.push({ field: `holdings.${index}.code`, code: StrategyErrorCode.stockNoPrice })
      }
    })
    if (problems.total) fields.push({ field: 'holdings', code: problems.total })
    if (fields.length > 0) throw new AppError('invalid', (fields[0] as FieldError).code, { fields })
    // Stored as fractions that sum to exactly 1 (the typed percentages are within 0.01 of 100).
    const total = drafts.reduce((sum, draft) => sum + draft.weightPercent, 0)
    return drafts.map((draft) => ({
      market: draft.market,
      code: draft.code,
      weight: draft.weightPercent / total,
    }))
  }

  async function addRebalance(
    id: string,
    input: RebalanceInput,
    actor: ConsoleActor,
  ): Promise<ConsoleStrategyDetail> {
    return inTransaction(db, async (tx) => {
      const strategy = await strategyOrFail(id, tx)
      const existing = await selectRebalances(tx, [id])
      const holdings = await checkRebalance(strategy, input, existing, tx)
      const row = await insertRebalance(tx, {
        strategyId: id,
        effectiveOn: input.effectiveOn,
        note: input.note,
        holdings,
        createdByMemberId: actor.memberId,
        createdByPhone: actor.phone,
      })
      await updateStrategy(tx, id, {})
      const after = await consoleDetail(id, tx)
      await recordChange(
        {
          actor,
          action: strategyAuditActions.rebalance,
          entity: 'strategy',
          entityId: id,
          before: null,
          after: {
            rebalanceId: row.id,
            effectiveOn: row.effectiveOn,
            note: row.note,
            holdings: row.holdings,
          },
        },
        tx,
      )
      return after
    })
  }

  return {
    listForReader,
    detailForReader,
    listForConsole,
    getForConsole: (id: string) => consoleDetail(id),
    createStrategy,
    updateStrategy: updateStrategyOf,
    removeStrategy,
    addRebalance,
  }
}

export type StrategiesService = ReturnType<typeof createStrategiesService>
