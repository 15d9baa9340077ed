/**
 * What a portfolio is worth and what it is made of, as a pure function of its positions (portfolio-ledger.ts), the
 * facts of each stock (the stocks module's: last close, sector, diagnosis scores, dividend yield) and today's
 * exchange rates to the reader's base currency. Arithmetic only; nothing here reads a database or a clock.
 *
 * - Market value: shares × last close × the rate of the stock's currency. A stock without a price (no longer
 *   covered) or whose currency has no rate is listed without a value and left out of every total and weight.
 * - Gains: unrealised = value − cost of the shares held (average cost, fees in); realised = the ledger's, from
 *   sells; both and the dividends received are converted at today's rate (the ledger keeps no rate history).
 * - Weights by stock, market, sector and currency: shares of the total value.
 * - Score (`value-weighted-scores-v1`): the total and each dimension's score averaged over the holdings that have
 *   one, each weighted by its value; `coverage` says how much of the value that is.
 * - Expected dividends: each holding's value × its dividend yield (the latest diagnosis's: trailing dividends over
 *   market value), a year's worth.
 * - Notes against the spec's guidance (about 25+ stocks, held 5+ years) and on concentration.
 */

import { SCORE_KEYS } from '#contracts/diagnosis-keys.ts'
import { CHECK_LABELS } from '#contracts/diagnosis-labels.ts'
import {
  type PortfolioAnswer,
  type PortfolioHolding,
  type PortfolioNote,
  type PortfolioScore,
  portfolioGuidance,
} from '#contracts/portfolio-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import type { HoldingFacts } from '#server/modules/stocks/market-prices.service.ts'
import { dayNumber, keyOf, type LedgerPosition } from './portfolio-ledger.ts'

export const SCORE_METHOD = 'value-weighted-scores-v1'

const DAYS_PER_YEAR = 365.25
const EPSILON = 1e-9

export interface ValuationInput {
  positions: Iterable<LedgerPosition>
  facts: ReadonlyMap<string, HoldingFacts>
  /** Units of the base currency per unit of each currency; a currency without a rate is absent. */
  rates: ReadonlyMap<string, number>
  /** The currency each position's stock trades in (the stored transactions' when the stock is gone). */
  currencyOf: (key: string) => string
  today: string
  locale: Locale
}

/** The answer's figures this module computes (the service adds performance, rates and the transactions). */
export type Valuation = Pick<
  PortfolioAnswer,
  'holdings' | 'totals' | 'weights' | 'score' | 'notes' | 'asOf' | 'isDemo'
>

function diagnosisPathOf(market: string, code: string): string {
  return `/ai-stock-diagnosis?code=${encodeURIComponent(code)}&market=${encodeURIComponent(market)}`
}

function weightsBy(
  holdings: readonly PortfolioHolding[],
  total: number,
  groupOf: (h: PortfolioHolding) => string,
) {
  const sums = new Map<string, number>()
  for (const holding of holdings) {
    if (holding.marketValue === null) continue
    const key = groupOf(holding)
    sums.set(key, (sums.get(key) ?? 0) + holding.marketValue)
  }
  return [...sums]
    .map(([key, value]) => ({ key, value, weight: total > 0 ? value / total : 0 }))
    .sort((a, b) => b.value - a.value || a.key.localeCompare(b.key))
}

export function valuePortfolio(input: ValuationInput): Valuation {
  const todayNumber = dayNumber(input.today)
  const holdings: PortfolioHolding[] = []
  let realisedGain = 0
  let dividendsReceived = 0
  let isDemo = false
  let asOf: string | null = null
  let diagnosisAsOf: string | null = null
  for (const position of input.positions) {
    const key = keyOf(position.market, position.code)
    const facts = input.facts.get(key)
    const currency = facts?.currency ?? input.currencyOf(key)
    const rate = input.rates.get(currency)
    if (rate !== undefined) {
      realisedGain += position.realisedGain * rate
      dividendsReceived += position.dividends * rate
    }
    if (position.quantity <= EPSILON) continue
    if (facts?.isDemo) isDemo = true
    const price = facts?.lastClose ?? null
    if (facts?.lastBarDate && (asOf === null || facts.lastBarDate > asOf)) asOf = facts.lastBarDate
    if (facts?.diagnosisAsOf && (diagnosisAsOf === null || facts.diagnosisAsOf > diagnosisAsOf))
      diagnosisAsOf = facts.diagnosisAsOf
    const marketValue = price !== null && rate !== undefined ? position.quantity * price * rate : null
    const costBase = rate !== undefined ? position.costBasis * rate : null
    const unrealisedGain = marketValue !== null && costBase !== null ? marketValue - costBase : null
    holdings.push({
      market: position.market,
      code: position.code,
      name: facts ? (input.locale === 'zh-Hant' ? facts.nameZh : facts.nameEn) : position.code,
      sector: facts?.sector ?? null,
      currency,
      quantity: position.quantity,
      averageCost: position.costBasis / position.quantity,
      price,
      priceDate: facts?.lastBarDate ?? null,
      marketValue,
      costBase,
      unrealisedGain,
      unrealisedReturn: unrealisedGain !== null && costBase ? unrealisedGain / costBase : null,
      weight: null,
      totalScore: facts?.totalScore ?? null,
      dividendYield: facts?.dividendYield ?? null,
      heldYears: Math.max(0, (todayNumber - position.averageBuyDay) / DAYS_PER_YEAR),
      isCovered: facts !== undefined,
      diagnosisPath: diagnosisPathOf(position.market, position.code),
    })
  }

  const valued = holdings.filter((holding) => holding.marketValue !== null)
  const marketValue = valued.reduce((sum, holding) => sum + (holding.marketValue ?? 0), 0)
  const costBase = valued.reduce((sum, holding) => sum + (holding.costBase ?? 0), 0)
  for (const holding of holdings) {
    holding.weight =
      holding.marketValue !== null && marketValue > 0 ? holding.marketValue / marketValue : null
  }
  holdings.sort((a, b) => (b.marketValue ?? -1) - (a.marketValue ?? -1) || a.code.localeCompare(b.code))

  const expectedDividends = valued.reduce(
    (sum, holding) => sum + (holding.marketValue ?? 0) * Math.max(0, holding.dividendYield ?? 0),
    0,
  )
  const weights = {
    stock: valued.map((holding) => ({
      key: `${holding.market}:${holding.code}`,
      value: holding.marketValue ?? 0,
      weight: holding.weight ?? 0,
    })),
    market: weightsBy(holdings, marketValue, (holding) => holding.market),
    sector: weightsBy(holdings, marketValue, (holding) => holding.sector ?? 'unknown'),
    currency: weightsBy(holdings, marketValue, (holding) => holding.currency),
  }
  return {
    holdings,
    totals: {
      marketValue,
      costBase,
      unrealisedGain: marketValue - costBase,
      unrealisedReturn: costBase > 0 ? (marketValue - costBase) / costBase : null,
      realisedGain,
      dividendsReceived,
      expectedDividends,
    },
    weights,
    score: scoreOf(valued, input.facts, marketValue, diagnosisAsOf, input.locale),
    notes: notesOf(valued, weights, marketValue),
    asOf,
    isDemo,
  }
}

function scoreOf(
  valued: readonly PortfolioHolding[],
  facts: ReadonlyMap<string, HoldingFacts>,
  total: number,
  asOf: string | null,
  locale: Locale,
): PortfolioScore {
  const average = (scoreOfHolding: (f: HoldingFacts) => number | null | undefined) => {
    let weighted = 0
    let weight = 0
    for (const holding of valued) {
      const f = facts.get(keyOf(holding.market, holding.code))
      const value = f ? scoreOfHolding(f) : null
      if (typeof value !== 'number' || !Number.isFinite(value)) continue
      weighted += value * (holding.marketValue ?? 0)
      weight += holding.marketValue ?? 0
    }
    return { value: weight > 0 ? Math.round((weighted / weight) * 10) / 10 : null, weight }
  }
  const totalScore = average((f) => f.totalScore)
  return {
    total: totalScore.value,
    dimensions: SCORE_KEYS.map((key) => ({
      key,
      label: CHECK_LABELS[locale][`score.${key}`],
      value: average((f) => f.scores[key]).value,
    })),
    coverage: total > 0 ? totalScore.weight / total : 0,
    method: SCORE_METHOD,
    asOf,
  }
}

function notesOf(
  valued: readonly PortfolioHolding[],
  weights: Valuation['weights'],
  total: number,
): PortfolioNote[] {
  if (valued.length === 0 || total <= 0) return []
  const notes: PortfolioNote[] = []
  const count = valued.length
  notes.push(
    count < portfolioGuidance.stocksMin
      ? { key: 'fewStocks', tone: 'warn', params: { count, target: portfolioGuidance.stocksMin } }
      : { key: 'enoughStocks', tone: 'good', params: { count, target: portfolioGuidance.stocksMin } },
  )
  const years = valued.reduce((sum, h) => sum + h.heldYears * (h.marketValue ?? 0), 0) / total
  const roundedYears = Math.round(years * 10) / 10
  notes.push(
    years < portfolioGuidance.holdingYearsMin
      ? {
          key: 'shortHolding',
          tone: 'warn',
          params: { years: roundedYears, target: portfolioGuidance.holdingYearsMin },
        }
      : {
          key: 'longHolding',
          tone: 'good',
          params: { years: roundedYears, target: portfolioGuidance.holdingYearsMin },
        },
  )
  const largest = valued[0]
  if (largest && (largest.weight ?? 0) > portfolioGuidance.singleHoldingMax && count > 1)
    notes.push({
      key: 'concentratedHolding',
      tone: 'warn',
      params: { name: largest.name, weight: largest.weight ?? 0, limit: portfolioGuidance.singleHoldingMax },
    })
  const sector = weights.sector[0]
  if (sector && sector.weight > portfolioGuidance.sectorMax && count > 1)
    notes.push({
      key: 'concentratedSector',
      tone: 'warn',
      params: { sector: sector.key, weight: sector.weight, limit: portfolioGuidance.sectorMax },
    })
  const market = weights.market[0]
  if (weights.market.length === 1 && market)
    notes.push({ key: 'oneMarket', tone: 'warn', params: { market: market.key } })
  return notes
}
