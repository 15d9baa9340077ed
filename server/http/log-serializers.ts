/**
 * How errors are written to the logs. Database errors carry the values of the failing query: drizzle's
 * DrizzleQueryError has them in `params` and in its message and stack ("Failed query: … params: …"), PGlite's errors
 * in `params`, PostgreSQL's `detail` quotes the row ("Key (mobile)=(+852…) already exists"). A member's phone number
 * or a session hash could be among them, so each error in the cause chain is logged without them; the SQL text
 * (placeholders only) and PostgreSQL's message and code stay, which is what finding the fault needs.
 */
import { stdSerializers } from 'pino'

const redacted = '[redacted]'
/** Properties of database errors (drizzle, pg, PGlite) that hold query values. */
const valueProperties = ['params', 'parameters', 'detail'] as const

function withoutQueryValues(error: Error, copies: Map<Error, Error>): Error {
  const known = copies.get(error)
  if (known) return known
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error & Record<string, unknown>
  copies.set(error, copy)
  for (const key of Reflect.ownKeys(error)) {
    // Read through accessors (V8's `stack` is one), keep enumerability (pino logs enumerable properties).
    const enumerable = Object.getOwnPropertyDescriptor(error, key)?.enumerable ?? false
    const value: unknown = Reflect.get(error, key)
    Object.defineProperty(copy, key, { value, enumerable, writable: true, configurable: true })
  }
  const original = error as Error & Record<string, unknown>
  for (const key of valueProperties) if (original[key] !== undefined) copy[key] = redacted
  // DrizzleQueryError: `Failed query: ${query}\nparams: ${params}`, and the stack starts with that message.
  const query = original.query
  if (typeof query === 'string' && error.message.startsWith(`Failed query: ${query}\nparams: `)) {
    copy.message = `Failed query: ${query}\nparams: ${redacted}`
    if (typeof error.stack === 'string') copy.stack = error.stack.replace(error.message, () => copy.message)
  }
  if (original.cause instanceof Error) copy.cause = withoutQueryValues(original.cause, copies)
  if (Array.isArray(original.errors)) {
    copy.errors = original.errors.map((inner: unknown) =>
      inner instanceof Error ? withoutQueryValues(inner, copies) : inner,
    )
  }
  return copy
}

/** pino's error serializer, after taking query values out of the error and its causes. */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  return stdSerializers.err(error instanceof Error ? withoutQueryValues(error, new Map()) : error)
}

export const logSerializers = { err: serializeError }
