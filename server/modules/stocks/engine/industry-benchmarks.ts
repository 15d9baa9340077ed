/**
 * Industry reference figures: the median P/E, P/B, margins and returns of a company's peers. The engine compares a
 * company with these medians; the service computes them over its whole universe with the functions here, so peers
 * and the company are measured the same way (see measureBenchmarkFigures). Medians ignore missing figures, and P/E
 * and P/B ignore non-positive values (losses and negative equity have no meaningful multiple).
 */
import type { AnnualFundamentals, Company } from '#server/providers/market-data/market-data.ts'
import { deriveYearFigures, selectFundamentals, type YearFigures } from './financial-figures.ts'
import { convertCurrencyRate, DEFAULT_ASSUMPTIONS, type EngineAssumptions } from './market-assumptions.ts'
import { computePriceRatios } from './price-ratios.ts'

export const BENCHMARK_METRICS = [
  'pe',
  'pb',
  'grossMargin',
  'operatingMargin',
  'roe',
  'roa',
  'roce',
  'roic',
] as const
export type BenchmarkMetric = (typeof BENCHMARK_METRICS)[number]

/** One company's figures as they enter the peer medians. */
export interface BenchmarkFigures extends Record<BenchmarkMetric, number | null> {
  code: string
  sector: Company['sector']
  industry: string
}

export interface BenchmarkStatistic {
  median: number | null
  /** Number of peers with a usable figure for this metric. */
  count: number
}

export interface IndustryBenchmarks {
  /** Industry medians when enough peers exist, else the sector's. */
  scope: 'industry' | 'sector'
  key: string
  peerCount: number
  metrics: Record<BenchmarkMetric, BenchmarkStatistic>
}

export interface BenchmarkTable {
  minPeers: number
  industries: Record<string, IndustryBenchmarks>
  sectors: Record<string, IndustryBenchmarks>
}

/** A median needs at least this many figures; fewer make it null rather than one peer's number. */
export const MIN_FIGURES_PER_MEDIAN = 3

const POSITIVE_ONLY: ReadonlySet<BenchmarkMetric> = new Set(['pe', 'pb'])

function medianOf(values: number[]): number | null {
  if (values.length < MIN_FIGURES_PER_MEDIAN) return null
  values.sort((a, b) => a - b)
  const mid = values.length >> 1
  return values.length % 2 === 0 ? (values[mid - 1]! + values[mid]!) / 2 : values[mid]!
}

/** Medians of each metric over the given peers. */
export function computeIndustryBenchmarks(
  figures: readonly BenchmarkFigures[],
  scope: IndustryBenchmarks['scope'],
  key: string,
): IndustryBenchmarks {
  const metrics = {} as Record<BenchmarkMetric, BenchmarkStatistic>
  for (const metric of BENCHMARK_METRICS) {
    const values: number[] = []
    for (const f of figures) {
      const v = f[metric]
      if (v === null || !Number.isFinite(v)) continue
      if (POSITIVE_ONLY.has(metric) && v <= 0) continue
      values.push(v)
    }
    metrics[metric] = { median: medianOf(values), count: values.length }
  }
  return { scope, key, peerCount: figures.length, metrics }
}

/** Groups the universe by industry and by sector and computes each group's medians once. */
export function buildBenchmarkTable(figures: readonly BenchmarkFigures[], minPeers = 5): BenchmarkTable {
  const byIndustry = new Map<string, BenchmarkFigures[]>()
  const bySector = new Map<string, BenchmarkFigures[]>()
  const addTo = (groups: Map<string, BenchmarkFigures[]>, key: string, f: BenchmarkFigures) => {
    const group = groups.get(key)
    if (group) group.push(f)
    else groups.set(key, [f])
  }
  for (const f of figures) {
    addTo(byIndustry, normalizeIndustry(f.industry), f)
    addTo(bySector, f.sector, f)
  }
  const industries: Record<string, IndustryBenchmarks> = {}
  const sectors: Record<string, IndustryBenchmarks> = {}
  for (const [key, group] of byIndustry) industries[key] = computeIndustryBenchmarks(group, 'industry', key)
  for (const [key, group] of bySector) sectors[key] = computeIndustryBenchmarks(group, 'sector', key)
  return { minPeers, industries, sectors }
}

/** The company's industry medians when the industry has at least `minPeers` companies, else its sector's. */
export function pickBenchmarks(
  table: BenchmarkTable,
  company: Pick<Company, 'sector' | 'industry'>,
): IndustryBenchmarks | null {
  const industry = table.industries[normalizeIndustry(company.industry)]
  if (industry && industry.peerCount >= table.minPeers) return industry
  const sector = table.sectors[company.sector]
  return sector && sector.peerCount >= table.minPeers ? sector : null
}

export function normalizeIndustry(industry: string): string {
  return industry
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
}

/**
 * A company's benchmark figures from its latest fiscal year, measured exactly as the engine measures the company
 * itself. `fxToTrading` converts reporting-currency per-share amounts to the trading currency.
 */
export function measureBenchmarkFigures(
  company: Pick<Company, 'code' | 'sector' | 'industry'>,
  latest: YearFigures | null,
  price: number | null,
  fxToTrading: number,
): BenchmarkFigures {
  const ratios = computePriceRatios(price, latest, null, fxToTrading)
  return {
    code: company.code,
    sector: company.sector,
    industry: company.industry,
    pe: ratios.pe,
    pb: ratios.pb,
    grossMargin: latest?.grossMargin ?? null,
    operatingMargin: latest?.operatingMargin ?? null,
    roe: latest?.roe ?? null,
    roa: latest?.roa ?? null,
    roce: latest?.roce ?? null,
    roic: latest?.roic ?? null,
  }
}

/**
 * Convenience for the service: one company's benchmark figures straight from its statements and a price, using the
 * same statement selection, tax defaults and currency conversion as diagnoseStock.
 */
export function measurePeerFigures(peer: {
  company: Company
  asOf: string
  price: number | null
  fundamentals: readonly AnnualFundamentals[]
  assumptions?: EngineAssumptions
}): BenchmarkFigures {
  const assumptions = peer.assumptions ?? DEFAULT_ASSUMPTIONS
  const years = deriveYearFigures(
    selectFundamentals(peer.fundamentals, peer.asOf),
    assumptions.markets[peer.company.market].statutoryTaxRate,
  )
  const latest = years[years.length - 1] ?? null
  const fx = convertCurrencyRate(
    assumptions,
    latest?.currency ?? peer.company.currency,
    peer.company.currency,
  )
  return measureBenchmarkFigures(peer.company, latest, peer.price, fx)
}
