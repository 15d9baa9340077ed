/** Hot-stock questions: the hottest stocks of the latest session, in one market or all. */
import type { AssistantEvent } from '../../assistant.ts'
import type { HotList } from '../../tools/list-tools.ts'
import { formatScore } from '../../tools/tool-format.ts'
import { marketName, money, pct, stockLink, table, type Writer } from './answer-writer.ts'
import type { IntentAnswer } from './intent-answer.ts'

export async function* answerHot({ reading, w, call }: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const list: { value?: HotList } = {}
  yield* call('listHotStocks', { market: reading.market, limit: 5 }, list)
  if (list.value) writeHot(w, list.value)
}

function writeHot(w: Writer, list: HotList): void {
  const { zh } = w
  w.lines.push(
    zh
      ? `${marketName(list.market, w.locale)}最新交易日的熱門股票：`
      : `Hot stocks of the latest session in ${marketName(list.market, w.locale)}:`,
  )
  w.lines.push(
    table(
      zh
        ? ['#', '股票', '熱度', '股價', '漲跌', '成交量比率']
        : ['#', 'Stock', 'Heat', 'Price', 'Move', 'Volume ratio'],
      list.rows.map((r) => [
        String(r.rank),
        stockLink(r),
        formatScore(r.heatScore),
        money(r.price, r, zh),
        pct(r.priceMove, zh, true),
        r.volumeRatio === null ? (zh ? '不適用' : 'n/a') : `${r.volumeRatio.toFixed(2)}x`,
      ]),
    ),
  )
}
