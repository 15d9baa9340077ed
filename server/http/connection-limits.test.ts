import { EventEmitter } from 'node:events'
import type { Server } from 'node:http'
import net, { type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  exchange,
  firstAnswerOf,
  portOf as listeningPortOf,
  openRawConnection,
  serverClosing,
} from '#server/testing/raw-connections.ts'
import { createReaderClients } from '#server/testing/reader-clients.ts'
import { loadTestPages } from '#server/testing/test-pages.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { capConnectionsPerAddress, proxyPeerCheckOf } from './connection-limits.ts'

/** A raw TCP connection to the server, with everything it received and a promise of its end. */
interface RawConnection {
  socket: Socket
  received: () => string
  closed: Promise<void>
}

function connect(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1' })
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    // A refused connection is reset; that is an expected ending here, not a failure.
    socket.on('error', () => undefined)
    const closed = new Promise<void>((done) => socket.once('close', () => done()))
    socket.once('connect', () =>
      resolve({ socket, received: () => Buffer.concat(chunks).toString('utf8'), closed }),
    )
    socket.once('error', reject)
  })
}

function portOf(runtime: TestRuntime): number {
  const address = runtime.app.server.address()
  if (typeof address !== 'object' || !address) throw new Error('server is not listening')
  return address.port
}

/** Sends one keep-alive request and resolves with the status once the whole answer has arrived. */
function requestStatus(connection: RawConnection): Promise<number> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const onData = (chunk: Buffer) => {
      chunks.push(chunk)
      const text = Buffer.concat(chunks).toString('utf8')
      const [head = '', body = ''] = text.split('\r\n\r\n')
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? Number.NaN)
      if (Buffer.byteLength(body) >= length) {
        connection.socket.off('data', onData)
        resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]))
      }
    }
    connection.socket.on('data', onData)
    connection.socket.write('GET /api/portal HTTP/1.1\r\nHost: en.localhost\r\n\r\n')
  })
}

describe('HTTP timeouts', () => {
  let runtime: TestRuntime
  beforeAll(async () => {
    runtime = await createTestRuntime({ HTTP_HEADERS_TIMEOUT_MS: '300', HTTP_REQUEST_TIMEOUT_MS: '600' })
    await runtime.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => runtime.close())

  it('closes a connection that sends its headers and never finishes its body, answering 408', async () => {
    const connection = await connect(portOf(runtime))
    connection.socket.write(
      'POST /api/portal/member/sendCode HTTP/1.1\r\nHost: en.localhost\r\n' +
        'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"country":',
    )
    await connection.closed
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('closes a connection that never finishes its headers, answering 408', async () => {
    const connection = await connect(portOf(runtime))
    connection.socket.write('GET /api/portal HTTP/1.1\r\nHost: en.localhost\r\nX-Slow: ')
    await connection.closed
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('closes a connection that opens and says nothing', async () => {
    const connection = await connect(portOf(runtime))
    await connection.closed
    expect(connection.socket.destroyed).toBe(true)
  })

  it('keeps a connection that sends its request in time', async () => {
    const connection = await connect(portOf(runtime))
    expect(await requestStatus(connection)).toBe(200)
    connection.socket.destroy()
  })
})

describe('answers sent before the body has arrived', () => {
  const clients = createReaderClients({ ipPrefix: '10.77', phonePrefix: '6277' })
  let runtime: TestRuntime
  let closePages: () => Promise<void>
  beforeAll(async () => {
    const pages = await loadTestPages()
    closePages = pages.close
    // The whole-request limit stays at its default (30 s): a connection closed here is closed by the early answer.
    runtime = await createTestRuntime({}, { smsSender: clients.smsSender, pages: pages.pages })
    clients.bind(runtime)
    await runtime.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await runtime.close()
    await closePages()
  })

  /** A POST announcing a large body, its first bytes sent, the rest trickling a byte every 200 ms. */
  async function trickledPost(path: string, headers: string[], bodyStart: string, contentType: string) {
    const connection = await openRawConnection(listeningPortOf(runtime.app))
    connection.socket.write(
      [
        `POST ${path} HTTP/1.1`,
        'Host: en.localhost:3000',
        `Content-Type: ${contentType}`,
        'Content-Length: 1000000',
        ...headers,
        '',
        bodyStart,
      ].join('\r\n'),
    )
    connection.trickle('1', 200)
    await serverClosing(connection)
    return { answer: firstAnswerOf(connection.received()), closedByServer: connection.closedByServer() }
  }

  it.each([
    ['the console without a session', '/api/console/advisers', 401, 'UNAUTHENTICATED'],
    ['an unknown API path', '/api/portal/no/such/path', 404, 'NOT_FOUND'],
  ])('closes a trickling body after refusing %s', async (_, path, status, code) => {
    const { answer, closedByServer } = await trickledPost(path, [], '{"name":', 'application/json')
    expect(answer.status).toBe(status)
    expect(answer.headers['x-error-code']).toBe(code)
    expect(answer.headers.connection).toBe('close')
    expect(closedByServer).toBe(true)
  })

  it('closes a trickling body after refusing a member without a console role', async () => {
    const member = await clients.newMember()
    const { answer, closedByServer } = await trickledPost(
      '/api/console/advisers',
      [`X-Token: ${member.token}`],
      '{"name":',
      'application/json',
    )
    expect(answer.status).toBe(403)
    expect(answer.headers['x-error-code']).toBe('CONSOLE_ROLE_REQUIRED')
    expect(answer.headers.connection).toBe('close')
    expect(closedByServer).toBe(true)
  })

  it('closes a trickling body after answering a page asked with POST 405', async () => {
    const { answer, closedByServer } = await trickledPost(
      '/about-us',
      [],
      'name=',
      'application/x-www-form-urlencoded',
    )
    expect(answer.status).toBe(405)
    expect(answer.headers.connection).toBe('close')
    expect(closedByServer).toBe(true)
  })

  it('keeps the connection of a refused request whose body arrived whole', async () => {
    const connection = await openRawConnection(listeningPortOf(runtime.app))
    const body = '{"name":"x"}'
    const refused = await exchange(
      connection,
      'POST /api/portal/no/such/path HTTP/1.1\r\nHost: en.localhost:3000\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    )
    expect(refused.status).toBe(404)
    expect(refused.headers.connection).toBe('keep-alive')
    const next = await exchange(connection, 'GET /api/portal HTTP/1.1\r\nHost: en.localhost:3000\r\n\r\n')
    expect(next.status).toBe(200)
    connection.giveUp()
  })
})

describe('connections per client address', () => {
  let runtime: TestRuntime
  beforeAll(async () => {
    runtime = await createTestRuntime({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '3' })
    await runtime.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => runtime.close())

  it('refuses the fourth connection from one address while three stay open and answer', async () => {
    const port = portOf(runtime)
    const open = [await connect(port), await connect(port), await connect(port)]
    // Each of the three is counted once it has answered a request.
    for (const connection of open) expect(await requestStatus(connection)).toBe(200)

    const refused = await connect(port)
    await refused.closed
    expect(refused.received()).toBe('')

    for (const connection of open) expect(await requestStatus(connection)).toBe(200)
    for (const connection of open) connection.socket.destroy()
  })
})

describe('capConnectionsPerAddress', () => {
  class FakeSocket extends EventEmitter {
    destroyed = false
    readonly remoteAddress: string
    constructor(remoteAddress: string) {
      super()
      this.remoteAddress = remoteAddress
    }
    destroy() {
      this.destroyed = true
      this.emit('close')
    }
  }

  function capped(max: number, isProxy: (address: string) => boolean = () => false) {
    const server = new EventEmitter()
    capConnectionsPerAddress(server as unknown as Server, { max, isProxy })
    return (address: string) => {
      const socket = new FakeSocket(address)
      server.emit('connection', socket)
      return socket
    }
  }

  it('accepts a connection again once one of the address’s connections has closed', () => {
    const connectFrom = capped(2)
    const first = connectFrom('203.0.113.7')
    connectFrom('203.0.113.7')
    expect(connectFrom('203.0.113.7').destroyed).toBe(true)
    first.destroy()
    expect(connectFrom('203.0.113.7').destroyed).toBe(false)
  })

  it('counts each address on its own', () => {
    const connectFrom = capped(1)
    expect(connectFrom('203.0.113.7').destroyed).toBe(false)
    expect(connectFrom('203.0.113.8').destroyed).toBe(false)
    expect(connectFrom('203.0.113.7').destroyed).toBe(true)
  })

  it('counts the addresses of one IPv6 /64 together', () => {
    const connectFrom = capped(1)
    expect(connectFrom('2001:db8:1:2::1').destroyed).toBe(false)
    expect(connectFrom('2001:db8:1:2:ffff::9').destroyed).toBe(true)
    expect(connectFrom('2001:db8:1:3::1').destroyed).toBe(false)
  })

  it('never caps a trusted proxy', () => {
    const connectFrom = capped(1, proxyPeerCheckOf({ addresses: ['10.0.0.0/8'] }))
    for (let i = 0; i < 5; i++) expect(connectFrom('10.1.2.3').destroyed).toBe(false)
    expect(connectFrom('192.0.2.1').destroyed).toBe(false)
    expect(connectFrom('192.0.2.1').destroyed).toBe(true)
  })

  it('does nothing when the cap is 0', () => {
    const server = new EventEmitter()
    const on = vi.spyOn(server, 'on')
    capConnectionsPerAddress(server as unknown as Server, { max: 0, isProxy: () => false })
    expect(on).not.toHaveBeenCalled()
  })
})

describe('proxyPeerCheckOf', () => {
  it('takes no peer for a proxy when TRUST_PROXY is off', () => {
    expect(proxyPeerCheckOf(false)('127.0.0.1')).toBe(false)
  })

  it('takes every peer for a proxy when TRUST_PROXY is a number of hops', () => {
    expect(proxyPeerCheckOf({ hops: 1 })('198.51.100.4')).toBe(true)
  })

  it('takes only listed addresses and ranges for proxies, IPv4-mapped ones included', () => {
    const isProxy = proxyPeerCheckOf({ addresses: ['10.0.0.0/8', 'loopback'] })
    expect(isProxy('10.20.30.40')).toBe(true)
    expect(isProxy('::ffff:10.20.30.40')).toBe(true)
    expect(isProxy('127.0.0.1')).toBe(true)
    expect(isProxy('198.51.100.4')).toBe(false)
  })
})
