/**
 * The browser's one way to the API (spec §7, §8): every call of the pages, the console, the chat's stream, uploads
 * and votes, and the console's CSV export goes through a client made by `createApiClient`, and every failure is read
 * by `apiErrorOf`. A call carries the page's language (`Lang`), the attribution cookies as headers and the
 * cookies; null and NaN parameters are dropped. An HTTP error's body is discarded, keeping only the status, the
 * stable code from `x-error-code` (ADR 0004; a table by status when there is none) and the wait of a 429 or 503; a
 * 401, in the status or in an envelope, tells the session layer to log out (session-events.ts). The console's
 * client alone reads a failure's body, for the fields refused and a stale save's newer article (ADR 0015).
 */

import { ensureErrorMessages } from '#app/i18n/browser-catalogs.ts'
import { cookieNames } from '#contracts/cookie-names.ts'
import type { Envelope } from '#contracts/envelope.ts'
import type { CommonErrorCode } from '#contracts/error-codes.ts'
import { apiLangHeader, type Locale } from '#contracts/regions.ts'
import { retryAfterSecondsOf } from '#contracts/retry-wait.ts'
import { readBrowserCookie } from './cookies.ts'
import { notifyUnauthenticated } from './session-events.ts'

/** The code of a call that got no answer: offline, or the server out of reach. */
const networkErrorCode = 'NETWORK_ERROR'

export type QueryValue = string | number | boolean | null | undefined
export type QueryParams = Record<string, QueryValue | QueryValue[]>

export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  /** Stable error code the page translates (`errors:<code>`). */
  readonly code: string
  /** Seconds to wait before trying again, from the `retry-after` header of a 429 (or 503); null when not said. */
  readonly retryAfterSeconds: number | null

  constructor(status: number, code: string, retryAfterSeconds: number | null = null) {
    super(code)
    this.status = status
    this.code = code
    this.retryAfterSeconds = retryAfterSeconds
  }
}

interface ClientSettings {
  apiBase: string
  /** The page's language, sent as the `Lang` header of every call. */
  locale: Locale
}

let settings: ClientSettings = { apiBase: '/api/portal', locale: 'en' }

/** Called once by the page shell with the reader's language and the API base of this deployment. */
export function configureApiClient(next: ClientSettings): void {
  settings = next
}

export function isDroppedValue(value: QueryValue): boolean {
  return value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))
}

/** Removes null, undefined and NaN values (spec §5, §7), also inside arrays and nested plain objects. */
export function dropEmptyValues<T>(value: T): T {
  if (Array.isArray(value)) return value.filter((v) => !isDroppedValue(v)).map(dropEmptyValues) as T
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => !isDroppedValue(v as QueryValue),
    )
    return Object.fromEntries(entries.map(([k, v]) => [k, dropEmptyValues(v)])) as T
  }
  return value
}

export function buildQueryString(params: QueryParams | undefined): string {
  if (!params) return ''
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(dropEmptyValues(params))) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

export function requestHeaders(locale: Locale): Record<string, string> {
  const headers: Record<string, string> = { Lang: apiLangHeader(locale) }
  const referer = readBrowserCookie(cookieNames.referer)
  const landing = readBrowserCookie(cookieNames.landing)
  const token = readBrowserCookie(cookieNames.accessToken)
  if (referer) headers.RefererVal = encodeURIComponent(referer)
  if (landing) headers.LandingVal = encodeURIComponent(landing)
  if (token) headers['X-token'] = token
  return headers
}

/**
 * The code of a failure whose answer names none (a proxy's 502, a load balancer's 429): one table for every call.
 * (The codes are written out: the codes' object would add to every page's first paint.)
 */
export function codeOfStatus(status: number): (typeof CommonErrorCode)[keyof typeof CommonErrorCode] {
  if (status === 401) return 'UNAUTHENTICATED'
  if (status === 403) return 'FORBIDDEN'
  if (status === 404) return 'NOT_FOUND'
  if (status === 413) return 'PAYLOAD_TOO_LARGE'
  if (status === 429) return 'RATE_LIMITED'
  if (status >= 400 && status < 500) return 'VALIDATION_FAILED'
  return 'INTERNAL_ERROR'
}

/** What the failure reader needs of an answer: a fetch `Response`, or an XMLHttpRequest's status and headers. */
export interface FailedAnswer {
  status: number
  headers: { get(name: string): string | null }
}

/**
 * The one failure reader: the error an HTTP failure becomes. The code is the answer's `x-error-code`, else the
 * caller's own code for the status (an upload's 413 is CHAT_FILE_TOO_LARGE), else `codeOfStatus`; the wait comes
 * from `retry-after`. A 401 logs the reader out (spec §4, §8).
 */
export function apiErrorOf(
  answer: FailedAnswer,
  codesByStatus: Readonly<Record<number, string>> = {},
): ApiError {
  if (answer.status === 401) notifyUnauthenticated()
  const code =
    answer.headers.get('x-error-code') ?? codesByStatus[answer.status] ?? codeOfStatus(answer.status)
  return new ApiError(answer.status, code, retryAfterSecondsOf(answer.headers.get('retry-after')))
}

/** An envelope as the client hands it over: a 401 in it logs out, as one in the status does (spec §8). */
export function receivedEnvelope<T extends { code?: number } | null>(envelope: T): T {
  if (envelope?.code === 401) notifyUnauthenticated()
  return envelope
}

/** The error of a failure envelope (or of an answer that is not the envelope expected: a 500). */
export function envelopeErrorOf(envelope: { code?: number; error?: string } | null): ApiError {
  const status = envelope?.code ?? 500
  return new ApiError(status, envelope?.error ?? codeOfStatus(status))
}

/** The envelope's data, or an ApiError when the answer is a failure envelope. */
export function dataOf<T>(envelope: Envelope<T>): T {
  if (envelope.code === 200) return (envelope as { data: T }).data
  throw envelopeErrorOf(envelope)
}

export interface CallOptions {
  params?: QueryParams | undefined
  /** JSON (null and NaN values dropped, unless `keepNullValues`) or FormData. */
  body?: unknown
  signal?: AbortSignal | undefined
  headers?: Record<string, string>
  /** Sends the body as written: a vote taken back is `vote: null`, which dropping would lose. */
  keepNullValues?: boolean
}

export interface ApiClientOptions {
  /** The API's base path: the portal's from the deployment's settings, the console's prefix. */
  base: () => string
  /**
   * The error an HTTP or network failure throws, given the failure body (null for a network failure). Only the
   * console reads failure bodies (ADR 0015); without this the body is discarded (spec §8).
   */
  errorWithBody?: (failure: ApiError, body: unknown) => ApiError
}

export type ApiClient = ReturnType<typeof createApiClient>

export function createApiClient({ base, errorWithBody }: ApiClientOptions) {
  /** The URL and headers of a call to `path`, for a call made another way (an upload, for its progress). */
  function requestOf(path: string, params?: QueryParams) {
    return { url: `${base()}${path}${buildQueryString(params)}`, headers: requestHeaders(settings.locale) }
  }

  /** The answer of a call when it succeeded (2xx); otherwise throws the failure's ApiError (an abort as it is). */
  async function send(method: string, path: string, options: CallOptions = {}): Promise<Response> {
    const { url, headers } = requestOf(path, options.params)
    const isForm = options.body instanceof FormData
    if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json'
    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers: { ...headers, ...options.headers },
        credentials: 'include',
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.body === undefined
          ? {}
          : {
              body: isForm
                ? (options.body as FormData)
                : JSON.stringify(options.keepNullValues ? options.body : dropEmptyValues(options.body)),
            }),
      })
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error
      const failure = new ApiError(0, networkErrorCode)
      await ensureErrorMessages()
      throw errorWithBody ? errorWithBody(failure, null) : failure
    }
    if (response.ok) return response
    const failure = apiErrorOf(response)
    // The page shows the failure in words: the error messages load with it, not with every page (ADR 0011).
    await ensureErrorMessages()
    if (!errorWithBody) {
      void response.body?.cancel()
      throw failure
    }
    throw errorWithBody(failure, await response.json().catch(() => null))
  }

  /** A call's envelope, as it came (a 401 in it has logged out); `dataOf` takes the data out. */
  async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<Envelope<T>> {
    const response = await send(method, path, options)
    const envelope = receivedEnvelope((await response.json()) as Envelope<T>)
    if (typeof envelope?.code === 'number' && envelope.code !== 200) await ensureErrorMessages()
    return envelope
  }

  return {
    requestOf,
    send,
    call,
    get: <T>(path: string, params?: QueryParams, signal?: AbortSignal) =>
      call<T>('GET', path, { params, signal }),
    post: <T>(path: string, body?: unknown, signal?: AbortSignal) =>
      call<T>('POST', path, { body: body ?? {}, signal }),
    patch: <T>(path: string, body?: unknown) => call<T>('PATCH', path, { body: body ?? {} }),
    put: <T>(path: string, body: unknown) => call<T>('PUT', path, { body }),
    delete: <T>(path: string, params?: QueryParams) => call<T>('DELETE', path, { params }),
  }
}

/** The portal's API (/api/portal, or the deployment's base): what pages, the chat and the account call. */
export const api = createApiClient({ base: () => settings.apiBase })
