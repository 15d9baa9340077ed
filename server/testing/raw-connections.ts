/**
 * Raw TCP connections to a listening test server (`app.listen`), for what `app.inject` cannot show: when the server
 * closes a connection, and what it answers a client that sends its request slowly or never finishes it.
 */
import net, { type Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

export interface RawConnection {
  socket: Socket
  /** Everything received so far, as text. */
  received(): string
  /** Resolves when the connection is closed, by either side. */
  closed: Promise<void>
  /** Sends `chunk` every `everyMs` until the connection closes (a client trickling its body). */
  trickle(chunk: string, everyMs: number): void
  /** Stops trickling; the connection stays open. */
  stopTrickling(): void
  /** The client gives up: stops trickling and closes its side. */
  giveUp(): void
  /** Whether the server closed the connection (not the client giving up). */
  closedByServer(): boolean
}

export function portOf(app: FastifyInstance): number {
  const address = app.server.address()
  if (typeof address !== 'object' || !address) throw new Error('server is not listening')
  return address.port
}

export function openRawConnection(port: number): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    // Half-open allowed: like a client that goes on sending after the server's FIN, until the server closes.
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true })
    const chunks: Buffer[] = []
    let dripping: NodeJS.Timeout | undefined
    let gaveUp = false
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    // A refused or reset connection is an expected ending here, not a failure.
    socket.on('error', () => undefined)
    const closed = new Promise<void>((done) =>
      socket.once('close', () => {
        clearInterval(dripping)
        done()
      }),
    )
    socket.once('connect', () =>
      resolve({
        socket,
        received: () => Buffer.concat(chunks).toString('utf8'),
        closed,
        trickle(chunk, everyMs) {
          dripping = setInterval(() => {
            if (socket.writable) socket.write(chunk)
          }, everyMs)
        },
        stopTrickling: () => clearInterval(dripping),
        giveUp() {
          gaveUp = true
          clearInterval(dripping)
          socket.destroy()
        },
        closedByServer: () => socket.destroyed && !gaveUp,
      }),
    )
    socket.once('error', reject)
  })
}

/** The status, headers and JSON body of the first answer in `text` (a raw HTTP/1.1 exchange). */
export function firstAnswerOf(text: string): {
  status: number
  headers: Record<string, string>
  body: unknown
} {
  const [head = '', rest = ''] = text.split('\r\n\r\n')
  const [statusLine = '', ...headerLines] = head.split('\r\n')
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  )
  const length = Number(headers['content-length'] ?? rest.length)
  const bodyText = Buffer.from(rest).subarray(0, length).toString('utf8')
  let body: unknown = bodyText
  try {
    body = JSON.parse(bodyText)
  } catch {
    // Not JSON (a page): kept as text.
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body }
}

/** Sends one request on a kept-alive connection and resolves with its whole answer (by its Content-Length). */
export function exchange(
  connection: RawConnection,
  request: string,
): Promise<ReturnType<typeof firstAnswerOf>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const onData = (chunk: Buffer) => {
      chunks.push(chunk)
      const text = Buffer.concat(chunks)
      const headEnd = text.indexOf('\r\n\r\n')
      if (headEnd < 0) return
      const length = Number(/content-length: (\d+)/i.exec(text.subarray(0, headEnd).toString())?.[1] ?? 0)
      if (text.length - headEnd - 4 < length) return
      connection.socket.off('data', onData)
      resolve(firstAnswerOf(text.toString('utf8')))
    }
    connection.socket.on('data', onData)
    connection.closed.then(() => reject(new Error('the server closed the connection before answering')))
    connection.socket.write(request)
  })
}

/**
 * Waits for the server to close `connection`; gives up after `patienceMs` (closing it from the client's side), so
 * that a test of a connection the server keeps fails on `closedByServer()` instead of timing out.
 */
export async function serverClosing(connection: RawConnection, patienceMs = 10_000): Promise<void> {
  const patience = setTimeout(() => connection.giveUp(), patienceMs)
  await connection.closed
  clearTimeout(patience)
}
