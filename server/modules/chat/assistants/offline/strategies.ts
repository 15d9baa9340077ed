/**
 * Questions about the firm's investment strategies ("What strategies do you have?", "Show me the dividend strategy",
 * "你們有什麼投資策略？", "高息策略有哪些股票？"): the strategies the reader's plan shows — each with its summary,
 * performance since inception against its market's benchmark, the date its prices reach, and its stocks with their
 * weights — then, for the ones the plan does not include, only their names and the plan that includes them, with
 * the step that opens them (/subscribe). A question naming a kind of strategy (dividend, growth, a market) is answered
 * about those first. Everything comes from `getStrategies`, which applies the reader's plan (strategy-tools.ts).
 */
import type { AssistantEvent } from '../../assistant.ts'
import { toTraditional } from '../../tools/simplified-chinese.ts'
import type { LockedStrategy, OpenStrategy, StrategiesFacts } from '../../tools/strategy-tools.ts'
import { marketName, table, type Writer } from './answer-writer.ts'
import type { IntentAnswer } from './intent-answer.ts'

/** Kinds of strategy a question may name, and the words of a strategy's name or summary that match each. */
const kinds: Array<{ asked: RegExp; matches: RegExp }> = [
  {
    asked: /dividend|income|yield|高息|股息|收息|派息|息率/,
    matches: /dividend|income|股息|收益|高息/i,
  },
  { asked: /growth|成長|增長/, matches: /growth|成長/i },
  { asked: /\bvalue\b|價值/, matches: /\bvalue\b|價值/i },
  { asked: /quality|compounder|優質|複利/, matches: /quality|compounder|優質|複利/i },
  { asked: /\btech|科技/, matches: /technolog|科技/i },
]

/** How many of a strategy's largest holdings a list of several names inline (one strategy shows them all). */
const holdingsInline = 5

/** "Which stocks does it hold": the question asks for the holdings. */
const holdingsAsked = /\b(stocks?|holdings?|holds?|constituents?|shares)\b|股票|持股|成分|成份|持倉|組成/

export async function* answerStrategies({
  question,
  reading,
  w,
  call,
}: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const r: { value?: StrategiesFacts } = {}
  yield* call('getStrategies', {}, r)
  if (!r.value) return
  const text = toTraditional(question).toLowerCase()
  const kind = kinds.find((k) => k.asked.test(text))
  const market = reading.market
  const fits = (s: { name: string; market: OpenStrategy['market'] }, summary = '') =>
    (!kind || kind.matches.test(`${s.name} ${summary}`)) && (!market || s.market === market)
  writeStrategies(w, r.value, {
    focused: kind !== undefined || market !== undefined,
    fits,
    allHoldings: holdingsAsked.test(text),
  })
}

export function writeStrategies(
  w: Writer,
  s: StrategiesFacts,
  ask: {
    focused: boolean
    fits: (strategy: { name: string; market: OpenStrategy['market'] }, summary?: string) => boolean
    allHoldings: boolean
  },
): void {
  const { zh } = w
  let open = s.open
  let locked = s.locked
  if (ask.focused) {
    const openFit = open.filter((x) => ask.fits(x, x.summary))
    const lockedFit = locked.filter((x) => ask.fits(x))
    if (openFit.length + lockedFit.length === 0)
      w.lines.push(
        zh
          ? '我們沒有符合您所問類型的投資策略；以下是全部策略。'
          : 'None of our strategies is of the kind you asked about; here are all of them.',
      )
    else {
      open = openFit
      locked = lockedFit
    }
  }
  const total = s.open.length + s.locked.length
  if (total === 0) {
    w.lines.push(
      zh
        ? `我們目前沒有發佈任何投資策略。之後請到[投資策略](${s.href})查看。`
        : `We have not published any investment strategy yet. See [Investment strategies](${s.href}) later.`,
    )
    return
  }
  w.lines.push(headline(w, s, total))
  const whole = open.length === 1 || ask.allHoldings
  for (const strategy of open) writeOpen(w, strategy, whole)
  if (locked.length > 0) writeLocked(w, locked)
  if (open.length > 0) {
    const demo = s.isDemo ? (zh ? '（示範數據）' : ', demo data') : ''
    w.lines.push(
      zh
        ? `表現以本站收市價計算，不計費用、股息及稅項，並與各市場的等權重基準比較${demo}。`
        : `Performance is computed from our own closing prices, without fees, dividends or taxes, against each market’s equal-weight benchmark${demo}.`,
    )
    if (s.asOf) w.asOf.add(s.asOf)
  }
  w.lines.push(
    zh
      ? `每個策略的持股、調倉紀錄與走勢圖見[投資策略](${s.href})。`
      : `Each strategy’s holdings, rebalances and chart are on [Investment strategies](${s.href}).`,
  )
}

function headline(w: Writer, s: StrategiesFacts, total: number): string {
  const { zh } = w
  const shown = s.open.length
  if (shown === 0)
    return zh
      ? `我們有 ${total} 個投資策略，${s.planName ? `您的${s.planName}方案` : '您目前的方案'}未包括其中任何一個：以下只列出名稱及包括它的方案。`
      : `We run ${total} investment strategies; ${s.planName ? `your ${s.planName} plan` : 'your current access'} includes none of them, so here are only their names and the plan that includes each.`
  // Only a plan shows strategies: a reader who sees some has one.
  const plan = zh ? `您的${s.planName ?? ''}方案` : `your ${s.planName ?? ''} plan`
  if (shown === total)
    return zh
      ? `${plan}可以查看我們全部 ${total} 個投資策略：`
      : `Your ${s.planName ?? ''} plan shows all ${total} of our investment strategies:`
  return zh
    ? `我們有 ${total} 個投資策略，${plan}可以查看其中 ${shown} 個：`
    : `We run ${total} investment strategies; ${plan} shows ${shown} of them:`
}

function writeOpen(w: Writer, s: OpenStrategy, whole: boolean): void {
  const { zh } = w
  const where = marketName(s.market, w.locale)
  const sample = s.isSample ? (zh ? '（示例策略）' : ' (a sample strategy)') : ''
  w.lines.push(`**[${s.name}](${s.href})**${sample} — ${where}. ${s.summary}`)
  if (s.inception && s.totalReturnText !== null)
    w.lines.push(
      zh
        ? `自 ${s.inception} 成立以來回報 **${s.totalReturnText}**，同期市場基準 ${s.benchmarkReturnText ?? '—'}（價格計至 ${s.asOf ?? '—'}）。`
        : `Since inception on ${s.inception}: **${s.totalReturnText}**, against ${s.benchmarkReturnText ?? '—'} for its market’s benchmark (prices to ${s.asOf ?? '—'}).`,
    )
  else if (s.inception) w.lines.push(zh ? `於 ${s.inception} 成立。` : `Started on ${s.inception}.`)
  if (s.holdings.length === 0) return
  if (whole) {
    w.lines.push(zh ? `目前持有 ${s.holdings.length} 隻股票：` : `It holds ${s.holdings.length} stocks now:`)
    w.lines.push(
      table(
        zh ? ['股票', '目標權重'] : ['Stock', 'Target weight'],
        s.holdings.map((h) => [`[${h.name} (${h.displayCode})](${h.href})`, h.weightText]),
      ),
    )
    return
  }
  const largest = s.holdings
    .slice(0, holdingsInline)
    .map((h) => `${h.name} (${h.displayCode}) ${h.weightText}`)
    .join(zh ? '、' : ', ')
  w.lines.push(
    zh
      ? `持有 ${s.holdings.length} 隻股票，權重最大的是：${largest}。`
      : `It holds ${s.holdings.length} stocks; the largest: ${largest}.`,
  )
}

function writeLocked(w: Writer, locked: LockedStrategy[]): void {
  const { zh } = w
  const step = (x: LockedStrategy) =>
    x.step === 'logIn'
      ? zh
        ? `登入並訂閱${x.planName}方案即可查看`
        : `log in and subscribe to ${x.planName} to see it`
      : x.step === 'subscribe'
        ? zh
          ? `訂閱${x.planName}方案即可查看`
          : `subscribe to ${x.planName} to see it`
        : zh
          ? `升級至${x.planName}方案即可查看`
          : `upgrade to ${x.planName} to see it`
  w.lines.push(zh ? '您的方案未包括的策略（只列名稱）：' : 'Not in your plan (names only):')
  w.lines.push(
    locked
      .map((x) =>
        zh
          ? `- **${x.name}**（${marketName(x.market, w.locale)}）：包括於${x.planName}方案，${step(x)}：[訂閱方案](${x.href})`
          : `- **${x.name}** (${marketName(x.market, w.locale)}): included in the ${x.planName} plan — ${step(x)}: [plans](${x.href})`,
      )
      .join('\n'),
  )
}
