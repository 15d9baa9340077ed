import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { formatEvent, openEventStream } from './chat-stream.ts'
import { parseEventStream } from './testing/event-stream.ts'

describe('the answer event stream', () => {
  it('writes each event as one named event with its JSON on one data line', () => {
    const text = formatEvent({ event: 'text', data: { delta: 'line one\nline two' } })
    expect(text).toBe('event: text\ndata: {"delta":"line one\\nline two"}\n\n')
    expect(parseEventStream(text)).toEqual([{ event: 'text', data: { delta: 'line one\nline two' } }])
  })

  it('sends a ping comment while an answer is quiet, so idle timeouts do not cut it', async () => {
    const app = Fastify()
    app.get('/stream', async (_request, reply) => {
      const stream = openEventStream(reply, { pingMs: 20 })
      setTimeout(() => {
        stream.send({ event: 'text', data: { delta: 'late' } })
        stream.end()
      }, 90)
      return reply
    })
    const response = await app.inject({ method: 'GET', url: '/stream' })
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(response.headers['cache-control']).toContain('no-transform')
    expect(response.headers['x-accel-buffering']).toBe('no')
    expect(response.body.match(/^: ping$/gm)?.length).toBeGreaterThanOrEqual(2)
    expect(parseEventStream(response.body)).toEqual([{ event: 'text', data: { delta: 'late' } }])
    await app.close()
  })
})
