/** A log stream for tests that read what the server wrote: every line kept, in order. */
import { Writable } from 'node:stream'

export function capturedLog(): { stream: Writable; lines: string[]; text(): string } {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { stream, lines, text: () => lines.join('') }
}
