/** Reads a text/event-stream body back into the events of ChatStreamEvents (tests, bench). */
import type { ChatStreamEvent } from '../chat-answer.ts'

export function parseEventStream(body: string): ChatStreamEvent[] {
  const events: ChatStreamEvent[] = []
  for (const block of body.split('\n\n')) {
    let name: string | undefined
    let data = ''
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) name = line.slice('event: '.length)
      else if (line.startsWith('data: ')) data += line.slice('data: '.length)
    }
    if (name) events.push({ event: name, data: JSON.parse(data) } as ChatStreamEvent)
  }
  return events
}
