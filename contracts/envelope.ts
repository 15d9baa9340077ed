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

// The codes live in a file without zod, which the browser imports (ADR 0011); the API keeps importing them here.
export { CommonErrorCode } from './error-codes.ts'
