/**
 * Logins and member info under load, in one run: `node bench/auth.bench.ts` (or `npm run bench -- auth`).
 * Starts the API in this process on a fresh database (PGlite in a temporary folder, or DATABASE_URL), with the
 * console SMS adapter (log + development outbox, as in development); the benchmark reads each code as the adapter
 * sends it. Per-IP login limits are lifted, since every request comes from loopback.
 *
 * 1. Login: each connection repeats "send code to a new number" then "log in with that code" (a registration,
 *    the heaviest login). Prints completed logins/s and the p95 of each step.
 * 2. Member info: GET /home/memberInfo with the X-token of 200 live sessions, round robin. Prints requests/s and
 *    p50/p95/p99 latency.
 * Figures depend on the machine; compare runs on the same machine only.
 */
import '#server/production-env.ts'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pino from 'pino'
import { toE164Mobile } from '#contracts/mobile-number.ts'
import { bootRuntime } from '#server/boot.ts'
import { loadConfig } from '#server/config.ts'
import { createHttpServer } from '#server/http.ts'
import { createConsoleSmsSender } from '#server/providers/sms/console-sms.ts'
import type { SmsSender } from '#server/providers/sms/sms-sender.ts'
import { percentile } from './support/percentile.ts'

const connections = Number(process.env.BENCH_CONNECTIONS ?? 20)
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10)

const round = (value: number) => Math.round(value * 10) / 10

/** What a connection remembers between its two requests. */
interface LoginContext {
  number: { mobile: string; e164: string }
  startedAt: number
}

/** Runs autocannon and collects every response time (autocannon's own summary has no p95). */
function runLoad(options: autocannon.Options): Promise<{ result: autocannon.Result; latencies: number[] }> {
  const latencies: number[] = []
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve({ result, latencies }),
    )
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
  })
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tickerwise-auth-bench-'))
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  APP_ENV: 'develop',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  SMS_PROVIDER: 'console',
  LOGIN_IP_LIMIT_PER_HOUR: '100000000',
})

/** The console adapter, watched: the benchmark learns each code the moment the adapter sends it. */
const codes = new Map<string, string>()
let outbox: (message: { to: string; body: string }) => Promise<void> = async () => undefined
const consoleSms = createConsoleSmsSender({
  log: pino({ level: config.logLevel }),
  saveToOutbox: (message) => outbox(message),
})
const watchedSms: SmsSender = {
  name: 'console',
  async send(message) {
    const result = await consoleSms.send(message)
    const code = /\b(\d{6})\b/.exec(message.body)?.[1]
    if (code) codes.set(message.to, code)
    return result
  },
}

const runtime = await bootRuntime({ config, smsSender: watchedSms })
outbox = runtime.services.devSmsOutbox.saveMessage
const app = await createHttpServer({ config, services: runtime.services, buildId: 'bench', logger: false })
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
const host = `en.localhost:${typeof address === 'object' && address ? address.port : 0}`

/** Valid Hong Kong mobile numbers, each used once. */
let nextNumber = 0
function freshMobile(): { mobile: string; e164: string } {
  for (;;) {
    nextNumber += 1
    const mobile = `${5 + (Math.floor(nextNumber / 10_000_000) % 2)}${String(nextNumber % 10_000_000).padStart(7, '0')}`
    const e164 = toE164Mobile('HK', mobile)
    if (e164) return { mobile, e164 }
  }
}

try {
  console.log(
    `Database: ${runtime.database.kind}; ${connections} connections, ${durationSeconds} s per phase, loopback`,
  )

  // --- 1. Login: send code, then log in -------------------------------------------------------------------------
  const stepLatencies = { sendCode: [] as number[], login: [] as number[] }
  let logins = 0
  let failures = 0
  const headers = { host, 'content-type': 'application/json', lang: 'en' }
  const { result: loginResult } = await runLoad({
    url: base,
    connections,
    duration: durationSeconds,
    requests: [
      {
        method: 'POST',
        path: '/api/portal/member/sendCode',
        headers,
        setupRequest: (request, context) => {
          const number = freshMobile()
          Object.assign(context, { number, startedAt: performance.now() } satisfies LoginContext)
          return { ...request, body: JSON.stringify({ country: 'HK', mobile: number.mobile }) }
        },
        onResponse: (status, _body, context) => {
          stepLatencies.sendCode.push(performance.now() - (context as LoginContext).startedAt)
          if (status !== 200) failures += 1
        },
      },
      {
        method: 'POST',
        path: '/api/portal/member/login',
        headers,
        setupRequest: (request, context) => {
          const { number } = context as LoginContext
          const code = codes.get(number.e164) ?? '000000'
          codes.delete(number.e164)
          Object.assign(context, { startedAt: performance.now() })
          return {
            ...request,
            body: JSON.stringify({ country: 'HK', mobile: number.mobile, code, agreed: true }),
          }
        },
        onResponse: (status, _body, context) => {
          stepLatencies.login.push(performance.now() - (context as LoginContext).startedAt)
          if (status === 200) logins += 1
          else failures += 1
        },
      },
    ],
  })
  const loginsPerSecond = logins / durationSeconds

  // --- 2. Member info for live sessions --------------------------------------------------------------------------
  const tokens: string[] = []
  for (let i = 0; i < 200; i++) {
    const number = freshMobile()
    await fetch(`${base}/api/portal/member/sendCode`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ country: 'HK', mobile: number.mobile }),
    })
    const response = await fetch(`${base}/api/portal/member/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        country: 'HK',
        mobile: number.mobile,
        code: codes.get(number.e164),
        agreed: true,
      }),
    })
    const token = /access_token=([^;]+)/.exec(response.headers.getSetCookie().join('\n'))?.[1]
    if (token) tokens.push(token)
  }
  if (tokens.length < 200) throw new Error(`only ${tokens.length} of 200 sessions could be created`)
  let nextToken = 0
  const { result: infoResult, latencies: memberInfoLatencies } = await runLoad({
    url: base,
    connections,
    duration: durationSeconds,
    requests: [
      {
        method: 'GET',
        path: '/api/portal/home/memberInfo',
        headers: { host, lang: 'en' },
        setupRequest: (request) => {
          nextToken = (nextToken + 1) % tokens.length
          return { ...request, headers: { ...request.headers, 'x-token': tokens[nextToken] ?? '' } }
        },
      },
    ],
  })

  console.log('\nLogin (send code + log in, each to a new number: registration)')
  console.table({
    'logins/s': round(loginsPerSecond),
    'HTTP requests/s': round(loginResult.requests.average),
    'sendCode p95 ms': round(percentile(stepLatencies.sendCode, 95)),
    'login p95 ms': round(percentile(stepLatencies.login, 95)),
    'failed requests': failures + loginResult.errors,
  })
  console.log('\nGET /home/memberInfo (200 live sessions, X-token)')
  console.table({
    'requests/s': round(infoResult.requests.average),
    'p50 ms': round(percentile(memberInfoLatencies, 50)),
    'p95 ms': round(percentile(memberInfoLatencies, 95)),
    'p99 ms': round(percentile(memberInfoLatencies, 99)),
    'non-2xx': infoResult.non2xx,
    errors: infoResult.errors,
  })
  if (failures + loginResult.errors > 0 || infoResult.non2xx + infoResult.errors > 0) process.exitCode = 1
} finally {
  await app.close()
  await runtime.close()
  await rm(dataDir, { recursive: true, force: true })
}
