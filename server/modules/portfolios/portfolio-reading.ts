/**
 * What the reader sees of their portfolio (`getPortfolio`): the holdings the last change kept with the portfolio's
 * row (the ledger's replay, portfolio-ledger.ts; ADR 0034 amendment 1) and its latest transactions — never every
 * transaction on a view — valued in the base currency at the provider's latest rates (portfolio-valuation.ts), and
 * the performance line against the benchmark (portfolio-performance.ts). Rates are kept an hour per process (a
 * missing one five minutes, so a provider without it is not asked on every page); the performance line, which reads
 * years of closes, is kept per portfolio revision, base currency and price day, so any change is seen at once.
 * Nothing here is logged: holdings are the reader's own.
 */

import type { BaseCurrency } from '#contracts/base-currencies.ts'
import { transactionPages } from '#contracts/portfolio-pages.ts'
import type { FxRateUsed, PortfolioAnswer, PortfolioTransactionsPage } from '#contracts/portfolio-rules.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { CloseSeries, HoldingFacts } from '#server/modules/stocks/market-prices.service.ts'
import {
  memberOf,
  type PortfolioDependencies,
  todayOf,
  toWireTransaction,
  transactionsAllowedTo,
} from './portfolio-deps.ts'
import { keyOf, type LedgerSummary, replayLedger, summaryOf } from './portfolio-ledger.ts'
import { portfolioPerformance } from './portfolio-performance.ts'
import { valuePortfolio } from './portfolio-valuation.ts'
import {
  keepHoldings,
  keepHoldingsOf,
  type PortfolioRow,
  selectLatestTransactions,
  selectLedgerTransactions,
  selectLedgerTransactionsOf,
  selectPortfolio,
  selectPortfoliosWithoutHoldings,
} from './portfolios.repo.ts'

const RATE_KEEP_MS = 60 * 60 * 1000
const MISSING_RATE_KEEP_MS = 5 * 60 * 1000
const PERFORMANCE_CACHE_MAX = 256
/** Portfolios replayed per round when their replays are kept all at once: three statements each round. */
const MISSING_REPLAYS_BATCH = 500
const noCloses: CloseSeries = { days: new Int32Array(0), closes: new Float64Array(0) }

export function createPortfolioReading(deps: PortfolioDependencies) {
  const { db, clock, prices } = deps
  const rates = new Map<string, { rate: FxRateUsed | null; until: number }>()
  const performances = new Map<string, Promise<PortfolioAnswer['performance']>>()

  async function rateOf(from: string, to: BaseCurrency): Promise<FxRateUsed | null> {
    if (from === to) return { from, to, rate: 1, asOf: todayOf(clock) }
    const key = `${from}${to}`
    const now = clock.now().getTime()
    const kept = rates.get(key)
    if (kept && kept.until > now) return kept.rate
    let rate: FxRateUsed | null = null
    try {
      const found = await deps.fxRateOf(from, to)
      rate = { from, to, rate: found.rate, asOf: found.asOf }
    } catch {
      rate = null
    }
    rates.set(key, { rate, until: now + (rate ? RATE_KEEP_MS : MISSING_RATE_KEEP_MS) })
    return rate
  }

  async function performanceOf(input: {
    memberId: string
    revision: string
    base: BaseCurrency
    facts: ReadonlyMap<string, HoldingFacts>
    currencyOf: (key: string) => string
    rateByCurrency: ReadonlyMap<string, number>
    benchmarkMarket: Market
    asOf: string | null
  }): Promise<PortfolioAnswer['performance']> {
    const today = todayOf(clock)
    const key = [input.memberId, input.revision, input.base, input.asOf, input.benchmarkMarket, today].join(
      '|',
    )
    const kept = performances.get(key)
    if (kept) return kept
    const computing = (async () => {
      const transactions = await selectLedgerTransactions(db, input.memberId)
      const start = transactions[0]?.tradeDate
      if (!start) return null
      const companies = [...input.facts.values()]
      const [closesById, benchmark] = await Promise.all([
        prices.listCloseSeriesFrom(
          companies.map((company) => company.companyId),
          start,
        ),
        prices.benchmarkOf(input.benchmarkMarket, start),
      ])
      const closes = new Map(
        companies.map((company) => [
          `${company.market}:${company.code}`,
          closesById.get(company.companyId) ?? noCloses,
        ]),
      )
      return portfolioPerformance({
        transactions,
        closes,
        rateOf: (stock) =>
          input.rateByCurrency.get(input.facts.get(stock)?.currency ?? input.currencyOf(stock)),
        benchmark: benchmark.points,
        benchmarkMarket: input.benchmarkMarket,
        benchmarkMethod: benchmark.method,
        today,
      })
    })()
    // Only the latest revision of a portfolio is worth keeping.
    for (const existing of performances.keys())
      if (existing.startsWith(`${input.memberId}|`)) performances.delete(existing)
    if (performances.size >= PERFORMANCE_CACHE_MAX)
      performances.delete(performances.keys().next().value as string)
    performances.set(key, computing)
    computing.catch(() => performances.delete(key))
    return computing
  }

  /**
   * The replay kept with the portfolio's row; a portfolio saved before replays were kept is replayed once here and
   * the result kept at its revision.
   */
  async function summaryOfPortfolio(portfolio: PortfolioRow | undefined): Promise<LedgerSummary> {
    if (!portfolio) return { positions: [], transactionCount: 0 }
    if (portfolio.holdings) return portfolio.holdings
    const transactions = await selectLedgerTransactions(db, portfolio.memberId)
    const summary = summaryOf(replayLedger(transactions).positions, transactions.length)
    await keepHoldings(db, portfolio.memberId, portfolio.revision, summary)
    return summary
  }

  /**
   * Keeps the replay of every portfolio last changed before replays were kept, a batch at a time (one query for the
   * batch's transactions, one update), so what reads the kept replays of all portfolios (the alerts' holders) finds
   * every member's holdings without their page being opened. Once none is missing, one query that finds none. Safe
   * in several processes at once: a replay is kept only at the revision it was computed from, and only where none is.
   * Answers how many were replayed.
   */
  async function keepMissingHoldings(): Promise<number> {
    let replayed = 0
    let after: string | null = null
    for (;;) {
      const missing = await selectPortfoliosWithoutHoldings(db, after, MISSING_REPLAYS_BATCH)
      if (missing.length === 0) return replayed
      const transactions = await selectLedgerTransactionsOf(
        db,
        missing.map((portfolio) => portfolio.memberId),
      )
      await keepHoldingsOf(
        db,
        missing.map(({ memberId, revision }) => {
          const ledger = transactions.get(memberId) ?? []
          return { memberId, revision, holdings: summaryOf(replayLedger(ledger).positions, ledger.length) }
        }),
      )
      replayed += missing.length
      if (missing.length < MISSING_REPLAYS_BATCH) return replayed
      after = missing.at(-1)?.memberId ?? null
    }
  }

  /** `GET /member/portfolio`: the reader's portfolio in the base currency asked for (else the one they chose). */
  async function getPortfolio(
    reader: Reader,
    asked: BaseCurrency | undefined,
    locale: Locale,
  ): Promise<PortfolioAnswer> {
    const memberId = memberOf(reader)
    const [portfolio, latest] = await Promise.all([
      selectPortfolio(db, memberId),
      selectLatestTransactions(db, memberId, transactionPages.listed),
    ])
    const base = asked ?? portfolio?.baseCurrency ?? 'USD'
    const summary = await summaryOfPortfolio(portfolio)
    const positionByKey = new Map(
      summary.positions.map((position) => [keyOf(position.market, position.code), position]),
    )
    // The listed transactions' currencies too: a position always carries one, this is only the fallback.
    const transactionCurrency = new Map(latest.map((row) => [keyOf(row.market, row.code), row.currency]))
    const currencyOf = (key: string) =>
      positionByKey.get(key)?.currency ?? transactionCurrency.get(key) ?? 'USD'
    const keys = [...new Set([...positionByKey.keys(), ...transactionCurrency.keys()])]
    const facts = await prices.findHoldingFacts(keys)
    const currencies = [...new Set(keys.map((key) => facts.get(key)?.currency ?? currencyOf(key)))]
    const found = await Promise.all(currencies.map((currency) => rateOf(currency, base)))
    const rateByCurrency = new Map<string, number>()
    const fxRates: FxRateUsed[] = []
    const missingRates: string[] = []
    currencies.forEach((currency, index) => {
      const rate = found[index]
      if (!rate) missingRates.push(currency)
      else {
        rateByCurrency.set(currency, rate.rate)
        if (currency !== base) fxRates.push(rate)
      }
    })
    const today = todayOf(clock)
    const valuation = valuePortfolio({
      positions: summary.positions,
      facts,
      rates: rateByCurrency,
      currencyOf,
      today,
      locale,
    })
    const benchmarkMarket = (valuation.weights.market[0]?.key ??
      summary.positions[0]?.market ??
      'us') as Market
    const performance =
      portfolio && summary.transactionCount > 0
        ? await performanceOf({
            memberId,
            revision: portfolio.revision,
            base,
            facts,
            currencyOf,
            rateByCurrency,
            benchmarkMarket,
            asOf: valuation.asOf,
          })
        : null
    return {
      baseCurrency: base,
      isDemo: valuation.isDemo || (fxRates.length > 0 && deps.fxIsDemo),
      asOf: valuation.asOf,
      totals: valuation.totals,
      holdings: valuation.holdings,
      transactions: latest.map((row) =>
        toWireTransaction(row, facts.get(keyOf(row.market, row.code)), locale),
      ),
      weights: valuation.weights,
      score: valuation.score,
      notes: valuation.notes,
      performance,
      fxRates,
      missingRates,
      transactionCount: summary.transactionCount,
      transactionLimit: transactionsAllowedTo(reader),
    }
  }

  /** `GET /member/portfolio/transactions`: older transactions than the answer lists, a page at a time. */
  async function listTransactions(
    reader: Reader,
    page: { offset: number; limit: number },
    locale: Locale,
  ): Promise<PortfolioTransactionsPage> {
    const memberId = memberOf(reader)
    const [portfolio, rows] = await Promise.all([
      selectPortfolio(db, memberId),
      selectLatestTransactions(db, memberId, page.limit, page.offset),
    ])
    const [summary, facts] = await Promise.all([
      summaryOfPortfolio(portfolio),
      prices.findHoldingFacts([...new Set(rows.map((row) => keyOf(row.market, row.code)))]),
    ])
    return {
      transactions: rows.map((row) => toWireTransaction(row, facts.get(keyOf(row.market, row.code)), locale)),
      offset: page.offset,
      transactionCount: summary.transactionCount,
    }
  }

  return { getPortfolio, listTransactions, keepMissingHoldings }
}
