/**
 * How a request is written to the logs: Fastify's own fields, with the values of credential query parameters
 * replaced — a site hand-over's one-time `token` and its `state` travel in URLs (ADR 0010), and request logs carry
 * method, URL and status, never a credential.
 */
import type { FastifyRequest } from 'fastify'

const secretParameters = ['token', 'state']
const redacted = '[redacted]'

export function urlForLog(url: string): string {
  const queryStart = url.indexOf('?')
  if (queryStart < 0) return url
  const query = new URLSearchParams(url.slice(queryStart + 1))
  const secrets = secretParameters.filter((name) => query.has(name))
  if (secrets.length === 0) return url
  for (const name of secrets) query.set(name, redacted)
  return `${url.slice(0, queryStart)}?${query}`
}

/** Fastify's request serializer (lib/logger-pino.js), with `urlForLog`. */
export function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version']
  return {
    method: request.method,
    url: urlForLog(request.url),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}
