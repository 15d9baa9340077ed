import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Locale } from '#contracts/regions.ts'
import { createManualClock } from '#server/clock.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { myStocksOf, strategiesReadingOf } from '#server/services.ts'
import { createCapturedSms } from '#server/testing/captured-sms.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import {
  AssistantError,
  type AssistantEvent,
  type AssistantTurn,
  type ConversationFiles,
} from '../assistant.ts'
import type { PortfolioImportPreview } from '../tools/import-preview-tools.ts'
import type { MyStocks } from '../tools/my-stocks-tools.ts'
import { formatMoney, formatPercent } from '../tools/tool-format.ts'
import { createConfiguredAssistant } from './configured-assistant.ts'

// ——— a fake OpenAI-compatible server speaking the Chat Completions streaming protocol ———

type Reply =
  | {
      kind: 'stream'
      chunks: Array<Record<string, unknown> | string>
      /** Milliseconds before each chunk after the first (a slow model), and an optional longer pause before one. */
      gapMs?: number
      pause?: { beforeChunk: number; ms: number }
    }
  | { kind: 'json'; body: Record<string, unknown> }
  | { kind: 'status'; status: number }
  | { kind: 'hang' }

interface ChatRequest {
  model: string
  stream?: boolean
  messages: Array<{ role: string; content: unknown; tool_call_id?: string; tool_calls?: unknown[] }>
  tools?: Array<{ type: string; function: { name: string; description: string; parameters: unknown } }>
}

let server: Server
let port: number
const requests: ChatRequest[] = []
let replies: Reply[] = []
const hanging: ServerResponse[] = []

function chunk(delta: Record<string, unknown>, finish: string | null = null) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1_764_000_000,
    model: 'fake-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  }
}

function textReply(...pieces: string[]): Extract<Reply, { kind: 'stream' }> {
  return {
    kind: 'stream',
    chunks: [
      chunk({ role: 'assistant', content: '' }),
      ...pieces.map((content) => chunk({ content })),
      chunk({}, 'stop'),
    ],
  }
}

function toolCallReply(name: string, args: Record<string, unknown>): Reply {
  const json = JSON.stringify(args)
  return {
    kind: 'stream',
    chunks: [
      chunk({
        role: 'assistant',
        content: null,
        tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name, arguments: '' } }],
      }),
      // Arguments arrive in pieces, as real providers send them.
      chunk({ tool_calls: [{ index: 0, function: { arguments: json.slice(0, 5) } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: json.slice(5) } }] }),
      chunk({}, 'tool_calls'),
    ],
  }
}

async function writeChunks(res: ServerResponse, reply: Extract<Reply, { kind: 'stream' }>) {
  for (const [index, c] of reply.chunks.entries()) {
    const wait =
      (reply.pause?.beforeChunk === index ? reply.pause.ms : 0) + (index > 0 ? (reply.gapMs ?? 0) : 0)
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    if (res.destroyed) return
    res.write(`data: ${typeof c === 'string' ? c : JSON.stringify(c)}\n\n`)
  }
  res.end('data: [DONE]\n\n')
}

function handle(req: IncomingMessage, res: ServerResponse) {
  let body = ''
  req.on('data', (data) => {
    body += data
  })
  req.on('end', () => {
    requests.push(JSON.parse(body) as ChatRequest)
    const reply = replies.shift() ?? { kind: 'status', status: 500 }
    if (reply.kind === 'hang') {
      hanging.push(res)
      return
    }
    if (reply.kind === 'status') {
      res.writeHead(reply.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { message: `upstream ${reply.status}`, type: 'server_error' } }))
      return
    }
    if (reply.kind === 'json') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(reply.body))
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    void writeChunks(res, reply)
  })
}

const clock = createManualClock('2026-11-22T09:00:00Z')
const sms = createCapturedSms()
let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime({}, { clock, smsSender: sms.sender })
  server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  for (const res of hanging) res.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await runtime.close()
})
beforeEach(() => {
  requests.length = 0
  replies = []
})

function assistant(
  options: { timeoutMs?: number; totalTimeoutMs?: number; baseUrl?: string; mine?: MyStocks } = {},
) {
  const { stocks, articles } = runtime.services
  return createConfiguredAssistant({
    config: {
      ...runtime.config.chat,
      provider: 'openai',
      model: {
        baseUrl: options.baseUrl ?? `http://127.0.0.1:${port}/v1`,
        apiKey: 'test-key',
        name: 'fake-model',
      },
      timeoutMs: options.timeoutMs ?? 5000,
      totalTimeoutMs: options.totalTimeoutMs ?? 30_000,
      maxSteps: 4,
    },
    stocks,
    articles,
    clock,
    mine: options.mine,
    strategies: strategiesReadingOf(() => runtime.services.strategies),
  })
}

function visitor(): Reader {
  return {
    role: 'visitor',
    memberId: null,
    tier: null,
    sessionId: null,
    device: { key: randomUUID(), network: null },
  }
}

async function run(
  question: string,
  options: {
    locale?: Locale
    history?: AssistantTurn[]
    timeoutMs?: number
    totalTimeoutMs?: number
    baseUrl?: string
    signal?: AbortSignal
    mine?: MyStocks
    reader?: Reader
    files?: ConversationFiles
  } = {},
) {
  const events: AssistantEvent[] = []
  let error: unknown = null
  try {
    for await (const event of assistant(options).answer({
      question,
      history: options.history ?? [],
      locale: options.locale ?? 'en',
      region: options.locale === 'zh-Hant' ? 'hk' : 'en',
      reader: options.reader ?? visitor(),
      signal: options.signal ?? new AbortController().signal,
      ...(options.files ? { files: options.files } : {}),
    })) {
      events.push(event)
    }
  } catch (e) {
    error = e
  }
  return {
    events,
    error,
    text: events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join(''),
  }
}

describe('model assistant over an OpenAI-compatible endpoint', () => {
  it('calls a tool in a first step, sends its result back, and streams the second step’s text', async () => {
    replies = [toolCallReply('getDiagnosis', { code: '0700' }), textReply('騰訊的', '合理價', '見下表。')]
    const history: AssistantTurn[] = [
      { role: 'question', text: '蘋果被低估了嗎？' },
      { role: 'answer', text: '蘋果目前被高估。' },
    ]
    const { events, error, text } = await run('騰訊呢？', { locale: 'zh-Hant', history })
    expect(error).toBeNull()

    // What the model was sent: the system prompt, the tools, the history turns and the question.
    expect(requests).toHaveLength(2)
    const first = requests[0] as ChatRequest
    expect(first.model).toBe('fake-model')
    expect(first.stream).toBe(true)
    expect(first.messages[0]).toMatchObject({ role: 'system' })
    expect(String(first.messages[0]?.content)).toContain('Traditional Chinese')
    expect(String(first.messages[0]?.content)).toContain('do not repeat them')
    expect(first.messages.slice(1)).toEqual([
      { role: 'user', content: '蘋果被低估了嗎？' },
      { role: 'assistant', content: '蘋果目前被高估。' },
      { role: 'user', content: '騰訊呢？' },
    ])
    expect(first.tools?.map((t) => t.function.name).sort()).toEqual([
      'declineQuestion',
      'defineTerm',
      'getDiagnosis',
      'getDividendHistory',
      'getMarketOverview',
      'getMyPortfolio',
      'getMyWatchlist',
      'getPriceReturn',
      'getStockFigures',
      'getStrategies',
      'listHotStocks',
      'listInsiderMoves',
      'listMonthlyPicks',
      'listValuation',
      'lookupCompany',
      'searchArticles',
    ])

    // The second request carries the tool's result, with figures from our own diagnosis.
    const second = requests[1] as ChatRequest
    const toolMessage = second.messages.find((m) => m.role === 'tool')
    expect(toolMessage?.tool_call_id).toBe('call_1')
    const diagnosis = await runtime.services.stocks.readDiagnosis('hk', '0700', 'zh-Hant')
    expect(String(toolMessage?.content)).toContain(String(diagnosis?.fairValue.value))
    expect(second.messages.some((m) => m.role === 'assistant' && Array.isArray(m.tool_calls))).toBe(true)
    // Bounded and self-describing: no year of daily bars, and the units the numbers are in.
    expect(String(toolMessage?.content).length).toBeLessThan(8000)
    expect(String(toolMessage?.content)).toContain('fractions (0.1 = 10%)')

    // What the reader gets: the tool's label, its source, the text; the page adds the disclaimer and the DEMO label.
    expect(events[0]).toMatchObject({
      type: 'tool',
      name: 'getDiagnosis',
      label: expect.stringContaining('AI 診斷'),
    })
    expect(events.find((e) => e.type === 'source')).toMatchObject({
      type: 'source',
      source: {
        kind: 'diagnosis',
        code: '0700',
        href: '/ai-stock-diagnosis?code=0700&market=hk',
        isDemo: true,
      },
    })
    expect(text).toContain('騰訊的合理價見下表。')
    expect(formatMoney(diagnosis?.fairValue.value as number, 'HKD')).toMatch(/HKD$/)
  })

  it('records the reason the model declines with, without showing the call to the reader', async () => {
    replies = [
      toolCallReply('declineQuestion', { reason: 'crypto' }),
      textReply('Bitcoin is a crypto-currency, not a stock: we do not cover it.'),
    ]
    const { error, events, text } = await run('What is Bitcoin’s price?')
    expect(error).toBeNull()
    expect(events.filter((e) => e.type === 'declined')).toEqual([{ type: 'declined', reason: 'crypto' }])
    expect(events.some((e) => e.type === 'tool')).toBe(false)
    expect(text).toContain('not a stock')
  })

  it('gives the model a company’s dividends over the years, each fiscal year with its figures written as the chat writes them', async () => {
    replies = [toolCallReply('getDividendHistory', { code: 'JPM' }), textReply('JPMorgan’s payout ratio…')]
    const { error, events } = await run('What is JPMorgan’s payout ratio?')
    expect(error).toBeNull()
    expect(events.find((e) => e.type === 'tool')).toMatchObject({ name: 'getDividendHistory' })
    expect(events.find((e) => e.type === 'source')).toMatchObject({
      source: { kind: 'diagnosis', href: '/ai-stock-diagnosis?code=JPM&market=us', isDemo: true },
    })
    const sent = requests.at(-1)?.messages.find((m) => m.role === 'tool')
    const d = await runtime.services.stocks.readDiagnosis('us', 'JPM', 'en')
    const latest = d?.dividends.years.at(-1)
    if (!d || !latest?.perShare) throw new Error('JPM pays in the demo data')
    const content = String(sent?.content)
    expect(content).toContain('"method":"fiscal-year-cash-dividends-v1"')
    expect(content).toContain(`"amountText":"${formatMoney(latest.perShare, d.stock.currency)}"`)
    expect(content).toContain(`"payoutText":"${formatPercent(d.dividends.payoutRatio as number)}"`)
    expect(content).toContain(`"asOf":"${d.asOf}"`)
  })

  it('gives the model the strategies the reader’s plan shows with their holdings, and the others by name only', async () => {
    replies = [toolCallReply('getStrategies', {}), textReply('Your Base plan shows three strategies…')]
    const reader = {
      ...visitor(),
      role: 'subscriber' as const,
      tier: 'base' as const,
      memberId: randomUUID(),
    }
    // Read first: the performance is computed once per strategy (cached), not within the model's silence limit.
    const page = (await runtime.services.strategies.listForReader(reader, 'en')).strategies
    const open = page.find((card) => !card.lock)
    const locked = page.filter((card) => card.lock)
    if (!open || locked.length === 0) throw new Error('Base opens some seeded strategies, not all')
    const detail = await runtime.services.strategies.detailForReader(open.slug, reader, 'en')
    const { error, events } = await run('What strategies do you have?', { reader, timeoutMs: 20_000 })
    expect(error).toBeNull()
    expect(events.find((e) => e.type === 'tool')).toMatchObject({ name: 'getStrategies' })
    expect(events.find((e) => e.type === 'source')).toMatchObject({
      source: { kind: 'strategies', href: '/member/strategies', isDemo: true },
    })
    const content = String(requests.at(-1)?.messages.find((m) => m.role === 'tool')?.content)
    expect(content).toContain(open.summary)
    for (const holding of detail.holdings) expect(content).toContain(`"code":"${holding.code}"`)
    for (const card of locked) {
      expect(content).toContain(`"name":"${card.name}"`)
      expect(content).not.toContain(card.summary)
    }
  })

  it('records no reason when the model answers', async () => {
    replies = [textReply('Here is what the data shows.')]
    const { events } = await run('Hello')
    expect(events.some((e) => e.type === 'declined')).toBe(false)
  })

  it('stops after maxSteps model calls even when the model keeps calling tools', async () => {
    replies = Array.from({ length: 6 }, () => toolCallReply('listHotStocks', { limit: 3 }))
    const { error, events } = await run('What is hot?')
    expect(error).toBeNull()
    expect(requests).toHaveLength(4)
    expect(events.filter((e) => e.type === 'tool')).toHaveLength(4)
  })

  it('fails as malformed when a chunk is not valid JSON', async () => {
    replies = [
      {
        kind: 'stream',
        chunks: [chunk({ role: 'assistant', content: 'Hel' }), '{"id": "broken", "choices": [{'],
      },
    ]
    const { error } = await run('Is Tencent undervalued?')
    expect(error).toBeInstanceOf(AssistantError)
    expect((error as AssistantError).failure).toBe('malformed')
  })

  it('fails as a timeout when the model does not start answering within its silence limit', async () => {
    replies = [{ kind: 'hang' }]
    const started = Date.now()
    const { error } = await run('Is Tencent undervalued?', { timeoutMs: 300 })
    expect(error).toBeInstanceOf(AssistantError)
    expect((error as AssistantError).failure).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it('lets a slow model that keeps writing finish, longer than its silence limit in all', async () => {
    replies = [
      { ...textReply('Tencent ', 'looks ', 'fairly ', 'valued ', 'on ', 'our ', 'figures.'), gapMs: 150 },
    ]
    const { text, error } = await run('Is Tencent undervalued?', { timeoutMs: 400 })
    expect(error).toBeNull()
    expect(text).toBe('Tencent looks fairly valued on our figures.')
  })

  it('fails as a timeout when the model falls silent in the middle of its answer', async () => {
    replies = [
      { ...textReply('Tencent ', 'looks ', 'fairly ', 'valued.'), pause: { beforeChunk: 3, ms: 1200 } },
    ]
    const started = Date.now()
    const { text, error } = await run('Is Tencent undervalued?', { timeoutMs: 400 })
    expect((error as AssistantError).failure).toBe('timeout')
    expect(text).toContain('Tencent')
    expect(Date.now() - started).toBeLessThan(1100)
  })

  it('fails as a timeout when the whole answer outlasts its cap, however steadily it comes', async () => {
    const pieces = Array.from({ length: 30 }, (_, index) => `word${index} `)
    replies = [{ ...textReply(...pieces), gapMs: 100 }]
    const started = Date.now()
    const { error } = await run('Is Tencent undervalued?', { timeoutMs: 400, totalTimeoutMs: 1000 })
    expect((error as AssistantError).failure).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it('tells a rate limit (429) from an outage (500, connection refused)', async () => {
    replies = [{ kind: 'status', status: 429 }]
    const limited = await run('Is Tencent undervalued?')
    expect((limited.error as AssistantError).failure).toBe('rate_limited')
    expect(requests).toHaveLength(1)

    replies = [{ kind: 'status', status: 500 }]
    const broken = await run('Is Tencent undervalued?')
    expect((broken.error as AssistantError).failure).toBe('unavailable')

    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const closedPort = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const refused = await run('Is Tencent undervalued?', { baseUrl: `http://127.0.0.1:${closedPort}/v1` })
    expect((refused.error as AssistantError).failure).toBe('unavailable')
  })

  it('returns quietly when the reader stops the answer', async () => {
    replies = [{ kind: 'hang' }]
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 100)
    const { error, events } = await run('Is Tencent undervalued?', { signal: controller.signal })
    expect(error).toBeNull()
    expect(events).toEqual([])
  })

  it('asks the model for a title, and falls back to the offline title when it fails', async () => {
    replies = [
      {
        kind: 'json',
        body: {
          id: 'chatcmpl-title',
          object: 'chat.completion',
          created: 1_764_000_000,
          model: 'fake-model',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: '"Tencent valuation check"' },
              finish_reason: 'stop',
            },
          ],
        },
      },
    ]
    const signal = new AbortController().signal
    expect(await assistant().title('Is Tencent undervalued?', 'en', signal)).toBe('Tencent valuation check')
    expect(requests[0]?.messages.at(-1)).toEqual({ role: 'user', content: 'Is Tencent undervalued?' })

    replies = [{ kind: 'status', status: 500 }]
    expect(await assistant().title('Is Tencent undervalued?', 'en', signal)).toBe(
      'Tencent Holdings Ltd. — valuation',
    )
  })
})

describe('previewing an import of an uploaded holdings file', () => {
  async function newMember(): Promise<Reader> {
    const mobile = `9326${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`
    const { accounts } = runtime.services
    await accounts.sendLoginCode({ country: 'HK', mobile }, { locale: 'en' })
    const result = await accounts.logIn(
      { country: 'HK', mobile, code: sms.codeSentTo(`+852${mobile}`), agreed: true },
      { locale: 'en' },
    )
    return {
      role: 'member',
      memberId: result.userInfo.memberId,
      tier: null,
      sessionId: null,
      device: { key: randomUUID(), network: null },
    }
  }

  /** A conversation holding one CSV upload, as the chat files service gives it to an assistant. */
  function csvUpload(rows: string[][]): ConversationFiles {
    const file = { id: randomUUID(), name: 'holdings.csv', kind: 'csv' as const, sections: 1 }
    return {
      files: [file],
      attachedToQuestion: [file.id],
      unreadable: [],
      findPassages: async () => [],
      tables: async () => [
        { fileId: file.id, fileName: file.name, place: { kind: 'text', number: 1 }, rows },
      ],
    }
  }

  const holdings = [
    ['Date', 'Symbol', 'Action', 'Quantity', 'Price', 'Currency'],
    ['2024-01-05', 'AAPL', 'Buy', '10', '150', 'USD'],
    ['2024-02-01', 'MSFT', 'Buy', '5', '400', 'USD'],
    ['2024-04-01', 'ZZZZ', 'Buy', '1', '10', 'USD'],
  ]

  function toolResultOf(request: ChatRequest | undefined): PortfolioImportPreview {
    const message = request?.messages.find((m) => m.role === 'tool')
    const content = message?.content
    const text = typeof content === 'string' ? content : JSON.stringify(content)
    return JSON.parse(text) as PortfolioImportPreview
  }

  it('tells the model the rows it would add, each rejected row with its reason, and the confirm link; saves nothing', async () => {
    const mine = myStocksOf(() => runtime.services)
    const reader = await newMember()
    replies = [
      toolCallReply('previewPortfolioImport', {}),
      textReply(
        '2 rows can be imported; line 4 is rejected. [Import 2 transactions, skip 1 rows](#import-portfolio/x/0/skip)',
      ),
    ]
    const { error, events } = await run('What would importing my file do?', {
      mine,
      reader,
      files: csvUpload(holdings),
    })
    expect(error).toBeNull()
    expect(requests[0]?.tools?.map((t) => t.function.name)).toContain('previewPortfolioImport')
    expect(String(requests[0]?.messages[0]?.content)).toContain('only that click imports')
    expect(events).toContainEqual({
      type: 'tool',
      name: 'previewPortfolioImport',
      label: 'Previewing the import into your portfolio…',
    })

    const preview = toolResultOf(requests[1])
    expect(preview).toMatchObject({
      status: 'ok',
      file: 'holdings.csv',
      layout: 'generic',
      rowCount: 3,
      acceptedCount: 2,
      columns: { date: 'Date', stock: 'Symbol', quantity: 'Quantity', price: 'Price' },
    })
    expect(
      preview.rowsToAdd.map((row) => [row.stock, row.date, row.quantity, row.price, row.currency]),
    ).toEqual([
      ['AAPL', '2024-01-05', 10, 150, 'USD'],
      ['MSFT', '2024-02-01', 5, 400, 'USD'],
    ])
    expect(preview.rejected).toHaveLength(1)
    expect(preview.rejected[0]?.line).toBe(4)
    expect(preview.rejected[0]?.reason).toMatch(/ZZZZ|not|cover/i)
    expect(preview.confirm?.label).toBe('Import 2 transactions, skip 1 rows')
    expect(preview.confirm?.href).toMatch(/^#import-portfolio\/[0-9a-f-]+\/0\/skip$/)

    // Previewing saved nothing: the portfolio is still empty.
    const portfolio = await runtime.services.portfolios.getPortfolio(reader, undefined, 'en')
    expect(portfolio.holdings).toEqual([])
  })

  it('answers a visitor and a file without transactions honestly, in Chinese', async () => {
    const mine = myStocksOf(() => runtime.services)
    replies = [toolCallReply('previewPortfolioImport', {}), textReply('請先登入。')]
    await run('把這個檔案匯入我的投資組合', { mine, files: csvUpload(holdings), locale: 'zh-Hant' })
    expect(toolResultOf(requests[1])).toMatchObject({ status: 'visitor', confirm: null, rowsToAdd: [] })

    requests.length = 0
    const reader = await newMember()
    replies = [toolCallReply('previewPortfolioImport', { file: 'holdings' }), textReply('找不到交易表。')]
    const notes = [
      ['Note', 'Text'],
      ['a', 'b'],
    ]
    await run('把這個檔案匯入我的投資組合', { mine, reader, files: csvUpload(notes), locale: 'zh-Hant' })
    expect(toolResultOf(requests[1])).toMatchObject({
      status: 'noTable',
      file: 'holdings.csv',
      confirm: null,
      href: '/member/portfolio',
    })
  })
})
