/**
 * The diagnosis as the page carries it: the API's answer less what the page does not draw, in the shape that keeps
 * the page's data small (issue "Fast on a phone and under load": the page must stay under 100 KB of HTML). The
 * page's data repeats a reference for every key of every object, so the many small records travel as arrays: the
 * chart's bars packed into one string (`packChartBars`, only those the chart draws) and each check as a tuple of
 * the fields the report shows. Method citations leave out their anchor in the methods document, which the page
 * does not link. The quota is left out because the loader turns it into the attempts line
 * (`attempts`), so it is not carried twice. Everything a reader sees is still here.
 */
import type { DiagnosisCheck, StockDiagnosisAnswer } from '#contracts/stocks.ts'
import { type PackedBars, packChartBars } from './price-chart-data.ts'

/** The fields of a check the report shows (`reason` is the code behind `reasonLabel`). */
export type PageCheck = Omit<DiagnosisCheck, 'reason' | 'thresholdSource'>

/** A check in the page's data: `PageCheck`'s fields in this order, its inputs as [name, value, name, value, …]. */
export type PackedCheck = [
  key: string,
  label: string,
  value: number | null,
  unit: DiagnosisCheck['unit'],
  comparison: DiagnosisCheck['comparison'],
  threshold: number | null,
  thresholdLabel: string,
  status: DiagnosisCheck['status'],
  reasonLabel: string | null,
  weight: number,
  inputs: (string | number | null)[],
  period: string | null,
]

type AnswerScore = StockDiagnosisAnswer['scoreDetails'][number]

export type PageScore = Omit<AnswerScore, 'checks'> & { checks: PackedCheck[] }

/** A method behind a figure, as the methods dialog shows it. */
export type PageMethodCitation = Omit<StockDiagnosisAnswer['methods'][number], 'anchor'>

export type PageDiagnosis = Omit<StockDiagnosisAnswer, 'history' | 'quota' | 'scoreDetails' | 'methods'> & {
  scoreDetails: PageScore[]
  methods: PageMethodCitation[]
  /** The price chart's bars, packed; `unpackChartBars` gives them back. */
  chartBars: PackedBars
}

export function packCheck(check: DiagnosisCheck): PackedCheck {
  return [
    check.key,
    check.label,
    check.value,
    check.unit,
    check.comparison,
    check.threshold,
    check.thresholdLabel,
    check.status,
    check.reasonLabel,
    check.weight,
    Object.entries(check.inputs).flat(),
    check.period,
  ]
}

export function unpackCheck([
  key,
  label,
  value,
  unit,
  comparison,
  threshold,
  thresholdLabel,
  status,
  reasonLabel,
  weight,
  inputs,
  period,
]: PackedCheck): PageCheck {
  const entries: [string, string | number | null][] = []
  for (let i = 0; i + 1 < inputs.length; i += 2) entries.push([String(inputs[i]), inputs[i + 1] ?? null])
  return {
    key,
    label,
    value,
    unit,
    comparison,
    threshold,
    thresholdLabel,
    status,
    reasonLabel,
    weight,
    inputs: Object.fromEntries(entries),
    period,
  }
}

/** How many of a score's checks passed. */
export function passedChecksOf(score: Pick<PageScore, 'checks'>): number {
  return score.checks.filter((check) => check[7] === 'pass').length
}

export function pageDiagnosisOf({
  history,
  quota: _quota,
  scoreDetails,
  methods,
  ...diagnosis
}: StockDiagnosisAnswer): PageDiagnosis {
  return {
    ...diagnosis,
    methods: methods.map(({ anchor: _anchor, ...citation }) => citation),
    scoreDetails: scoreDetails.map((score) => ({ ...score, checks: score.checks.map(packCheck) })),
    chartBars: packChartBars(history),
  }
}
