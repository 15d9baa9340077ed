/**
 * The compare page's figures (issue 28): 2–4 stocks side by side, read from each one's diagnosis body without the
 * reader's quota (the same body the chat's tools read), cut down to what the page shows: the price and returns, each
 * score with its checks counted, the fair value and its range, margins, growth, ratios, the dividend yield, support
 * and resistance, and the year of closes the normalised chart draws. Which stocks to compare, and how many, is the
 * caller's (contracts/compare-rules.ts); an unknown one is not_found here. `compareCodes` is the API's door: the
 * codes as a reader wrote them, found and counted as the page does.
 */
import type { CompareAnswer, ComparedStock } from '#contracts/compare.ts'
import {
  CompareErrorCode,
  type CompareKey,
  type CompareToken,
  compareCountProblem,
  compareMax,
  compareMin,
  comparePeriods,
  uniqueStocks,
} from '#contracts/compare-rules.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { StockDiagnosis } from '#contracts/stock-diagnosis.ts'
import { StockErrorCode } from '#contracts/stock-rules.ts'
import { AppError } from '#server/http/app-error.ts'
import { measureReturn } from './screen-figures.ts'
import type { StockFinder } from './stock-finder.ts'

type ReadDiagnosis = (market: Market, code: string, locale: Locale) => Promise<StockDiagnosis | null>

const numberOf = (value: number | string | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

/** One stock's diagnosis as the compare page shows it. */
export function comparedStockOf(diagnosis: StockDiagnosis): ComparedStock {
  const { stock, fairValue, levels, ratios, history } = diagnosis
  const asOf = diagnosis.asOf ?? stock.priceDate
  const returns = Object.fromEntries(
    comparePeriods.map((period) => [period, asOf ? measureReturn(history, asOf, stock.price, period) : null]),
  ) as ComparedStock['returns']
  return {
    stock,
    isDemo: diagnosis.isDemo,
    asOf: diagnosis.asOf,
    stale: diagnosis.stale,
    source: diagnosis.data.source,
    returns,
    scores: diagnosis.scoreDetails.map((score) => ({
      key: score.key,
      label: score.label,
      value: score.available ? score.value : null,
      passed: score.checks.filter((check) => check.status === 'pass').length,
      available: score.checksAvailable,
      total: score.checksTotal,
    })),
    fairValue: {
      value: fairValue.value,
      low: fairValue.sensitivity?.low.value ?? null,
      high: fairValue.sensitivity?.high.value ?? null,
      methodLabel: fairValue.methodLabel,
      downsideMargin: fairValue.downsideMargin,
    },
    ratios: {
      pe: numberOf(ratios.pe),
      pb: numberOf(ratios.pb),
      dividendYield: numberOf(ratios.dividendYield),
      grossMargin: numberOf(ratios.grossMargin),
      operatingMargin: numberOf(ratios.operatingMargin),
      netMargin: numberOf(ratios.netMargin),
      roe: numberOf(ratios.roe),
      revenueGrowth: numberOf(ratios.revenueCagr),
      epsGrowth: numberOf(ratios.epsCagr),
      fiscalYear: numberOf(ratios.fiscalYear),
    },
    levels: {
      support: levels.support?.price ?? null,
      resistance: levels.resistance?.price ?? null,
      supportDistance: levels.support?.distance ?? null,
      resistanceDistance: levels.resistance?.distance ?? null,
    },
    closes: history.map((bar) => ({ date: bar.date, close: bar.close })),
  }
}

export function createStockCompare({
  readDiagnosis,
  finder,
}: {
  readDiagnosis: ReadDiagnosis
  finder: Pick<StockFinder, 'findStock'>
}) {
  /**
   * The stocks' figures in the order given. Throws AppError not_found (STOCK_NOT_FOUND) for a stock out of the
   * universe, and unavailable (STOCK_DATA_NOT_READY, DIAGNOSIS_FAILED) as the diagnosis does.
   */
  async function compareStocks(
    keys: readonly { market: Market; code: string }[],
    locale: Locale,
  ): Promise<CompareAnswer> {
    const stocks: ComparedStock[] = []
    // One after another: each may run the engine, and the database takes one query at a time on PGlite anyway.
    for (const key of keys) {
      const diagnosis = await readDiagnosis(key.market, key.code, locale)
      if (!diagnosis) throw new AppError('not_found', StockErrorCode.notFound)
      stocks.push(comparedStockOf(diagnosis))
    }
    const dates = stocks.map((entry) => entry.asOf).filter((date): date is string => date !== null)
    return {
      isDemo: stocks.some((entry) => entry.isDemo),
      asOf: dates.sort().at(-1) ?? null,
      stale: stocks.some((entry) => entry.stale),
      stocks,
    }
  }
  /**
   * The comparison the API's `codes` name (GET /compare), as the page reads its URL: each a code or name, in a
   * market when given; a guess from a misspelling is not taken. Throws AppError invalid COMPARE_TOO_MANY or
   * COMPARE_TOO_FEW (repeats count once), not_found COMPARE_STOCK_UNKNOWN with the code as typed.
   */
  async function compareCodes(tokens: readonly CompareToken[], locale: Locale): Promise<CompareAnswer> {
    // Checked before any lookup: a request naming forty stocks costs no forty lookups.
    if (compareCountProblem(tokens.length) === CompareErrorCode.tooMany) {
      throw new AppError('invalid', CompareErrorCode.tooMany, { params: { max: compareMax } })
    }
    const keys: CompareKey[] = []
    for (const token of tokens) {
      const match = await finder.findStock(token.code, token.market ?? undefined)
      if (!match || match.matchedBy === 'fuzzy') {
        throw new AppError('not_found', CompareErrorCode.unknown, { params: { code: token.text } })
      }
      keys.push({ market: match.market, code: match.code })
    }
    const unique = uniqueStocks(keys)
    if (unique.length < compareMin) {
      throw new AppError('invalid', CompareErrorCode.tooFew, { params: { min: compareMin } })
    }
    return compareStocks(unique, locale)
  }
  return { compareStocks, compareCodes }
}
