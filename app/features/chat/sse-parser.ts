/**
 * A Server-Sent Events reader for the chat's answer stream (ADR 0013). The page reads the stream with `fetch` rather
 * than `EventSource` so the request carries the `Lang` header and can be aborted; the framing is parsed here:
 * `event:` and `data:` lines, a blank line ends an event, lines starting with `:` (the server's `: ping`) are
 * comments. A chunk may end anywhere, even inside a line or between `\r` and `\n`.
 */
import type { ChatStreamEventName, ChatStreamEvents } from '#contracts/chat-rules.ts'

export interface SseEvent {
  event: string
  data: string
}

/** Feeds text as it arrives; calls `onEvent` once per complete event. `end()` flushes a last unterminated event. */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = ''
  let eventName = ''
  let dataLines: string[] = []
  let hasData = false

  const dispatch = () => {
    if (hasData) onEvent({ event: eventName || 'message', data: dataLines.join('\n') })
    eventName = ''
    dataLines = []
    hasData = false
  }

  const processLine = (line: string) => {
    if (line === '') return dispatch()
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') eventName = value
    else if (field === 'data') {
      dataLines.push(value)
      hasData = true
    }
  }

  return {
    push(text: string) {
      buffer += text
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer)
        if (!match) break
        // A lone `\r` at the very end may be the first half of `\r\n`: wait for the next chunk.
        if (match[0] === '\r' && match.index === buffer.length - 1) break
        processLine(buffer.slice(0, match.index))
        buffer = buffer.slice(match.index + match[0].length)
      }
    },
    end() {
      if (buffer !== '') processLine(buffer.replace(/\r$/, ''))
      buffer = ''
      dispatch()
    },
  }
}

export type ChatStreamEvent = {
  [Name in ChatStreamEventName]: { name: Name; data: ChatStreamEvents[Name] }
}[ChatStreamEventName]

const knownEvents = new Set<string>(['start', 'tool', 'text', 'source', 'title', 'done', 'error'])

/** A raw event as a chat event, or null for names this page does not know (newer servers may send more). */
export function chatEventOf(event: SseEvent): ChatStreamEvent | null {
  if (!knownEvents.has(event.event)) return null
  try {
    return { name: event.event, data: JSON.parse(event.data) } as ChatStreamEvent
  } catch {
    return null
  }
}

/** Reads a response body to its end, handing over each chat event; resolves when the stream closes. */
export async function readChatEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ChatStreamEvent) => void,
): Promise<void> {
  const parser = createSseParser((raw) => {
    const event = chatEventOf(raw)
    if (event) onEvent(event)
  })
  const reader = body.getReader()
  const decoder = new TextDecoder()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      parser.push(decoder.decode(value, { stream: true }))
    }
    parser.push(decoder.decode())
    parser.end()
  } finally {
    reader.releaseLock()
  }
}
