/**
 * Comparison questions: two companies side by side — price, scores, fair value, margin, P/E and the return over the
 * period — and which is the cheaper against fair value.
 */
import type { AssistantEvent } from '../../assistant.ts'
import type { DiagnosisFacts, PriceReturn } from '../../tools/company-tools.ts'
import { formatPercent } from '../../tools/tool-format.ts'
import type { Period } from '../../tools/tool-inputs.ts'
import {
  compareLine,
  marginText,
  money,
  periodNames,
  score,
  stockName,
  table,
  type Writer,
} from './answer-writer.ts'
import { writeCannot } from './cannot.ts'
import { answerCompareFigures } from './compare-figures.ts'
import { companyInput, type IntentAnswer } from './intent-answer.ts'

export async function* answerCompare(answer: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const {
    mentions: [first, second],
    period,
    w,
    call,
  } = answer
  if (first && second && answer.reading.figures.length > 0) {
    yield* answerCompareFigures(answer)
    return
  }
  if (!first || !second) {
    writeCannot(w, 'need_two')
    return
  }
  const da: { value?: DiagnosisFacts } = {}
  const db: { value?: DiagnosisFacts } = {}
  const ra: { value?: PriceReturn } = {}
  const rb: { value?: PriceReturn } = {}
  yield* call('getDiagnosis', companyInput(first), da)
  yield* call('getDiagnosis', companyInput(second), db)
  yield* call('getPriceReturn', { ...companyInput(first), period }, ra)
  yield* call('getPriceReturn', { ...companyInput(second), period }, rb)
  if (da.value && db.value)
    writeCompare(
      w,
      da.value,
      db.value,
      ra.value && 'change' in ra.value ? ra.value : null,
      rb.value && 'change' in rb.value ? rb.value : null,
      period,
    )
}

function writeCompare(
  w: Writer,
  a: DiagnosisFacts,
  b: DiagnosisFacts,
  ra: PriceReturn | null,
  rb: PriceReturn | null,
  period: Period,
): void {
  const { zh } = w
  const scoreOf = (d: DiagnosisFacts, key: string) =>
    score(key === 'total' ? d.totalScore : (d.scores.find((x) => x.key === key)?.value ?? null), zh)
  const label = (d: DiagnosisFacts, key: string, fallback: string) =>
    d.scores.find((x) => x.key === key)?.label ?? fallback
  w.lines.push(
    zh
      ? `**${stockName(a.stock)}** 與 **${stockName(b.stock)}** 的比較：`
      : `**${stockName(a.stock)}** compared with **${stockName(b.stock)}**:`,
  )
  const rows: string[][] = [
    [zh ? '收市價' : 'Close', money(a.stock.price, a.stock, zh), money(b.stock.price, b.stock, zh)],
    [zh ? 'AI 總評分' : 'AI total score', scoreOf(a, 'total'), scoreOf(b, 'total')],
    [label(a, 'gross_margin', 'Gross margin'), scoreOf(a, 'gross_margin'), scoreOf(b, 'gross_margin')],
    [label(a, 'profitability', 'Profitability'), scoreOf(a, 'profitability'), scoreOf(b, 'profitability')],
    [label(a, 'valuation', 'Valuation'), scoreOf(a, 'valuation'), scoreOf(b, 'valuation')],
    [
      zh ? '合理價' : 'Fair value',
      money(a.fairValue.value, a.stock, zh),
      money(b.fairValue.value, b.stock, zh),
    ],
    [
      zh ? '安全邊際／溢價' : 'Margin',
      marginText(a.fairValue.downsideMargin, zh),
      marginText(b.fairValue.downsideMargin, zh),
    ],
    [
      zh ? '市盈率' : 'P/E',
      a.stock.peRatio === null ? (zh ? '不適用' : 'n/a') : `${a.stock.peRatio.toFixed(1)}x`,
      b.stock.peRatio === null ? (zh ? '不適用' : 'n/a') : `${b.stock.peRatio.toFixed(1)}x`,
    ],
    [
      zh ? `回報（${periodNames[period][w.locale]}）` : `Return (${periodNames[period][w.locale]})`,
      ra ? formatPercent(ra.change, true) : zh ? '不適用' : 'n/a',
      rb ? formatPercent(rb.change, true) : zh ? '不適用' : 'n/a',
    ],
  ]
  w.lines.push(table([zh ? '項目' : 'Item', a.stock.displayCode, b.stock.displayCode], rows))
  const ma = a.fairValue.downsideMargin
  const mb = b.fairValue.downsideMargin
  if (ma !== null && mb !== null && ma !== mb) {
    const cheaper = ma > mb ? a : b
    w.lines.push(
      zh
        ? `以合理價計，**${stockName(cheaper.stock)}** 的估值較吸引。`
        : `Measured against fair value, **${stockName(cheaper.stock)}** is the cheaper of the two.`,
    )
  }
  w.lines.push(compareLine(w, [a.stock, b.stock]))
}
