/**
 * How Yahoo's answers (as yahoo-finance2 v4 returns them) become our shapes. Pure functions, no I/O.
 *
 * Decisions:
 * - A bar's date is the session date in the exchange's time zone (Yahoo stamps daily bars with the open instant).
 *   Rows with a missing price are dropped; prices are rounded to 4 decimals (Yahoo serves float32 noise such as
 *   75.0875015258789); a high below the open or close, or a low above them, is widened to include them.
 * - Fiscal year = calendar year of the period end; amounts come from the first populated of several Yahoo keys
 *   (e.g. operating revenue when total revenue is missing); outflows (capital expenditure, dividends, buybacks)
 *   are positive magnitudes, whereas Yahoo reports them negative; amounts are converted to the trading currency
 *   by `fx` when the company reports in another currency. Yahoo drops zero values, so a zero reads as null.
 * - Insider rows count only when Yahoo's text says sale or purchase; gifts, awards and option exercises are
 *   not trades at a price. The price is value ÷ shares when Yahoo gives a value, else the (mid of the) price range
 *   in the text.
 * - The consensus rating is Yahoo's own key when it sends one (its 1–5 scale: strong buy, buy, hold,
 *   underperform, sell), else derived from the mean score.
 * - Past dividends are the chart's dividend events (stamped with the ex-date's open instant, amounts in the trading
 *   currency, no pay date); the coming one is `calendarEvents`' ex-date and pay date (midnight UTC of each day), its
 *   amount the chart's for that ex-date, else `defaultKeyStatistics.lastDividendValue` when that names the same day.
 * - A results date is `calendarEvents.earnings.earningsDate`: one instant once the company has announced it, two
 *   (a range, `isEarningsDateEstimate`) while Yahoo projects it; a projection keeps its first day and no time.
 */
import type { ChartEventDividend, ChartResultArray } from 'yahoo-finance2/modules/chart'
import type { FundamentalsTimeSeriesResult } from 'yahoo-finance2/modules/fundamentalsTimeSeries'
import type { Quote as YahooQuote } from 'yahoo-finance2/modules/quote'
import type {
  CalendarEvents,
  DefaultKeyStatistics,
  FinancialData,
  InsiderTransactions,
  RecommendationTrend,
} from 'yahoo-finance2/modules/quoteSummary-iface'
import { ratingForScore } from '../analyst-rating.ts'
import { localDateTime } from '../exchange-calendar.ts'
import type {
  AnalystConsensus,
  AnalystRating,
  AnnualFundamentals,
  Company,
  CorporateEvents,
  Currency,
  DailyBar,
  DividendEvent,
  EarningsEvent,
  InsiderTransaction,
  Quote,
} from '../market-data.ts'
import { MarketDataError } from '../market-data-error.ts'

function roundPrice(value: number): number {
  return Math.round(value * 10000) / 10000
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

/** Daily bars between `from` and `to` (session dates, both included), oldest first, one per session. */
export function mapChartBars(
  chart: ChartResultArray,
  timeZone: string,
  from: string,
  to: string,
): DailyBar[] {
  const byDate = new Map<string, DailyBar>()
  for (const row of chart.quotes) {
    const { open, high, low, close, volume } = row
    if (!isNumber(open) || !isNumber(high) || !isNumber(low) || !isNumber(close)) continue
    const date = localDateTime(row.date, timeZone).date
    if (date < from || date > to) continue
    const o = roundPrice(open)
    const c = roundPrice(close)
    byDate.set(date, {
      date,
      open: o,
      high: Math.max(roundPrice(high), o, c),
      low: Math.min(roundPrice(low), o, c),
      close: c,
      volume: isNumber(volume) ? Math.round(volume) : 0,
    })
  }
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1))
}

type TimeSeriesRow = Record<string, unknown>

/** The first key holding a number, or null. */
function pick(row: TimeSeriesRow, ...keys: string[]): number | null {
  for (const key of keys) {
    const value = row[key]
    if (isNumber(value)) return value
  }
  return null
}

function convert(value: number | null, fx: number): number | null {
  return value === null ? null : Math.round(value * fx)
}

function magnitude(value: number | null): number | null {
  return value === null ? null : Math.abs(value)
}

/**
 * Annual statements from `fundamentalsTimeSeries(…, { type: 'annual', module: 'all' })`, oldest first, in
 * `currency`; `fx` converts one unit of the reporting currency into `currency`.
 */
export function mapAnnualFundamentals(
  rows: readonly FundamentalsTimeSeriesResult[],
  currency: Currency,
  fx: number,
): AnnualFundamentals[] {
  const years: AnnualFundamentals[] = []
  for (const source of rows) {
    const row = source as unknown as TimeSeriesRow
    if (!(row.date instanceof Date) || Number.isNaN(row.date.getTime())) continue
    const periodEnd = row.date.toISOString().slice(0, 10)
    const amount = (...keys: string[]) => convert(pick(row, ...keys), fx)

    const revenue = amount('totalRevenue', 'operatingRevenue')
    const costOfRevenue = amount('costOfRevenue', 'reconciledCostOfRevenue')
    const reportedGrossProfit = amount('grossProfit')
    const statement: AnnualFundamentals = {
      fiscalYear: row.date.getUTCFullYear(),
      periodEnd,
      currency,
      revenue,
      costOfRevenue,
      grossProfit:
        reportedGrossProfit ?? (revenue !== null && costOfRevenue !== null ? revenue - costOfRevenue : null),
      operatingIncome: amount('operatingIncome', 'totalOperatingIncomeAsReported'),
      ebit: amount('EBIT'),
      interestExpense: magnitude(amount('interestExpense', 'interestExpenseNonOperating')),
      pretaxIncome: amount('pretaxIncome'),
      incomeTax: amount('taxProvision'),
      netIncome: amount(
        'netIncome',
        'netIncomeCommonStockholders',
        'netIncomeFromContinuingOperationNetMinorityInterest',
      ),
      depreciationAndAmortization: amount(
        'depreciationAndAmortization',
        'depreciationAmortizationDepletion',
        'reconciledDepreciation',
      ),
      totalAssets: amount('totalAssets'),
      currentAssets: amount('currentAssets'),
      cashAndEquivalents: amount('cashAndCashEquivalents', 'cashFinancial'),
      totalLiabilities: amount('totalLiabilitiesNetMinorityInterest'),
      currentLiabilities: amount('currentLiabilities'),
      longTermDebt: amount('longTermDebt', 'longTermDebtAndCapitalLeaseObligation'),
      totalDebt: amount('totalDebt'),
      retainedEarnings: amount('retainedEarnings'),
      shareholdersEquity: amount('stockholdersEquity', 'commonStockEquity'),
      operatingCashFlow: amount('operatingCashFlow', 'cashFlowFromContinuingOperatingActivities'),
      capitalExpenditure: magnitude(amount('capitalExpenditure', 'purchaseOfPPE')),
      dividendsPaid: magnitude(amount('cashDividendsPaid', 'commonStockDividendPaid')),
      shareRepurchases: magnitude(amount('repurchaseOfCapitalStock', 'commonStockPayments')),
      sharesOutstanding: pick(row, 'ordinarySharesNumber', 'shareIssued', 'basicAverageShares'),
      dilutedShares: pick(row, 'dilutedAverageShares'),
    }
    const hasFigures = Object.entries(statement).some(
      ([key, value]) => key !== 'fiscalYear' && key !== 'periodEnd' && key !== 'currency' && value !== null,
    )
    if (hasFigures) years.push(statement)
  }
  return years.sort((a, b) => (a.periodEnd < b.periodEnd ? -1 : 1))
}

const pricePattern = /at price ([\d,]+(?:\.\d+)?)(?:\s*-\s*([\d,]+(?:\.\d+)?))? per share/i

function priceFromText(text: string): number | null {
  const match = pricePattern.exec(text)
  if (!match?.[1]) return null
  const low = Number(match[1].replaceAll(',', ''))
  const high = match[2] ? Number(match[2].replaceAll(',', '')) : low
  return Number.isFinite(low) && Number.isFinite(high) ? (low + high) / 2 : null
}

function tradeKind(text: string): InsiderTransaction['kind'] | null {
  const lower = text.trim().toLowerCase()
  if (lower.startsWith('sale')) return 'sell'
  if (lower.startsWith('purchase') || lower.startsWith('buy')) return 'buy'
  return null
}

/** Insider sales and purchases on or after `since`, oldest first. */
export function mapInsiderTransactions(
  module: InsiderTransactions | undefined,
  since: string,
): InsiderTransaction[] {
  const trades: InsiderTransaction[] = []
  for (const row of module?.transactions ?? []) {
    const kind = tradeKind(row.transactionText ?? '')
    if (!kind || !(row.startDate instanceof Date) || !isNumber(row.shares) || row.shares <= 0) continue
    const date = row.startDate.toISOString().slice(0, 10)
    if (date < since) continue
    const price =
      isNumber(row.value) && row.value > 0 ? row.value / row.shares : priceFromText(row.transactionText)
    if (price === null || price <= 0) continue
    trades.push({
      date,
      insiderName: row.filerName,
      role: String(row.filerRelation),
      kind,
      shares: row.shares,
      price: roundPrice(price),
      value: isNumber(row.value) && row.value > 0 ? row.value : Math.round(row.shares * price * 100) / 100,
    })
  }
  return trades.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}

const yahooRatingKeys: Record<string, AnalystRating> = {
  strong_buy: 'strong_buy',
  buy: 'buy',
  hold: 'hold',
  underperform: 'sell',
  sell: 'strong_sell',
}

/** The consensus from the `financialData` and `recommendationTrend` modules; null when no analyst covers it. */
export function mapAnalystConsensus(
  financialData: FinancialData | undefined,
  recommendationTrend: RecommendationTrend | undefined,
  asOf: string,
): AnalystConsensus | null {
  const current = recommendationTrend?.trend.find((row) => row.period === '0m')
  const trendCount = current
    ? current.strongBuy + current.buy + current.hold + current.sell + current.strongSell
    : 0
  const trendMean =
    current && trendCount > 0
      ? (current.strongBuy + 2 * current.buy + 3 * current.hold + 4 * current.sell + 5 * current.strongSell) /
        trendCount
      : null
  const mean = isNumber(financialData?.recommendationMean) ? financialData.recommendationMean : trendMean
  if (mean === null) return null
  const meanScore = Math.round(mean * 100) / 100
  const count = isNumber(financialData?.numberOfAnalystOpinions)
    ? financialData.numberOfAnalystOpinions
    : trendCount
  return {
    asOf,
    rating: yahooRatingKeys[financialData?.recommendationKey ?? ''] ?? ratingForScore(meanScore),
    meanScore,
    analystCount: count,
    targetMean: financialData?.targetMeanPrice ?? null,
    targetHigh: financialData?.targetHighPrice ?? null,
    targetLow: financialData?.targetLowPrice ?? null,
  }
}

/**
 * Our quote from Yahoo's `quote` answer; the change is in price units, the change percent in percent. `fetchedAt`
 * stands in for the price time when Yahoo omits it.
 */
export function mapQuote(company: Company, quote: YahooQuote, fetchedAt: Date): Quote {
  const price = quote.regularMarketPrice
  if (!isNumber(price)) {
    throw new MarketDataError(
      'PROVIDER_BAD_RESPONSE',
      `${company.yahooSymbol}: quote without a regular market price`,
    )
  }
  const change = isNumber(quote.regularMarketChange) ? quote.regularMarketChange : null
  const previousClose = isNumber(quote.regularMarketPreviousClose)
    ? quote.regularMarketPreviousClose
    : change !== null
      ? price - change
      : price
  const difference = change ?? price - previousClose
  const time = quote.regularMarketTime
  return {
    code: company.code,
    market: company.market,
    price,
    previousClose,
    change: Math.round(difference * 1e6) / 1e6,
    changePercent: isNumber(quote.regularMarketChangePercent)
      ? quote.regularMarketChangePercent
      : previousClose === 0
        ? 0
        : Math.round((difference / previousClose) * 1e6) / 1e4,
    volume: isNumber(quote.regularMarketVolume) ? quote.regularMarketVolume : 0,
    asOf: (time instanceof Date ? time : fetchedAt).toISOString(),
  }
}

function validDate(value: unknown): Date | null {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value : null
}

/**
 * Results dates and dividends from `from` to `to`: the chart's dividend history and `calendarEvents`' coming dates.
 * Amounts are rounded to 6 decimals (float noise); a dividend without a positive amount is dropped.
 */
export function mapCorporateEvents(
  input: {
    dividends: readonly ChartEventDividend[] | undefined
    calendar: CalendarEvents | undefined
    statistics: DefaultKeyStatistics | undefined
  },
  company: Pick<Company, 'currency'>,
  timeZone: string,
  from: string,
  to: string,
): CorporateEvents {
  const inWindow = (date: string) => date >= from && date <= to
  const byExDate = new Map<string, DividendEvent>()
  for (const event of input.dividends ?? []) {
    const at = validDate(event.date)
    if (!at || !(event.amount > 0)) continue
    const exDate = localDateTime(at, timeZone).date
    byExDate.set(exDate, {
      exDate,
      payDate: null,
      amount: Math.round(event.amount * 1e6) / 1e6,
      currency: company.currency,
    })
  }
  const comingEx = validDate(input.calendar?.exDividendDate)?.toISOString().slice(0, 10)
  if (comingEx) {
    const payDate = validDate(input.calendar?.dividendDate)?.toISOString().slice(0, 10) ?? null
    const known = byExDate.get(comingEx)
    const lastDay = validDate(input.statistics?.lastDividendDate)?.toISOString().slice(0, 10)
    const amount = known?.amount ?? (lastDay === comingEx ? input.statistics?.lastDividendValue : undefined)
    if (typeof amount === 'number' && amount > 0) {
      byExDate.set(comingEx, { exDate: comingEx, payDate, amount, currency: company.currency })
    }
  }
  const earnings: EarningsEvent[] = []
  const dates = (input.calendar?.earnings?.earningsDate ?? []).map(validDate).filter((d) => d !== null)
  const first = dates[0]
  if (first) {
    const projected = input.calendar?.earnings?.isEarningsDateEstimate === true || dates.length > 1
    const date = localDateTime(first, timeZone).date
    if (inWindow(date)) {
      earnings.push({
        date,
        at: projected ? null : first.toISOString(),
        periodEnd: null,
        confirmed: !projected,
      })
    }
  }
  const dividends = [...byExDate.values()]
    .filter((d) => inWindow(d.exDate))
    .sort((a, b) => a.exDate.localeCompare(b.exDate))
  return { earnings, dividends }
}
