/**
 * What /member/portfolio's loader sends to the page: the portfolios service's answer cut to what the page shows, so a
 * portfolio of hundreds of holdings does not travel (and hydrate) twice as large as its tables. Each holding keeps the
 * columns of its table row; each weight list its first rows and how many more there are; the performance line its
 * two series of levels (the chart draws values, not dates) rounded to what a 200-pixel chart can tell apart. The API
 * answers the whole `PortfolioAnswer`; nothing here computes a figure.
 */
import type {
  PortfolioAnswer,
  PortfolioHolding,
  PortfolioPerformance,
  PortfolioWeight,
} from '#contracts/portfolio-rules.ts'

/** Rows of each weight list the page shows. */
export const WEIGHTS_SHOWN = 8

export type PortfolioHoldingRow = Pick<
  PortfolioHolding,
  | 'market'
  | 'code'
  | 'name'
  | 'currency'
  | 'quantity'
  | 'averageCost'
  | 'price'
  | 'marketValue'
  | 'unrealisedGain'
  | 'unrealisedReturn'
  | 'weight'
  | 'totalScore'
  | 'isCovered'
>

export interface PortfolioWeightList {
  /** The largest first, at most WEIGHTS_SHOWN, each with its label's words (a stock's name, else its key). */
  shown: Array<PortfolioWeight & { name?: string }>
  /** How many smaller ones are not shown. */
  more: number
}

export interface PortfolioChartLines {
  /** Levels of the portfolio (100 at the start), oldest first. */
  portfolio: number[]
  /** The benchmark's on the same days; null before it has a value. */
  benchmark: Array<number | null>
}

export type PortfolioView = Omit<PortfolioAnswer, 'holdings' | 'weights' | 'performance'> & {
  holdings: PortfolioHoldingRow[]
  weights: Record<keyof PortfolioAnswer['weights'], PortfolioWeightList>
  performance: (Omit<PortfolioPerformance, 'series'> & { lines: PortfolioChartLines }) | null
}

/** Enough digits for every figure the page prints (money to the cent, shares to 4 places, shares of 0.01 %). */
function round(value: number, digits = 6): number {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}

function roundOrNull(value: number | null, digits?: number): number | null {
  return value === null ? null : round(value, digits)
}

function listOf(weights: readonly PortfolioWeight[], nameOf?: (key: string) => string | undefined) {
  return {
    shown: weights.slice(0, WEIGHTS_SHOWN).map((weight) => {
      const name = nameOf?.(weight.key)
      return {
        key: weight.key,
        value: round(weight.value, 2),
        weight: round(weight.weight),
        ...(name ? { name } : {}),
      }
    }),
    more: Math.max(0, weights.length - WEIGHTS_SHOWN),
  }
}

export function portfolioViewOf(answer: PortfolioAnswer): PortfolioView {
  const names = new Map(answer.holdings.map((holding) => [`${holding.market}:${holding.code}`, holding.name]))
  const { performance } = answer
  return {
    ...answer,
    holdings: answer.holdings.map((holding) => ({
      market: holding.market,
      code: holding.code,
      name: holding.name,
      currency: holding.currency,
      quantity: round(holding.quantity),
      averageCost: round(holding.averageCost, 4),
      price: roundOrNull(holding.price, 4),
      marketValue: roundOrNull(holding.marketValue, 2),
      unrealisedGain: roundOrNull(holding.unrealisedGain, 2),
      unrealisedReturn: roundOrNull(holding.unrealisedReturn),
      weight: roundOrNull(holding.weight),
      totalScore: holding.totalScore,
      isCovered: holding.isCovered,
    })),
    weights: {
      stock: listOf(answer.weights.stock, (key) => names.get(key)),
      market: listOf(answer.weights.market),
      sector: listOf(answer.weights.sector),
      currency: listOf(answer.weights.currency),
    },
    performance: performance
      ? {
          method: performance.method,
          benchmarkMethod: performance.benchmarkMethod,
          benchmarkMarket: performance.benchmarkMarket,
          startDate: performance.startDate,
          asOf: performance.asOf,
          portfolioReturn: performance.portfolioReturn,
          benchmarkReturn: performance.benchmarkReturn,
          lines: {
            portfolio: performance.series.map((point) => round(point.portfolio, 2)),
            benchmark: performance.series.map((point) => roundOrNull(point.benchmark, 2)),
          },
        }
      : null,
  }
}
