import Fastify from 'fastify'
import type { ServerBuild } from 'react-router'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ok } from '#contracts/envelope.ts'
import { createHttpServer } from '#server/http.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import { registerErrorHandling } from './error-handler.ts'
import type { LoadSheddingConfig } from './http.config.ts'
import {
  busyPageHtml,
  createLagTracker,
  createLoadShedding,
  createRenderGate,
  type LagMonitor,
  type LoadShedding,
  type LoopMeter,
  registerApiLoadShedding,
} from './load-shedding.ts'
import { createServerMetrics } from './metrics.ts'

const englishBusy = 'The site is very busy right now. Please try again in a moment.'
const chineseBusy = '網站目前非常繁忙，請稍候再試。'

describe('createLagTracker', () => {
  it('reports no sustained lag after one long pause', () => {
    const lag = createLagTracker()
    lag.record(3_000)
    expect(lag.sustainedLagMs()).toBe(0)
    lag.record(5)
    expect(lag.sustainedLagMs()).toBe(5)
  })

  it('reports the lower of the last two samples once the loop lags in both', () => {
    const lag = createLagTracker()
    lag.record(5)
    lag.record(1_400)
    lag.record(1_200)
    expect(lag.sustainedLagMs()).toBe(1_200)
  })
})

describe('createRenderGate', () => {
  /** Timers the test moves by hand, setImmediate included (a cool-down's first check waits one turn of the loop). */
  const fakeLoopTimers = () =>
    vi.useFakeTimers({
      toFake: [
        'setTimeout',
        'clearTimeout',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'Date',
      ],
    })

  afterEach(() => {
    vi.useRealTimers()
  })

  const gateOf = (options: Partial<Parameters<typeof createRenderGate>[0]> = {}) =>
    createRenderGate({
      concurrency: 2,
      queue: 1,
      queueTimeoutMs: 0,
      isLagging: () => false,
      meter: () => () => ({ busyMs: 0, idleMs: 0 }),
      ...options,
    })

  it('admits up to its concurrency at once, queues the next and refuses beyond the queue', async () => {
    const gate = gateOf()
    expect((await gate.enter()).admitted).toBe(true)
    expect((await gate.enter()).admitted).toBe(true)
    const queued = gate.enter()
    expect(gate.waiting).toBe(1)
    expect(await gate.enter()).toEqual({ admitted: false, reason: 'queue_full' })
    expect(gate.active).toBe(2)
    void queued
  })

  it('admits waiting pages in their order of arrival as renders finish', async () => {
    const gate = gateOf({ concurrency: 1, queue: 2 })
    const first = await gate.enter()
    const order: string[] = []
    const second = gate.enter().then((admission) => {
      order.push('second')
      return admission
    })
    const third = gate.enter().then((admission) => {
      order.push('third')
      return admission
    })
    if (first.admitted) first.release()
    const secondAdmission = await second
    expect(order).toEqual(['second'])
    if (secondAdmission.admitted) secondAdmission.release()
    expect((await third).admitted).toBe(true)
    expect(order).toEqual(['second', 'third'])
    expect(gate.active).toBe(1)
  })

  it('frees one slot however often a render releases it', async () => {
    const gate = gateOf({ concurrency: 1 })
    const first = await gate.enter()
    if (first.admitted) {
      first.release()
      first.release()
    }
    expect(gate.active).toBe(0)
  })

  /** An event loop the test drives: it says how many milliseconds were busy and idle. */
  function fakeLoop() {
    const loop = { busy: 0, idle: 0 }
    const meter: LoopMeter = () => {
      const start = { ...loop }
      return () => ({ busyMs: loop.busy - start.busy, idleMs: loop.idle - start.idle })
    }
    return { loop, meter }
  }

  /** A gate of one slot with a render running (it kept the loop busy `renderBusyMs`) and a page waiting. */
  async function oneRenderingOneWaiting(renderBusyMs: number) {
    fakeLoopTimers()
    const { loop, meter } = fakeLoop()
    const gate = gateOf({ concurrency: 1, meter })
    const first = await gate.enter()
    const waiting = { admitted: false }
    void gate.enter().then((admission) => {
      waiting.admitted = admission.admitted
    })
    loop.busy += renderBusyMs
    if (first.admitted) first.release()
    /** One millisecond of the loop, busy with something else or idle. */
    const tick = async (state: 'busy' | 'idle') => {
      loop[state] += 1
      await vi.advanceTimersByTimeAsync(1)
    }
    return { waiting, tick }
  }

  it('starts a queued render only once the loop has had as long again for other work as the last render took', async () => {
    const { waiting, tick } = await oneRenderingOneWaiting(80)
    for (let ms = 1; ms < 80; ms++) await tick('busy')
    expect(waiting.admitted).toBe(false)
    await tick('busy')
    expect(waiting.admitted).toBe(true)
  })

  it('starts a queued render as soon as the loop has nothing else to do', async () => {
    const { waiting, tick } = await oneRenderingOneWaiting(80)
    await tick('busy')
    expect(waiting.admitted).toBe(false)
    await tick('idle')
    expect(waiting.admitted).toBe(true)
  })

  it('starts a queued render after one turn of the loop that found nothing else to do', async () => {
    fakeLoopTimers()
    const { meter } = fakeLoop()
    const gate = gateOf({ concurrency: 1, meter })
    const first = await gate.enter()
    let admitted = false
    void gate.enter().then((admission) => {
      admitted = admission.admitted
    })
    if (first.admitted) first.release()
    expect(admitted).toBe(false)
    // No time passes: no timer fires, only what waits for the loop's next turn.
    await vi.advanceTimersByTimeAsync(0)
    expect(admitted).toBe(true)
  })

  it('pauses at most a second between queued renders', async () => {
    const { waiting, tick } = await oneRenderingOneWaiting(60_000)
    for (let ms = 1; ms < 1_000; ms++) await tick('busy')
    expect(waiting.admitted).toBe(false)
    await tick('busy')
    expect(waiting.admitted).toBe(true)
  })

  it('keeps a page that arrives during the cool-down waiting, then starts it once the loop is idle', async () => {
    fakeLoopTimers()
    const { loop, meter } = fakeLoop()
    const gate = gateOf({ concurrency: 1, meter })
    const first = await gate.enter()
    loop.busy += 80
    if (first.admitted) first.release()
    let admitted = false
    void gate.enter().then((admission) => {
      admitted = admission.admitted
    })
    loop.busy += 1
    await vi.advanceTimersByTimeAsync(1)
    expect(admitted).toBe(false)
    loop.idle += 1
    await vi.advanceTimersByTimeAsync(1)
    expect(admitted).toBe(true)
  })

  it('starts a render at once when the last cool-down is over', async () => {
    fakeLoopTimers()
    const { loop, meter } = fakeLoop()
    const gate = gateOf({ concurrency: 1, meter })
    const first = await gate.enter()
    if (first.admitted) first.release()
    loop.idle += 1
    await vi.advanceTimersByTimeAsync(1)
    expect((await gate.enter()).admitted).toBe(true)
  })

  it('refuses a waiting page once it has waited the queue timeout', async () => {
    fakeLoopTimers()
    const gate = gateOf({ concurrency: 1, queueTimeoutMs: 5_000 })
    await gate.enter()
    const waiting = gate.enter()
    vi.advanceTimersByTime(5_000)
    expect(await waiting).toEqual({ admitted: false, reason: 'queue_timeout' })
    expect(gate.waiting).toBe(0)
  })

  it('gives up the place of a reader who left while waiting', async () => {
    const gate = gateOf({ concurrency: 1 })
    const first = await gate.enter()
    const left = new AbortController()
    const waiting = gate.enter(left.signal)
    left.abort()
    expect(await waiting).toEqual({ admitted: false, reason: 'abandoned' })
    if (first.admitted) first.release()
    expect(gate.active).toBe(0)
  })

  it('refuses every new page while the event loop lags, and admits again once it does not', async () => {
    let lagging = true
    const gate = gateOf({ isLagging: () => lagging })
    expect(await gate.enter()).toEqual({ admitted: false, reason: 'lagging' })
    lagging = false
    expect((await gate.enter()).admitted).toBe(true)
  })

  it('does not cap renders when its concurrency is 0', async () => {
    const gate = gateOf({ concurrency: 0, queue: 0 })
    for (let i = 0; i < 50; i++) expect((await gate.enter()).admitted).toBe(true)
  })
})

describe('createLoadShedding', () => {
  const settings: LoadSheddingConfig = {
    pageConcurrency: 8,
    pageQueue: 32,
    pageQueueTimeoutMs: 0,
    pageMaxLagMs: 1_000,
    apiMaxLagMs: 3_000,
    retryAfterSeconds: 10,
  }
  const lagOf = (ms: number): LagMonitor => ({ sustainedLagMs: () => ms, stop: () => undefined })

  it('sheds nothing while the loop keeps up', async () => {
    const shedding = createLoadShedding(settings, lagOf(50))
    expect((await shedding.pages.enter()).admitted).toBe(true)
    expect(shedding.isApiLagging()).toBe(false)
  })

  it('sheds pages first, at the lower lag', async () => {
    const shedding = createLoadShedding(settings, lagOf(1_500))
    expect(await shedding.pages.enter()).toEqual({ admitted: false, reason: 'lagging' })
    expect(shedding.isApiLagging()).toBe(false)
  })

  it('sheds API calls only above their own, higher lag', () => {
    expect(createLoadShedding(settings, lagOf(3_500)).isApiLagging()).toBe(true)
  })

  it('never sheds on lag when the thresholds are 0', async () => {
    const shedding = createLoadShedding({ ...settings, pageMaxLagMs: 0, apiMaxLagMs: 0 }, lagOf(60_000))
    expect((await shedding.pages.enter()).admitted).toBe(true)
    expect(shedding.isApiLagging()).toBe(false)
  })
})

describe('busyPageHtml', () => {
  it('says the site is busy in the reader’s language', () => {
    expect(busyPageHtml('en')).toContain(`<html lang="en">`)
    expect(busyPageHtml('en')).toContain(`<h1>${englishBusy}</h1>`)
    expect(busyPageHtml('zh-Hant')).toContain(`<html lang="zh-Hant">`)
    expect(busyPageHtml('zh-Hant')).toContain(`<h1>${chineseBusy}</h1>`)
  })

  it('loads nothing: no script, no stylesheet, no image', () => {
    expect(busyPageHtml('en')).not.toMatch(/<script|<link|<img/)
  })
})

describe('registerApiLoadShedding', () => {
  async function apiWith(lagging: boolean) {
    const shedding: LoadShedding = {
      pages: createRenderGate({
        concurrency: 1,
        queue: 0,
        queueTimeoutMs: 0,
        isLagging: () => lagging,
        meter: () => () => ({ busyMs: 0, idleMs: 0 }),
      }),
      isApiLagging: () => lagging,
      retryAfterSeconds: 7,
      stop: () => undefined,
    }
    const app = Fastify()
    await app.register(
      async (api) => {
        registerErrorHandling(api)
        registerApiLoadShedding(api, shedding)
        api.get('/', async () => ok({ buildId: 'test' }))
        api.get('/home/listMenu', async () => ok([]))
      },
      { prefix: '/api/portal' },
    )
    return app
  }

  it('answers 503 SERVER_BUSY with Retry-After, in the caller’s language, while the loop lags', async () => {
    const app = await apiWith(true)
    const response = await app.inject({ url: '/api/portal/home/listMenu', headers: { lang: 'hk' } })
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('7')
    expect(response.headers['x-error-code']).toBe('SERVER_BUSY')
    expect(response.json()).toEqual({ code: 503, data: null, error: 'SERVER_BUSY', message: chineseBusy })
  })

  it('always answers the health call', async () => {
    const app = await apiWith(true)
    expect((await app.inject({ url: '/api/portal' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/api/portal/' })).statusCode).toBe(200)
  })

  it('answers API calls while the loop keeps up', async () => {
    const app = await apiWith(false)
    expect((await app.inject({ url: '/api/portal/home/listMenu' })).statusCode).toBe(200)
  })
})

describe('a burst of page requests', () => {
  let runtime: TestRuntime
  let app: Awaited<ReturnType<typeof createHttpServer>>
  let buildRequested: Promise<void>
  let failBuild: (error: Error) => void
  const metrics = createServerMetrics()

  beforeAll(async () => {
    // One render at a time and one waiting; the render never finishes until the test says so.
    runtime = await createTestRuntime({ PAGE_RENDER_CONCURRENCY: '1', PAGE_RENDER_QUEUE: '1' })
    let onBuildRequested: () => void = () => undefined
    buildRequested = new Promise((resolve) => {
      onBuildRequested = resolve
    })
    const build = new Promise<ServerBuild>((_, reject) => {
      failBuild = reject
    })
    app = await createHttpServer({
      config: runtime.config,
      services: runtime.services,
      buildId: 'test-build',
      logger: false,
      metrics,
      pages: {
        mode: 'development',
        getBuild: () => {
          onBuildRequested()
          return build
        },
      },
    })
  })
  afterAll(async () => {
    await app?.close()
    await runtime?.close()
  })

  it('answers pages beyond the queue 503 with Retry-After, counted, while the API and health checks still answer', async () => {
    const rendering = app.inject({ url: '/', headers: regionalHeaders('en') })
    await buildRequested
    const waiting = app.inject({ url: '/about-us', headers: regionalHeaders('en') })

    const menu = await app.inject({ url: '/api/portal/home/listMenu', headers: regionalHeaders('en') })
    expect(menu.statusCode).toBe(200)

    const english = await app.inject({ url: '/', headers: regionalHeaders('en') })
    expect(english.statusCode).toBe(503)
    expect(english.headers['retry-after']).toBe('10')
    expect(english.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(english.headers['cache-control']).toBe('no-store')
    expect(english.body).toContain(englishBusy)

    const chinese = await app.inject({ url: '/', headers: regionalHeaders('hant') })
    expect(chinese.statusCode).toBe(503)
    expect(chinese.body).toContain(chineseBusy)

    expect((await app.inject({ url: '/api/portal' })).statusCode).toBe(200)
    // The load balancer's questions are answered before any render slot (ADR 0027).
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200)
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200)
    expect(await metrics.registry.metrics()).toContain(
      'tickerwise_load_shed_refusals_total{kind="page",reason="queue_full"} 2',
    )

    // The held render fails; the waiting page then gets its turn (and fails the same way).
    failBuild(new Error('test build withheld'))
    expect((await rendering).statusCode).toBe(500)
    expect((await waiting).statusCode).toBe(500)
  })
})
