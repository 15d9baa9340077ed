/**
 * The diagnosis as the page carries it: the API's answer less what the first paint does not draw (issue "Fast on a
 * phone and under load": the page must stay under 100 KB of HTML). Every score's checks (drawn when the score is
 * opened) and the chart's daily bars (drawn when the chart nears the screen) were more than a third of the page's
 * data; the page keeps only how many checks passed and the dates the chart spans, and the browser fetches the rest
 * when it is needed (`diagnosis-details.ts`). Method citations leave out their anchor in the methods document, which
 * the page does not link. The quota is left out because the loader turns it into the attempts line (`attempts`),
 * so it is not carried twice, and the fair value's calculation comes when it is opened, with the checks. Of the ratios the page reads two (the rest are the checks' figures, fetched with them);
 * the dividends' years carry only the figure the table shows, to four significant digits.
 */
import type { DiagnosisCheck, StockDiagnosisAnswer } from '#contracts/stock-diagnosis.ts'
import { calculationOf } from './fair-value-inputs.ts'
import type { DiagnosisFairValue } from './fair-value-panel.tsx'
import { chartBarsOf } from './price-chart-data.ts'

/** The fields of a check the report shows (`reason` is the code behind `reasonLabel`). */
export type PageCheck = Omit<DiagnosisCheck, 'reason' | 'thresholdSource'>

type AnswerScore = StockDiagnosisAnswer['scoreDetails'][number]

/** A score without its checks: how many passed is what the folded score and the score table show. */
export type PageScore = Omit<AnswerScore, 'checks'> & { passed: number }

/** A method behind a figure, as the methods dialog shows it. */
export type PageMethodCitation = Omit<StockDiagnosisAnswer['methods'][number], 'anchor'>

/** The sessions the price chart spans (its text alternative names them before the bars arrive). */
export interface ChartSpan {
  from: string
  to: string
}

type AnswerDividends = StockDiagnosisAnswer['dividends']

/** One fiscal year of the dividends table: the amount on the answer's basis (per share, or the total paid). */
export interface PageDividendYear {
  fiscalYear: number
  amount: number
  payoutRatio: number | null
  growth: number | null
}

export type PageDividends = Omit<AnswerDividends, 'years' | 'method'> & { years: PageDividendYear[] }

export type PageDiagnosis = Omit<
  StockDiagnosisAnswer,
  'history' | 'quota' | 'scoreDetails' | 'methods' | 'ratios' | 'dividends' | 'fairValue'
> & {
  fairValue: DiagnosisFairValue
  scoreDetails: PageScore[]
  methods: PageMethodCitation[]
  ratios: Pick<StockDiagnosisAnswer['ratios'], 'peFiscalYear' | 'reportingCurrency'>
  dividends: PageDividends
  /** Null when there are no bars to draw. */
  chart: ChartSpan | null
}

/** Four significant digits: more than the report prints, a third of the bytes of a full double. */
const rounded = (value: number | null): number | null =>
  value === null || value === 0 ? value : Number(value.toPrecision(4))

export function pageDividendsOf({ years, method: _method, ...dividends }: AnswerDividends): PageDividends {
  return {
    ...dividends,
    yield: rounded(dividends.yield),
    payoutRatio: rounded(dividends.payoutRatio),
    cagr: dividends.cagr && { ...dividends.cagr, value: rounded(dividends.cagr.value) as number },
    years: years.map((year) => ({
      fiscalYear: year.fiscalYear,
      amount: rounded(dividends.basis === 'per_share' ? (year.perShare ?? 0) : year.paid) as number,
      payoutRatio: rounded(year.payoutRatio),
      growth: rounded(year.growth),
    })),
  }
}

export function pageDiagnosisOf({
  history,
  quota: _quota,
  scoreDetails,
  methods,
  ratios,
  dividends,
  fairValue: { inputs, ...fairValue },
  ...diagnosis
}: StockDiagnosisAnswer): PageDiagnosis {
  const bars = chartBarsOf(history)
  const first = bars[0]
  const last = bars.at(-1)
  return {
    ...diagnosis,
    ratios: {
      peFiscalYear: ratios.peFiscalYear ?? null,
      reportingCurrency: ratios.reportingCurrency ?? null,
    },
    dividends: pageDividendsOf(dividends),
    fairValue: { ...fairValue, hasCalculation: calculationOf({ method: fairValue.method, inputs }) !== null },
    methods: methods.map(({ anchor: _anchor, ...citation }) => citation),
    scoreDetails: scoreDetails.map(({ checks, ...score }) => ({
      ...score,
      passed: checks.filter((check) => check.status === 'pass').length,
    })),
    chart: first && last ? { from: first.date, to: last.date } : null,
  }
}
