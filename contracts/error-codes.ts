/**
 * Error codes shared by every endpoint (the envelope's `error`, repeated in `x-error-code`; contracts/envelope.ts).
 * Domain contracts add their own beside their schemas. No zod here: the browser imports it on every page (ADR 0011).
 */
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
