/**
 * A reading process: the program the file reader (extract-text.ts) starts with node:child_process. It takes one
 * file at a time over its IPC channel, reads it (extract-text.task.ts) and answers with the FileReading. Being a
 * process of its own is the point: whatever a file does to it — a V8 heap that runs out, a native abort in
 * WebAssembly or PDF.js, a loop — ends this process, never the server. It cannot reach the network (refused before
 * any reading code loads), and it ends as soon as the server does: its channel closes, and it exits.
 */
import type { ReadTask } from './extract-text.task.ts'
import type { FileReading } from './file-reading.ts'
import { refuseNetwork } from './network-refusal.ts'

refuseNetwork('reading')

// The reader is gone (ended, crashed, killed): nobody will ask or listen again.
process.on('disconnect', () => process.exit(0))

/** What the reader sends: one file to read. */
export interface ReadRequest {
  type: 'read'
  id: number
  task: ReadTask
}

/** What the process sends: that it is ready to read, or the reading of the request `id`. */
export type ReadingProcessMessage = { type: 'ready' } | { type: 'reading'; id: number; reading: FileReading }

const send = (message: ReadingProcessMessage) => {
  // A message that cannot be sent means the reader is gone.
  process.send?.(message, undefined, {}, (error) => {
    if (error) process.exit(0)
  })
}

// Loaded after the guard above, so no reading code ever sees a way out.
const { readFileTask } = await import('./extract-text.task.ts')

process.on('message', async (message: ReadRequest) => {
  if (message?.type !== 'read') return
  send({ type: 'reading', id: message.id, reading: await readFileTask(message.task) })
})

send({ type: 'ready' })
