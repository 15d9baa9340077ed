/**
 * How long one connection may take, and how many one client may hold open (issue 8, item 5). Without these a client
 * that sends its headers or its body a byte at a time, or never, keeps a socket and a parser forever; a few hundred
 * such sockets from one address exhaust the process.
 *
 * - Node's `headersTimeout` closes a connection whose headers have not arrived in time: 408 (client-errors.ts), then
 *   the connection closes. It is checked every `connectionsCheckingInterval`, so it is enforced up to a quarter of
 *   the headers timeout late.
 * - Each request's body must arrive within HTTP_REQUEST_TIMEOUT_MS of its headers (`registerRequestDeadlines`, per
 *   request, so that an authorised upload alone may take longer while it keeps moving: `allowSlowBody`); a
 *   connection answered before its body arrived is closed after a short drain (ADR 0031).
 * - `keepAliveTimeout` closes an idle keep-alive connection between requests.
 * - `connectionTimeout` (socket inactivity) closes a connection on which nothing moved either way for that long,
 *   e.g. a client that stopped reading its answer.
 * - The per-client cap refuses (destroys, before a byte is read) a new socket from a client that already holds the
 *   maximum. It does not answer 503: that would mean reading a request from the very socket being refused and
 *   running the server for it. IPv6 clients are counted per /64, which one client controls as a whole.
 *   Trusted proxies are not capped: every reader arrives through them.
 *
 * Deliberately left to others: request rates (the per-route rate limits) and overload (load-shedding.ts).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import proxyAddr from '@fastify/proxy-addr'
import type { FastifyInstance } from 'fastify'
import { localeFromLangHeader } from '#contracts/regions.ts'
import { networkOf } from '#server/kernel/secrets.ts'
import { clientErrorResponse, closingFailureResponse } from './client-errors.ts'
import type { HttpLimitsConfig, TrustProxy } from './http.config.ts'

/**
 * The Fastify server options (and, through `http`, Node's) that enforce the timeouts. Node's whole-request limit is
 * one for the whole server and cannot be lengthened for one request, so it is off: `registerRequestDeadlines` holds
 * every request to HTTP_REQUEST_TIMEOUT_MS instead, and only an authorised upload that keeps moving gets longer
 * (`allowSlowBody`). Raising Node's limit to the upload's kept every trickling request open that long.
 */
export function serverTimeoutOptionsOf(limits: HttpLimitsConfig) {
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: 0,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: 0,
      // Node checks the headers limit on this period (default 30 s, which would triple a 10 s headers limit).
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(limits.headersTimeoutMs / 4))),
    },
  }
}

/**
 * How long a connection answered before its body arrived may go on sending, so that a client still sending reads
 * the answer instead of a reset; then it is closed whatever it does.
 */
export const earlyAnswerDrainMs = 2_000

/** What a request's deadline does while its body is still arriving; one per request the server has seen. */
interface BodyWatch {
  socket: Socket
  startedAt: number
  timer: NodeJS.Timeout | undefined
}

const bodyWatches = new WeakMap<IncomingMessage, BodyWatch>()

function stopWatching(watch: BodyWatch): void {
  clearTimeout(watch.timer)
  clearInterval(watch.timer)
  watch.timer = undefined
}

/** Answers 408 with `code` in the request's language, if nothing was answered yet, and closes the connection. */
function closeTooSlow(
  request: IncomingMessage,
  response: ServerResponse,
  watch: BodyWatch,
  code?: string,
): void {
  stopWatching(watch)
  const { socket } = request
  if (request.complete || socket.destroyed) return
  if (socket.writable && !response.headersSent) {
    const lang = request.headers.lang
    socket.write(
      code
        ? closingFailureResponse(408, code, localeFromLangHeader(Array.isArray(lang) ? lang[0] : lang))
        : clientErrorResponse('ERR_HTTP_REQUEST_TIMEOUT'),
    )
  }
  socket.destroy()
}

/**
 * Whether the request's body has all arrived. `complete` alone is not enough: Node runs the promise callbacks queued
 * by the `request` event before it marks the message complete, so an answer made without waiting for anything (a
 * refusal on cached facts) finds a body that arrived with the headers not yet complete; its bytes are buffered.
 */
function hasWholeBody(request: IncomingMessage): boolean {
  if (request.complete) return true
  const length = Number(request.headers['content-length'])
  return Number.isInteger(length) && request.readableLength >= length
}

/**
 * Node closes a `Connection: close` socket as soon as the answer is written. With the client's body still arriving,
 * closing with unread bytes sends a reset, and a client still sending may lose the answer it was sent; so the
 * connection is only half-closed (the answer, then FIN), the rest of the body is read and dropped, and
 * `earlyAnswerDrainMs` later it is destroyed (the `finish` listener below).
 */
function halfCloseAfterAnswer(socket: Socket): void {
  ;(socket as Socket & { destroySoon: () => void }).destroySoon = () => {
    if (socket.writable) socket.end()
  }
}

/**
 * Every request's deadline, and what happens to a connection answered before its body arrived (issue 24):
 * - a request whose body has not arrived HTTP_REQUEST_TIMEOUT_MS after its headers is answered 408 and its
 *   connection closed, unless the route lengthened it with `allowSlowBody` (an authorised upload);
 * - an answer sent before the body has fully arrived (401/403 from a guard, 404, 405, a refused upload) says
 *   `Connection: close`, and the connection is closed `earlyAnswerDrainMs` after the answer, whatever the client
 *   still sends. Without this, Node reads and drops the rest of the body to reuse the connection, and a client
 *   trickling it kept the connection as long as the longest limit allowed.
 * Both are watched on Node's requests, below Fastify, so that answers written outside Fastify's reply (pages,
 * framework errors) are held to them too. `app.inject` requests are not watched: they have no connection.
 */
export function registerRequestDeadlines(
  app: FastifyInstance,
  options: { requestTimeoutMs: number; drainMs?: number },
): void {
  const drainMs = options.drainMs ?? earlyAnswerDrainMs
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket
    const watch: BodyWatch = { socket, startedAt: Date.now(), timer: undefined }
    if (options.requestTimeoutMs > 0) {
      watch.timer = setTimeout(() => closeTooSlow(request, response, watch), options.requestTimeoutMs)
      watch.timer.unref()
    }
    bodyWatches.set(request, watch)

    let answeredEarly = false
    const writeHead = response.writeHead
    // Every answer's head passes here: Fastify's replies, pages written on the raw response, Node's implicit head.
    response.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
      if (!hasWholeBody(request)) {
        answeredEarly = true
        this.shouldKeepAlive = false
        halfCloseAfterAnswer(socket)
      }
      return writeHead.apply(this, args)
    } as typeof writeHead

    response.once('finish', () => {
      stopWatching(watch)
      if (!answeredEarly && hasWholeBody(request)) return
      const closing = setTimeout(() => socket.destroy(), drainMs)
      closing.unref()
      socket.once('close', () => clearTimeout(closing))
    })
    response.once('close', () => stopWatching(watch))
  })
}

/**
 * Lengthens one request's deadline while its body keeps arriving: from now on it must bring at least
 * `minBytesPerSecond` over every `windowMs` (a stalled upload is cut within two windows), and the whole request
 * must end within `longestMs` of its headers. Past either, 408 with `tooSlowCode` in the request's language, and the
 * connection closes. For a route that has checked who is asking first (an upload into the reader's own
 * conversation): anyone else keeps HTTP_REQUEST_TIMEOUT_MS. Does nothing for a request no connection carries
 * (`app.inject`) or when the request limit is off (`windowMs` 0).
 */
export function allowSlowBody(
  request: IncomingMessage,
  response: ServerResponse,
  options: { longestMs: number; minBytesPerSecond: number; windowMs: number; tooSlowCode: string },
): void {
  const watch = bodyWatches.get(request)
  if (!watch || options.windowMs === 0 || request.complete) return
  stopWatching(watch)
  const { socket } = watch
  const leastPerWindow = (options.minBytesPerSecond * options.windowMs) / 1000
  const endsAt = watch.startedAt + options.longestMs
  let bytesBefore = socket.bytesRead
  watch.timer = setInterval(() => {
    const arrived = socket.bytesRead - bytesBefore
    bytesBefore = socket.bytesRead
    if (arrived < leastPerWindow) closeTooSlow(request, response, watch, options.tooSlowCode)
  }, options.windowMs)
  watch.timer.unref()
  const last = setTimeout(
    () => closeTooSlow(request, response, watch, options.tooSlowCode),
    Math.max(0, endsAt - Date.now()),
  )
  last.unref()
  response.once('close', () => clearTimeout(last))
}

/**
 * Whether a socket's peer is one of our proxies (TRUST_PROXY, config.ts). With a number of hops every peer is a
 * proxy (the process must then be reachable only through them); with addresses, only the listed addresses and
 * ranges, read with `proxy-addr` as Fastify reads them (`10.0.0.0/8`, `loopback`…).
 */
export function proxyPeerCheckOf(trustProxy: TrustProxy): (address: string) => boolean {
  if (trustProxy === false) return () => false
  if ('hops' in trustProxy) return () => true
  const isTrusted = proxyAddr.compile(trustProxy.addresses)
  return (address) => isTrusted(address, 0)
}

/** Refuses a client's connection beyond `max` open ones; proxies are exempt. */
export function capConnectionsPerAddress(
  server: Server,
  options: { max: number; isProxy: (address: string) => boolean },
): void {
  if (options.max <= 0) return
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress
    if (!address || options.isProxy(address)) return
    const client = networkOf(address) ?? address
    const count = open.get(client) ?? 0
    if (count >= options.max) {
      socket.destroy()
      return
    }
    open.set(client, count + 1)
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1
      if (left > 0) open.set(client, left)
      else open.delete(client)
    })
  })
}
