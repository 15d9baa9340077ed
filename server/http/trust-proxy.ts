/**
 * Turns TRUST_PROXY (http.config.ts) into Fastify's `trustProxy`, which decides `request.ip`, `request.protocol` and
 * `request.host`. Leaves the parsing and the refusal of `true` to http.config.ts.
 */
import type { FastifyServerOptions } from 'fastify'
import type { TrustProxy } from './http.config.ts'

export function trustProxyOption(trust: TrustProxy): NonNullable<FastifyServerOptions['trustProxy']> {
  if (trust === false) return false
  // Fastify reads a bare number as "trust no one" (it cannot check the peer), so say it as proxy-addr's rule:
  // the first `hops` addresses counted from the socket are proxies; the next one leftwards is the client.
  if ('hops' in trust) return (_address: string, hop: number) => hop < trust.hops
  return trust.addresses
}
