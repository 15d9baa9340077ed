/**
 * The market-data provider interface and the shapes it speaks. Every provider (demo, yahoo, csv) returns these
 * shapes; the analysis engine reads only these shapes. Amounts are in the company's reporting currency, in units
 * (not thousands); share counts are whole shares; dates are ISO `YYYY-MM-DD` in the exchange's own calendar.
 */
import type { Market } from '#contracts/regions.ts'

export type Exchange = 'NASDAQ' | 'NYSE' | 'HKEX' | 'TSE' | 'KRX' | 'KOSDAQ'
export type Currency = 'USD' | 'HKD' | 'JPY' | 'KRW'

/** GICS sectors (11). Industry is a free key inside a sector, e.g. `semiconductors`, `banks`. */
export type Sector =
  | 'communication_services'
  | 'consumer_discretionary'
  | 'consumer_staples'
  | 'energy'
  | 'financials'
  | 'health_care'
  | 'industrials'
  | 'information_technology'
  | 'materials'
  | 'real_estate'
  | 'utilities'

export interface Company {
  /** The code readers type and see: `AAPL`, `0700`, `7203`, `005930`. Unique within a market. */
  code: string
  market: Market
  exchange: Exchange
  currency: Currency
  nameEn: string
  /** Traditional Chinese name as used by Taiwan/Hong Kong media. */
  nameZh: string
  /** Other names a reader may type: short names, former names, common abbreviations (any language). */
  aliases: string[]
  sector: Sector
  industry: string
  /** Symbol at Yahoo Finance: `AAPL`, `0700.HK`, `7203.T`, `005930.KS`, `035720.KQ`. */
  yahooSymbol: string
}

export interface DailyBar {
  date: string
  open: number
  high: number
  low: number
  close: number
  volume: number
}

/**
 * A placeholder bar: no volume, and open = high = low = close. Data sources write one for a day the stock did not
 * trade (a suspension, a day the source filled in), so it is not a session. It is stored as delivered (and counted
 * when imported or fetched), but the analysis skips it: five placeholder days would otherwise read as five sessions
 * of "no change" in every average, RSI and volume comparison.
 */
export function isPlaceholderBar(bar: DailyBar): boolean {
  return bar.volume === 0 && bar.open === bar.close && bar.high === bar.close && bar.low === bar.close
}

/** One fiscal year of the three statements plus shares; null where the provider has no figure. */
export interface AnnualFundamentals {
  fiscalYear: number
  periodEnd: string
  currency: Currency
  // income statement
  revenue: number | null
  costOfRevenue: number | null
  grossProfit: number | null
  operatingIncome: number | null
  ebit: number | null
  interestExpense: number | null
  pretaxIncome: number | null
  incomeTax: number | null
  netIncome: number | null
  depreciationAndAmortization: number | null
  // balance sheet (at period end)
  totalAssets: number | null
  currentAssets: number | null
  cashAndEquivalents: number | null
  totalLiabilities: number | null
  currentLiabilities: number | null
  longTermDebt: number | null
  totalDebt: number | null
  retainedEarnings: number | null
  shareholdersEquity: number | null
  // cash flow
  operatingCashFlow: number | null
  capitalExpenditure: number | null
  dividendsPaid: number | null
  shareRepurchases: number | null
  // shares
  sharesOutstanding: number | null
  dilutedShares: number | null
}

export interface InsiderTransaction {
  date: string
  insiderName: string
  /** Role as filed, e.g. `Chief Executive Officer`, `Director`, `10% Owner`. */
  role: string
  kind: 'buy' | 'sell'
  shares: number
  price: number
  value: number
}

export type AnalystRating = 'strong_buy' | 'buy' | 'hold' | 'sell' | 'strong_sell'

export interface AnalystConsensus {
  asOf: string
  rating: AnalystRating
  /** Mean recommendation on the common 1 (strong buy) to 5 (strong sell) scale. */
  meanScore: number
  analystCount: number
  targetMean: number | null
  targetHigh: number | null
  targetLow: number | null
}

export interface Quote {
  code: string
  market: Market
  price: number
  previousClose: number
  change: number
  changePercent: number
  volume: number
  /** ISO timestamp of the price. */
  asOf: string
}

/**
 * An exchange rate: units of `to` per unit of `from` (`USD`→`HKD` 7.8), as the provider last knew it on `asOf`
 * (an ISO day). Currencies are ISO 4217 codes; a portfolio's base currency may be one no company trades in (TWD).
 */
export interface FxRate {
  from: string
  to: string
  rate: number
  asOf: string
}

/**
 * A date on which a company publishes its periodic results. `date` is the exchange's calendar day of the release;
 * `at` is the instant of the release when the source gives one (the page shows it in the reader's time zone, which
 * may make it another day there), else null.
 */
export interface EarningsEvent {
  date: string
  at: string | null
  /** The last day of the quarter or half the results cover; null when the source does not say. */
  periodEnd: string | null
  /** False for a date the source only projects (not yet announced by the company). */
  confirmed: boolean
}

/**
 * One dividend per share: who holds the stock before `exDate` receives `amount` (in `currency`, the amount as
 * declared, not adjusted for later splits) on `payDate` (null when the source does not give it).
 */
export interface DividendEvent {
  exDate: string
  payDate: string | null
  amount: number
  currency: string
}

/** A company's results dates and dividends in a window of days, oldest first within each list. */
export interface CorporateEvents {
  earnings: EarningsEvent[]
  dividends: DividendEvent[]
}

export interface MarketDataProvider {
  readonly name: 'demo' | 'yahoo' | 'csv'
  /** True when the numbers are synthetic: every screen and answer must then say DEMO. */
  readonly isDemo: boolean
  /**
   * The version of a generator's data (the demo provider's): data stored from another version is replaced as a
   * whole, as another provider's would be. Absent for providers that pass on real data.
   */
  readonly dataVersion?: string
  getDailyBars(company: Company, from: string, to: string): Promise<DailyBar[]>
  getAnnualFundamentals(company: Company): Promise<AnnualFundamentals[]>
  getInsiderTransactions(company: Company, since: string): Promise<InsiderTransaction[]>
  getAnalystConsensus(company: Company): Promise<AnalystConsensus | null>
  /**
   * Past consensus, oldest first: one per month end from `since`, then the latest. Optional: a provider that only
   * knows today's consensus leaves it out, and past diagnoses then go without a consensus.
   */
  getAnalystConsensusHistory?(company: Company, since: string): Promise<AnalystConsensus[]>
  getQuote(company: Company): Promise<Quote>
  /**
   * The latest exchange rate from one currency to another (issue 25: a portfolio in the reader's base currency).
   * Every provider here has it (demo: fixed reference rates, labelled DEMO with the rest; yahoo: its currency-pair
   * quotes such as `USDHKD=X`; csv: the rates file the operator names); optional so that a provider without rates
   * leaves portfolios in each holding's own currency. Throws `MarketDataError('SYMBOL_NOT_FOUND')` for a pair it
   * has no rate for.
   */
  getFxRate?(from: string, to: string): Promise<FxRate>
  /**
   * Results dates and dividends (issue 28, the calendar) whose day (`date`, `exDate`) falls from `from` to `to`,
   * both included: past ones as they happened and coming ones as announced or projected. Optional: a provider
   * without them leaves the calendar empty for its companies.
   */
  getCorporateEvents?(company: Company, from: string, to: string): Promise<CorporateEvents>
}
