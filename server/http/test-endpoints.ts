/**
 * Test endpoints: routes that let the browser journeys read login codes from the development SMS outbox, grant a
 * plan and read back tracking events. They exist only when TEST_ENDPOINTS=loopback (refused at boot unless
 * APP_ENV=develop, see server/config/process.config.ts), and then answer only a TCP peer on this machine. To anyone
 * else the path does not exist: the same 404 envelope as any unknown path, so nothing tells a caller they are there.
 *
 * The peer is the socket's own address, never X-Forwarded-For (which a caller writes itself), whatever
 * TRUST_PROXY says. A request that carries a forwarding header came through a proxy, so its real client is
 * elsewhere: it is refused too, even when the proxy runs on this machine.
 */
import { BlockList, isIPv4 } from 'node:net'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

const loopback = new BlockList()
loopback.addSubnet('127.0.0.0', 8, 'ipv4')
loopback.addAddress('::1', 'ipv6')

/** Whether the address is this machine's loopback: 127.0.0.0/8, ::1, or 127.x written as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  const ipv4 = mapped ?? (isIPv4(address) ? address : undefined)
  try {
    return ipv4 ? loopback.check(ipv4, 'ipv4') : loopback.check(address, 'ipv6')
  } catch {
    return false
  }
}

/** Whether the request came straight from a process on this machine (not relayed by a proxy). */
export function isDirectLoopbackRequest(request: FastifyRequest): boolean {
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined
  return !relayed && isLoopbackAddress(request.socket.remoteAddress)
}

/**
 * Registers test-only routes in their own scope: every request to them from elsewhere than loopback gets the
 * not-found answer of the API, as if they were not mounted.
 */
export function registerLoopbackOnlyRoutes(
  api: FastifyInstance,
  register: (routes: FastifyInstance) => void,
): void {
  api.register(async (routes) => {
    routes.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (isDirectLoopbackRequest(request)) return
      reply.callNotFound()
      return reply
    })
    register(routes)
  })
}
