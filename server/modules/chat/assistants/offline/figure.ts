/**
 * Questions for single figures of one company ("What is Apple's RSI?", "騰訊的市盈率是多少？"): each figure asked,
 * with its one-line meaning, the date or fiscal year it describes, its source (and that it is demo data when it is),
 * then a link to the full diagnosis — never the whole diagnosis instead. A figure we do not hold is said to be missing.
 */
import type { AssistantEvent } from '../../assistant.ts'
import type { StockFiguresResult } from '../../tools/figure-tools.ts'
import type { StockFigure } from '../../tools/stock-figures.ts'
import { marginText, money, stockName, type Writer } from './answer-writer.ts'
import { writeCannot } from './cannot.ts'
import { companyInput, type IntentAnswer } from './intent-answer.ts'

export async function* answerFigure({
  mentions: [first],
  reading,
  w,
  call,
}: IntentAnswer): AsyncGenerator<AssistantEvent> {
  if (!first) {
    writeCannot(w, 'no_company')
    return
  }
  const r: { value?: StockFiguresResult } = {}
  yield* call('getStockFigures', { ...companyInput(first), figures: reading.figures }, r)
  if (r.value) writeFigures(w, r.value)
}

/** "as of 2026-11-20; source: our AI diagnosis, demo data" in the reader's language. */
export function provenance(w: Writer, figure: StockFigure, isDemo: boolean): string {
  if (w.zh) return `資料日期 ${figure.asOf}；來源：本站 AI 診斷${isDemo ? '（示範數據）' : ''}`
  return `as of ${figure.asOf}; source: our AI diagnosis${isDemo ? ', demo data' : ''}`
}

function figureLine(w: Writer, r: StockFiguresResult, f: StockFigure): string {
  const name = stockName(r.stock)
  if (f.value === null)
    return w.zh
      ? `本站沒有 **${name}** 的${f.label}數據（${provenance(w, f, r.isDemo)}）。`
      : `We do not hold the ${f.label} of **${name}** (${provenance(w, f, r.isDemo)}).`
  return w.zh
    ? `**${name}** 的${f.label}：**${f.text}**（${provenance(w, f, r.isDemo)}）。${f.label}：${f.meaning}`
    : `**${name}** — ${f.label}: **${f.text}** (${provenance(w, f, r.isDemo)}). ${f.label}: ${f.meaning}`
}

export function writeFigures(w: Writer, r: StockFiguresResult): void {
  const { zh } = w
  for (const f of r.figures) {
    w.lines.push(figureLine(w, r, f))
    const margin = r.stock.downsideMargin
    if (f.key === 'fair_value' && f.value !== null && r.stock.price !== null && margin !== null) {
      w.lines.push(
        zh
          ? `收市價 ${money(r.stock.price, r.stock, zh)}，即${marginText(margin, zh)}。`
          : `The close is ${money(r.stock.price, r.stock, zh)}: a ${marginText(margin, zh)}.`,
      )
    }
  }
  w.lines.push(
    zh
      ? `完整分析請見 [${r.stock.name}的 AI 診斷](${r.href})。`
      : `The full picture is in [${r.stock.name}’s AI diagnosis](${r.href}).`,
  )
}
