import { describe, expect, it } from 'vitest'
import { type ChatStreamEvent, createSseParser, readChatEvents, type SseEvent } from './sse-parser.ts'

function parseChunks(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = []
  const parser = createSseParser((event) => events.push(event))
  for (const chunk of chunks) parser.push(chunk)
  parser.end()
  return events
}

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
}

describe('the Server-Sent Events parser', () => {
  it('reads named events with JSON data and ignores ping comments', () => {
    const events = parseChunks([
      ': ping\n\n',
      'event: start\ndata: {"answerId":"a"}\n\n',
      ': ping\n\nevent: text\ndata: {"delta":"Hi"}\n\n',
    ])
    expect(events).toEqual([
      { event: 'start', data: '{"answerId":"a"}' },
      { event: 'text', data: '{"delta":"Hi"}' },
    ])
  })

  it('puts together events split anywhere across chunks, including between \\r and \\n', () => {
    const text = 'event: text\r\ndata: {"delta":"Ten"}\r\n\r\nevent: text\r\ndata: {"delta":"cent"}\r\n\r\n'
    const oneByOne = parseChunks([...text])
    expect(oneByOne.map((e) => e.data)).toEqual(['{"delta":"Ten"}', '{"delta":"cent"}'])
    expect(parseChunks([text.slice(0, 13), text.slice(13, 14), text.slice(14)])).toEqual(oneByOne)
  })

  it('joins several data lines with a newline and keeps a space after the first', () => {
    expect(parseChunks(['data: one\ndata:  two\ndata:three\n\n'])).toEqual([
      { event: 'message', data: 'one\n two\nthree' },
    ])
  })

  it('flushes a last event the stream ended without a blank line after', () => {
    expect(parseChunks(['event: done\ndata: {}'])).toEqual([{ event: 'done', data: '{}' }])
  })

  it('reads a byte stream whose chunks split a multi-byte character, and skips unknown or broken events', async () => {
    const bytes = new TextEncoder().encode(
      'event: text\ndata: {"delta":"騰訊"}\n\nevent: future\ndata: {}\n\nevent: text\ndata: {broken\n\nevent: done\ndata: {"status":"complete"}\n\n',
    )
    const events: ChatStreamEvent[] = []
    await readChatEvents(streamOf([bytes.slice(0, 22), bytes.slice(22, 25), bytes.slice(25)]), (e) =>
      events.push(e),
    )
    expect(events).toEqual([
      { name: 'text', data: { delta: '騰訊' } },
      { name: 'done', data: { status: 'complete' } },
    ])
  })
})
