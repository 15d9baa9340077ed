/**
 * The wire of the streamed answer (ADR 0013): Server-Sent Events, `event: <name>` + `data: <JSON>` per event of
 * ChatStreamEvents, and a `: ping` comment every 15 s so no idle timeout (ours: HTTP_IDLE_TIMEOUT_MS; a proxy's;
 * a load balancer's) cuts a long answer. The body is a stream handed to Fastify's reply, not a hijacked socket, so
 * the reply's hooks still apply (the device cookie of a first visit, the request id, the security headers); the
 * route turns compression off, since a compressor holds small events back.
 */
import { PassThrough } from 'node:stream'
import type { FastifyReply } from 'fastify'
import type { ChatStreamEvent } from './chat-answer.ts'

export const eventStreamPingMs = 15_000

export function formatEvent({ event, data }: ChatStreamEvent): string {
  // JSON.stringify never writes a raw line break, so one `data:` line carries the whole event.
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

export interface EventStream {
  send(event: ChatStreamEvent): void
  end(): void
  /** Called once if the reader goes away before the stream ends. */
  onDisconnect(listener: () => void): void
}

/** Starts the event-stream answer on `reply`; what is sent after the reader left is dropped. */
export function openEventStream(reply: FastifyReply, options: { pingMs?: number } = {}): EventStream {
  const body = new PassThrough()
  let ended = false
  const write = (chunk: string) => {
    if (!ended && !body.destroyed) body.write(chunk)
  }
  const ping = setInterval(() => write(': ping\n\n'), options.pingMs ?? eventStreamPingMs)
  ping.unref()
  const disconnectListeners: Array<() => void> = []
  const raw = reply.raw
  const onClose = () => {
    clearInterval(ping)
    if (ended || raw.writableFinished) return
    ended = true
    for (const listener of disconnectListeners) listener()
  }
  raw.once('close', onClose)
  body.once('close', onClose)

  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-store, no-transform')
    .header('x-accel-buffering', 'no')
    .send(body)
  // The first bytes go out at once, so the reader (and any proxy) sees the answer has started.
  write(': open\n\n')

  return {
    send: (event) => write(formatEvent(event)),
    end() {
      if (ended) return
      ended = true
      clearInterval(ping)
      body.end()
    },
    onDisconnect(listener) {
      disconnectListeners.push(listener)
    },
  }
}
