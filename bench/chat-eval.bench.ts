/**
 * How well the AI chat answers what readers ask (`node bench/chat-eval.bench.ts`, or `npm run bench -- chat-eval`):
 * the evaluation set of server/modules/chat/testing/chat-eval/ — at least 120 questions per language across
 * categories (one figure, compare, define, market, news, follow-up, files, refuse for the right reason, injection),
 * each with the intent and tools it expects and the figures its answer must contain, read from the services at run
 * time. It prints relevance and honesty per category and language for the offline assistant, its time to the first
 * streamed text (p50, p95), and, when CHAT_PROVIDER=openai with CHAT_MODEL_* is set, the same for the model (not in
 * CI). The server's services run in this process on a fresh database (PGlite, or DATABASE_URL) with the 40 demo
 * companies of the tests. Times vary with the machine and its load.
 */
import { systemClock } from '#server/clock.ts'
import type { Assistant } from '#server/modules/chat/assistant.ts'
import { createConfiguredAssistant } from '#server/modules/chat/assistants/configured-assistant.ts'
import { createOfflineAssistant } from '#server/modules/chat/assistants/offline-assistant.ts'
import { evalQuestions, runEval, summarizeEval } from '#server/modules/chat/testing/chat-eval/eval-run.ts'
import { testEnv } from '#server/testing/test-env.ts'
import { startBenchServer } from './support/bench-server.ts'
import { percentile } from './support/percentile.ts'

const server = await startBenchServer(
  {
    JOBS_ENABLED: 'false',
    MARKET_DATA_DEMO_END_DATE: testEnv.MARKET_DATA_DEMO_END_DATE ?? '2026-11-20',
    MARKET_DATA_COMPANIES: testEnv.MARKET_DATA_COMPANIES ?? '',
    STOCKS_PICKS_MONTHS: '6',
    ...(process.env.CHAT_PROVIDER ? { CHAT_PROVIDER: process.env.CHAT_PROVIDER } : {}),
  },
  { pages: false },
)
const { runtime } = server
const services = {
  stocks: runtime.services.stocks,
  articles: runtime.services.articles,
  strategies: runtime.services.strategies,
}
const deps = { config: runtime.config.chat, ...services, clock: systemClock }

/** The assistant, timing each answer's first text event. */
function timed(assistant: Assistant, firstText: number[]): Assistant {
  return {
    ...assistant,
    async *answer(request) {
      const started = performance.now()
      let first = true
      for await (const event of assistant.answer(request)) {
        if (first && event.type === 'text') {
          firstText.push(performance.now() - started)
          first = false
        }
        yield event
      }
    },
  }
}

async function report(name: string, assistant: Assistant): Promise<void> {
  const firstText: number[] = []
  const results = await runEval(timed(assistant, firstText), services)
  console.log(`\n${name}: ${evalQuestions.length} questions`)
  console.log('| Language | Category | Asked | Relevant | Honest |')
  console.log('|---|---|---:|---:|---:|')
  for (const row of summarizeEval(results)) {
    const pct = (n: number) => (row.asked ? `${n} (${Math.round((n / row.asked) * 100)}%)` : '—')
    console.log(
      `| ${row.locale} | ${row.category} | ${row.asked} | ${pct(row.relevant)} | ${pct(row.honest)} |`,
    )
  }
  const ms = (v: number) => `${v.toFixed(1)} ms`
  console.log(
    `First streamed text: p50 ${ms(percentile(firstText, 50))}, p95 ${ms(percentile(firstText, 95))}`,
  )
  if (process.env.BENCH_VERBOSE)
    for (const r of results.filter((x) => !x.score.relevant || !x.score.honest))
      console.log(
        `- [${r.question.locale} ${r.question.category}] ${r.question.q}: ${[...r.score.missing, ...r.score.wrong].join('; ')}`,
      )
}

try {
  await report('Offline assistant', createOfflineAssistant(deps))
  if (runtime.config.chat.provider === 'openai')
    await report('Model assistant', createConfiguredAssistant(deps))
} finally {
  await server.close()
}
