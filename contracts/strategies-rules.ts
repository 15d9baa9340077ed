/**
 * Portfolio strategies' answer shapes, limits, error codes and the few rules both the console form and the API
 * check (issue 15) — the zod-free half the pages import (ADR 0011); requests are parsed by contracts/strategies.ts.
 * Who sees which strategy is contracts/benefits.ts's (`strategyVisible`, `curatedStrategiesShown`,
 * `lockReasonFor`); these shapes only carry its verdict.
 *
 *   Readers (/api/portal)
 *   GET  /strategies                 → StrategyList (every published strategy, in position order, each with the
 *                                      reader's lock; figures only for those that open)
 *   GET  /strategies/:slug           → StrategyDetail (holdings, rationale, rebalances and performance; 403
 *                                      STRATEGY_LOCKED when it does not open for the reader, 404 STRATEGY_NOT_FOUND)
 *
 *   Console (/api/console, analyst; every change writes an audit entry `strategy.<verb>`)
 *   GET    /strategies                          → ConsoleStrategy[] (every strategy not removed, drafts included)
 *   GET    /strategies/:id                      → ConsoleStrategyDetail
 *   POST   /strategies                          StrategyInput → ConsoleStrategyDetail
 *   PUT    /strategies/:id                      StrategyInput → ConsoleStrategyDetail (the market stays once a
 *                                               rebalance exists: 409 STRATEGY_MARKET_LOCKED)
 *   DELETE /strategies/:id                      → { removed: true } (the row stays, hidden: the seed never brings
 *                                               it back)
 *   POST   /strategies/:id/rebalances           RebalanceInput → ConsoleStrategyDetail (400 STRATEGY_* codes per
 *                                               field; 409 STRATEGY_REBALANCE_EXISTS for a day already used)
 */
import type { LockReason, StrategyVisibility } from './benefits.ts'
import type { Locale, Market } from './regions.ts'

export type BothLanguages = Record<Locale, string>

export const strategyVisibilities = [
  'curated',
  'public',
  'exclusive',
] as const satisfies readonly StrategyVisibility[]

/** Spec §9's guidance for a strategy: about 25 or more stocks, held for 5 years or more. */
export const strategyGuidance = { holdingsAtLeast: 25, yearsAtLeast: 5 } as const

export const strategyNameMaxLength = 120
export const strategySummaryMaxLength = 400
export const strategyRationaleMaxLength = 20_000
export const rebalanceNoteMaxLength = 600
export const strategyHoldingsMax = 60
/** The weights of a rebalance, in percent, must sum to 100 within this much. */
export const weightsSumTolerancePercent = 0.01

/** The methods the page names: how the benchmark index and the strategy's value are computed. */
export const benchmarkMethodId = 'equal-weight-universe-v1'
export const performanceMethodId = 'buy-and-hold-between-rebalances-v1'

export const StrategyErrorCode = {
  /** 404 — 'This strategy was not found.' */
  notFound: 'STRATEGY_NOT_FOUND',
  /** 403 — 'Your plan does not include this strategy.' (the page shows the lock instead) */
  locked: 'STRATEGY_LOCKED',
  /** 400 — 'Write the name in both languages.' */
  nameMissing: 'STRATEGY_NAME_MISSING',
  /** 400 — 'Write the summary in both languages.' */
  summaryMissing: 'STRATEGY_SUMMARY_MISSING',
  /** 409 — 'The market cannot change once the strategy has a rebalance.' */
  marketLocked: 'STRATEGY_MARKET_LOCKED',
  /** 400 — 'Choose a day that is not in the future.' */
  rebalanceFuture: 'STRATEGY_REBALANCE_FUTURE',
  /** 400 — 'Choose a trading day for which we have prices.' */
  rebalanceNoData: 'STRATEGY_REBALANCE_NO_DATA',
  /** 409 — 'This strategy already has a rebalance on that day.' */
  rebalanceExists: 'STRATEGY_REBALANCE_EXISTS',
  /** 400 — 'Choose a day after the last rebalance.' */
  rebalanceBeforeLast: 'STRATEGY_REBALANCE_BEFORE_LAST',
  /** 400 — 'Write the note in both languages.' */
  noteMissing: 'STRATEGY_NOTE_MISSING',
  /** 400 — 'Add at least one stock.' */
  holdingsMissing: 'STRATEGY_HOLDINGS_MISSING',
  /** 400 — 'The weights must add up to 100%.' */
  weightsSum: 'STRATEGY_WEIGHTS_SUM',
  /** 400 — 'Each weight must be more than 0% and at most 100%.' */
  weightInvalid: 'STRATEGY_WEIGHT_INVALID',
  /** 400 — 'This stock is listed twice.' */
  holdingDuplicate: 'STRATEGY_HOLDING_DUPLICATE',
  /** 400 — 'Choose stocks of the strategy's market.' */
  holdingMarket: 'STRATEGY_HOLDING_MARKET',
  /** 400 — 'No company with this code in this market.' */
  stockUnknown: 'STRATEGY_STOCK_UNKNOWN',
  /** 400 — 'This stock has no price on that day.' */
  stockNoPrice: 'STRATEGY_STOCK_NO_PRICE',
} as const
export type StrategyErrorCode = (typeof StrategyErrorCode)[keyof typeof StrategyErrorCode]

export const strategyAuditActions = {
  create: 'strategy.create',
  update: 'strategy.update',
  remove: 'strategy.remove',
  rebalance: 'strategy.rebalance',
} as const

// ——— Rules both sides check ———

/** A rebalance's holdings as typed: code and weight in percent. */
export interface HoldingDraft {
  market: Market
  code: string
  weightPercent: number
}

/** What is wrong with a set of holdings (per row and as a whole), checked by the form and again by the API. */
export function holdingsProblems(
  holdings: readonly HoldingDraft[],
  market: Market,
): { rows: Array<StrategyErrorCode | null>; total: StrategyErrorCode | null } {
  const seen = new Set<string>()
  const rows = holdings.map((holding) => {
    const key = `${holding.market}:${holding.code.trim().toUpperCase()}`
    if (holding.market !== market) return StrategyErrorCode.holdingMarket
    if (seen.has(key)) return StrategyErrorCode.holdingDuplicate
    seen.add(key)
    if (!Number.isFinite(holding.weightPercent) || holding.weightPercent <= 0 || holding.weightPercent > 100)
      return StrategyErrorCode.weightInvalid
    return null
  })
  let total: StrategyErrorCode | null = null
  if (holdings.length === 0) total = StrategyErrorCode.holdingsMissing
  else if (Math.abs(weightsSumPercent(holdings) - 100) > weightsSumTolerancePercent + 1e-9)
    total = StrategyErrorCode.weightsSum
  return { rows, total }
}

export function weightsSumPercent(holdings: readonly { weightPercent: number }[]): number {
  return holdings.reduce(
    (sum, holding) => sum + (Number.isFinite(holding.weightPercent) ? holding.weightPercent : 0),
    0,
  )
}

/** Spec §9's guidance as it applies to a strategy: which warnings the page shows. */
export function guidanceOf(holdings: number, years: number): { tooFewHoldings: boolean; tooYoung: boolean } {
  return {
    tooFewHoldings: holdings < strategyGuidance.holdingsAtLeast,
    tooYoung: years < strategyGuidance.yearsAtLeast,
  }
}

// ——— Readers' answers ———

export interface PerformanceFiguresView {
  /** Fractions: 0.2 = +20%. */
  totalReturn: number
  /** Null when the series spans less than a year. */
  annualizedReturn: number | null
  /** A fraction ≥ 0: 0.1 = the value fell 10% from a peak. */
  maxDrawdown: number
}

export interface StrategyCard {
  slug: string
  name: string
  summary: string
  market: Market
  visibility: StrategyVisibility
  isSample: boolean
  /** Why it is locked and the one step that opens it; null when it opens. Locked cards carry nothing more. */
  lock: LockReason | null
  /** Only for a strategy that opens: its shape and return since inception against the benchmark. */
  glance: {
    inception: string
    holdings: number
    totalReturn: number | null
    benchmarkReturn: number | null
  } | null
}

export interface StrategyList {
  strategies: StrategyCard[]
  /** Prices of any market shown are demo data. */
  isDemo: boolean
}

export interface StrategyHoldingView {
  market: Market
  code: string
  name: string
  nameEn: string
  nameZh: string
  /** Target weight at the last rebalance, fraction. */
  weight: number
}

export interface RebalanceChange {
  code: string
  name: string
  kind: 'added' | 'removed' | 'reweighted'
  /** Fractions; null where the stock was not held. */
  from: number | null
  to: number | null
}

export interface RebalanceView {
  effectiveOn: string
  note: string
  holdings: number
  /** Against the previous rebalance; the inception lists every stock as added. */
  changes: RebalanceChange[]
}

export interface PerformancePointView {
  date: string
  strategy: number
  benchmark: number
}

export interface StrategyPerformanceView {
  startDate: string
  asOf: string
  /** From 100 on the start date; thinned to at most a few hundred points for the chart, first and last kept. */
  series: PerformancePointView[]
  strategy: PerformanceFiguresView
  benchmark: PerformanceFiguresView
}

export interface StrategyDetail extends StrategyCard {
  rationaleHtml: string
  inception: string
  holdings: StrategyHoldingView[]
  rebalances: RebalanceView[]
  /** Null before the first trading day with prices after inception. */
  performance: StrategyPerformanceView | null
  benchmark: {
    method: string
    /** Companies of the market in the index over the period. */
    constituents: number
    asOf: string | null
  }
  performanceMethod: string
  isDemo: boolean
  guidance: { holdings: number; years: number; tooFewHoldings: boolean; tooYoung: boolean }
}

// ——— Console answers ———

export interface ConsoleRebalanceHolding {
  market: Market
  code: string
  nameEn: string
  nameZh: string
  weight: number
}

export interface ConsoleRebalance {
  id: string
  effectiveOn: string
  note: BothLanguages
  holdings: ConsoleRebalanceHolding[]
  createdByPhone: string | null
  createdAt: string
}

export interface ConsoleStrategy {
  id: string
  slug: string
  name: BothLanguages
  summary: BothLanguages
  market: Market
  visibility: StrategyVisibility
  position: number
  published: boolean
  isSample: boolean
  inception: string | null
  rebalanceCount: number
  holdings: number
  updatedAt: string
}

export interface ConsoleStrategyDetail extends ConsoleStrategy {
  rationale: BothLanguages
  rebalances: ConsoleRebalance[]
}
