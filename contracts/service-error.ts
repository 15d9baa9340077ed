/**
 * What a service error looks like to whoever catches it: its `name`, its `kind` (the HTTP layer maps each to one
 * status: server/http/app-error.ts) and its stable `code` (translated by the page and by the API). Services throw
 * the server's `AppError`, which has this shape; code that catches one recognises it by the shape, never with
 * `instanceof`, because the page build bundles its own copy of every module a loader imports: in production a
 * loader's `AppError` is not the class the services it calls throw (issue 21, e2e/loader-errors.spec.ts).
 * No zod here: route modules import it (ADR 0011).
 */

export const serviceErrorKinds = [
  'invalid',
  'unauthenticated',
  'forbidden',
  'not_found',
  'gone',
  'conflict',
  'limited',
  'too_large',
  'unavailable',
] as const
export type ServiceErrorKind = (typeof serviceErrorKinds)[number]

/** The `name` every service error carries (the class's name on the server). */
export const serviceErrorName = 'AppError'

export interface ServiceError extends Error {
  readonly name: typeof serviceErrorName
  readonly kind: ServiceErrorKind
  readonly code: string
}

/** Whether `error` is a service error (of `kind`, when given), from whichever copy of the class threw it. */
export function isServiceError(error: unknown, kind?: ServiceErrorKind): error is ServiceError {
  if (typeof error !== 'object' || error === null) return false
  const { name, kind: errorKind, code } = error as Record<string, unknown>
  return (
    name === serviceErrorName &&
    typeof code === 'string' &&
    (serviceErrorKinds as readonly unknown[]).includes(errorKind) &&
    (kind === undefined || errorKind === kind)
  )
}
