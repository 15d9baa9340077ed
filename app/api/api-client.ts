/**
 * The browser's client for /api/portal (spec §7, §8). It sends the reader's language and attribution cookies as
 * headers, drops null and NaN parameters, returns the envelope of every HTTP 200 as it is, and on an HTTP error
 * discards the body, keeping only the status and the stable code from the `x-error-code` header (ADR 0004).
 * A 401, in the body or the status, tells the session layer to log out.
 */

import { cookieNames } from '#contracts/cookie-names.ts'
import type { Envelope } from '#contracts/envelope.ts'
import { apiLangHeader, type Locale } from '#contracts/regions.ts'
import { retryAfterSecondsOf } from '#contracts/retry-wait.ts'
import { readBrowserCookie } from './cookies.ts'

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
  locale: Locale
  onUnauthenticated?: () => void
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

async function send<T>(
  method: string,
  path: string,
  init: { params?: QueryParams; body?: unknown; signal?: AbortSignal },
) {
  const url = `${settings.apiBase}${path}${buildQueryString(init.params)}`
  const headers = requestHeaders(settings.locale)
  const hasJsonBody = init.body !== undefined && !(init.body instanceof FormData)
  if (hasJsonBody) headers['Content-Type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      ...(init.signal ? { signal: init.signal } : {}),
      ...(init.body !== undefined
        ? { body: hasJsonBody ? JSON.stringify(dropEmptyValues(init.body)) : (init.body as FormData) }
        : {}),
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'NETWORK_ERROR')
  }
  if (response.status === 401) {
    settings.onUnauthenticated?.()
    throw new ApiError(401, response.headers.get('x-error-code') ?? 'UNAUTHENTICATED')
  }
  if (!response.ok) {
    void response.body?.cancel()
    throw new ApiError(
      response.status,
      response.headers.get('x-error-code') ?? codeOfStatus(response.status),
      retryAfterSecondsOf(response.headers.get('retry-after')),
    )
  }
  const envelope = (await response.json()) as Envelope<T>
  if (envelope.code === 401) settings.onUnauthenticated?.()
  return envelope
}

function codeOfStatus(status: number): string {
  if (status === 429) return 'RATE_LIMITED'
  if (status === 413) return 'PAYLOAD_TOO_LARGE'
  if (status === 404) return 'NOT_FOUND'
  if (status === 403) return 'FORBIDDEN'
  if (status >= 400 && status < 500) return 'VALIDATION_FAILED'
  return 'INTERNAL_ERROR'
}

/** The envelope's data, or an ApiError when the answer is a failure envelope. */
export function dataOf<T>(envelope: Envelope<T>): T {
  if (envelope.code === 200) return (envelope as { data: T }).data
  const failure = envelope as { code: number; error?: string }
  throw new ApiError(failure.code, failure.error ?? codeOfStatus(failure.code))
}

export const api = {
  get: <T>(path: string, params?: QueryParams, signal?: AbortSignal) =>
    send<T>('GET', path, { ...(params ? { params } : {}), ...(signal ? { signal } : {}) }),
  post: <T>(path: string, body?: unknown, signal?: AbortSignal) =>
    send<T>('POST', path, { body: body ?? {}, ...(signal ? { signal } : {}) }),
  patch: <T>(path: string, body?: unknown) => send<T>('PATCH', path, { body: body ?? {} }),
  delete: <T>(path: string, params?: QueryParams) =>
    send<T>('DELETE', path, { ...(params ? { params } : {}) }),
}
