/**
 * Picks questions: this month's stock picks the reader's plan shows, how many more a plan would show, and the track
 * record of past months.
 */
import type { Reader } from '#server/kernel/reader.ts'
import type { AssistantEvent } from '../../assistant.ts'
import type { PicksFacts } from '../../tools/list-tools.ts'
import { formatPercent } from '../../tools/tool-format.ts'
import { money, pct, stockLink, table, type Writer } from './answer-writer.ts'
import type { IntentAnswer } from './intent-answer.ts'

export async function* answerPicks({
  reading,
  reader,
  w,
  call,
}: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const p: { value?: PicksFacts } = {}
  yield* call('listMonthlyPicks', { market: reading.market }, p)
  if (p.value) writePicks(w, p.value, reader.role)
}

export function writePicks(w: Writer, p: PicksFacts, role: Reader['role']): void {
  const { zh } = w
  if (p.picks.length > 0) {
    const recommended = p.recommendedAt ?? p.month
    w.lines.push(
      zh
        ? `${p.month} 的精選股票（${recommended} 推薦${p.pricesAsOf ? `，回報計至 ${p.pricesAsOf}` : ''}）：`
        : `Stock picks for ${p.month} (recommended on ${recommended}${p.pricesAsOf ? `; returns to ${p.pricesAsOf}` : ''}):`,
    )
    w.lines.push(
      table(
        zh
          ? ['#', '股票', '推薦價', '預期回報', '至今回報']
          : ['#', 'Stock', 'Recommended at', 'Expected return', 'Return so far'],
        p.picks.map((x) => [
          String(x.rank),
          stockLink(x),
          money(x.recommendedPrice, x, zh),
          formatPercent(x.estimatedReturn, true),
          pct(x.actualReturn, zh, true),
        ]),
      ),
    )
  }
  // Picks the plan shows but the answer does not list are the reader's already: the page has them, no plan is needed.
  if (p.shownCount > p.picks.length)
    w.lines.push(
      zh
        ? `以上是您的方案本月可查看的 ${p.shownCount} 隻精選股票中的前 ${p.picks.length} 隻，全部請見[每月精選股票](${p.href})。`
        : `These are the first ${p.picks.length} of the ${p.shownCount} picks your plan shows this month; see them all on [Monthly picks](${p.href}).`,
    )
  if (p.lockedCount > 0) w.lines.push(lockedLine(p.lockedCount, role, zh))
  if (p.trackRecord.averageReturn !== null)
    w.lines.push(
      zh
        ? `過往月份共 ${p.trackRecord.picks} 隻精選股票，平均回報 ${formatPercent(p.trackRecord.averageReturn, true)}，上漲比例 ${pct(p.trackRecord.winRate, zh)}。`
        : `Past months: ${p.trackRecord.picks} picks, average return ${formatPercent(p.trackRecord.averageReturn, true)}, ${pct(p.trackRecord.winRate, zh)} of them gained.`,
    )
  w.lines.push(p.rule)
}

/** The picks the reader's plan hides, and the step that shows them: log in and subscribe, subscribe, or upgrade. */
function lockedLine(count: number, role: Reader['role'], zh: boolean): string {
  if (zh) {
    const step = role === 'visitor' ? '需要登入並訂閱' : role === 'member' ? '需要訂閱' : '需要升級方案'
    return `本月另有 ${count} 隻精選股票${step}才能查看。`
  }
  const step =
    role === 'visitor'
      ? 'to subscribers (log in and subscribe)'
      : role === 'member'
        ? 'with a subscription'
        : 'with a higher plan'
  return `${count} more picks this month are shown ${step}.`
}
