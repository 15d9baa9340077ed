/**
 * What the diagnosis page leaves out of its HTML (page-diagnosis.ts) and fetches when a reader needs it: the price
 * chart's daily bars (when the chart nears the screen), every score's checks (when a score is first opened) and the
 * fair value's calculation (when it is first opened).
 * Both come from one request of the diagnosis API for the stock the page shows, made once per page and shared by
 * the chart and the ten scores. The same stock again the same day uses no attempt (spec §6), so this costs the
 * reader nothing; a failure is shown where the detail was wanted, with a retry.
 */
import { useEffect, useState } from 'react'
import { api, dataOf } from '#app/api/api-client.ts'
import { ensureCatalogs } from '#app/i18n/browser-catalogs.ts'
import type { DiagnosisCheck, PriceBar, StockDiagnosisAnswer } from '#contracts/stock-diagnosis.ts'
import { calculationOf } from './fair-value-inputs.ts'
import { chartBarsOf } from './price-chart-data.ts'

export interface DiagnosisDetails {
  /** The bars the chart draws (`chartBarsOf`). */
  bars: PriceBar[]
  checksByScore: ReadonlyMap<string, DiagnosisCheck[]>
  /** The fair value's calculation (its model's inputs), when they have its method's shape. */
  calculation: ReturnType<typeof calculationOf>
}

/** The stock a page shows, as the API names it, and when it was diagnosed (a new diagnosis is fetched anew). */
export interface DetailsSubject {
  code: string
  market: string
  computedAt: string
}

export type DetailsState =
  | { status: 'idle' | 'loading' | 'failed' }
  | { status: 'ready'; details: DiagnosisDetails }

export function detailsOf(
  answer: Pick<StockDiagnosisAnswer, 'history' | 'scoreDetails' | 'fairValue'>,
): DiagnosisDetails {
  return {
    calculation: calculationOf(answer.fairValue),
    bars: chartBarsOf(answer.history),
    checksByScore: new Map(answer.scoreDetails.map((score) => [score.key, score.checks])),
  }
}

const keyOf = (subject: DetailsSubject) => `${subject.market}:${subject.code}:${subject.computedAt}`
const requests = new Map<string, Promise<DiagnosisDetails>>()
const settled = new Map<string, DiagnosisDetails>()

/** The details of one diagnosis: one request however many parts ask, asked again after a failure. */
export function requestDetails(subject: DetailsSubject): Promise<DiagnosisDetails> {
  const key = keyOf(subject)
  let request = requests.get(key)
  if (!request) {
    // The words of the checks' figures (`stock-details`) come with them, not with the page (ADR 0011); without
    // them the figures still show, under their keys.
    const words = ensureCatalogs(['stock-details']).catch(() => undefined)
    request = api
      .get<StockDiagnosisAnswer>('/bizStockScore/getByCode', { code: subject.code, market: subject.market })
      .then(async (envelope) => {
        await words
        const details = detailsOf(dataOf(envelope))
        settled.set(key, details)
        return details
      })
    // A failed request is forgotten, so the retry (or the next part that wants it) asks again.
    request.catch(() => requests.delete(key))
    requests.set(key, request)
  }
  return request
}

/**
 * The page's details once `isWanted` turns true (and stays so): `retry` asks again after a failure. Details already
 * fetched for this diagnosis are there at once, for a score opened after the chart drew or the other way round.
 */
export function useDiagnosisDetails(
  subject: DetailsSubject,
  isWanted: boolean,
): { state: DetailsState; retry: () => void } {
  const key = keyOf(subject)
  const [attempt, setAttempt] = useState(0)
  const [state, setState] = useState<DetailsState>(() => {
    const details = settled.get(key)
    return details ? { status: 'ready', details } : { status: 'idle' }
  })
  const { code, market, computedAt } = subject
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how a retry asks again.
  useEffect(() => {
    if (!isWanted) return
    let isCurrent = true
    const ready = settled.get(key)
    if (ready) {
      setState({ status: 'ready', details: ready })
      return
    }
    setState({ status: 'loading' })
    requestDetails({ code, market, computedAt }).then(
      (details) => isCurrent && setState({ status: 'ready', details }),
      () => isCurrent && setState({ status: 'failed' }),
    )
    return () => {
      isCurrent = false
    }
  }, [key, code, market, computedAt, isWanted, attempt])
  return { state, retry: () => setAttempt((n) => n + 1) }
}
