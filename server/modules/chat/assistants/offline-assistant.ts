/**
 * The embedded assistant: no model. It reads the question's intent and companies (offline-text.ts,
 * company-mentions.ts), calls the same tools a model would, and writes the answer from templates in the reader's
 * language — every figure from a tool, with as-of dates (the page adds the disclaimer, the DEMO label and who
 * answered, from the message's fields). It streams like a model (tool, source, then small text deltas) so the chat treats both alike.
 */
import type { ChatSource } from '#contracts/chat-rules.ts'
import { type Locale, type Market, type Region, regionSettings } from '#contracts/regions.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Assistant, AssistantEvent, AssistantRequest } from '../assistant.ts'
import type { ArticleHits } from '../tools/article-tools.ts'
import { toolImplementations, toolLabel } from '../tools/chat-tools.ts'
import { type CompanyMention, findCompanyMentions, findMisspelledCompany } from '../tools/company-mentions.ts'
import type { DiagnosisFacts, PriceReturn } from '../tools/company-tools.ts'
import type { HotList, PicksFacts, StockList } from '../tools/list-tools.ts'
import { type StockFacts, ToolNotFound } from '../tools/stock-facts.ts'
import { formatMoney, formatPercent, formatScore, marketLabels } from '../tools/tool-format.ts'
import type { Period, ToolContext, ToolInput, ToolName, ToolResult } from '../tools/tool-inputs.ts'
import type { ConfiguredAssistantDependencies } from './configured-assistant.ts'
import { readingFilesLabel, readsAsFileQuestion, writeFileAnswer } from './offline-file-answers.ts'
import { defaultPeriod, type Intent, readQuestion } from './offline-text.ts'

const periodNames: Record<Period, Record<Locale, string>> = {
  '1m': { en: 'the past month', 'zh-Hant': '過去一個月' },
  '3m': { en: 'the past 3 months', 'zh-Hant': '過去三個月' },
  '6m': { en: 'the past 6 months', 'zh-Hant': '過去六個月' },
  '1y': { en: 'the past year', 'zh-Hant': '過去一年' },
  ytd: { en: 'this year to date', 'zh-Hant': '今年以來' },
}

const capabilities: Record<Locale, string[]> = {
  en: [
    'whether a stock looks undervalued or overvalued, and the most undervalued or overvalued stocks of a market',
    'a stock’s AI diagnosis: scores, fair value range, support and resistance',
    'how a stock’s price has moved over 1 month, 3 months, 6 months, 1 year or this year',
    'a comparison of two stocks',
    'today’s hot stocks, this month’s stock picks, and our articles about a company',
  ],
  'zh-Hant': [
    '某隻股票是否被低估或高估，以及各市場最被低估或高估的股票',
    '股票的 AI 診斷：各項評分、合理價區間、支撐位與阻力位',
    '股票在過去一個月、三個月、六個月、一年或今年以來的股價表現',
    '兩隻股票的比較',
    '今日熱門股票、本月精選股票，以及本站關於某家公司的文章',
  ],
}

// ——— streaming ———

const cjkRun = /[\p{Script=Han}，。、：；？！（）「」]/u

/** Word- or phrase-sized pieces that join back to `text` exactly; Chinese runs are cut every few characters. */
export function textChunks(text: string): string[] {
  const chunks: string[] = []
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
    if (piece.length <= 8 || !cjkRun.test(piece)) {
      chunks.push(piece)
      continue
    }
    for (let i = 0; i < piece.length; i += 4) chunks.push(piece.slice(i, i + 4))
  }
  return chunks
}

// ——— writing ———

const methodsShown = 6

interface Writer {
  zh: boolean
  locale: Locale
  lines: string[]
  asOf: Set<string>
  isDemo: boolean
}

function stockName(s: Pick<StockFacts, 'name' | 'displayCode'>): string {
  return `${s.name} (${s.displayCode})`
}

function money(value: number | null, s: Pick<StockFacts, 'currency'>, zh: boolean): string {
  return value === null ? (zh ? '不適用' : 'n/a') : formatMoney(value, s.currency)
}

function pct(value: number | null, zh: boolean, signed = false): string {
  return value === null ? (zh ? '不適用' : 'n/a') : formatPercent(value, signed)
}

function score(value: number | null, zh: boolean): string {
  return value === null ? (zh ? '不適用' : 'n/a') : formatScore(value)
}

function marginText(margin: number | null, zh: boolean): string {
  if (margin === null) return zh ? '不適用' : 'n/a'
  if (margin >= 0)
    return zh ? `安全邊際 ${formatPercent(margin)}` : `${formatPercent(margin)} margin of safety`
  return zh ? `溢價 ${formatPercent(-margin)}` : `${formatPercent(-margin)} premium`
}

function table(header: string[], rows: string[][]): string {
  const esc = (cell: string) => cell.replaceAll('|', '\\|')
  return [
    `| ${header.map(esc).join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(esc).join(' | ')} |`),
  ].join('\n')
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

function writeDiagnosis(w: Writer, d: DiagnosisFacts): void {
  const { zh } = w
  const s = d.stock
  w.lines.push(
    zh
      ? `**${stockName(s)}** 的 AI 診斷：${d.summary}`
      : `The AI diagnosis of **${stockName(s)}**: ${d.summary}`,
  )
  w.lines.push(
    table(zh ? ['評分', '分數', '通過檢查'] : ['Score', 'Value', 'Checks passed'], [
      [zh ? 'AI 總評分' : 'AI total score', score(d.totalScore, zh), ''],
      ...d.scores.map((x) => [x.label, score(x.value, zh), `${x.checksPassed}/${x.checksTotal}`]),
    ]),
  )
  const support = d.levels.support
  const resistance = d.levels.resistance
  w.lines.push(
    table(zh ? ['項目', '數值'] : ['Item', 'Value'], [
      [zh ? '收市價' : 'Close', money(s.price, s, zh)],
      [
        zh ? '合理價（低／基準／高）' : 'Fair value (low / base / high)',
        `${money(d.fairValue.low, s, zh)} / ${money(d.fairValue.base, s, zh)} / ${money(d.fairValue.high, s, zh)}`,
      ],
      [zh ? '安全邊際／溢價' : 'Margin', marginText(d.fairValue.downsideMargin, zh)],
      [zh ? '支撐位' : 'Support', support ? money(support.price, s, zh) : zh ? '不適用' : 'n/a'],
      [zh ? '阻力位' : 'Resistance', resistance ? money(resistance.price, s, zh) : zh ? '不適用' : 'n/a'],
    ]),
  )
  // The diagnosis cites two dozen methods; the answer names the first few and the page lists them all.
  const methods = d.methods.slice(0, methodsShown)
  const more = d.methods.length > methodsShown
  if (methods.length > 0)
    w.lines.push(
      zh
        ? `所用方法：${methods.join('、')}${more ? '等' : ''}。`
        : `Methods: ${methods.join('; ')}${more ? '; and more' : ''}.`,
    )
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

function writeCompare(
  w: Writer,
  a: DiagnosisFacts,
  b: DiagnosisFacts,
  ra: PriceReturn | null,
  rb: PriceReturn | null,
  period: Period,
): void {
  const { zh } = w
  const scoreOf = (d: DiagnosisFacts, key: string) =>
    score(key === 'total' ? d.totalScore : (d.scores.find((x) => x.key === key)?.value ?? null), zh)
  const label = (d: DiagnosisFacts, key: string, fallback: string) =>
    d.scores.find((x) => x.key === key)?.label ?? fallback
  w.lines.push(
    zh
      ? `**${stockName(a.stock)}** 與 **${stockName(b.stock)}** 的比較：`
      : `**${stockName(a.stock)}** compared with **${stockName(b.stock)}**:`,
  )
  const rows: string[][] = [
    [zh ? '收市價' : 'Close', money(a.stock.price, a.stock, zh), money(b.stock.price, b.stock, zh)],
    [zh ? 'AI 總評分' : 'AI total score', scoreOf(a, 'total'), scoreOf(b, 'total')],
    [label(a, 'gross_margin', 'Gross margin'), scoreOf(a, 'gross_margin'), scoreOf(b, 'gross_margin')],
    [label(a, 'profitability', 'Profitability'), scoreOf(a, 'profitability'), scoreOf(b, 'profitability')],
    [label(a, 'valuation', 'Valuation'), scoreOf(a, 'valuation'), scoreOf(b, 'valuation')],
    [
      zh ? '合理價' : 'Fair value',
      money(a.fairValue.value, a.stock, zh),
      money(b.fairValue.value, b.stock, zh),
    ],
    [
      zh ? '安全邊際／溢價' : 'Margin',
      marginText(a.fairValue.downsideMargin, zh),
      marginText(b.fairValue.downsideMargin, zh),
    ],
    [
      zh ? '市盈率' : 'P/E',
      a.stock.peRatio === null ? (zh ? '不適用' : 'n/a') : `${a.stock.peRatio.toFixed(1)}x`,
      b.stock.peRatio === null ? (zh ? '不適用' : 'n/a') : `${b.stock.peRatio.toFixed(1)}x`,
    ],
    [
      zh ? `回報（${periodNames[period][w.locale]}）` : `Return (${periodNames[period][w.locale]})`,
      ra ? formatPercent(ra.change, true) : zh ? '不適用' : 'n/a',
      rb ? formatPercent(rb.change, true) : zh ? '不適用' : 'n/a',
    ],
  ]
  w.lines.push(table([zh ? '項目' : 'Item', a.stock.displayCode, b.stock.displayCode], rows))
  const ma = a.fairValue.downsideMargin
  const mb = b.fairValue.downsideMargin
  if (ma !== null && mb !== null && ma !== mb) {
    const cheaper = ma > mb ? a : b
    w.lines.push(
      zh
        ? `以合理價計，**${stockName(cheaper.stock)}** 的估值較吸引。`
        : `Measured against fair value, **${stockName(cheaper.stock)}** is the cheaper of the two.`,
    )
  }
}

function stockRows(w: Writer, rows: StockFacts[]): string {
  const { zh } = w
  return table(
    zh
      ? ['#', '股票', '股價', '合理價', '安全邊際／溢價', 'AI 評分']
      : ['#', 'Stock', 'Price', 'Fair value', 'Margin', 'AI score'],
    rows.map((s, i) => [
      String(i + 1),
      stockName(s),
      money(s.price, s, zh),
      money(s.fairValue, s, zh),
      marginText(s.downsideMargin, zh),
      score(s.score, zh),
    ]),
  )
}

function marketName(market: Market | null | undefined, locale: Locale): string {
  if (!market) return locale === 'zh-Hant' ? '所有市場' : 'all markets'
  return marketLabels[market][locale]
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
        stockName(r),
        formatScore(r.heatScore),
        money(r.price, r, zh),
        pct(r.priceMove, zh, true),
        r.volumeRatio === null ? (zh ? '不適用' : 'n/a') : `${r.volumeRatio.toFixed(2)}x`,
      ]),
    ),
  )
}

function writeArticles(w: Writer, hits: ArticleHits, subject: string): void {
  const { zh } = w
  if (hits.rows.length === 0) {
    w.lines.push(
      zh ? `本站暫時沒有關於「${subject}」的文章。` : `We have no articles about “${subject}” yet.`,
    )
    return
  }
  w.lines.push(zh ? `本站關於「${subject}」的文章：` : `Our articles about “${subject}”:`)
  w.lines.push(hits.rows.map((r) => `- [${r.title}](${r.href}) (${r.publishedAt})`).join('\n'))
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

function writeCannot(
  w: Writer,
  reason: 'forecast' | 'unknown' | 'no_company' | 'no_data' | 'need_two',
): void {
  const { zh } = w
  const opening = {
    forecast: zh
      ? '抱歉，我無法預測股價或市場走勢，也不能提供個人化的買賣建議。'
      : 'Sorry, I cannot predict prices or markets, and I cannot give personal buy or sell advice.',
    unknown: zh ? '抱歉，我無法回答這個問題。' : 'Sorry, I cannot answer that question.',
    no_company: zh
      ? '抱歉，我找不到您所指的公司。請輸入股票代號（例如 AAPL、0700）或公司名稱。'
      : 'Sorry, I could not find the company you mean. Try its code (such as AAPL or 0700) or its name.',
    no_data: zh
      ? '抱歉，這家公司的資料尚未準備好，請稍後再問。'
      : 'Sorry, the data for this company is not ready yet; please ask again later.',
    need_two: zh
      ? '要比較兩隻股票，請同時寫出兩家公司的名稱或代號，例如「比較蘋果和微軟」。'
      : 'To compare, name two companies, for example “compare Apple and Microsoft”.',
  }[reason]
  w.lines.push(opening)
  w.lines.push(zh ? '我可以回答：' : 'I can tell you about:')
  w.lines.push(capabilities[w.locale].map((c) => `- ${c}`).join('\n'))
}

// ——— the assistant ———

export function createOfflineAssistant(deps: ConfiguredAssistantDependencies): Assistant {
  const { stocks, articles } = deps

  async function subjectName(mention: CompanyMention, locale: Locale): Promise<string> {
    const stock = await stocks.getStock(mention.market, mention.code, locale)
    return stock?.name ?? mention.code
  }

  async function* answer(request: AssistantRequest): AsyncGenerator<AssistantEvent> {
    const { locale, signal } = request
    const zh = locale === 'zh-Hant'
    const ctx: ToolContext = { stocks, articles, reader: request.reader, locale, region: request.region }
    let mentions = await findCompanyMentions(stocks, request.question)
    if (signal.aborted) return
    let reading = readQuestion(request.question, mentions.length)
    // Follow-ups lean on the previous question: "And over a year?" keeps its company, "What about Sony?" its intent.
    const previous = [...request.history].reverse().find((turn) => turn.role === 'question')
    if (previous) {
      const own = readQuestion(request.question, 0)
      const periodOnly = own.intent === 'unknown' && own.period !== null
      if (
        mentions.length === 0 &&
        (periodOnly || ['price', 'diagnosis', 'news', 'compare'].includes(own.intent))
      ) {
        mentions = await findCompanyMentions(stocks, previous.text)
        reading = periodOnly
          ? { ...readQuestion(previous.text, mentions.length), period: own.period }
          : readQuestion(request.question, mentions.length)
      } else if (mentions.length === 1 && own.intent === 'unknown') {
        const before = readQuestion(previous.text, 1)
        if (!['unknown', 'forecast', 'compare'].includes(before.intent))
          reading = { ...before, period: reading.period ?? before.period }
      }
    }
    if (mentions.length === 0 && ['valuation', 'price', 'diagnosis', 'news'].includes(reading.intent)) {
      const misspelled = await findMisspelledCompany(stocks, request.question)
      if (misspelled) {
        mentions = [misspelled]
        reading = readQuestion(request.question, 1)
      }
    }
    if (
      request.files &&
      readsAsFileQuestion(request.question, request.files, {
        companies: mentions.length,
        recognised: reading.intent !== 'unknown',
      })
    ) {
      yield { type: 'tool', name: 'readFiles', label: readingFilesLabel[locale] }
      const lines = await writeFileAnswer(request.question, request.files, locale)
      for (const delta of textChunks(lines.join('\n\n'))) {
        if (signal.aborted) return
        yield { type: 'text', delta }
      }
      return
    }
    const w: Writer = { zh, locale, lines: [], asOf: new Set(), isDemo: false }
    const sources: ChatSource[] = []

    async function* call<T>(
      name: ToolName,
      input: Record<string, unknown>,
      out: { value?: T },
    ): AsyncGenerator<AssistantEvent> {
      yield { type: 'tool', name, label: toolLabel(name, input, locale) }
      const run = toolImplementations[name] as (
        c: ToolContext,
        i: ToolInput<typeof name>,
      ) => Promise<ToolResult<T>>
      const result = await run(ctx, input as ToolInput<typeof name>)
      for (const source of result.sources) {
        if (!sources.some((s) => s.href === source.href && s.title === source.title)) sources.push(source)
        if (source.asOf) w.asOf.add(source.asOf)
        if (source.isDemo) w.isDemo = true
      }
      out.value = result.data
    }

    const [first, second] = mentions
    const code = (m: CompanyMention) => ({ code: m.code, market: m.market })
    const period = reading.period ?? defaultPeriod
    const needsCompany: Intent[] = ['price', 'diagnosis', 'compare']
    try {
      if (reading.intent === 'forecast') writeCannot(w, 'forecast')
      else if (reading.intent === 'unknown') writeCannot(w, 'unknown')
      else if (needsCompany.includes(reading.intent) && !first)
        writeCannot(w, reading.intent === 'compare' ? 'need_two' : 'no_company')
      else if (reading.intent === 'compare' && !second) writeCannot(w, 'need_two')
      else if (reading.intent === 'compare' && first && second) {
        const da: { value?: DiagnosisFacts } = {}
        const db: { value?: DiagnosisFacts } = {}
        const ra: { value?: PriceReturn } = {}
        const rb: { value?: PriceReturn } = {}
        yield* call('getDiagnosis', code(first), da)
        yield* call('getDiagnosis', code(second), db)
        yield* call('getPriceReturn', { ...code(first), period }, ra)
        yield* call('getPriceReturn', { ...code(second), period }, rb)
        if (da.value && db.value)
          writeCompare(
            w,
            da.value,
            db.value,
            ra.value && 'change' in ra.value ? ra.value : null,
            rb.value && 'change' in rb.value ? rb.value : null,
            period,
          )
      } else if (reading.intent === 'valuation' && first) {
        const d: { value?: DiagnosisFacts } = {}
        yield* call('getDiagnosis', code(first), d)
        if (d.value) writeValuation(w, d.value)
      } else if (reading.intent === 'valuation') {
        const list: { value?: StockList & { kind: 'undervalued' | 'overvalued' } } = {}
        yield* call(
          'listValuation',
          { kind: reading.side ?? 'undervalued', market: reading.market, limit: 5 },
          list,
        )
        if (list.value) writeValuationList(w, list.value)
      } else if (reading.intent === 'price' && first) {
        const r: { value?: PriceReturn } = {}
        yield* call('getPriceReturn', { ...code(first), period }, r)
        if (r.value && 'change' in r.value) writePrice(w, r.value)
        else writeCannot(w, 'unknown')
      } else if (reading.intent === 'diagnosis' && first) {
        const d: { value?: DiagnosisFacts } = {}
        yield* call('getDiagnosis', code(first), d)
        if (d.value) writeDiagnosis(w, d.value)
      } else if (reading.intent === 'hot') {
        const list: { value?: HotList } = {}
        yield* call('listHotStocks', { market: reading.market, limit: 5 }, list)
        if (list.value) writeHot(w, list.value)
      } else if (reading.intent === 'news') {
        const subject = first ? await subjectName(first, locale) : newsKeywords(request.question)
        if (!subject) writeCannot(w, 'unknown')
        else {
          // The name as the reader wrote it finds the articles that use it; the company's short name is the second try.
          const queries = first ? [...new Set([first.text, shortName(subject)])] : [subject]
          const hits: { value?: ArticleHits } = {}
          for (const query of queries) {
            yield* call('searchArticles', { query, limit: 3 }, hits)
            if (hits.value && hits.value.rows.length > 0) break
          }
          if (hits.value) writeArticles(w, hits.value, subject)
        }
      } else if (reading.intent === 'picks') {
        const p: { value?: PicksFacts } = {}
        yield* call('listMonthlyPicks', { market: reading.market }, p)
        if (p.value) writePicks(w, p.value, request.reader.memberId !== null)
      }
    } catch (error) {
      // A company we know but whose data is not loaded yet reads like one we do not cover.
      const notReady = error instanceof AppError && error.kind === 'unavailable'
      if (!(error instanceof ToolNotFound) && !notReady) throw error
      w.lines.length = 0
      writeCannot(w, notReady ? 'no_data' : 'no_company')
    }
    if (signal.aborted) return
    for (const source of sources) yield { type: 'source', source }

    if (w.asOf.size > 0) {
      const dates = [...w.asOf].sort().join(zh ? '、' : ', ')
      w.lines.push(zh ? `資料日期：${dates}。` : `Data as of ${dates}.`)
    }
    for (const delta of textChunks(w.lines.join('\n\n'))) {
      if (signal.aborted) return
      yield { type: 'text', delta }
    }
  }

  return {
    kind: 'offline',
    answer,
    async title(question, locale) {
      return offlineTitle(
        await findCompanyMentions(stocks, question).then((m) =>
          Promise.all(m.slice(0, 2).map((x) => subjectName(x, locale))),
        ),
        question,
        locale,
      )
    },
    async suggestions(locale, region) {
      return offlineSuggestions(locale, region)
    },
  }
}

/** "Tencent Holdings Ltd." → "Tencent": the name articles use. */
function shortName(name: string): string {
  return name.replace(/\s+(Inc|Corp|Corporation|Co|Ltd|Limited|plc|Group|Holdings?)\b.*$/i, '').trim() || name
}

function newsKeywords(question: string): string {
  return question
    .replace(
      /\b(news|latest|recent|articles?|about|on|any|the|what|is|are|there|show|me|give|headlines?|stories|read)\b/gi,
      ' ',
    )
    .replace(
      /新聞|新闻|文章|報導|报导|消息|資訊|资讯|關於|关于|有關|有关|最新|有什麼|有什么|嗎|吗|的|[?？。!！,，]/g,
      ' ',
    )
    .replace(/\s+/g, ' ')
    .trim()
}

const intentTitles: Record<Exclude<Intent, 'unknown' | 'forecast'>, Record<Locale, string>> = {
  valuation: { en: 'valuation', 'zh-Hant': '估值' },
  diagnosis: { en: 'AI diagnosis', 'zh-Hant': 'AI 診斷' },
  price: { en: 'price performance', 'zh-Hant': '股價表現' },
  compare: { en: 'comparison', 'zh-Hant': '比較' },
  news: { en: 'articles', 'zh-Hant': '相關文章' },
  hot: { en: 'Hot stocks', 'zh-Hant': '熱門股票' },
  picks: { en: 'Monthly stock picks', 'zh-Hant': '每月精選股票' },
}

/** "Tencent — valuation", "蘋果 vs 微軟 — 比較"; the question itself, shortened, when no intent is recognised. */
export function offlineTitle(names: string[], question: string, locale: Locale): string {
  const reading = readQuestion(question, names.length)
  const intent = reading.intent
  let title: string
  if (intent === 'unknown' || intent === 'forecast') title = question.trim().replace(/\s+/g, ' ')
  else if (names.length === 0) {
    const base = intentTitles[intent][locale]
    if (intent === 'valuation')
      title =
        reading.side === 'overvalued'
          ? locale === 'zh-Hant'
            ? '最被高估股票'
            : 'Most overvalued stocks'
          : locale === 'zh-Hant'
            ? '最被低估股票'
            : 'Most undervalued stocks'
    else title = base
    if (reading.market) title = `${title} — ${marketLabels[reading.market][locale]}`
  } else {
    const subject = intent === 'compare' ? names.slice(0, 2).join(' vs ') : (names[0] as string)
    title = `${subject} — ${intentTitles[intent][locale]}`
  }
  if (!title) title = locale === 'zh-Hant' ? '新對話' : 'New chat'
  return title.length > 60 ? `${title.slice(0, 59)}…` : title
}

/** Two well-known companies per market, by the names readers use in each language. */
const suggestionCompanies: Record<Market, Array<Record<Locale, string>>> = {
  us: [
    { en: 'Apple', 'zh-Hant': '蘋果' },
    { en: 'Microsoft', 'zh-Hant': '微軟' },
  ],
  hk: [
    { en: 'Tencent', 'zh-Hant': '騰訊' },
    { en: 'Alibaba', 'zh-Hant': '阿里巴巴' },
  ],
  jp: [
    { en: 'Toyota', 'zh-Hant': '豐田' },
    { en: 'Sony', 'zh-Hant': '索尼' },
  ],
  kr: [
    { en: 'Samsung', 'zh-Hant': '三星' },
    { en: 'SK hynix', 'zh-Hant': 'SK海力士' },
  ],
}

export function offlineSuggestions(locale: Locale, region: Region): string[] {
  const market = regionSettings[region].defaultMarket
  const [a, b] = suggestionCompanies[market].map((c) => c[locale]) as [string, string]
  const m = marketLabels[market][locale]
  return locale === 'zh-Hant'
    ? [
        `${a}被低估了嗎？`,
        `比較${a}和${b}`,
        `${b}過去三個月表現如何？`,
        `${m}最被低估的股票`,
        `${m}今日熱門股票`,
        `${a}的合理價是多少？`,
      ]
    : [
        `Is ${a} undervalued?`,
        `Compare ${a} and ${b}`,
        `How has ${b} done over the past 3 months?`,
        `Most undervalued ${m}`,
        `Hot ${m} today`,
        `What is ${a}'s fair value?`,
      ]
}
