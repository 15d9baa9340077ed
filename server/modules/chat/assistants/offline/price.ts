/** Price questions: how one company's price moved over a period ("How has Sony done over the past 3 months?"). */

import type { AssistantEvent } from '../../assistant.ts'
import type { PriceReturn } from '../../tools/company-tools.ts'
import { formatPercent } from '../../tools/tool-format.ts'
import { money, periodNames, stockName, table, type Writer } from './answer-writer.ts'
import { writeCannot } from './cannot.ts'
import { companyInput, type IntentAnswer } from './intent-answer.ts'

export async function* answerPrice({
  mentions: [first],
  period,
  w,
  call,
}: IntentAnswer): AsyncGenerator<AssistantEvent> {
  if (!first) {
    writeCannot(w, 'no_company')
    return
  }
  const r: { value?: PriceReturn } = {}
  yield* call('getPriceReturn', { ...companyInput(first), period }, r)
  if (r.value && 'change' in r.value) writePrice(w, r.value)
  else writeCannot(w, 'unknown')
}

function writePrice(w: Writer, r: PriceReturn): void {
  const { zh } = w
  const s = r.stock
  const period = periodNames[r.period][w.locale]
  w.lines.push(
    zh
      ? `**${stockName(s)}** ${period}的股價回報為 ${formatPercent(r.change, true)}：由 ${r.startDate} 的 ${money(r.startClose, s, zh)} 至 ${r.endDate} 的 ${money(r.endClose, s, zh)}。`
      : `**${stockName(s)}** returned ${formatPercent(r.change, true)} over ${period}: from ${money(r.startClose, s, zh)} on ${r.startDate} to ${money(r.endClose, s, zh)} on ${r.endDate}.`,
  )
  w.lines.push(
    table(
      zh
        ? ['起始收市價', '最新收市價', '回報', '期間最高', '期間最低']
        : ['Start close', 'Latest close', 'Return', 'High', 'Low'],
      [
        [
          `${money(r.startClose, s, zh)} (${r.startDate})`,
          `${money(r.endClose, s, zh)} (${r.endDate})`,
          formatPercent(r.change, true),
          money(r.high, s, zh),
          money(r.low, s, zh),
        ],
      ],
    ),
  )
}
