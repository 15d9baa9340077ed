/**
 * The answer envelope of every API call (spec §7): `{ code, data }`. A failure carries a stable error code the
 * page translates, the message in the caller's language, and per-field codes for form errors.
 * `code` mirrors the HTTP status, so a 401 is a 401 both in the body and on the wire (spec §8).
 */
import { z } from 'zod'

export interface Ok<T> {
  code: 200
  data: T
}

export const FieldError = z.object({ field: z.string(), code: z.string() })
export type FieldError = z.infer<typeof FieldError>

export const Failure = z.object({
  code: z.number().int(),
  data: z.null(),
  error: z.string(),
  message: z.string(),
  fields: z.array(FieldError).optional(),
})
export type Failure = z.infer<typeof Failure>

export type Envelope<T> = Ok<T> | Failure

export function ok<T>(data: T): Ok<T> {
  return { code: 200, data }
}

/** Error codes shared by every endpoint. Domain contracts add their own beside their schemas. */
export const CommonErrorCode = {
  validationFailed: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  internal: 'INTERNAL_ERROR',
  /** The server shed load (503 with Retry-After); the call may be repeated after that many seconds. */
  serverBusy: 'SERVER_BUSY',
  /** A field holds a control character or a lone surrogate (contracts/text-input.ts). */
  invalidCharacters: 'INVALID_CHARACTERS',
  /** The path exists, not with this method; the `allow` header lists the ones it takes. */
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  /** The request could not be read: a broken request line, URL or header (answered before any route). */
  malformedRequest: 'MALFORMED_REQUEST',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  requestTimeout: 'REQUEST_TIMEOUT',
} as const
