/**
 * The browser's client for /api/console (ADR 0015): the same headers, cookies and error codes as the portal's
 * client (api-client.ts), under the console's prefix. Unlike the portal's, it keeps the failure body of a 409: a
 * stale save carries the article someone else saved (`current`), which the editor offers to load.
 */
import {
  ApiError,
  buildQueryString,
  dropEmptyValues,
  type QueryParams,
  requestHeaders,
} from '#app/api/api-client.ts'
import { consoleApiPrefix, type EditorArticle } from '#contracts/console-rules.ts'
import type { FieldError } from '#contracts/envelope.ts'
import type { Locale } from '#contracts/regions.ts'

/**
 * A refusal of the console's API; `current` is the newer article of a CONSOLE_ARTICLE_STALE answer, `fields` the
 * form fields refused (path and code), for forms that show each beside its field.
 */
export class ConsoleApiError extends ApiError {
  override name = 'ConsoleApiError'
  readonly current: EditorArticle | null
  readonly fields: FieldError[]

  constructor(status: number, code: string, current: EditorArticle | null = null, fields: FieldError[] = []) {
    super(status, code)
    this.current = current
    this.fields = fields
  }
}

/** The page's language, from the document (the shell sets `<html lang>`), for the API's `Lang` header. */
function pageLocale(): Locale {
  return typeof document !== 'undefined' && document.documentElement.lang === 'zh-Hant' ? 'zh-Hant' : 'en'
}

function codeOfStatus(status: number): string {
  if (status === 401) return 'UNAUTHENTICATED'
  if (status === 403) return 'FORBIDDEN'
  if (status === 404) return 'NOT_FOUND'
  if (status === 413) return 'PAYLOAD_TOO_LARGE'
  if (status >= 400 && status < 500) return 'VALIDATION_FAILED'
  return 'INTERNAL_ERROR'
}

async function send<T>(method: string, path: string, init: { params?: QueryParams; body?: unknown } = {}) {
  const headers = requestHeaders(pageLocale())
  const isForm = init.body instanceof FormData
  if (init.body !== undefined && !isForm) headers['Content-Type'] = 'application/json'
  let response: Response
  try {
    response = await fetch(`${consoleApiPrefix}${path}${buildQueryString(init.params)}`, {
      method,
      headers,
      credentials: 'include',
      ...(init.body !== undefined
        ? { body: isForm ? (init.body as FormData) : JSON.stringify(dropEmptyValues(init.body)) }
        : {}),
    })
  } catch {
    throw new ConsoleApiError(0, 'NETWORK_ERROR')
  }
  const body = (await response.json().catch(() => null)) as {
    code?: number
    data?: T
    error?: string
    current?: EditorArticle
    fields?: FieldError[]
  } | null
  if (!response.ok || !body || body.code !== 200) {
    const status = response.ok ? (body?.code ?? 500) : response.status
    const code = response.headers.get('x-error-code') ?? body?.error ?? codeOfStatus(status)
    throw new ConsoleApiError(status, code, body?.current ?? null, body?.fields ?? [])
  }
  return body.data as T
}

export const consoleApi = {
  get: <T>(path: string, params?: QueryParams) => send<T>('GET', path, params ? { params } : {}),
  post: <T>(path: string, body?: unknown) => send<T>('POST', path, { body: body ?? {} }),
  put: <T>(path: string, body: unknown) => send<T>('PUT', path, { body }),
  delete: <T>(path: string, params?: QueryParams) => send<T>('DELETE', path, params ? { params } : {}),
}

/** The translation key of a failure: console codes and the common ones live in errors.json. */
export function errorKeyOf(error: unknown): string {
  return `errors:${error instanceof ApiError ? error.code : 'INTERNAL_ERROR'}`
}
