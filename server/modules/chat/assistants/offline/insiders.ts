/** Insider questions ("Have Apple's executives been buying?"): the latest executives' moves as filed, newest first. */
import type { AssistantEvent } from '../../assistant.ts'
import type { InsiderMoves } from '../../tools/insider-tools.ts'
import { formatMoney } from '../../tools/tool-format.ts'
import { marketName, table, type Writer } from './answer-writer.ts'
import { companyInput, type IntentAnswer } from './intent-answer.ts'

export async function* answerInsiders({
  mentions: [first],
  reading,
  w,
  call,
}: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const moves: { value?: InsiderMoves } = {}
  const input = first ? { ...companyInput(first), limit: 5 } : { market: reading.market, limit: 5 }
  yield* call('listInsiderMoves', input, moves)
  if (moves.value) writeInsiders(w, moves.value, first ? null : marketName(reading.market, w.locale))
}

function writeInsiders(w: Writer, moves: InsiderMoves, market: string | null): void {
  const { zh } = w
  if (moves.rows.length === 0) {
    w.lines.push(zh ? '本站暫時沒有這方面的高管買賣紀錄。' : 'We hold no executives’ moves for this yet.')
    return
  }
  const subject = market ?? `${moves.rows[0]?.name} (${moves.rows[0]?.displayCode})`
  w.lines.push(
    zh
      ? `${subject}最新的高管買賣（按申報，最新在前）：`
      : `The latest executives’ moves at ${subject}, as filed, newest first:`,
  )
  w.lines.push(
    table(
      zh
        ? ['日期', '股票', '人士', '職位', '買／賣', '股數', '價格']
        : ['Date', 'Stock', 'Insider', 'Role', 'Buy/sell', 'Shares', 'Price'],
      moves.rows.map((r) => [
        r.date,
        r.displayCode,
        r.insiderName,
        r.role,
        r.kind === 'buy' ? (zh ? '買入' : 'buy') : zh ? '賣出' : 'sell',
        r.shares.toLocaleString('en-US'),
        formatMoney(r.price, r.currency),
      ]),
    ),
  )
  w.lines.push(
    zh
      ? '全部紀錄請見[高管動向](/executives-moves)。'
      : 'Every move is on [Executives’ moves](/executives-moves).',
  )
}
