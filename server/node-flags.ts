/**
 * How the server process starts, for a footprint that fits a small server (bench/memory.bench.ts):
 * - `--max-semi-space-size=8`: V8 sizes the young generation by the machine's memory, up to 128 MB on a large one,
 *   and keeps it once a busy start has grown it. A render's short-lived objects fit in 8 MB semi-spaces; 16 held
 *   ~25 MB more through a soak in each of the process's two heaps (the server's and PGlite's thread; ADR 0025).
 * - `GLIBC_TUNABLES`: at most two malloc arenas, and large blocks handed back to the system when freed. Compiling
 *   PGlite's WebAssembly takes some 600 MB of compiler memory for a moment at start; with glibc's defaults each
 *   compiler thread's arena keeps what it freed, some 100 MB for the life of the process. A fixed mmap threshold
 *   (64 KB): by default glibc raises it to the largest block freed so far, after which blocks of that size (a
 *   compressor's window, a compiler's zone) come from the arenas and stay there once freed; and blocks between 64
 *   and 128 KB (a page's body, a compressor's 64 KB output buffer), freed in another order than they were taken,
 *   left holes in the main arena that it never gave back (62 → 47 MB of arena per worker after 200 uncached
 *   renders; 32 KB gets it to ~27 but costs an uncached article 2–4 ms more CPU in page faults; ADR 0025
 *   amendment 3). (Ignored off glibc.)
 *
 * - `--expose-gc`: a start's work (migrations, the seed, a first market-data fill, compiling PostgreSQL's
 *   WebAssembly) leaves a heap that V8 keeps committed until load makes it collect; once the process serves, one
 *   full collection gives it back (`collectStartGarbage`, here and in PGlite's thread).
 *
 * - `--import=<build>/server-modules/server/stripped-modules.js`, when the build has it: the server's modules load
 *   from copies the build stripped of their types, so no thread of the process loads Node's type stripper (~18 MB
 *   in the main thread, ~12 MB in PGlite's; stripped-modules.ts, ADR 0047).
 *
 * All are read once, when the process starts, so they cannot be set from inside: the entry (main.ts) starts itself
 * again with them when they are missing (process.execve: the same process, id and standard streams, before anything
 * else is loaded). What the operator set wins: a flag of the same name on the command line or in NODE_OPTIONS, any
 * GLIBC_TUNABLES of their own.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { strippedModulesFolder } from './stripped-modules.ts'

export const serverV8Flags: readonly string[] = ['--max-semi-space-size=8', '--expose-gc']
export const serverMallocTunables =
  'glibc.malloc.arena_max=2:glibc.malloc.trim_threshold=131072:glibc.malloc.mmap_threshold=65536'

function flagName(flag: string): string {
  return flag.split('=')[0]!.replace(/_/g, '-')
}

/** Our flags the process was started without (none of the same name on its command line or in NODE_OPTIONS). */
export function missingServerFlags(execArgv: readonly string[], nodeOptions: string | undefined): string[] {
  const given = new Set([...execArgv, ...(nodeOptions ?? '').split(/\s+/)].filter(Boolean).map(flagName))
  return serverV8Flags.filter((flag) => !given.has(flagName(flag)))
}

/**
 * `--import` of the build's stripped-modules hook, when the build has one and the process does not load it yet
 * (an operator's own `--import`s stay, beside it).
 */
export function missingStrippedModulesFlag(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
  hookFile: string,
): string[] {
  if (!existsSync(hookFile)) return []
  const flag = `--import=${pathToFileURL(hookFile).href}`
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)]
  return given.includes(flag) ? [] : [flag]
}

/** Where the build keeps the stripped-modules hook (scripts/strip-server-types.ts writes it). */
export function strippedModulesHookOf(buildDir: string): string {
  return path.join(buildDir, strippedModulesFolder, 'server', 'stripped-modules.js')
}

/** The environment to start again with, or undefined when the process already has the allocator settings. */
export function environmentWithTunables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv | undefined {
  if (env.GLIBC_TUNABLES !== undefined) return undefined
  return { ...env, GLIBC_TUNABLES: serverMallocTunables }
}

/**
 * Replaces this process with itself plus what is missing, or returns when nothing is (or the platform cannot replace
 * a process: Windows runs with V8's and the allocator's defaults).
 */
export function relaunchWithServerSettings(buildDir: string): void {
  const missing = [
    ...missingServerFlags(process.execArgv, process.env.NODE_OPTIONS),
    ...missingStrippedModulesFlag(
      process.execArgv,
      process.env.NODE_OPTIONS,
      strippedModulesHookOf(buildDir),
    ),
  ]
  const env = environmentWithTunables(process.env)
  if ((missing.length === 0 && !env) || typeof process.execve !== 'function') return
  process.execve(
    process.execPath,
    [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)],
    env ?? process.env,
  )
}

/** Whether this platform can replace a process with a new start of itself (not on Windows). */
export const canStartAgain = typeof process.execve === 'function'

/**
 * Replaces this process with a new start of the same command (same id, arguments, environment and streams), for a
 * process whose start left memory that only a new process gives back. Only where `canStartAgain`.
 */
export function startAgain(): never {
  if (typeof process.execve !== 'function') throw new Error('this platform cannot start a process again')
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    process.env,
  )
  throw new Error('process.execve returned')
}

type GarbageCollector = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void

/**
 * One full, compacting collection that hands freed memory back to the system: for the end of the start, when what
 * the start made is garbage and no request is waiting. Nothing when the process runs without `--expose-gc` (tests,
 * development, an operator's own flags).
 */
export function collectStartGarbage(): void {
  const gc = (globalThis as { gc?: GarbageCollector }).gc
  gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}
