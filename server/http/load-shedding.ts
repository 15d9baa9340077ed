/**
 * Load shedding (issue 8, item 9): when the process is saturated it answers 503 with `Retry-After` at once and
 * cheaply, instead of letting every request, however cheap, wait behind the expensive ones.
 *
 * Pages (server rendering) are the expensive part and are limited first:
 * - at most `pageConcurrency` renders run at a time, each followed by a cool-down that leaves the event loop to
 *   everything else (see createRenderGate), and at most `pageQueue` more wait, each at most `pageQueueTimeoutMs`;
 *   beyond that a page is answered 503 at once. A burst of page requests then takes about half the event loop
 *   instead of all of it, so API calls, logins and new connections keep their pace;
 * - while the event loop lags more than `pageMaxLagMs` (sustained: two samples running), no new page is accepted,
 *   whatever the lag comes from.
 * API calls are cheap: they shed only above `apiMaxLagMs` (0 = never), and the health call (GET /api/portal)
 * never does. Static files are never shed.
 *
 * The busy page is small and in the reader's language (by host, contracts/regions.ts); the API answers the
 * envelope with `SERVER_BUSY`. Deliberately left to others: who may send how much (rate limits, the per-address
 * connection cap in connection-limits.ts) and making pages faster.
 */
import type { ServerResponse } from 'node:http'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { CommonErrorCode } from '#contracts/envelope.ts'
import { type Locale, regionFromHostname, regionSettings } from '#contracts/regions.ts'
import { requestLocale, sendFailure, translateErrorCode } from './error-handler.ts'
import type { LoadSheddingConfig } from './http.config.ts'

// --- Event-loop lag ------------------------------------------------------------------------------------------------

/**
 * Sustained lag from periodic samples: the lower of the last two. One long pause (a big query, a garbage
 * collection, the first job after start) raises one sample only and sheds nothing; a saturated loop raises both.
 */
export function createLagTracker(samplesRunning = 2) {
  const samples: number[] = []
  return {
    record(lagMs: number): void {
      samples.push(lagMs)
      if (samples.length > samplesRunning) samples.shift()
    },
    sustainedLagMs(): number {
      return samples.length < samplesRunning ? 0 : Math.min(...samples)
    },
  }
}

export interface LagMonitor {
  sustainedLagMs(): number
  stop(): void
}

/** Samples the event loop's delay every `sampleIntervalMs`: the mean delay of a 10 ms timer beyond its period. */
function startLagMonitor({ sampleIntervalMs = 500 } = {}): LagMonitor {
  const resolutionMs = 10
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs })
  histogram.enable()
  const tracker = createLagTracker()
  let lastSampleAt = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    // No timer fired in the window: the loop was blocked throughout; this callback's own delay says how long.
    const lagMs =
      histogram.count > 0
        ? Math.max(0, histogram.mean / 1e6 - resolutionMs)
        : Math.max(0, now - lastSampleAt - sampleIntervalMs)
    lastSampleAt = now
    histogram.reset()
    tracker.record(lagMs)
  }, sampleIntervalMs)
  timer.unref()
  return {
    sustainedLagMs: () => tracker.sustainedLagMs(),
    stop() {
      clearInterval(timer)
      histogram.disable()
    },
  }
}

// --- Page render slots ---------------------------------------------------------------------------------------------

export type RefusalReason = 'lagging' | 'queue_full' | 'queue_timeout' | 'abandoned'

export type Admission = { admitted: true; release(): void } | { admitted: false; reason: RefusalReason }

export interface RenderGate {
  /** Waits for a render slot, or says why there is none. `signal` aborts the wait (the reader left). */
  enter(signal?: AbortSignal): Promise<Admission>
  readonly active: number
  readonly waiting: number
}

/** Starts measuring the event loop; the returned function reads how long it was busy and idle since, in ms. */
export type LoopMeter = () => () => { busyMs: number; idleMs: number }

const measureLoop: LoopMeter = () => {
  const start = performance.eventLoopUtilization()
  return () => {
    const { active, idle } = performance.eventLoopUtilization(start)
    return { busyMs: active, idleMs: idle }
  }
}

/** A turn of the loop busy for less than this had nothing else to do: the next render may start. */
const quietTurnMs = 0.5

/** The longest cool-down after a render, however long it kept the loop busy. */
const maxCoolDownMs = 1_000

/**
 * Render slots, and a cool-down after each render: the next one starts once the event loop has had nothing else
 * to do for a moment (at once, for a reader alone on the site) or at the latest once it has had as long again as the
 * render kept it busy (at most a second); pages arriving meanwhile wait in the queue. Under a burst, pages then take
 * about half the loop and the other half goes to API calls and to accepting connections. That matters because a
 * render is one long synchronous stretch and Node accepts one new connection per turn of the event loop: if every
 * turn carried a render, a burst of 100 new connections would wait 100 renders to be accepted, whatever they ask.
 * With more than one slot, renders that wait on an external database overlap; renders that do not take turns
 * filling each other's cool-downs, so keep one slot for an in-process database. A concurrency of 0 turns both off.
 */
export function createRenderGate(options: {
  concurrency: number
  queue: number
  queueTimeoutMs: number
  isLagging: () => boolean
  meter?: LoopMeter
}): RenderGate {
  const { concurrency, queue, queueTimeoutMs, isLagging, meter = measureLoop } = options
  let active = 0
  let coolingDown = false
  const waiters: Array<() => void> = []

  const canStart = () => !coolingDown && active < concurrency
  const admitWaiting = () => {
    if (!canStart()) return
    waiters.shift()?.()
    // At most one render starts per turn of the loop.
    if (waiters.length > 0 && canStart()) setImmediate(admitWaiting)
  }
  /** Checks every millisecond whether the loop was idle at least half of it, until `pauseMs` have passed. */
  const coolDown = (pauseMs: number) => {
    coolingDown = true
    const sinceRender = meter()
    let sinceCheck = meter()
    const check = (isFirst: boolean) => {
      const recent = sinceCheck()
      const total = sinceRender()
      const wasQuietTurn = isFirst && recent.busyMs < quietTurnMs
      // An interval with no time measured in it (0 idle, 0 busy) says nothing yet.
      const wasMostlyIdle = recent.idleMs > 0 && recent.idleMs >= recent.busyMs
      if (wasQuietTurn || wasMostlyIdle || total.busyMs + total.idleMs >= pauseMs) {
        coolingDown = false
        admitWaiting()
        return
      }
      sinceCheck = meter()
      setTimeout(() => check(false), 1)
    }
    // First after one turn of the loop (its I/O, new connections included): when that turn found nothing else to
    // do, the next render need not wait for a timer.
    setImmediate(() => check(true))
  }
  const slot = (): Admission => {
    active += 1
    const sinceStart = meter()
    let released = false
    return {
      admitted: true,
      release() {
        if (released) return
        released = true
        active -= 1
        if (concurrency <= 0) return
        if (!coolingDown) coolDown(Math.min(sinceStart().busyMs, maxCoolDownMs))
      },
    }
  }

  return {
    get active() {
      return active
    },
    get waiting() {
      return waiters.length
    },
    async enter(signal) {
      if (signal?.aborted) return { admitted: false, reason: 'abandoned' }
      if (isLagging()) return { admitted: false, reason: 'lagging' }
      if (concurrency <= 0) return slot()
      if (canStart() && waiters.length === 0) return slot()
      if (waiters.length >= queue) return { admitted: false, reason: 'queue_full' }
      return new Promise<Admission>((resolve) => {
        let timer: NodeJS.Timeout | undefined
        const settle = (admission: Admission) => {
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
          resolve(admission)
        }
        const admit = () => settle(slot())
        const leave = (reason: RefusalReason) => {
          const index = waiters.indexOf(admit)
          if (index >= 0) waiters.splice(index, 1)
          settle({ admitted: false, reason })
        }
        const onAbort = () => leave('abandoned')
        if (queueTimeoutMs > 0) timer = setTimeout(() => leave('queue_timeout'), queueTimeoutMs)
        signal?.addEventListener('abort', onAbort, { once: true })
        waiters.push(admit)
      })
    },
  }
}

// --- The whole policy ----------------------------------------------------------------------------------------------

export interface LoadShedding {
  pages: RenderGate
  /** Whether API calls are refused now (the health call never is). */
  isApiLagging(): boolean
  retryAfterSeconds: number
  /** Told of every refusal (the load-shed metric, server/http/metrics.ts). */
  onRefusal?: (kind: 'page' | 'api', reason: RefusalReason) => void
  stop(): void
}

export function createLoadShedding(
  settings: LoadSheddingConfig,
  lag: LagMonitor | undefined = settings.pageMaxLagMs > 0 || settings.apiMaxLagMs > 0
    ? startLagMonitor()
    : undefined,
  onRefusal?: LoadShedding['onRefusal'],
): LoadShedding {
  const isAbove = (limitMs: number) => limitMs > 0 && lag !== undefined && lag.sustainedLagMs() > limitMs
  return {
    pages: createRenderGate({
      concurrency: settings.pageConcurrency,
      queue: settings.pageQueue,
      queueTimeoutMs: settings.pageQueueTimeoutMs,
      isLagging: () => isAbove(settings.pageMaxLagMs),
    }),
    isApiLagging: () => isAbove(settings.apiMaxLagMs),
    retryAfterSeconds: settings.retryAfterSeconds,
    ...(onRefusal ? { onRefusal } : {}),
    stop: () => lag?.stop(),
  }
}

// --- Answers -------------------------------------------------------------------------------------------------------

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
}

/** The busy page: one sentence in the reader's language, no scripts, nothing to load. */
export function busyPageHtml(locale: Locale): string {
  const message = escapeHtml(translateErrorCode(CommonErrorCode.serverBusy, locale))
  return [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${message}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:20vh auto;padding:0 1.5rem;',
    'color:#1f2937;line-height:1.6}h1{font-size:1.25rem;font-weight:600}</style></head>',
    `<body><main><h1>${message}</h1></main></body>`,
    '</html>',
  ].join('')
}

/** Waits for a page render slot, or says why there is none; a reader who leaves while waiting gives up their place. */
export async function waitForRenderSlot(raw: ServerResponse, shedding: LoadShedding): Promise<Admission> {
  const left = new AbortController()
  const onClose = () => left.abort()
  raw.once('close', onClose)
  if (raw.socket?.destroyed) left.abort()
  const admission = await shedding.pages.enter(left.signal)
  raw.removeListener('close', onClose)
  return admission
}

/** A page refused a render slot: the busy page, unless the reader already left. */
export function refusePageRender(
  request: FastifyRequest,
  raw: ServerResponse,
  shedding: LoadShedding,
  reason: RefusalReason,
): void {
  if (reason === 'abandoned') return
  shedding.onRefusal?.('page', reason)
  request.log.info({ reason }, 'server busy: page refused')
  sendBusyPage(request, raw, shedding.retryAfterSeconds)
}

/** Answers a hijacked page request with the busy page. */
function sendBusyPage(request: FastifyRequest, raw: ServerResponse, retryAfterSeconds: number): void {
  if (raw.headersSent) {
    raw.end()
    return
  }
  const region = regionFromHostname(request.hostname.replace(/:\d+$/, ''))
  const body = busyPageHtml(regionSettings[region].locale)
  raw.writeHead(503, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'retry-after': String(retryAfterSeconds),
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-request-id': request.id,
  })
  raw.end(request.method === 'HEAD' ? undefined : body)
}

/** API calls under a lagging loop: 503 `SERVER_BUSY` with `Retry-After`; the health call always answers. */
export function registerApiLoadShedding(api: FastifyInstance, shedding: LoadShedding): void {
  const healthPaths = new Set([api.prefix, `${api.prefix}/`])
  api.addHook('onRequest', async (request, reply) => {
    if (!shedding.isApiLagging() || healthPaths.has(request.url.split('?')[0] ?? '')) return
    shedding.onRefusal?.('api', 'lagging')
    request.log.info('server busy: API call refused')
    reply.header('retry-after', String(shedding.retryAfterSeconds))
    return sendFailure(reply, 503, CommonErrorCode.serverBusy, requestLocale(request))
  })
}
