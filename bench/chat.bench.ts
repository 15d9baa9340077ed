/**
 * The AI chat's streamed answers, over HTTP (`node bench/chat.bench.ts`, or `npm run bench -- chat`):
 * 1. the offline assistant, one question at a time (English and Chinese questions in turn): time to the first
 *    streamed token (`text` event) and to the whole answer (`done`), p50 and p95;
 * 2. 50 answers streaming at once and held open for 20 s (the offline assistant, made to think for 20 s before its
 *    first event, so every stream outlives a `: ping`): errors, pings received, and the server's memory before,
 *    during and after.
 * The server runs in this process on a fresh database (PGlite in a temporary folder, or DATABASE_URL; Redis counters
 * when REDIS_URL is set) with 40 demo companies, without pages. Figures vary with the machine and its load; compare
 * runs on the same machine only.
 */
import http from 'node:http'
import type { Assistant } from '#server/modules/chat/assistant.ts'
import { createConfiguredAssistant } from '#server/modules/chat/assistants/configured-assistant.ts'
import { testEnv } from '#server/testing/test-env.ts'
import { startBenchServer } from './support/bench-server.ts'
import { percentile } from './support/percentile.ts'

const questionsMeasured = Number(process.env.BENCH_QUESTIONS ?? 40)
const concurrentStreams = Number(process.env.BENCH_STREAMS ?? 50)
const holdMs = Number(process.env.BENCH_HOLD_MS ?? 20_000)

const questions = [
  'Is Tencent undervalued?',
  '騰訊被低估了嗎？',
  'Compare AAPL and MSFT',
  '蘋果的股價表現如何？',
  'News about NVIDIA',
]

/** The offline assistant as configured; while `held` is on (phase 2), it waits `holdMs` before its first event. */
let held = false
let offline: Assistant | undefined
const assistant: Assistant = {
  kind: 'offline',
  async *answer(request) {
    if (held) await new Promise((resolve) => setTimeout(resolve, holdMs))
    yield* (offline as Assistant).answer(request)
  },
  title: (question, locale, signal) => (offline as Assistant).title(question, locale, signal),
  suggestions: (locale, region) => (offline as Assistant).suggestions(locale, region),
}
const server = await startBenchServer(
  {
    JOBS_ENABLED: 'false',
    MARKET_DATA_DEMO_END_DATE: testEnv.MARKET_DATA_DEMO_END_DATE ?? '2026-11-20',
    MARKET_DATA_COMPANIES: testEnv.MARKET_DATA_COMPANIES ?? '',
    STOCKS_PICKS_MONTHS: '6',
    QUOTA_CHAT_PER_DAY: '1000000,1000000,1000000,1000000,1000000',
    QUOTA_CHAT_PER_MONTH: '1000000,1000000,1000000,1000000,1000000',
    QUOTA_VISITORS_PER_NETWORK: '1000000',
    CHAT_RATE_PER_MINUTE: '1000000',
    // All streams come from one loopback address here; behind a proxy (TRUST_PROXY) readers are not capped this way.
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(concurrentStreams + 10),
  },
  { assistant, pages: false },
)
const { runtime } = server
offline = createConfiguredAssistant({
  config: runtime.config.chat,
  stocks: runtime.services.stocks,
  articles: runtime.services.articles,
  clock: { now: () => new Date() },
})
const { port } = server
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrentStreams + 5 })

interface StreamResult {
  firstTokenMs: number | null
  totalMs: number
  events: number
  pings: number
  outcome: string
}

function ask(question: string, device: string): Promise<StreamResult> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        agent,
        path: `/api/portal/ai/chatSearch?question=${encodeURIComponent(question)}`,
        headers: {
          host: `en.localhost:${port}`,
          lang: /[\u4e00-\u9fff]/.test(question) ? 'hk' : 'en',
          cookie: `tw_device=${device}`,
        },
      },
      (response) => {
        let firstTokenMs: number | null = null
        let buffer = ''
        let events = 0
        let pings = 0
        let outcome = `http ${response.statusCode}`
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          if (firstTokenMs === null && chunk.includes('event: text'))
            firstTokenMs = performance.now() - started
          buffer += chunk
          const blocks = buffer.split('\n\n')
          buffer = blocks.pop() ?? ''
          for (const block of blocks) {
            if (block.startsWith(': ping')) pings += 1
            const name = /^event: (\w+)/.exec(block)?.[1]
            if (!name) continue
            events += 1
            if (name === 'done') outcome = 'done'
            if (name === 'error') outcome = `error ${block}`
          }
        })
        response.on('end', () =>
          resolve({ firstTokenMs, totalMs: performance.now() - started, events, pings, outcome }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
  })
}

const ms = (value: number) => `${value.toFixed(1)} ms`
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

try {
  const device = 'bench-device-0000000000000000000000'
  // A warm-up question: first queries, JIT.
  await ask(questions[0] ?? '', device)

  // 1. One question at a time.
  const results: StreamResult[] = []
  for (let i = 0; i < questionsMeasured; i++)
    results.push(await ask(questions[i % questions.length] ?? '', device))
  const failed = results.filter((r) => r.outcome !== 'done')
  const firstTokens = results.flatMap((r) => (r.firstTokenMs === null ? [] : [r.firstTokenMs]))
  const totals = results.map((r) => r.totalMs)
  console.log(`\nOffline assistant over HTTP, ${questionsMeasured} questions one at a time:`)
  console.log('| | p50 | p95 |')
  console.log('|---|---|---|')
  console.log(`| first token | ${ms(percentile(firstTokens, 50))} | ${ms(percentile(firstTokens, 95))} |`)
  console.log(`| whole answer | ${ms(percentile(totals, 50))} | ${ms(percentile(totals, 95))} |`)
  console.log(
    `answers that did not end with done: ${failed.length}${failed[0] ? ` (${failed[0].outcome})` : ''}`,
  )

  // 2. Many streams at once, held open.
  globalThis.gc?.()
  const before = process.memoryUsage()
  held = true
  const streams = Array.from({ length: concurrentStreams }, (_, i) =>
    ask(questions[i % questions.length] ?? '', `bench-device-${String(i).padStart(22, '0')}`),
  )
  const during = await new Promise<NodeJS.MemoryUsage>((resolve) =>
    setTimeout(() => resolve(process.memoryUsage()), holdMs / 2),
  )
  const all = await Promise.all(streams)
  held = false
  globalThis.gc?.()
  const after = process.memoryUsage()
  const errors = all.filter((r) => r.outcome !== 'done')
  console.log(
    `\n${concurrentStreams} streams at once for ${(holdMs / 1000).toFixed(0)} s (no event for the first ${(holdMs / 1000).toFixed(0)} s):`,
  )
  console.log(
    `answers: ${all.length}, not ending with done: ${errors.length}${errors[0] ? ` (${errors[0].outcome})` : ''}`,
  )
  console.log(
    `longest answer: ${ms(Math.max(...all.map((r) => r.totalMs)))}; pings received: ${all.reduce((n, r) => n + r.pings, 0)}`,
  )
  console.log('| memory | before | while held | after |')
  console.log('|---|---|---|---|')
  console.log(`| rss | ${mb(before.rss)} | ${mb(during.rss)} | ${mb(after.rss)} |`)
  console.log(`| heap used | ${mb(before.heapUsed)} | ${mb(during.heapUsed)} | ${mb(after.heapUsed)} |`)
  if (failed.length > 0 || errors.length > 0) process.exitCode = 1
} finally {
  agent.destroy()
  await server.close()
}
