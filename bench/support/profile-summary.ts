/**
 * A text flame graph of a V8 CPU profile (a `.cpuprofile` from `node --cpu-prof`): the frames that cost the most
 * time by themselves (self) and with what they call (total), and the same per package or source file, optionally
 * only for the samples taken in a window of the monotonic clock (the requests being measured, not the start).
 *
 * Run alone: `node bench/support/profile-summary.ts <file.cpuprofile> [rows]`.
 */
import { readFileSync } from 'node:fs'

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
  columnNumber: number
}

interface ProfileNode {
  id: number
  callFrame: CallFrame
  children?: number[]
}

export interface CpuProfile {
  nodes: ProfileNode[]
  /** Microseconds of the monotonic clock (CLOCK_MONOTONIC, as `process.hrtime`). */
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

/** Where a frame comes from: its npm package, or its file below the project, or what V8 calls it. */
export function originOf(url: string): string {
  if (!url) return '(native)'
  const packagePath = url.split('/node_modules/').pop()!
  if (packagePath !== url) {
    const parts = packagePath.split('/')
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!
  }
  if (url.startsWith('node:')) return url
  const project = url.match(/\/(app|server|contracts|build)\/(.*)$/)
  return project ? `${project[1]}/${project[2]}` : url
}

function frameName(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)'
  return frame.url ? `${name} ${originOf(frame.url)}:${frame.lineNumber + 1}` : name
}

const idleFrames = new Set(['(idle)', '(program)', '(garbage collector)'])

export interface ProfileSummary {
  /** Milliseconds sampled in the window (idle included). */
  sampledMs: number
  /** Milliseconds on the CPU in the window (not idle). */
  busyMs: number
  self: Array<{ frame: string; ms: number }>
  total: Array<{ frame: string; ms: number }>
  byOrigin: Array<{ origin: string; ms: number }>
}

/** The summary of the samples taken from `fromUs` to `toUs` (monotonic microseconds; the whole profile without). */
export function summarise(profile: CpuProfile, window?: { fromUs: number; toUs: number }): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)

  const self = new Map<string, number>()
  const total = new Map<string, number>()
  const byOrigin = new Map<string, number>()
  let sampledUs = 0
  let busyUs = 0
  let at = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0
    // A sample's time is the gap to the next one.
    const us = profile.timeDeltas[i + 1] ?? 0
    if (window && (at < window.fromUs || at > window.toUs)) continue
    sampledUs += us
    const leaf = byId.get(profile.samples[i]!)!
    const leafName = leaf.callFrame.functionName
    if (leafName === '(idle)') continue
    busyUs += us
    const leafFrame = idleFrames.has(leafName) ? leafName : frameName(leaf.callFrame)
    self.set(leafFrame, (self.get(leafFrame) ?? 0) + us)
    const origin = idleFrames.has(leafName) ? leafName : originOf(leaf.callFrame.url)
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + us)
    // Each function once per sample, however deep the recursion.
    const seen = new Set<string>()
    for (let id: number | undefined = leaf.id; id !== undefined; id = parentOf.get(id)) {
      const node = byId.get(id)!
      if (node.callFrame.functionName === '(root)') continue
      const name = frameName(node.callFrame)
      if (seen.has(name)) continue
      seen.add(name)
      total.set(name, (total.get(name) ?? 0) + us)
    }
  }
  const sorted = <K extends string>(map: Map<string, number>, key: K) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => ({ [key]: name, ms: us / 1000 }) as { [P in K]: string } & { ms: number })
  return {
    sampledMs: sampledUs / 1000,
    busyMs: busyUs / 1000,
    self: sorted(self, 'frame'),
    total: sorted(total, 'frame'),
    byOrigin: sorted(byOrigin, 'origin'),
  }
}

/** Prints the top rows of each table, in milliseconds per request when `requests` is given. */
export function printSummary(summary: ProfileSummary, rows = 25, requests = 1): void {
  const perRequest = (ms: number) => Number((ms / requests).toFixed(3))
  // Samples count the thread's wall time while it runs JavaScript: on a busy machine the shares compare better.
  const share = (ms: number) => `${((ms / summary.busyMs) * 100).toFixed(1)}%`
  const unit = requests === 1 ? 'ms' : 'ms/req'
  console.log(
    `sampled ${summary.sampledMs.toFixed(0)} ms, on the CPU ${summary.busyMs.toFixed(0)} ms (${perRequest(summary.busyMs)} ${unit})`,
  )
  console.log('\nSelf time (the frame itself):')
  console.table(
    summary.self
      .slice(0, rows)
      .map((row) => ({ frame: row.frame, [unit]: perRequest(row.ms), share: share(row.ms) })),
  )
  console.log('\nTotal time (the frame and what it calls):')
  console.table(
    summary.total
      .slice(0, rows)
      .map((row) => ({ frame: row.frame, [unit]: perRequest(row.ms), share: share(row.ms) })),
  )
  console.log('\nSelf time by package or file:')
  console.table(
    summary.byOrigin
      .slice(0, rows)
      .map((row) => ({ origin: row.origin, [unit]: perRequest(row.ms), share: share(row.ms) })),
  )
}

if (import.meta.main) {
  const [file, rows] = process.argv.slice(2)
  if (!file) throw new Error('usage: node bench/support/profile-summary.ts <file.cpuprofile> [rows]')
  printSummary(summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile), Number(rows ?? 25))
}
