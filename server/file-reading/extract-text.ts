/**
 * The file reader: extracts the text of uploaded files outside the server process, in reading processes
 * (node:child_process, extract-text.child.ts), so that no file — damaged, hostile or just big — can hang or crash
 * the server. A worker thread would not do: a V8 heap that runs out, or a native abort in WebAssembly or PDF.js,
 * can take its whole process down with it. Each reading gets a hard time limit from the moment a process takes the
 * file (past it, the process is killed, OCR engine and all), a memory ceiling (its resident memory, watched from
 * here, and its V8 heap: past either the file is refused as too big to read), a text budget, and no way out: no network, none of the server's environment. A healthy process is kept for the next reading (a
 * start costs a few hundred milliseconds, the OCR engine's warm-up more); one that failed in any way is killed and
 * the next reading gets a new one. Readings beyond the number of processes wait their turn in order. `read` never
 * throws: every outcome, a hang or a crash included, is a FileReading. What the formats are and how each is read is
 * the reading process's (extract-text.task.ts); what is stored and searched afterwards is the chat-files service's.
 */
import { type ChildProcess, fork } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import type { Socket } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type ChatFileKind, chatFileMaxBytes } from '#contracts/chat-file-rules.ts'
import type { ReadingProcessMessage, ReadRequest } from './extract-text.child.ts'
import type { ReadLimits } from './extract-text.task.ts'
import { type FileReading, isFileReading } from './file-reading.ts'
import { defaultZipLimits, type ZipLimits } from './zip-entries.ts'

export interface FileReaderOptions {
  /** Reading processes (files read at once). Default 1: OCR and PDF parsing take a whole core. */
  workers?: number
  /** A reading taking longer is cut (its process killed). Default 60 s. */
  timeoutMs?: number
  /** Characters of text kept per file; the rest is dropped with `truncated`. Default 1,000,000. */
  maxTextChars?: number
  /**
   * Memory of one reading process (resident, in MB): past it the reading is stopped and the file refused as too big
   * to read. Its V8 heap (old generation) gets three quarters of it. Default 512.
   */
  maxMemoryMb?: number
  /** An idle reading process ends after this long (and frees its OCR engine). Default 60 s. */
  idleTimeoutMs?: number
  zip?: Partial<ZipLimits>
  /** Default 2,000. */
  maxPdfPages?: number
  /** Images with more pixels are not decoded. Default 40 million (a 7,700 × 5,200 photo). */
  maxImagePixels?: number
  /** Rows per sheet. Default 100,000. */
  maxSheetRows?: number
}

export interface FileReader {
  /** Reads one file; `timeoutMs` overrides the reader's own limit for this reading. */
  read(filePath: string, kind: ChatFileKind, options?: { timeoutMs?: number }): Promise<FileReading>
  /** Ends the reading processes; readings still waiting or under way come back unreadable. */
  close(): Promise<void>
}

/** A source file like the rest of the server (Node strips its types): found beside this one wherever it runs. */
const childEntry = fileURLToPath(new URL('./extract-text.child.ts', import.meta.url))
/** A process that has not said it is ready by then is not going to be. Not counted in a reading's time. */
const processStartLimitMs = 30_000
/** What is kept of a process's stderr: enough to tell a heap that ran out, not a hostile file's whole story. */
const stderrTailChars = 4096
/** How often a reading process's resident memory is looked at while it reads. */
const memoryCheckEveryMs = 100

type ProcessEvent =
  | { kind: 'message'; message: unknown }
  | { kind: 'ended'; detail: string }
  | { kind: 'timeout' }

interface ReadingProcess {
  process: ChildProcess
  isReady: boolean
  isReading: boolean
  /** Why the process ended (for the log), once it has. */
  endedWith: string | null
  /** Hears the next thing the process says or does; null while nobody waits for it. */
  listener: ((event: ProcessEvent) => void) | null
  stderrTail: string
  idleTimer: NodeJS.Timeout | undefined
  /** Settles when the process is gone and its pipes are closed. */
  gone: Promise<void>
  /** Set when the memory watch killed it: the file needed more than the process may use. */
  exceededMemory: boolean
}

/** The reading processes of each reader, for tests that kill one mid-reading. */
const processesOfReader = new WeakMap<FileReader, Set<ReadingProcess>>()

/** The live reading processes of `reader`, and whether each has a file in hand now. For tests. */
export function listReadingProcesses(reader: FileReader): Array<{ pid: number; isReading: boolean }> {
  return [...(processesOfReader.get(reader) ?? [])].flatMap((child) =>
    child.process.pid === undefined ? [] : [{ pid: child.process.pid, isReading: child.isReading }],
  )
}

/**
 * The resident memory of process `pid` in MB, from /proc (Linux); undefined where there is no /proc or the process
 * is gone. Read by the parent: a process busy in a synchronous parse or in WebAssembly could not watch itself.
 */
async function residentMemoryMb(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]
    return kb === undefined ? undefined : Number(kb) / 1024
  } catch {
    return undefined
  }
}

const ranOutOfMemory = /^reading ran out of memory/

/** Why a process ended, in words for the log; a heap that ran out is named as such. */
function describeEnd(code: number | null, signal: NodeJS.Signals | null, stderrTail: string): string {
  const how = signal ? `was ended by ${signal}` : `exited with code ${code}`
  if (/heap out of memory|heap limit|allocation failed|out of memory/i.test(stderrTail)) {
    return `reading ran out of memory (the reading process ${how})`
  }
  // The error's own line, not its stack or the version line Node prints after it.
  const lastLine = stderrTail
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at ') && !/^Node\.js v\d/.test(line))
    .at(-1)
    ?.slice(0, 200)
  return `the reading process ${how}${lastLine ? `: ${lastLine}` : ''}`
}

/** The environment a reading process gets: enough to run Node, none of the server's settings or secrets. */
function readingEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  if (process.env.PATH) env.PATH = process.env.PATH
  if (process.env.NODE_ENV) env.NODE_ENV = process.env.NODE_ENV
  return env
}

export function createFileReader(options: FileReaderOptions = {}): FileReader {
  const workers = Math.max(1, options.workers ?? 1)
  const timeoutMs = options.timeoutMs ?? 60_000
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000
  const limits: ReadLimits = {
    maxFileBytes: chatFileMaxBytes,
    maxTextChars: options.maxTextChars ?? 1_000_000,
    zip: { ...defaultZipLimits, ...options.zip },
    maxPdfPages: options.maxPdfPages ?? 2_000,
    maxImagePixels: options.maxImagePixels ?? 40_000_000,
    maxSheetRows: options.maxSheetRows ?? 100_000,
  }
  const maxMemoryMb = options.maxMemoryMb ?? 512
  const execArgv = [
    // The heap runs out before the whole process does: V8 ends it with a message we can name (below, in
    // describeEnd); what lives outside the heap (buffers, WebAssembly, the OCR thread) is caught by the watch.
    `--max-old-space-size=${Math.max(32, Math.floor(maxMemoryMb * 0.75))}`,
    // Two 16 MB semi-spaces: the young generation stays small beside the heap ceiling. V8's own stack limit
    // (about 1 MB) is kept: raised past the system's stack it would turn a file nested too deep from a RangeError
    // (unreadable) into a segfault (still unreadable, but with nothing to say why).
    '--max-semi-space-size=16',
    // No eval, no `new Function`: nothing a file says is ever compiled (PDF.js and Tesseract need neither).
    '--disallow-code-generation-from-strings',
    // Node's permission model: files may be read (the upload, the code, the OCR models), never written, and no
    // program started; threads only for the OCR engine.
    '--permission',
    '--allow-fs-read=*',
    '--allow-worker',
    // The process's stderr is read only to tell why it died; warnings would only crowd that out.
    '--no-warnings',
  ]

  const live = new Set<ReadingProcess>()
  const idle: ReadingProcess[] = []
  let lastRequestId = 0

  function startProcess(): ReadingProcess {
    const spawned = fork(childEntry, [], {
      execArgv,
      env: readingEnvironment(),
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
    let markGone: () => void = () => undefined
    const child: ReadingProcess = {
      process: spawned,
      isReady: false,
      isReading: false,
      endedWith: null,
      listener: null,
      stderrTail: '',
      idleTimer: undefined,
      gone: new Promise((resolve) => {
        markGone = resolve
      }),
      exceededMemory: false,
    }
    const end = (detail: string) => {
      if (child.endedWith !== null) return
      child.endedWith = detail
      clearTimeout(child.idleTimer)
      live.delete(child)
      removeIdle(child)
      child.listener?.({ kind: 'ended', detail })
      markGone()
    }
    spawned.stderr?.setEncoding('utf8')
    spawned.stderr?.on('data', (text: string) => {
      child.stderrTail = (child.stderrTail + text).slice(-stderrTailChars)
    })
    spawned.on('message', (message: unknown) => {
      if (child.listener) child.listener({ kind: 'message', message })
      // Nobody asked: a process that talks out of turn is not trusted with another file.
      else killProcess(child)
    })
    spawned.on('close', (code, signal) => end(describeEnd(code, signal, child.stderrTail)))
    spawned.on('error', (error) => {
      // Not started at all (no process to wait for), or its channel broke: either way it is done.
      if (spawned.pid === undefined) end(`the reading process could not start: ${error.message}`)
      else killProcess(child)
    })
    live.add(child)
    return child
  }

  function killProcess(child: ReadingProcess) {
    removeIdle(child)
    if (child.endedWith === null) child.process.kill('SIGKILL')
  }

  function removeIdle(child: ReadingProcess) {
    const at = idle.indexOf(child)
    if (at >= 0) idle.splice(at, 1)
  }

  /** While a process waits between readings it does not hold the server (or a script) open. */
  function holdOpen(child: ReadingProcess, hold: boolean) {
    const handles = [child.process, child.process.channel, child.process.stderr as Socket | null]
    for (const handle of handles) {
      if (hold) handle?.ref()
      else handle?.unref()
    }
  }

  function takeProcess(): ReadingProcess {
    const child = idle.pop() ?? startProcess()
    clearTimeout(child.idleTimer)
    holdOpen(child, true)
    return child
  }

  function parkProcess(child: ReadingProcess) {
    if (closed || child.endedWith !== null) {
      killProcess(child)
      return
    }
    holdOpen(child, false)
    child.idleTimer = setTimeout(() => killProcess(child), idleTimeoutMs)
    child.idleTimer.unref()
    idle.push(child)
  }

  function nextEvent(child: ReadingProcess, limitMs: number): Promise<ProcessEvent> {
    if (child.endedWith !== null) return Promise.resolve({ kind: 'ended', detail: child.endedWith })
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle({ kind: 'timeout' }), limitMs)
      const settle = (event: ProcessEvent) => {
        clearTimeout(timer)
        child.listener = null
        resolve(event)
      }
      child.listener = settle
    })
  }

  // Our own queue: a reading's time starts when a process is free for it, not when it was asked.
  let running = 0
  const waiting: Array<(granted: boolean) => void> = []
  let closed = false
  const takeSlot = (): Promise<boolean> => {
    if (closed) return Promise.resolve(false)
    if (running < workers) {
      running++
      return Promise.resolve(true)
    }
    return new Promise((resolve) => waiting.push(resolve))
  }
  const giveSlot = () => {
    const next = waiting.shift()
    if (next) next(true)
    else running--
  }
  const closedAnswer = { ok: false, error: 'CHAT_FILE_UNREADABLE', detail: 'the reader was closed' } as const
  const unreadable = (detail: string): FileReading =>
    closed ? closedAnswer : { ok: false, error: 'CHAT_FILE_UNREADABLE', detail }

  /**
   * Looks at the process's resident memory while it reads; past `maxMemoryMb` it is killed, and the reading ends as
   * too big to read. Returns the function that stops watching.
   */
  function watchMemory(child: ReadingProcess): () => void {
    const pid = child.process.pid
    if (pid === undefined) return () => undefined
    let isWatching = true
    let timer: NodeJS.Timeout | undefined
    const look = async () => {
      const used = await residentMemoryMb(pid)
      if (!isWatching) return
      // No /proc here (not Linux): the heap's own ceiling is the only one.
      if (used === undefined) return
      if (used > maxMemoryMb) {
        child.exceededMemory = true
        killProcess(child)
        return
      }
      timer = setTimeout(look, memoryCheckEveryMs)
    }
    timer = setTimeout(look, memoryCheckEveryMs)
    return () => {
      isWatching = false
      clearTimeout(timer)
    }
  }

  /** Waits for a new process to say it is ready; undefined when it is, else why it is not. */
  async function awaitStart(child: ReadingProcess): Promise<string | undefined> {
    if (child.isReady) return undefined
    const started = await nextEvent(child, processStartLimitMs)
    if (started.kind === 'message' && (started.message as ReadingProcessMessage)?.type === 'ready') {
      child.isReady = true
      return undefined
    }
    if (started.kind === 'ended') return `the reading process did not start: ${started.detail}`
    if (started.kind === 'timeout')
      return `the reading process did not start within ${processStartLimitMs} ms`
    return 'the reading process did not start: it answered out of turn'
  }

  async function readInProcess(
    child: ReadingProcess,
    filePath: string,
    kind: ChatFileKind,
    limitMs: number,
  ): Promise<FileReading> {
    const notStarted = await awaitStart(child)
    if (notStarted) {
      killProcess(child)
      return unreadable(notStarted)
    }
    const request: ReadRequest = { type: 'read', id: ++lastRequestId, task: { filePath, kind, limits } }
    child.process.send(request, (error) => {
      if (error) killProcess(child)
    })
    child.isReading = true
    const stopWatching = watchMemory(child)
    const answered = await nextEvent(child, limitMs)
    stopWatching()
    child.isReading = false
    if (answered.kind === 'message') {
      const message = answered.message as ReadingProcessMessage
      if (message?.type === 'reading' && message.id === request.id && isFileReading(message.reading)) {
        parkProcess(child)
        return message.reading
      }
    }
    killProcess(child)
    if (answered.kind === 'timeout') return unreadable(`reading took longer than ${limitMs} ms`)
    if (answered.kind === 'ended') {
      if (closed) return closedAnswer
      if (child.exceededMemory) {
        const detail = `the reading process used more than ${maxMemoryMb} MB and was stopped`
        return { ok: false, error: 'CHAT_FILE_TOO_BIG_TO_READ', detail }
      }
      if (ranOutOfMemory.test(answered.detail)) {
        return { ok: false, error: 'CHAT_FILE_TOO_BIG_TO_READ', detail: answered.detail }
      }
      return unreadable(answered.detail)
    }
    return unreadable('the reading process answered with something that is not a reading')
  }

  async function read(
    filePath: string,
    kind: ChatFileKind,
    options: { timeoutMs?: number } = {},
  ): Promise<FileReading> {
    if (!(await takeSlot())) return closedAnswer
    let child: ReadingProcess | undefined
    try {
      child = takeProcess()
      // A full path: the process is told exactly which file, whatever directory either works in.
      return await readInProcess(child, path.resolve(filePath), kind, options.timeoutMs ?? timeoutMs)
    } catch (error) {
      // Starting or talking to a process failed in a way it did not report by an event: it is not trusted again.
      if (child) killProcess(child)
      return unreadable(
        `the reading process failed: ${error instanceof Error ? error.message : String(error)}`,
      )
    } finally {
      giveSlot()
    }
  }

  async function close(): Promise<void> {
    closed = true
    for (const resolve of waiting.splice(0)) resolve(false)
    const ending = [...live]
    for (const child of ending) {
      // Held open until it is gone, or a closing script would end before its processes do.
      holdOpen(child, true)
      killProcess(child)
    }
    await Promise.all(ending.map((child) => child.gone))
  }

  const reader: FileReader = { read, close }
  processesOfReader.set(reader, live)
  return reader
}
