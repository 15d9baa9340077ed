/**
 * Answers to requests refused before any route runs, as the envelope with `x-error-code` (ADR 0004) like every
 * other API failure:
 * - `answerClientError` (Fastify's `clientErrorHandler`): what Node's HTTP parser cannot read — headers too large
 *   (431), a request that took too long to arrive (408), a broken request line or header (400). There is no request
 *   yet, so no `Lang` to trust: the message is English. The connection is then closed, as Node does.
 * - `answerFrameworkError` (Fastify's `frameworkErrors`): a URL the router cannot decode (400) or a path parameter
 *   over its length (414), in the caller's language.
 * Neither logs the raw request: it may hold cookies or a session token.
 */
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CommonErrorCode } from '#contracts/envelope.ts'
import type { Locale } from '#contracts/regions.ts'
import { failure, requestLocale, sendFailure } from './error-handler.ts'

function statusAndCodeOf(errorCode: string | undefined): [number, string] {
  switch (errorCode) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, CommonErrorCode.headersTooLarge]
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, CommonErrorCode.requestTimeout]
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return [413, CommonErrorCode.payloadTooLarge]
    default:
      return [400, CommonErrorCode.malformedRequest]
  }
}

/** The raw HTTP answer to a request Node could not parse: status line, headers, envelope; then the socket closes. */
export function clientErrorResponse(errorCode: string | undefined): string {
  const [status, code] = statusAndCodeOf(errorCode)
  return closingFailureResponse(status, code, 'en')
}

/** A failure envelope written straight to the socket, outside any reply, with `Connection: close`. */
export function closingFailureResponse(status: number, code: string, locale: Locale): string {
  const body = JSON.stringify(failure(status, code, locale))
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `x-error-code: ${code}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n')
}

export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  this.log.debug({ errorCode: error.code }, 'unreadable request refused')
  // As Node does: answer only when no response has started on this connection, then close it.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (socket.writable && !inFlight?.headersSent) socket.write(clientErrorResponse(error.code))
  socket.destroy(error)
}

export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400
  request.log.info({ errorCode: error.code }, 'unreadable URL refused')
  return sendFailure(reply, status, CommonErrorCode.malformedRequest, requestLocale(request))
}
