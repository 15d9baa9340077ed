/**
 * The one error type services throw. It names what went wrong with a stable `code` (translated by the page and
 * by the API) and its `kind`; the HTTP layer maps the kind to a status in one place (error-handler.ts).
 * Services know nothing of HTTP. Its shape is the shared floor's (contracts/service-error.ts): code outside the
 * server's module graph — a route loader in the page build — recognises it with `isServiceError`, not `instanceof`.
 */
import type { FieldError } from '#contracts/envelope.ts'
import { type ServiceError, type ServiceErrorKind, serviceErrorName } from '#contracts/service-error.ts'

export type AppErrorKind = ServiceErrorKind

export class AppError extends Error implements ServiceError {
  override readonly name = serviceErrorName
  readonly code: string
  readonly kind: AppErrorKind
  readonly fields: FieldError[] | undefined
  /** Values the translated message interpolates, e.g. `{ seconds: 30 }`. */
  readonly params: Record<string, string | number> | undefined

  constructor(
    kind: AppErrorKind,
    code: string,
    options: { fields?: FieldError[]; params?: Record<string, string | number>; cause?: unknown } = {},
  ) {
    super(code, { cause: options.cause })
    this.kind = kind
    this.code = code
    this.fields = options.fields
    this.params = options.params
  }
}

export const httpStatusOfKind: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  gone: 410,
  conflict: 409,
  limited: 429,
  too_large: 413,
  unavailable: 503,
}
