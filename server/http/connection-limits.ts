/**
 * How long one connection may take, and how many one client may hold open (issue 8, item 5). Without these a client
 * that sends its headers or its body a byte at a time, or never, keeps a socket and a parser forever; a few hundred
 * such sockets from one address exhaust the process.
 *
 * - Node's `headersTimeout` and `requestTimeout` close a connection whose headers, or whole request (headers and
 *   body), have not arrived in time: 408 (client-errors.ts), then the connection closes. They are checked every
 *   `connectionsCheckingInterval`, so a limit is enforced up to a quarter of the headers timeout late.
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
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import proxyAddr from '@fastify/proxy-addr'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { networkOf } from '#server/kernel/secrets.ts'
import { clientErrorResponse } from './client-errors.ts'
import type { HttpLimitsConfig, TrustProxy } from './http.config.ts'

/**
 * The Fastify server options (and, through `http`, Node's) that enforce the timeouts. Node's whole-request limit is
 * one for the server, so it is set to the longest any route allows (`longestRequestMs`: uploads) and
 * `registerRequestDeadlines` holds every other request to HTTP_REQUEST_TIMEOUT_MS.
 */
export function serverTimeoutOptionsOf(limits: HttpLimitsConfig, longestRequestMs = 0) {
  const requestTimeout =
    limits.requestTimeoutMs === 0 ? 0 : Math.max(limits.requestTimeoutMs, longestRequestMs)
  return {
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout,
      // Node checks the two limits above on this period (default 30 s, which would triple a 10 s headers limit).
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, Math.floor(limits.headersTimeoutMs / 4))),
    },
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's whole-request limit, when longer than HTTP_REQUEST_TIMEOUT_MS (an upload). */
    requestTimeoutMs?: number
  }
}

/**
 * Holds each request whose body is still arriving to its route's limit (HTTP_REQUEST_TIMEOUT_MS unless the route's
 * `config.requestTimeoutMs` says more): past it, 408 and the connection closes, as Node's own limit does. Node's
 * limit (set to the longest route's) stays the backstop for requests no route matched.
 */
export function registerRequestDeadlines(app: FastifyInstance, defaultMs: number): void {
  if (defaultMs === 0) return
  const deadlines = new WeakMap<FastifyRequest, NodeJS.Timeout>()
  app.addHook('onRequest', async (request) => {
    if (request.raw.complete) return
    const ms = request.routeOptions.config?.requestTimeoutMs ?? defaultMs
    const startedAt = Date.now()
    const timer = setTimeout(() => {
      const socket = request.raw.socket
      if (request.raw.complete || socket.destroyed) return
      request.log.debug({ ms, waitedMs: Date.now() - startedAt }, 'request body too slow: closed')
      if (socket.writable && !request.raw.socket.writableEnded)
        socket.write(clientErrorResponse('ERR_HTTP_REQUEST_TIMEOUT'))
      socket.destroy()
    }, ms)
    timer.unref()
    deadlines.set(request, timer)
    request.raw.once('end', () => clearTimeout(timer))
  })
  app.addHook('onResponse', async (request) => clearTimeout(deadlines.get(request)))
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
