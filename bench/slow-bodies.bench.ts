/**
 * Slow bodies after an early answer (`node bench/slow-bodies.bench.ts`, or `npm run bench -- slow-bodies`): 40
 * clients each send a request's headers announcing a large body, the first bytes of it, then one byte every 250 ms
 * (BENCH_TRICKLE_MS), going on after the server's FIN: such a client learns of the close only by writing, so a close
 * is seen up to two bytes late. Routes that answer before the body has arrived: the console's guard (401 without a
 * session, 403 for a member without a role), an unknown API path (404), a page asked with POST (405), and the upload
 * route without a cookie and with a made-up conversation (404). Prints, per route and over all, the seconds until the answer came and until
 * the server closed each connection (min / median / max), and how many were still open when the bench stopped waiting
 * (BENCH_WAIT_SECONDS, default 150, the time the issue measured).
 *
 * The server runs in this process on a fresh database (bench/support/bench-server.ts) with the production build
 * (pages); the per-address connection cap is lifted so it does not decide the figure. Figures vary with the
 * machine; compare runs on the same machine only.
 */
import { randomUUID } from 'node:crypto'
import net from 'node:net'
import { createCapturedSms } from '#server/testing/captured-sms.ts'
import { testEnv } from '#server/testing/test-env.ts'
import { startBenchServer } from './support/bench-server.ts'

const clientsInAll = Number(process.env.BENCH_CLIENTS ?? 40)
const waitSeconds = Number(process.env.BENCH_WAIT_SECONDS ?? 150)
const trickleMs = Number(process.env.BENCH_TRICKLE_MS ?? 250)

const sms = createCapturedSms()
const server = await startBenchServer(
  {
    JOBS_ENABLED: 'false',
    MARKET_DATA_DEMO_END_DATE: testEnv.MARKET_DATA_DEMO_END_DATE ?? '2026-11-20',
    MARKET_DATA_COMPANIES: testEnv.MARKET_DATA_COMPANIES ?? '',
    STOCKS_PICKS_MONTHS: '1',
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
    CHAT_UPLOAD_RATE_PER_MINUTE: '1000000',
    LOGIN_IP_LIMIT_PER_HOUR: '1000000',
  },
  { smsSender: sms.sender },
)
const host = server.hostOf('en')

// A member without a console role, for the guard's 403: logged in through the service, as the SMS code allows.
const mobile = '61230001'
await server.runtime.services.accounts.sendLoginCode({ country: 'HK', mobile }, { locale: 'en' })
const { token } = await server.runtime.services.accounts.logIn(
  { country: 'HK', mobile, code: sms.codeSentTo(`+852${mobile}`), agreed: true },
  { locale: 'en' },
)

const boundary = '----tickerwisebench'
/** A multipart upload's start: the conversation field, then a file part whose bytes keep trickling. */
const uploadStart =
  `--${boundary}\r\nContent-Disposition: form-data; name="subSessionId"\r\n\r\n${randomUUID()}\r\n` +
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n` +
  'Content-Type: text/plain\r\n\r\nQuarterly '

interface Probe {
  route: string
  head: string
  bodyStart: string
}

function post(path: string, headers: string[], bodyStart: string, contentType = 'application/json'): string {
  return [
    `POST ${path} HTTP/1.1`,
    `Host: ${host}`,
    `Content-Type: ${contentType}`,
    'Content-Length: 10000000',
    ...headers,
    '',
    bodyStart,
  ].join('\r\n')
}

const probes: Probe[] = [
  { route: '401 console, no session', head: post('/api/console/advisers', [], '{"name":'), bodyStart: '' },
  {
    route: '403 console, no role',
    head: post('/api/console/advisers', [`X-Token: ${token}`], '{"name":'),
    bodyStart: '',
  },
  { route: '404 unknown API path', head: post('/api/portal/no/such/path', [], '{"a":'), bodyStart: '' },
  {
    route: '405 page asked with POST',
    head: post('/about-us', [], 'a=', 'application/x-www-form-urlencoded'),
    bodyStart: '',
  },
  {
    route: '404 upload, no cookie',
    head: post('/api/portal/ai/uploadFiles', [], uploadStart, `multipart/form-data; boundary=${boundary}`),
    bodyStart: '',
  },
  {
    route: '404 upload, made-up conversation',
    head: post(
      '/api/portal/ai/uploadFiles',
      [`X-Token: ${token}`],
      uploadStart,
      `multipart/form-data; boundary=${boundary}`,
    ),
    bodyStart: '',
  },
]

interface Outcome {
  route: string
  status: string
  /** Seconds from the first byte sent to the answer's first byte; null when none came. */
  answeredAfter: number | null
  /** Seconds from the first byte sent to the server's close; null while still open. */
  closedAfter: number | null
}

/** One trickling client: headers and the body's first bytes, then a byte every `trickleMs` until the server closes. */
function trickle(probe: Probe): { outcome: Outcome; closed: Promise<void>; stop(): void } {
  const outcome: Outcome = { route: probe.route, status: '', answeredAfter: null, closedAfter: null }
  // Half-open allowed: the client goes on sending after the server's FIN, until the server closes the connection.
  const socket = net.connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: true })
  const startedAt = performance.now()
  let received = ''
  let dripping: NodeJS.Timeout | undefined
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => {
    received += chunk
    outcome.answeredAfter ??= (performance.now() - startedAt) / 1000
    outcome.status ||= /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? ''
  })
  socket.on('error', () => undefined)
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      clearInterval(dripping)
      outcome.closedAfter ??= (performance.now() - startedAt) / 1000
      resolve()
    }),
  )
  socket.once('connect', () => {
    socket.write(probe.head)
    dripping = setInterval(() => {
      if (!socket.destroyed) socket.write('1')
    }, trickleMs)
  })
  return {
    outcome,
    closed,
    stop() {
      clearInterval(dripping)
      socket.destroy()
    },
  }
}

const clients = Array.from({ length: clientsInAll }, (_, n) => trickle(probes[n % probes.length] as Probe))
let waited: NodeJS.Timeout | undefined
await Promise.race([
  Promise.all(clients.map((client) => client.closed)),
  new Promise<void>((resolve) => {
    waited = setTimeout(resolve, waitSeconds * 1000)
  }),
])
clearTimeout(waited)
const outcomes = clients.map((client) => ({ ...client.outcome }))
for (const client of clients) client.stop()

function seconds(values: number[]): string {
  if (values.length === 0) return '—'
  const sorted = [...values].sort((a, b) => a - b)
  const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0
  const format = (value: number) => value.toFixed(1)
  return `${format(sorted[0] ?? 0)} / ${format(median)} / ${format(sorted.at(-1) ?? 0)}`
}

function line(route: string, group: Outcome[]): string {
  const closedAfter = group.flatMap((outcome) => (outcome.closedAfter === null ? [] : [outcome.closedAfter]))
  const answeredAfter = group.flatMap((outcome) =>
    outcome.answeredAfter === null ? [] : [outcome.answeredAfter],
  )
  const statuses = [...new Set(group.map((outcome) => outcome.status || 'none'))].join(',')
  const open = group.length - closedAfter.length
  return `${route.padEnd(34)} ${String(group.length).padStart(3)}  ${statuses.padEnd(16)} ${seconds(answeredAfter).padEnd(20)} ${seconds(closedAfter).padEnd(20)} ${open > 0 ? `${open} still open at ${waitSeconds} s` : ''}`
}

console.log(
  `${clientsInAll} trickling clients (a byte every ${trickleMs} ms after the first bytes); seconds until the answer and the close`,
)
console.log(
  `${'route'.padEnd(34)} ${'n'.padStart(3)}  ${'status'.padEnd(16)} ${'answered (s)'.padEnd(20)} ${'closed (s)'.padEnd(20)}`,
)
console.log(`${''.padEnd(56)}${'min / median / max'.padEnd(21)}min / median / max`)
for (const probe of probes)
  console.log(
    line(
      probe.route,
      outcomes.filter((outcome) => outcome.route === probe.route),
    ),
  )
console.log(line('all', outcomes))
await server.close()
process.exit(0)
