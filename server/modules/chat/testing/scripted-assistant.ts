/**
 * An Assistant for tests: yields the events a test scripts, each after its delay; fails with an AssistantError (or
 * any error) where told; stops when the request's signal aborts. Records what it was asked, and `reached(n)` lets a
 * test act once n events have been yielded (stop mid-stream, disconnect).
 */
import type { AssistantKind, ChatSource } from '#contracts/chat-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import type { Assistant, AssistantEvent, AssistantRequest } from '../assistant.ts'

export type ScriptStep =
  | (AssistantEvent & { delayMs?: number })
  | { type: 'fail'; error: Error; delayMs?: number }
  /** Waits until the request is aborted (an answer the reader has to stop). */
  | { type: 'hang' }

export interface ScriptedAssistant extends Assistant {
  /** The steps of the next answers; the last script is reused. */
  script: ScriptStep[]
  /** What `title` answers (a function to fail or wait). */
  titleOf: (question: string, locale: Locale) => Promise<string>
  requests: AssistantRequest[]
  /** Resolves once `count` events of the current answer have been yielded. */
  reached(count: number): Promise<void>
  /** Resolves when the current answer's iteration has ended (its `finally` ran). */
  finished(): Promise<void>
}

export function textSteps(text: string, delayMs = 0): ScriptStep[] {
  return text.split(/(?<= )/).map((delta) => ({ type: 'text', delta, delayMs }))
}

export function demoSource(overrides: Partial<ChatSource> = {}): ChatSource {
  return {
    kind: 'diagnosis',
    title: 'Tencent (0700.HK) — AI diagnosis',
    href: '/ai-stock-diagnosis?code=0700.HK',
    asOf: '2026-11-20',
    code: '0700.HK',
    isDemo: true,
    ...overrides,
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })
}

export function createScriptedAssistant(
  options: { kind?: AssistantKind; script?: ScriptStep[]; suggestions?: string[] } = {},
): ScriptedAssistant {
  let yielded = 0
  let waiters: Array<{ count: number; resolve: () => void }> = []
  let finishWaiters: Array<() => void> = []
  let running = false
  const notify = () => {
    waiters = waiters.filter((waiter) => {
      if (yielded < waiter.count) return true
      waiter.resolve()
      return false
    })
  }

  const assistant: ScriptedAssistant = {
    kind: options.kind ?? 'offline',
    script: options.script ?? textSteps('Tencent looks fairly valued. '),
    titleOf: async (question) => `About: ${question}`,
    requests: [],
    async *answer(request) {
      assistant.requests.push(request)
      yielded = 0
      running = true
      try {
        for (const step of assistant.script) {
          if (request.signal.aborted) return
          if (step.type === 'hang') {
            await new Promise<void>((resolve) => {
              if (request.signal.aborted) resolve()
              request.signal.addEventListener('abort', () => resolve(), { once: true })
            })
            return
          }
          await sleep(step.delayMs ?? 0, request.signal)
          if (request.signal.aborted) return
          if (step.type === 'fail') throw step.error
          const { delayMs: _delay, ...event } = step
          yield event as AssistantEvent
          yielded += 1
          notify()
        }
      } finally {
        running = false
        for (const resolve of finishWaiters) resolve()
        finishWaiters = []
      }
    },
    title: (question, locale) => assistant.titleOf(question, locale),
    async suggestions(locale) {
      return (
        options.suggestions ?? (locale === 'zh-Hant' ? ['騰訊被低估了嗎？'] : ['Is Tencent undervalued?'])
      )
    },
    reached(count) {
      if (yielded >= count && running) return Promise.resolve()
      return new Promise((resolve) => waiters.push({ count, resolve }))
    },
    finished() {
      if (!running) return Promise.resolve()
      return new Promise((resolve) => finishWaiters.push(resolve))
    },
  }
  return assistant
}
