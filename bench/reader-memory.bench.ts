/**
 * The memory of a reading process on a big text file (`node bench/reader-memory.bench.ts`, or
 * `npm run bench -- reader-memory`): writes 50 MB text files to a temporary folder — UTF-8 (English and Chinese
 * lines with a tab-separated table, as an exported report would be), Big5 (decoded by iconv, not by Node) and one
 * line of words with no line break (an export gone wrong; the worst case of a reader that splits lines) — reads
 * each through the real file reader (a reading process, as the server forks it) and prints the process's peak
 * memory: VmHWM from /proc/<pid>/status, read while the process waits idle after its reading. Each file gets a new
 * reader, so each peak is one reading's.
 *
 * `READER_ROOT=/path/to/another/checkout` reads with that checkout's reader instead (the figure before a change);
 * `BENCH_FILE_MB` sets the size (at most 50, the upload limit).
 */
import { createWriteStream } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { pathToFileURL } from 'node:url'
import iconv from 'iconv-lite'
import type * as ExtractText from '#server/file-reading/extract-text.ts'

const fileBytes = Math.min(50, Number(process.env.BENCH_FILE_MB ?? 50)) * 1024 * 1024
const root = process.env.READER_ROOT ? path.resolve(process.env.READER_ROOT) : undefined
const { createFileReader, listReadingProcesses }: typeof ExtractText = await import(
  root
    ? pathToFileURL(path.join(root, 'server/file-reading/extract-text.ts')).href
    : '#server/file-reading/extract-text.ts'
)

const lines = [
  'Quarterly review of the portfolio: holdings, weights and the reasons for each change.',
  '本季投資組合檢討：持股、權重與每項調整的理由，以及下一季的觀察重點。',
  'Ticker\tName\tShares\tPrice\tMarket value\tWeight',
  '2330\t台積電\t1,000\t1,035.00\t1,035,000\t35.2%',
  'AAPL\tApple Inc.\t120\t228.15\t27,378\t9.3%',
  '',
]

type Variant = 'utf-8' | 'big5' | 'one-line'

/** `bytes` bytes of text, written a block at a time (the bench never holds the file either). */
async function writeTextFile(filePath: string, variant: Variant, bytes: number): Promise<void> {
  const block =
    variant === 'one-line'
      ? Buffer.from('holdings and dividends '.repeat(40_000))
      : iconv.encode(`${lines.join('\n')}\n`.repeat(2000), variant)
  async function* blocks() {
    let left = bytes
    while (left > 0) {
      const size = Math.min(block.length, left)
      // Cut at a line end so the last character is whole.
      const piece = block.subarray(0, size)
      const end = size < block.length && variant !== 'one-line' ? piece.lastIndexOf(0x0a) + 1 || size : size
      yield piece.subarray(0, end)
      left -= end
    }
  }
  await pipeline(blocks(), createWriteStream(filePath))
}

async function peakOf(pid: number): Promise<{ hwmMb: number; rssMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) / 1024
  return { hwmMb: field('VmHWM'), rssMb: field('VmRSS') }
}

const folder = await mkdtemp(path.join(os.tmpdir(), 'reader-memory-'))
try {
  console.log(
    `Reading process memory on a ${(fileBytes / 1024 / 1024).toFixed(0)} MB text file${root ? ` (reader of ${root})` : ''}`,
  )
  for (const variant of ['utf-8', 'big5', 'one-line'] as const) {
    const filePath = path.join(folder, `report-${variant}.txt`)
    await writeTextFile(filePath, variant, fileBytes)
    const reader = createFileReader({ idleTimeoutMs: 60_000 })
    const started = performance.now()
    const reading = await reader.read(filePath, 'txt')
    const seconds = (performance.now() - started) / 1000
    const child = listReadingProcesses(reader)[0]
    const peak = child ? await peakOf(child.pid) : undefined
    const outcome = reading.ok
      ? `read: ${reading.sections.reduce((sum, section) => sum + section.text.length, 0).toLocaleString('en')} characters kept${reading.truncated ? ' (truncated)' : ''}`
      : `${reading.error} (${reading.detail})`
    console.log(
      `  ${variant.padEnd(8)} peak RSS (VmHWM) ${peak ? `${peak.hwmMb.toFixed(0)} MB` : 'n/a (the process ended)'}` +
        `  ${seconds.toFixed(1)} s  ${outcome}`,
    )
    await reader.close()
    await rm(filePath, { force: true })
  }
} finally {
  await rm(folder, { recursive: true, force: true })
}
