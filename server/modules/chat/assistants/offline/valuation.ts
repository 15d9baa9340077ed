/**
 * Valuation questions: whether one company looks undervalued or overvalued against our fair value ("Is Tencent
 * undervalued?"), or, when the question names none, the most undervalued or overvalued stocks of a market.
 */
import type { AssistantEvent } from '../../assistant.ts'
import type { DiagnosisFacts } from '../../tools/company-tools.ts'
import type { StockList } from '../../tools/list-tools.ts'
import type { StockFacts } from '../../tools/stock-facts.ts'
import {
  marginText,
  marketName,
  money,
  score,
  stockLink,
  stockName,
  table,
  type Writer,
} from './answer-writer.ts'
import { companyInput, type IntentAnswer } from './intent-answer.ts'

export async function* answerValuation({
  reading,
  mentions: [first],
  w,
  call,
}: IntentAnswer): AsyncGenerator<AssistantEvent> {
  if (first) {
    const d: { value?: DiagnosisFacts } = {}
    yield* call('getDiagnosis', companyInput(first), d)
    if (d.value) writeValuation(w, d.value)
    return
  }
  const list: { value?: StockList & { kind: 'undervalued' | 'overvalued' } } = {}
  yield* call(
    'listValuation',
    { kind: reading.side ?? 'undervalued', market: reading.market, limit: 5 },
    list,
  )
  if (list.value) writeValuationList(w, list.value)
}

function verdict(margin: number | null, zh: boolean): string {
  if (margin === null)
    return zh
      ? '目前無法估算合理價，因此無法判斷是否被低估。'
      : 'Its fair value cannot be estimated, so we cannot say whether it is undervalued.'
  if (margin > 0)
    return zh
      ? `股價低於合理價，按本站估算屬於**被低估**（${marginText(margin, zh)}）。`
      : `The price is below our fair value estimate: on our figures it looks **undervalued** (${marginText(margin, zh)}).`
  return zh
    ? `股價高於合理價，按本站估算屬於**被高估**（${marginText(margin, zh)}）。`
    : `The price is above our fair value estimate: on our figures it looks **overvalued** (${marginText(margin, zh)}).`
}

function writeValuation(w: Writer, d: DiagnosisFacts): void {
  const { zh } = w
  const s = d.stock
  w.lines.push(
    zh
      ? `**${stockName(s)}** 收市價 ${money(s.price, s, zh)}，合理價估算為 ${money(d.fairValue.value, s, zh)}（${d.fairValue.method}）。${verdict(d.fairValue.downsideMargin, zh)}`
      : `**${stockName(s)}** closed at ${money(s.price, s, zh)} against a fair value of ${money(d.fairValue.value, s, zh)} (${d.fairValue.method}). ${verdict(d.fairValue.downsideMargin, zh)}`,
  )
  w.lines.push(
    table(
      zh
        ? ['股價', '合理價（低／基準／高）', '安全邊際／溢價', 'AI 總評分']
        : ['Price', 'Fair value (low / base / high)', 'Margin', 'AI score'],
      [
        [
          money(s.price, s, zh),
          `${money(d.fairValue.low, s, zh)} / ${money(d.fairValue.base, s, zh)} / ${money(d.fairValue.high, s, zh)}`,
          marginText(d.fairValue.downsideMargin, zh),
          score(d.totalScore ?? s.score, zh),
        ],
      ],
    ),
  )
  if (d.fairValue.confidence === 'low')
    w.lines.push(
      zh
        ? '注意：股價與合理價相差甚遠，這個安全邊際的可信度較低。'
        : 'Note: the price is far from the fair value, so this margin is of low confidence.',
    )
}

function stockRows(w: Writer, rows: StockFacts[]): string {
  const { zh } = w
  return table(
    zh
      ? ['#', '股票', '股價', '合理價', '安全邊際／溢價', 'AI 評分']
      : ['#', 'Stock', 'Price', 'Fair value', 'Margin', 'AI score'],
    rows.map((s, i) => [
      String(i + 1),
      stockLink(s),
      money(s.price, s, zh),
      money(s.fairValue, s, zh),
      marginText(s.downsideMargin, zh),
      score(s.score, zh),
    ]),
  )
}

function writeValuationList(w: Writer, list: StockList & { kind: 'undervalued' | 'overvalued' }): void {
  const { zh } = w
  const over = list.kind === 'overvalued'
  if (list.rows.length === 0) {
    w.lines.push(
      zh
        ? `${marketName(list.market, w.locale)}目前沒有${over ? '被高估' : '被低估'}的股票。`
        : `No ${list.kind} stocks in ${marketName(list.market, w.locale)} right now.`,
    )
    return
  }
  w.lines.push(
    zh
      ? `${marketName(list.market, w.locale)}中最${over ? '被高估' : '被低估'}的 ${list.rows.length} 隻股票（共 ${list.total} 隻）：`
      : `The ${list.rows.length} most ${list.kind} stocks in ${marketName(list.market, w.locale)} (of ${list.total}):`,
  )
  w.lines.push(stockRows(w, list.rows))
}
