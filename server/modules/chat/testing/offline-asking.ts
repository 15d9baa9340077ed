/**
 * Asking the offline assistant in tests, as the chat does, and the figures its answers must contain computed
 * independently from the services' own data. `runtime` is read when a helper runs (the test creates it in
 * `beforeAll`).
 */
import { randomUUID } from 'node:crypto'
import type { Locale, Market, Region } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { myStocksOf, strategiesReadingOf } from '#server/services.ts'
import type { TestRuntime } from '#server/testing/test-runtime.ts'
import type { AssistantEvent } from '../assistant.ts'
import { createConfiguredAssistant } from '../assistants/configured-assistant.ts'
import { formatMoney, formatPercent } from '../tools/tool-format.ts'
import type { Period } from '../tools/tool-inputs.ts'

export const refusal = { en: 'Sorry, I cannot', 'zh-Hant': '抱歉，我無法' }

export function visitor(): Reader {
  return {
    role: 'visitor',
    memberId: null,
    tier: null,
    sessionId: null,
    device: { key: randomUUID(), network: null },
  }
}

export function subscriber(tier: 'base' | 'plus' | 'premium'): Reader {
  return {
    role: 'subscriber',
    memberId: randomUUID(),
    tier,
    sessionId: null,
    device: { key: randomUUID(), network: null },
  }
}

export const money = (value: number | null | undefined, currency: Parameters<typeof formatMoney>[1]) => {
  if (value === null || value === undefined) throw new Error('figure missing in the test data')
  return formatMoney(value, currency)
}

export interface Answer {
  events: AssistantEvent[]
  tools: string[]
  text: string
  sources: Extract<AssistantEvent, { type: 'source' }>['source'][]
}

export function offlineAsking(runtimeOf: () => TestRuntime, clock: Clock) {
  function assistant() {
    const { stocks, articles } = runtimeOf().services
    return createConfiguredAssistant({
      config: runtimeOf().config.chat,
      stocks,
      articles,
      clock,
      mine: myStocksOf(() => runtimeOf().services),
      strategies: strategiesReadingOf(() => runtimeOf().services.strategies),
    })
  }

  async function ask(
    question: string,
    locale: Locale,
    reader: Reader = visitor(),
    signal?: AbortSignal,
  ): Promise<Answer> {
    const region: Region = locale === 'en' ? 'en' : 'hant'
    const events: AssistantEvent[] = []
    for await (const event of assistant().answer({
      question,
      history: [],
      locale,
      region,
      reader,
      signal: signal ?? new AbortController().signal,
    })) {
      events.push(event)
    }
    return {
      events,
      tools: events.flatMap((e) => (e.type === 'tool' ? [e.name] : [])),
      text: events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join(''),
      sources: events.flatMap((e) => (e.type === 'source' ? [e.source] : [])),
    }
  }

  async function diagnosis(market: Market, code: string, locale: Locale) {
    const d = await runtimeOf().services.stocks.readDiagnosis(market, code, locale)
    if (!d) throw new Error(`no diagnosis for ${market}:${code}`)
    return d
  }

  /** The return over a period, computed here from the diagnosis' bars independently of the tool. */
  async function returnFigures(
    market: Market,
    code: string,
    period: Period,
    locale: Locale,
  ): Promise<string[]> {
    const d = await diagnosis(market, code, locale)
    const bars = d.history
    const last = bars[bars.length - 1]
    if (!last) throw new Error('no bars')
    const end = new Date(`${last.date}T00:00:00Z`)
    let start: string
    if (period === 'ytd') start = `${last.date.slice(0, 4)}-01-01`
    else {
      end.setUTCMonth(end.getUTCMonth() - { '1m': 1, '3m': 3, '6m': 6, '1y': 12 }[period])
      start = end.toISOString().slice(0, 10)
    }
    const candidates = bars.filter((b) => (period === 'ytd' ? b.date < start : b.date <= start))
    const first = candidates[candidates.length - 1] ?? bars[0]
    if (!first) throw new Error('no start bar')
    return [
      formatPercent(last.close / first.close - 1, true),
      money(first.close, d.stock.currency),
      money(last.close, d.stock.currency),
      first.date,
      last.date,
    ]
  }

  return { assistant, ask, diagnosis, returnFigures }
}
