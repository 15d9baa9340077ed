/**
 * Picks questions: this month's stock picks the reader's plan shows, how many more a plan would show, and the track
 * record of past months.
 */
import type { AssistantEvent } from '../../assistant.ts'
import type { PicksFacts } from '../../tools/list-tools.ts'
import { formatPercent } from '../../tools/tool-format.ts'
import { money, pct, stockName, table, type Writer } from './answer-writer.ts'
import type { IntentAnswer } from './intent-answer.ts'

export async function* answerPicks({
  reading,
  reader,
  w,
  call,
}: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const p: { value?: PicksFacts } = {}
  yield* call('listMonthlyPicks', { market: reading.market }, p)
  if (p.value) writePicks(w, p.value, reader.memberId !== null)
}

function writePicks(w: Writer, p: PicksFacts, loggedIn: boolean): void {
  const { zh } = w
  if (p.picks.length > 0) {
    w.lines.push(zh ? `${p.month} 的精選股票：` : `Stock picks for ${p.month}:`)
    w.lines.push(
      table(
        zh
          ? ['#', '股票', '推薦價', '預期回報', '至今回報']
          : ['#', 'Stock', 'Recommended at', 'Expected return', 'Return so far'],
        p.picks.map((x) => [
          String(x.rank),
          stockName(x),
          money(x.recommendedPrice, x, zh),
          formatPercent(x.estimatedReturn, true),
          pct(x.actualReturn, zh, true),
        ]),
      ),
    )
  }
  if (p.lockedCount > 0)
    w.lines.push(
      zh
        ? `本月另有 ${p.lockedCount} 隻精選股票${loggedIn ? '需要訂閱或升級方案' : '需要登入並訂閱'}才能查看。`
        : `${p.lockedCount} more picks this month are shown ${loggedIn ? 'with a subscription or a higher plan' : 'to subscribers (log in and subscribe)'}.`,
    )
  if (p.trackRecord.averageReturn !== null)
    w.lines.push(
      zh
        ? `過往月份共 ${p.trackRecord.picks} 隻精選股票，平均回報 ${formatPercent(p.trackRecord.averageReturn, true)}，上漲比例 ${pct(p.trackRecord.winRate, zh)}。`
        : `Past months: ${p.trackRecord.picks} picks, average return ${formatPercent(p.trackRecord.averageReturn, true)}, ${pct(p.trackRecord.winRate, zh)} of them gained.`,
    )
  w.lines.push(p.rule)
}
