/**
 * Comparisons of named figures ("Compare the margins of Apple and Microsoft", "騰訊和阿里巴巴的市盈率"): a table of
 * the figures asked for 2 to 4 companies — not the scores — each cell dated by its fiscal year when it is not the
 * session's, then a link to each company's full diagnosis.
 */
import type { AssistantEvent } from '../../assistant.ts'
import type { StockFiguresResult } from '../../tools/figure-tools.ts'
import { compareLine, stockName, table, type Writer } from './answer-writer.ts'
import { companyInput, type IntentAnswer } from './intent-answer.ts'

const companiesMax = 4

export async function* answerCompareFigures({
  mentions,
  reading,
  w,
  call,
}: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const results: StockFiguresResult[] = []
  for (const mention of mentions.slice(0, companiesMax)) {
    const r: { value?: StockFiguresResult } = {}
    yield* call('getStockFigures', { ...companyInput(mention), figures: reading.figures }, r)
    if (r.value) results.push(r.value)
  }
  if (results.length >= 2) writeFigureTable(w, results)
}

function writeFigureTable(w: Writer, results: StockFiguresResult[]): void {
  const { zh } = w
  const first = results[0] as StockFiguresResult
  w.lines.push(
    zh
      ? `${results.map((r) => `**${stockName(r.stock)}**`).join('、')} 的比較：`
      : `${results.map((r) => `**${stockName(r.stock)}**`).join(', ')} compared:`,
  )
  const rows = first.figures.map((f, i) => [
    f.label,
    ...results.map((r) => {
      const figure = r.figures[i]
      if (!figure) return ''
      return figure.asOf.startsWith('FY') && figure.value !== null
        ? `${figure.text} (${figure.asOf})`
        : figure.text
    }),
  ])
  w.lines.push(table([zh ? '項目' : 'Figure', ...results.map((r) => r.stock.displayCode)], rows))
  for (const f of first.figures) w.lines.push(`${f.label}: ${f.meaning}`)
  if (results.some((r) => r.isDemo))
    w.lines.push(zh ? '來源：本站 AI 診斷（示範數據）。' : 'Source: our AI diagnosis (demo data).')
  w.lines.push(
    (zh ? '完整診斷：' : 'Full diagnoses: ') +
      results.map((r) => `[${r.stock.name}](${r.href})`).join(zh ? '、' : ', '),
  )
  w.lines.push(
    compareLine(
      w,
      results.map((r) => r.stock),
    ),
  )
}
