/**
 * The tool for a company's dividends over the years (`getDividendHistory`): the diagnosis's dividends section
 * (server/modules/stocks/dividend-history.ts, method `fiscal-year-cash-dividends-v1`, docs/analysis-methods.md
 * #dividends) — up to five fiscal years of cash dividends, each per share (or in total when share counts are
 * missing) with its change on the year before and its payout ratio, the compound growth over them, the latest
 * payout ratio and the trailing yield. Each figure also comes written the way every chat answer writes it
 * (tool-format.ts), so the model and the offline assistant cite the same text. A company that paid none, or whose
 * statements show no payment, says so by its status. The source is the company's diagnosis page, which shows the
 * same table with its method.
 */
import type { Locale } from '#contracts/regions.ts'
import type { DiagnosisDividends } from '#contracts/stock-diagnosis.ts'
import { isCurrency } from '#contracts/stock-rules.ts'
import type { Currency } from '#contracts/stocks.ts'
import { readDiagnosis } from './company-tools.ts'
import { factsOf, type StockFacts, stockSource } from './stock-facts.ts'
import { formatBig } from './stock-figures.ts'
import { diagnosisHref, formatMoney, formatPercent } from './tool-format.ts'
import { type ToolContext, type ToolInput, type ToolResult, toolInputs } from './tool-inputs.ts'

export interface DividendYearFacts {
  fiscalYear: number
  periodEnd: string
  /** Per share on basis `per_share`, the total paid on basis `total`, in `currency`. */
  amount: number
  amountText: string
  /** On the year before, on `basis`, a fraction; null for the first year shown or after a gap. */
  growth: number | null
  growthText: string | null
  /** Dividends ÷ net income, a fraction; null in a loss year. */
  payoutRatio: number | null
  payoutText: string | null
}

export interface DividendHistoryResult {
  stock: StockFacts
  /** The session the diagnosis describes (the yield's price date). */
  asOf: string | null
  isDemo: boolean
  /** payer: the latest fiscal year paid; non_payer: it paid none; not_reported: the statements show no payment. */
  status: DiagnosisDividends['status']
  method: string
  /** The reporting currency of the amounts. */
  currency: Currency
  /** The latest fiscal year of the statements ("FY2025") and its end; null without statements. */
  fiscalYear: number | null
  periodEnd: string | null
  /** Trailing dividend yield (a fraction), payout ratio of the latest fiscal year (a fraction). */
  yield: number | null
  yieldText: string | null
  payoutRatio: number | null
  payoutText: string | null
  basis: DiagnosisDividends['basis']
  /** Oldest first. */
  years: DividendYearFacts[]
  cagr: { value: number; text: string; from: number; to: number } | null
  /** The full diagnosis, where the dividends section shows the same table with its method. */
  href: string
}

const percentOrNull = (value: number | null, signed = false) =>
  value === null ? null : formatPercent(value, signed)

/** The dividends section of a diagnosis as the tool returns it. */
export function dividendFacts(
  dividends: DiagnosisDividends,
  stock: StockFacts,
  asOf: string | null,
  isDemo: boolean,
  locale: Locale,
): DividendHistoryResult {
  const currency = isCurrency(dividends.currency) ? dividends.currency : stock.currency
  const perShare = dividends.basis === 'per_share'
  return {
    stock,
    asOf,
    isDemo,
    status: dividends.status,
    method: dividends.method,
    currency,
    fiscalYear: dividends.fiscalYear,
    periodEnd: dividends.periodEnd,
    yield: dividends.yield,
    yieldText: percentOrNull(dividends.yield),
    payoutRatio: dividends.payoutRatio,
    payoutText: percentOrNull(dividends.payoutRatio),
    basis: dividends.basis,
    years: dividends.years.map((year) => {
      const amount = perShare ? (year.perShare ?? year.paid) : year.paid
      return {
        fiscalYear: year.fiscalYear,
        periodEnd: year.periodEnd,
        amount,
        // Totals as readers say them: "1.20 billion USD", in Chinese by 億 and 兆.
        amountText: perShare
          ? formatMoney(amount, currency)
          : formatBig(amount, currency, locale === 'zh-Hant'),
        growth: year.growth,
        growthText: percentOrNull(year.growth, true),
        payoutRatio: year.payoutRatio,
        payoutText: percentOrNull(year.payoutRatio),
      }
    }),
    cagr: dividends.cagr && { ...dividends.cagr, text: formatPercent(dividends.cagr.value, true) },
    href: diagnosisHref(stock.code, stock.market),
  }
}

export async function getDividendHistory(
  ctx: ToolContext,
  input: ToolInput<'getDividendHistory'>,
): Promise<ToolResult<DividendHistoryResult>> {
  const { code, market } = toolInputs.getDividendHistory.parse(input)
  const diagnosis = await readDiagnosis(ctx, code, market)
  const stock = factsOf(diagnosis.stock)
  return {
    data: dividendFacts(diagnosis.dividends, stock, diagnosis.asOf, diagnosis.isDemo, ctx.locale),
    sources: [stockSource('diagnosis', { ...stock, isDemo: diagnosis.isDemo }, diagnosis.asOf, ctx.locale)],
  }
}
