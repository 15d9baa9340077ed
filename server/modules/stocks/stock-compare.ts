/**
 * The compare page's figures (issue 28): 2–4 stocks side by side, read from each one's diagnosis body without the
 * reader's quota (the same body the chat's tools read), cut down to what the page shows: the price and returns, each
 * score with its checks counted, the fair value and its range, margins, growth, ratios, the dividend yield, support
 * and resistance, and the year of closes the normalised chart draws. Which stocks to compare, and how many, is the
 * caller's (contracts/compare-rules.ts); an unknown one is not_found here.
 */
import type { CompareAnswer, ComparedStock } from '#contracts/compare.ts'
import { comparePeriods } from '#contracts/compare-rules.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { StockDiagnosis } from '#contracts/stock-diagnosis.ts'
import { StockErrorCode } from '#contracts/stock-rules.ts'
import { AppError } from '#server/http/app-error.ts'
import { measureReturn } from './screen-figures.ts'

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

export function createStockCompare({ readDiagnosis }: { readDiagnosis: ReadDiagnosis }) {
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
  return { compareStocks }
}
