/**
 * The diagnosis as the page carries it: the API's answer less what the first paint does not draw (issue "Fast on a
 * phone and under load": the page must stay under 100 KB of HTML). Every score's checks (drawn when the score is
 * opened) and the chart's daily bars (drawn when the chart nears the screen) were more than a third of the page's
 * data; the page keeps only how many checks passed and the dates the chart spans, and the browser fetches the rest
 * when it is needed (`diagnosis-details.ts`). Method citations leave out their anchor in the methods document, which
 * the page does not link. The quota is left out because the loader turns it into the attempts line (`attempts`),
 * so it is not carried twice.
 */
import type { DiagnosisCheck, StockDiagnosisAnswer } from '#contracts/stock-diagnosis.ts'
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

export type PageDiagnosis = Omit<StockDiagnosisAnswer, 'history' | 'quota' | 'scoreDetails' | 'methods'> & {
  scoreDetails: PageScore[]
  methods: PageMethodCitation[]
  /** Null when there are no bars to draw. */
  chart: ChartSpan | null
}

export function pageDiagnosisOf({
  history,
  quota: _quota,
  scoreDetails,
  methods,
  ...diagnosis
}: StockDiagnosisAnswer): PageDiagnosis {
  const bars = chartBarsOf(history)
  const first = bars[0]
  const last = bars.at(-1)
  return {
    ...diagnosis,
    methods: methods.map(({ anchor: _anchor, ...citation }) => citation),
    scoreDetails: scoreDetails.map(({ checks, ...score }) => ({
      ...score,
      passed: checks.filter((check) => check.status === 'pass').length,
    })),
    chart: first && last ? { from: first.date, to: last.date } : null,
  }
}
