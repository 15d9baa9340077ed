/**
 * The browser's client for /api/console (ADR 0015): made by the site's one client factory (api-client.ts), so it
 * sends the same headers and cookies, reads failures with the same failure reader (the status → code table, a 429's
 * wait) and logs the reader out on a 401 as the pages do (spec §4, §8). Unlike the portal's, it keeps the failure
 * body: a stale save carries the article someone else saved (`current`), which the editor offers to load, and a
 * refused form the fields refused (`fields`). Every failure of a console call is a ConsoleApiError.
 */
import {
  ApiError,
  createApiClient,
  envelopeErrorOf,
  type QueryParams,
  receivedEnvelope,
} from '#app/api/api-client.ts'
import { consoleApiPrefix, type EditorArticle } from '#contracts/console-rules.ts'
import type { FieldError } from '#contracts/envelope.ts'

/**
 * A refusal of the console's API; `current` is the newer article of a CONSOLE_ARTICLE_STALE answer, `fields` the
 * form fields refused (path and code), for forms that show each beside its field.
 */
export class ConsoleApiError extends ApiError {
  override name = 'ConsoleApiError'
  readonly current: EditorArticle | null
  readonly fields: FieldError[]

  constructor(
    status: number,
    code: string,
    current: EditorArticle | null = null,
    fields: FieldError[] = [],
    retryAfterSeconds: number | null = null,
  ) {
    super(status, code, retryAfterSeconds)
    this.current = current
    this.fields = fields
  }
}

interface ConsoleAnswer<T> {
  code?: number
  data?: T
  error?: string
  current?: EditorArticle
  fields?: FieldError[]
}

function consoleErrorOf(failure: ApiError, body: unknown): ConsoleApiError {
  const answer = body as ConsoleAnswer<unknown> | null
  return new ConsoleApiError(
    failure.status,
    failure.code,
    answer?.current ?? null,
    answer?.fields ?? [],
    failure.retryAfterSeconds,
  )
}

/** The console's calls: the HTTP answers and failures of the site's client, under the console's prefix. */
export const consoleClient = createApiClient({ base: () => consoleApiPrefix, errorWithBody: consoleErrorOf })

async function send<T>(method: string, path: string, options: { params?: QueryParams; body?: unknown } = {}) {
  const response = await consoleClient.send(method, path, options)
  const body = receivedEnvelope((await response.json().catch(() => null)) as ConsoleAnswer<T> | null)
  if (body?.code !== 200) throw consoleErrorOf(envelopeErrorOf(body), body)
  return body.data as T
}

export const consoleApi = {
  get: <T>(path: string, params?: QueryParams) => send<T>('GET', path, params ? { params } : {}),
  post: <T>(path: string, body?: unknown) => send<T>('POST', path, { body: body ?? {} }),
  put: <T>(path: string, body: unknown) => send<T>('PUT', path, { body }),
  delete: <T>(path: string, params?: QueryParams) => send<T>('DELETE', path, params ? { params } : {}),
}

/** The fields a refusal named, path → error code; none for any other failure. */
export function fieldCodesOf(error: unknown): Record<string, string> {
  if (!(error instanceof ConsoleApiError)) return {}
  return Object.fromEntries(error.fields.map((field) => [field.field, field.code]))
}

/** The translation key of a failure: console codes and the common ones live in errors.json. */
export function errorKeyOf(error: unknown): string {
  return `errors:${error instanceof ApiError ? error.code : 'INTERNAL_ERROR'}`
}
