/**
 * Portfolio strategies as readers see them (issue 15; the member's strategies page): the list with each one's lock
 * or its glance, and one strategy's detail — its holdings (the last rebalance's), the history of rebalances with
 * what each changed, its rationale, and its performance since inception against the market's benchmark.
 *
 * Decides which strategies a reader sees — contracts/benefits.ts's `strategyVisible` for the reader's reach, and for
 * a reach of `curated` only the first `curatedStrategiesShown` curated ones in position order; every other one is
 * locked with `lockReasonFor` and sent as its name, summary and visibility only. Performance is performance.ts's
 * arithmetic over our own closes, against the market's benchmark (the stocks module's, asked through `prices`),
 * from the inception to the last day with prices, cached per strategy's rebalances and the market's data. Spec §9's
 * guidance (about 25+ stocks, held 5+ years) is shown as a warning when the strategy falls short of either.
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
import { type Locale, locales } from '#contracts/regions.ts'
import {
  guidanceOf,
  type PerformancePointView,
  type RebalanceView,
  type StrategyCard,
  type StrategyDetail,
  StrategyErrorCode,
  type StrategyList,
} from '#contracts/strategies-rules.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { MarketBenchmark } from '#server/modules/stocks/market-benchmark.ts'
import type { MarketPricesService } from '#server/modules/stocks/market-prices.service.ts'
import { demoteHeadings, renderMarkdown } from '#server/text/render-markdown.ts'
import { PERFORMANCE_METHOD, type StrategyPerformance, strategyPerformance } from './performance.ts'
import {
  type RebalanceRow,
  type StrategyRow,
  selectRationales,
  selectRebalances,
  selectStrategies,
} from './strategies.repo.ts'
import { holdingKeyOf, rebalanceChangesOf } from './strategy-holdings.ts'

/** Points of a chart series at most (a daily series over years is thinned evenly; first and last kept). */
const CHART_POINTS_MAX = 320
const DAYS_PER_YEAR = 365.25

/** Whether a strategy of `visibility`, the `curatedIndex`-th curated one in order, opens for a reach. */
function opensFor(reach: StrategyReach, visibility: StrategyVisibility, curatedIndex: number): boolean {
  if (!strategyVisible(reach, visibility)) return false
  return !(visibility === 'curated' && reach === 'curated' && curatedIndex >= curatedStrategiesShown)
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

export function createStrategyReading({
  db,
  clock,
  prices,
}: {
  db: Db
  clock: Clock
  /** The stocks module's market data: companies, closes, demo flags and the benchmark. */
  prices: Pick<MarketPricesService, 'benchmarkOf' | 'findCompaniesByKeys' | 'listClosesFrom' | 'isDemo'>
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
    const keys = rebalances.flatMap((rebalance) => rebalance.holdings.map(holdingKeyOf))
    const companies = await prices.findCompaniesByKeys(keys)
    const closesById = await prices.listClosesFrom(
      [...companies.values()].map((company) => company.id),
      inception,
    )
    const closes = new Map([...companies].map(([key, company]) => [key, closesById.get(company.id) ?? []]))
    const performance = strategyPerformance({
      rebalances: rebalances.map((rebalance) => ({
        effectiveOn: rebalance.effectiveOn,
        holdings: rebalance.holdings.map((holding) => ({
          key: holdingKeyOf(holding),
          weight: holding.weight,
        })),
      })),
      closes,
      benchmark: benchmark.points,
    })
    return { performance, benchmark }
  }

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
      rebalances.flatMap((rebalance) => rebalance.holdings.map(holdingKeyOf)),
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
        changes: rebalanceChangesOf(rebalances[index - 1]?.holdings ?? [], rebalance.holdings, nameOf),
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
          const company = companies.get(holdingKeyOf(holding))
          return {
            market: holding.market,
            code: holding.code,
            name: nameOf(holdingKeyOf(holding)),
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

  return { listForReader, detailForReader }
}
