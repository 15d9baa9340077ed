/**
 * Questions about the reader's own stocks (issue 25): "how are my watchlist stocks doing", "which of my holdings has
 * the lowest score", "what is my portfolio worth". The answer reads the asking reader's lists through the
 * getMyWatchlist / getMyPortfolio tools and says first what was asked (the lowest or highest score, the best or
 * worst mover, the value), then the list. A visitor, or a reader with no list yet, is told so plainly, with the page
 * where one is made: never an invented or empty table.
 */
import type { AssistantEvent } from '../../assistant.ts'
import type { MyHolding, MyPortfolio, MyWatchlist, MyWatchlistRow } from '../../tools/my-stocks-tools.ts'
import { formatPercent, formatScore } from '../../tools/tool-format.ts'
import { marginText, money, pct, score, stockLink, stockName, table, type Writer } from './answer-writer.ts'
import type { IntentAnswer } from './intent-answer.ts'

const lowestWords = /\b(lowest|worst|weakest|bottom|least)\b|最低|最差|最弱|最少/
const highestWords = /\b(highest|best|strongest|top|most)\b|最高|最好|最強|最佳|最多/
const scoreWords = /\bscor\w*|rat(ed|ing)\b|評分|分數|得分|診斷/
const worthWords = /\b(worth|value|valued|total)\b|值多少|市值|總值|價值|多少錢/

/** Which one figure the question puts first: the lowest or highest of a measure, or none. */
function extremeAsked(question: string): 'lowest' | 'highest' | null {
  const text = question.toLowerCase()
  if (lowestWords.test(text)) return 'lowest'
  if (highestWords.test(text)) return 'highest'
  return null
}

function pick<T>(rows: readonly T[], value: (row: T) => number | null, side: 'lowest' | 'highest'): T | null {
  let best: T | null = null
  let bestValue = 0
  for (const row of rows) {
    const v = value(row)
    if (v === null) continue
    if (best === null || (side === 'lowest' ? v < bestValue : v > bestValue)) {
      best = row
      bestValue = v
    }
  }
  return best
}

/** A value in the portfolio's base currency (TWD included, which no stock trades in). */
function baseMoney(value: number, currency: string): string {
  const digits = currency === 'JPY' || currency === 'KRW' ? 0 : 2
  return `${value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${currency}`
}

export async function* answerMyWatchlist({
  question,
  w,
  call,
}: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const out: { value?: MyWatchlist } = {}
  yield* call('getMyWatchlist', {}, out)
  if (out.value) writeMyWatchlist(w, out.value, question)
}

export async function* answerMyPortfolio({
  question,
  w,
  call,
}: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const out: { value?: MyPortfolio } = {}
  yield* call('getMyPortfolio', {}, out)
  if (out.value) writeMyPortfolio(w, out.value, question)
}

export function writeMyWatchlist(w: Writer, list: MyWatchlist, question: string): void {
  const { zh } = w
  const link = zh ? `[我的自選清單](${list.href})` : `[your watchlist](${list.href})`
  if (list.status === 'visitor') {
    w.lines.push(
      zh
        ? `我只能讀取帳戶中的自選清單：您以訪客身分關注的股票只保存在這部裝置上。請開啟${link}，或登入後把它保存到帳戶，我便可以回答。`
        : `I can read a watchlist only when it is kept in your account: stocks you follow as a visitor stay on this device. Open ${link}, or log in to keep it in your account and ask me again.`,
    )
    return
  }
  if (list.status === 'empty' || (list.rows.length === 0 && list.noLongerCovered.length === 0)) {
    w.lines.push(
      zh
        ? `您的自選清單還沒有股票。在股票旁按 ☆ 即可關注，或到${link}建立清單。`
        : `Your watchlist has no stocks yet. Follow a stock with the ☆ beside it, or create your list on ${link}.`,
    )
    return
  }
  const rows = list.rows
  const side = extremeAsked(question)
  const byScore = scoreWords.test(question.toLowerCase())
  if (side && byScore) {
    const found = pick(rows, (r) => r.score, side)
    if (found)
      w.lines.push(
        zh
          ? `您自選清單中 AI 評分${side === 'lowest' ? '最低' : '最高'}的是 **${stockName(found)}**：${score(found.score, zh)}。`
          : `The ${side} AI score on your watchlist is **${stockName(found)}**: ${score(found.score, zh)}.`,
      )
  } else {
    const moved = rows.filter((r) => r.dayChange !== null)
    const up = moved.filter((r) => (r.dayChange as number) > 0).length
    const down = moved.filter((r) => (r.dayChange as number) < 0).length
    const best = pick(rows, (r) => r.dayChange, 'highest')
    const worst = pick(rows, (r) => r.dayChange, 'lowest')
    w.lines.push(
      zh
        ? `您自選清單「${list.listName ?? ''}」的 ${rows.length} 隻股票在最新交易日有 ${up} 隻上漲、${down} 隻下跌。`
        : `Of the ${rows.length} stocks on your watchlist “${list.listName ?? ''}”, ${up} rose and ${down} fell in the latest session.`,
    )
    if (best && worst && best !== worst)
      w.lines.push(
        zh
          ? `表現最好：${stockName(best)}（${pct(best.dayChange, zh, true)}）；最差：${stockName(worst)}（${pct(worst.dayChange, zh, true)}）。`
          : `Best: ${stockName(best)} (${pct(best.dayChange, zh, true)}); worst: ${stockName(worst)} (${pct(worst.dayChange, zh, true)}).`,
      )
  }
  w.lines.push(
    table(
      zh
        ? ['股票', '股價', '當日漲跌', 'AI 評分', '合理價差距']
        : ['Stock', 'Price', 'Day change', 'AI score', 'Against fair value'],
      rows.map((r: MyWatchlistRow) => [
        stockLink(r),
        money(r.price, r, zh),
        pct(r.dayChange, zh, true),
        score(r.score, zh),
        marginText(r.downsideMargin, zh),
      ]),
    ),
  )
  if (list.noLongerCovered.length > 0)
    w.lines.push(
      zh
        ? `已不再涵蓋：${list.noLongerCovered.join('、')}。`
        : `No longer covered: ${list.noLongerCovered.join(', ')}.`,
    )
  w.lines.push(zh ? `完整資料請見${link}。` : `See every figure on ${link}.`)
}

export function writeMyPortfolio(w: Writer, portfolio: MyPortfolio, question: string): void {
  const { zh } = w
  const link = zh ? `[我的投資組合](${portfolio.href})` : `[your portfolio](${portfolio.href})`
  if (portfolio.status === 'visitor') {
    w.lines.push(
      zh
        ? `投資組合保存在會員帳戶中，我只能讀取您本人的組合。請登入後在${link}建立：逐筆輸入持倉，或匯入券商的 CSV（也可以在這裡上傳持倉檔案，請我匯入）。`
        : `A portfolio is kept in a member’s account, and I read only your own. Log in and create it on ${link}: add your holdings by hand or import a broker’s CSV (you can also upload a holdings file here and ask me to import it).`,
    )
    return
  }
  if (portfolio.status === 'empty' || !portfolio.totals) {
    w.lines.push(
      zh
        ? `您的投資組合還沒有持倉。請到${link}逐筆輸入或匯入券商的 CSV，或在這裡上傳持倉檔案並請我匯入。`
        : `Your portfolio has no holdings yet. Create it on ${link} by adding holdings or importing a broker’s CSV, or upload a holdings file here and ask me to import it.`,
    )
    return
  }
  const base = portfolio.baseCurrency
  const t = portfolio.totals
  const holdings = portfolio.holdings
  const side = extremeAsked(question)
  const text = question.toLowerCase()
  if (side && scoreWords.test(text)) {
    const found = pick(holdings, (h) => h.score, side)
    if (found)
      w.lines.push(
        zh
          ? `您的持倉中 AI 評分${side === 'lowest' ? '最低' : '最高'}的是 **${found.name} (${found.displayCode})**：${score(found.score, zh)}，佔組合 ${pct(found.weight, zh)}。`
          : `The ${side} AI score among your holdings is **${found.name} (${found.displayCode})**: ${score(found.score, zh)}, ${pct(found.weight, zh)} of the portfolio.`,
      )
    else w.lines.push(zh ? '您的持倉都沒有 AI 評分。' : 'None of your holdings has an AI score.')
  } else if (side && !worthWords.test(text)) {
    const found = pick(holdings, (h) => h.unrealisedReturn, side)
    if (found)
      w.lines.push(
        zh
          ? `未實現回報${side === 'lowest' ? '最差' : '最好'}的持倉是 **${found.name} (${found.displayCode})**：${pct(found.unrealisedReturn, zh, true)}。`
          : `Your ${side === 'lowest' ? 'worst' : 'best'} holding by unrealised return is **${found.name} (${found.displayCode})**: ${pct(found.unrealisedReturn, zh, true)}.`,
      )
  }
  const gain = `${t.unrealisedGain >= 0 ? '+' : ''}${baseMoney(t.unrealisedGain, base)}`
  const gainRate = t.unrealisedReturn === null ? '' : ` (${formatPercent(t.unrealisedReturn, true)})`
  w.lines.push(
    zh
      ? `您的投資組合市值 **${baseMoney(t.marketValue, base)}**（成本 ${baseMoney(t.costBase, base)}，未實現損益 ${gain}${gainRate}；已實現損益 ${baseMoney(t.realisedGain, base)}，已收股息 ${baseMoney(t.dividendsReceived, base)}），以 ${base} 按最新匯率計算。`
      : `Your portfolio is worth **${baseMoney(t.marketValue, base)}** (cost ${baseMoney(t.costBase, base)}, unrealised gain ${gain}${gainRate}; realised gain ${baseMoney(t.realisedGain, base)}, dividends received ${baseMoney(t.dividendsReceived, base)}), in ${base} at the latest exchange rates.`,
  )
  if (portfolio.score && portfolio.score.total !== null)
    w.lines.push(
      zh
        ? `組合 AI 評分 ${formatScore(portfolio.score.total)}（按市值加權，涵蓋 ${formatPercent(portfolio.score.coverage)} 的市值；方法 ${portfolio.score.method}）。`
        : `Portfolio AI score ${formatScore(portfolio.score.total)} (weighted by value, covering ${formatPercent(portfolio.score.coverage)} of it; method ${portfolio.score.method}).`,
    )
  const shown = [...holdings].sort((a, b) => (b.weight ?? -1) - (a.weight ?? -1)).slice(0, 20)
  w.lines.push(
    table(
      zh
        ? ['股票', '股數', '股價', `市值（${base}）`, '比重', '回報', 'AI 評分']
        : ['Stock', 'Shares', 'Price', `Value (${base})`, 'Weight', 'Return', 'AI score'],
      shown.map((h: MyHolding) => [
        `${h.name} (${h.displayCode})`,
        h.quantity.toLocaleString('en-US', { maximumFractionDigits: 4 }),
        h.price === null ? (zh ? '不適用' : 'n/a') : baseMoney(h.price, h.currency),
        h.marketValue === null ? (zh ? '不適用' : 'n/a') : baseMoney(h.marketValue, base),
        pct(h.weight, zh),
        pct(h.unrealisedReturn, zh, true),
        score(h.score, zh),
      ]),
    ),
  )
  if (holdings.length > shown.length)
    w.lines.push(
      zh
        ? `以上為比重最大的 ${shown.length} 項，共 ${holdings.length} 項持倉。`
        : `The ${shown.length} largest of your ${holdings.length} holdings.`,
    )
  if (portfolio.missingRates.length > 0)
    w.lines.push(
      zh
        ? `缺少 ${portfolio.missingRates.join('、')} 兌 ${base} 的匯率，這些持倉未計入總值。`
        : `No exchange rate from ${portfolio.missingRates.join(', ')} to ${base}: those holdings are left out of the totals.`,
    )
  w.lines.push(zh ? `完整資料請見${link}。` : `See everything on ${link}.`)
}
