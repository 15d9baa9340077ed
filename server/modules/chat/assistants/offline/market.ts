/**
 * How a market did ("How did the Hong Kong market do this week?", today's movers, breadth): the market at a glance
 * the product computes (getMarketOverview) — our own equal-weight index of the companies we cover, named as ours
 * with its method, its change over the span asked first, then its other spans, the session's breadth and movers,
 * and the market's page. Without a market, every market's day side by side.
 */
import type { BenchmarkPeriod } from '#contracts/market-overview.ts'
import type { Market } from '#contracts/regions.ts'
import type { AssistantEvent } from '../../assistant.ts'
import type { MarketMoverFacts, MarketOverviewFacts } from '../../tools/market-tools.ts'
import { formatPercent, marketLabels } from '../../tools/tool-format.ts'
import { money, pct, stockLink, table, type Writer } from './answer-writer.ts'
import type { IntentAnswer } from './intent-answer.ts'

const markets: Market[] = ['us', 'hk', 'jp', 'kr']

const spanWords: Record<BenchmarkPeriod, { en: string; 'zh-Hant': string }> = {
  day: { en: 'in the latest session', 'zh-Hant': '最新交易日' },
  week: { en: 'over the past week', 'zh-Hant': '過去一週' },
  month: { en: 'over the past month', 'zh-Hant': '過去一個月' },
  year: { en: 'over the past year', 'zh-Hant': '過去一年' },
}
const spanNames: Record<BenchmarkPeriod, { en: string; 'zh-Hant': string }> = {
  day: { en: 'Day', 'zh-Hant': '日' },
  week: { en: 'Week', 'zh-Hant': '週' },
  month: { en: 'Month', 'zh-Hant': '月' },
  year: { en: 'Year', 'zh-Hant': '年' },
}
const spans: BenchmarkPeriod[] = ['day', 'week', 'month', 'year']

export async function* answerMarket(answer: IntentAnswer): AsyncGenerator<AssistantEvent> {
  const { reading, w, call } = answer
  const span = reading.span ?? 'day'
  if (!reading.market) {
    const all: MarketOverviewFacts[] = []
    for (const market of markets) {
      const out: { value?: MarketOverviewFacts } = {}
      yield* call('getMarketOverview', { market }, out)
      if (out.value) all.push(out.value)
    }
    writeAllMarkets(w, all, span)
    return
  }
  const out: { value?: MarketOverviewFacts } = {}
  yield* call('getMarketOverview', { market: reading.market }, out)
  if (!out.value) return
  if (sectorsAsked(answer.question)) writeSectors(w, out.value)
  writeMarket(w, out.value, span, moversAsked(answer.question))
}

/** "Which sectors did best?", "哪個板塊最強？": the sector table first. */
export function sectorsAsked(question: string): boolean {
  return /\bsectors?\b|產業|行業|板塊|类股|類股/i.test(question)
}

function writeSectors(w: Writer, o: MarketOverviewFacts): void {
  const { zh, locale } = w
  const ranked = [...o.sectors].sort(
    (a, b) => (b.change ?? Number.NEGATIVE_INFINITY) - (a.change ?? Number.NEGATIVE_INFINITY),
  )
  w.lines.push(
    zh
      ? `${marketLabels[o.market][locale]}最大的 ${o.sectors.length} 個產業在 ${o.breadth.session ?? '—'} 交易日的表現（市值加權，由強至弱）：`
      : `The ${o.sectors.length} largest sectors of ${marketLabels[o.market][locale]} in the session of ${o.breadth.session ?? '—'} (market-cap-weighted, strongest first):`,
  )
  w.lines.push(
    table(
      zh ? ['產業', '漲跌', '占市值'] : ['Sector', 'Change', 'Share of market cap'],
      ranked.map((s) => [s.name, pct(s.change, zh, true), formatPercent(s.capShare)]),
    ),
  )
}

/** "Top movers", "gainers", "漲幅榜": the movers first and in full. */
function moversAsked(question: string): boolean {
  return /movers|gainers|losers|漲幅|升幅|跌幅|領漲|領跌/i.test(question)
}

function changeSentence(w: Writer, o: MarketOverviewFacts, span: BenchmarkPeriod): string {
  const change = o.changes[span]
  const label = marketLabels[o.market][w.locale]
  if (change === null)
    return w.zh
      ? `${o.indexName}的資料不足以計算${spanWords[span][w.locale]}的變動。`
      : `${capital(o.indexName)} does not reach back far enough for its change ${spanWords[span][w.locale]}.`
  const move = formatPercent(change, true)
  return w.zh
    ? `**${label}**${spanWords[span][w.locale]}：${o.indexName}變動 **${move}**（至 ${o.asOf ?? '—'}）。`
    : `**${label}** ${spanWords[span][w.locale]}: ${o.indexName} moved **${move}** (to ${o.asOf ?? '—'}).`
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function methodLine(w: Writer, o: Pick<MarketOverviewFacts, 'method' | 'isDemo'>): string {
  const demo = o.isDemo ? (w.zh ? '（示範數據）' : ' (demo data)') : ''
  return w.zh
    ? `計算方法 ${o.method}：本站覆蓋公司的每日平均漲跌，每家公司權重相同；本站不提供交易所指數的點位${demo}。`
    : `Method ${o.method}: the average daily move of the companies we cover, each weighted equally; we do not carry exchange indices' levels${demo}.`
}

function moverRows(w: Writer, list: MarketMoverFacts[]): string[][] {
  return list.map((m) => [stockLink(m), money(m.price, m, w.zh), pct(m.change, w.zh, true)])
}

export function writeMarket(
  w: Writer,
  o: MarketOverviewFacts,
  span: BenchmarkPeriod,
  moversFirst: boolean,
): void {
  const { zh, locale } = w
  const b = o.breadth
  const breadthLine = zh
    ? `${b.session ?? '—'} 交易日的市場寬度：上漲 ${b.advancing} 家、下跌 ${b.declining} 家、平盤 ${b.unchanged} 家；創 52 週新高 ${b.newHighs} 家、新低 ${b.newLows} 家。`
    : `Breadth of the session of ${b.session ?? '—'}: ${b.advancing} advancing, ${b.declining} declining, ${b.unchanged} unchanged; ${b.newHighs} at a new 52-week high, ${b.newLows} at a new low.`
  const moversCount = moversFirst ? 5 : 3
  const moversLines = [
    zh ? '升幅最大：' : 'Top gainers:',
    o.gainers.length
      ? table(
          zh ? ['股票', '股價', '漲跌'] : ['Stock', 'Price', 'Change'],
          moverRows(w, o.gainers.slice(0, moversCount)),
        )
      : zh
        ? '本交易日沒有上漲的股票。'
        : 'None rose in this session.',
    zh ? '跌幅最大：' : 'Top losers:',
    o.losers.length
      ? table(
          zh ? ['股票', '股價', '漲跌'] : ['Stock', 'Price', 'Change'],
          moverRows(w, o.losers.slice(0, moversCount)),
        )
      : zh
        ? '本交易日沒有下跌的股票。'
        : 'None fell in this session.',
  ]
  w.lines.push(changeSentence(w, o, span))
  if (moversFirst) w.lines.push(...moversLines)
  w.lines.push(
    table(
      [zh ? '期間' : 'Period', zh ? '指數變動' : 'Index change'],
      spans.map((s) => [spanNames[s][locale], pct(o.changes[s], zh, true)]),
    ),
  )
  w.lines.push(breadthLine)
  if (!moversFirst) w.lines.push(...moversLines)
  w.lines.push(methodLine(w, o))
  w.lines.push(
    zh
      ? `完整概覽（產業地圖、最多人診斷的股票）：[${marketLabels[o.market][locale]}概覽](${o.href})`
      : `The whole picture (sector map, most-diagnosed stocks): [${marketLabels[o.market][locale]} at a glance](${o.href})`,
  )
  if (o.asOf) w.asOf.add(o.asOf)
}

function writeAllMarkets(w: Writer, all: MarketOverviewFacts[], span: BenchmarkPeriod): void {
  const { zh, locale } = w
  w.lines.push(
    zh
      ? `各市場${spanWords[span][locale]}的表現（本站自行計算的各市場股票池等權重指數，並非交易所指數）：`
      : `Each market ${spanWords[span][locale]}, by our own equal-weight index of the companies we cover in it (not an exchange's index):`,
  )
  w.lines.push(
    table(
      zh
        ? ['市場', `指數變動（${spanNames[span][locale]}）`, '上漲', '下跌', '資料日期']
        : ['Market', `Index change (${spanNames[span][locale]})`, 'Advancing', 'Declining', 'As of'],
      all.map((o) => [
        `[${marketLabels[o.market][locale]}](${o.href})`,
        pct(o.changes[span], zh, true),
        String(o.breadth.advancing),
        String(o.breadth.declining),
        o.asOf ?? '—',
      ]),
    ),
  )
  const first = all[0]
  if (first) w.lines.push(methodLine(w, { method: first.method, isDemo: all.some((o) => o.isDemo) }))
  w.lines.push(
    zh
      ? '每個市場的完整概覽：點選上表的市場。'
      : 'Each market at a glance, with its movers and sectors: follow its link above.',
  )
}
