/**
 * Where a server process's memory goes, for bench/memory.bench.ts: loaded into the server with
 * `NODE_OPTIONS=--import ./bench/support/memory-probe.ts` (never by the server itself), it answers SIGUSR2 by writing
 * `<MEMORY_PROBE_PREFIX>-<pid>-<n>.json`:
 * - `process.memoryUsage()` (rss, heapTotal, heapUsed, external, arrayBuffers) of the main thread;
 * - the V8 heap of every worker thread (PGlite's, ADR 0028);
 * - the resident size of the process's WebAssembly memories (PGlite's), from /proc/self/smaps;
 * - the packages whose code the process loaded (bytes of source), to see what a start brings in;
 * - whether the main thread loaded Node's type stripper (the server's modules should come stripped, ADR 0047).
 * With MEMORY_PROBE_SNAPSHOT=1 it also writes a heap snapshot beside the report (Chrome DevTools opens it).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import module from 'node:module'
import v8 from 'node:v8'
import workerThreads from 'node:worker_threads'

export interface MemoryReport {
  rssMb: number
  heapTotalMb: number
  heapUsedMb: number
  externalMb: number
  arrayBuffersMb: number
  /** V8 heaps of the worker threads (PGlite's), committed / used. */
  threadHeaps: Array<{ totalMb: number; usedMb: number }>
  /** Resident part of the WebAssembly memories (PGlite's). */
  wasmMb: number
  /** Resident part of glibc's main malloc arena (`[heap]`): native allocations, array buffers' bytes among them. */
  mallocHeapMb: number
  /** Resident pages of the node executable (its code, read from the file: shared by every process that runs it). */
  executableMb: number
  /** Loaded source by package (`server`, `app`, `build` for the project's own), largest first, kB. */
  loadedKb: Array<[string, number]>
  typeStripperLoaded: boolean
}

const toMb = (bytes: number) => Math.round(bytes / 1048576)

/**
 * Resident kB by where the pages come from, read from /proc/self/smaps:
 * - the WebAssembly memories: V8 maps each as its accessible part (read-write) followed at once by a guard region
 *   of several GB that may not be touched (`---p`); only what PostgreSQL touched is resident;
 * - glibc's main arena (`[heap]`, grown with brk): what it keeps after a free stays resident unless it is at the top;
 * - the node executable's mappings (its code and data as read from the file).
 */
function residentKb(): { wasmKb: number; mallocHeapKb: number; executableKb: number } {
  interface Mapping {
    start: number
    end: number
    perms: string
    anonymous: boolean
    path: string
    rssKb: number
  }
  const mappings: Mapping[] = []
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(\S*)/.exec(line)
    if (header) {
      mappings.push({
        start: Number.parseInt(header[1]!, 16),
        end: Number.parseInt(header[2]!, 16),
        perms: header[3]!,
        anonymous: header[4] === '0' && !header[5],
        path: header[5] ?? '',
        rssKb: 0,
      })
      continue
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line)
    const last = mappings.at(-1)
    if (rss && last) last.rssKb = Number(rss[1])
  }
  let wasmKb = 0
  let mallocHeapKb = 0
  let executableKb = 0
  mappings.forEach((mapping, index) => {
    if (mapping.path === '[heap]') mallocHeapKb += mapping.rssKb
    if (mapping.path === process.execPath) executableKb += mapping.rssKb
    const next = mappings[index + 1]
    const isGuarded =
      next !== undefined &&
      next.start === mapping.end &&
      next.anonymous &&
      next.perms === '---p' &&
      next.end - next.start >= 2 ** 30
    if (mapping.anonymous && mapping.perms === 'rw-p' && isGuarded) wasmKb += mapping.rssKb
  })
  return { wasmKb, mallocHeapKb, executableKb }
}

function packageOf(url: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (inModules) return inModules[1]!
  for (const own of ['build', 'server', 'app', 'contracts']) if (url.includes(`/${own}/`)) return own
  return 'other'
}

if (workerThreads.isMainThread && process.env.MEMORY_PROBE_PREFIX) {
  const prefix = process.env.MEMORY_PROBE_PREFIX
  const loadedBytes = new Map<string, number>()
  module.registerHooks({
    load(url, context, nextLoad) {
      const result = nextLoad(url, context)
      if (result.source) {
        const name = packageOf(url)
        loadedBytes.set(
          name,
          (loadedBytes.get(name) ?? 0) +
            (typeof result.source === 'string' ? result.source.length : result.source.byteLength),
        )
      }
      return result
    },
  })
  // Every Worker made from now on (PGlite's thread), for its heap statistics.
  const threads: workerThreads.Worker[] = []
  const { Worker } = workerThreads
  workerThreads.Worker = class extends Worker {
    constructor(...args: ConstructorParameters<typeof Worker>) {
      super(...args)
      threads.push(this)
      this.once('exit', () => threads.splice(threads.indexOf(this), 1))
    }
  }
  module.syncBuiltinESMExports()

  let reports = 0
  process.on('SIGUSR2', async () => {
    reports += 1
    const usage = process.memoryUsage()
    const threadHeaps = await Promise.all(
      threads.map(async (thread) => {
        const heap = await thread.getHeapStatistics()
        return { totalMb: toMb(heap.total_heap_size), usedMb: toMb(heap.used_heap_size) }
      }),
    )
    const resident = residentKb()
    const report: MemoryReport = {
      rssMb: toMb(usage.rss),
      heapTotalMb: toMb(usage.heapTotal),
      heapUsedMb: toMb(usage.heapUsed),
      externalMb: toMb(usage.external),
      arrayBuffersMb: toMb(usage.arrayBuffers),
      threadHeaps,
      wasmMb: Math.round(resident.wasmKb / 1024),
      mallocHeapMb: Math.round(resident.mallocHeapKb / 1024),
      executableMb: Math.round(resident.executableKb / 1024),
      loadedKb: [...loadedBytes]
        .sort((a, b) => b[1] - a[1])
        .map(([name, bytes]): [string, number] => [name, Math.round(bytes / 1024)]),
      typeStripperLoaded: (process as unknown as { moduleLoadList: string[] }).moduleLoadList.some((name) =>
        name.includes('amaro'),
      ),
    }
    const file = `${prefix}-${process.pid}-${reports}`
    if (process.env.MEMORY_PROBE_SNAPSHOT === '1') v8.writeHeapSnapshot(`${file}.heapsnapshot`)
    writeFileSync(`${file}.json`, JSON.stringify(report))
  })
}
