/**
 * CSV import: how fast a large prices file is read into records (csv-parse, with each record's line) and how fast
 * the whole dry run goes (records, validation, rejections). Prints figures; decides nothing. The choice of reader
 * and its figures are in docs/decisions/0020-csv-reading-with-csv-parse.md.
 *
 *   node bench/csv-import.bench.ts [--rows 300000] [--runs 3]
 *
 * The file is generated: 200 companies of the universe, one row each per weekday from 1990, CRLF line ends, a
 * byte-order mark, every tenth code quoted. The best of the runs is printed (the machine may be shared).
 */
import { createReadStream } from 'node:fs'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createDryRunSink, importCsvFile } from '#server/providers/market-data/csv/csv-importer.ts'
import { createCsvRecordReader } from '#server/providers/market-data/csv/csv-records.ts'
import { universe } from '#server/providers/market-data/universe.ts'

const { values } = parseArgs({ options: { rows: { type: 'string' }, runs: { type: 'string' } } })
const rows = Number(values.rows ?? 300_000)
const runs = Number(values.runs ?? 3)

function generatePrices(count: number): string {
  const lines = ['\uFEFFcode,market,date,open,high,low,close,volume']
  const companies = universe.slice(0, 200)
  for (let day = Date.UTC(1990, 0, 1); lines.length <= count; day += 86_400_000) {
    const weekday = new Date(day).getUTCDay()
    if (weekday === 0 || weekday === 6) continue
    const date = new Date(day).toISOString().slice(0, 10)
    for (const company of companies) {
      const n = lines.length
      if (n > count) break
      const open = 100 + (n % 50)
      const code = n % 10 === 0 ? `"${company.code}"` : company.code
      lines.push(`${code},${company.market},${date},${open},${open + 2},${open - 1},${open + 1},${1000 + n}`)
    }
  }
  return `${lines.join('\r\n')}\r\n`
}

async function bestOf(task: () => Promise<number>): Promise<{ ms: number; count: number }> {
  let best = { ms: Number.POSITIVE_INFINITY, count: 0 }
  for (let run = 0; run < runs; run++) {
    const started = performance.now()
    const count = await task()
    const ms = performance.now() - started
    if (ms < best.ms) best = { ms, count }
  }
  return best
}

const dir = await mkdtemp(join(tmpdir(), 'tickerwise-csv-bench-'))
try {
  const path = join(dir, 'prices.csv')
  await writeFile(path, generatePrices(rows))
  const megabytes = (await stat(path)).size / 1e6
  const reading = await bestOf(async () => {
    const reader = createCsvRecordReader()
    let count = 0
    for await (const piece of createReadStream(path)) count += (await reader.push(piece as Buffer)).length
    return count + (await reader.end()).length
  })
  const importing = await bestOf(async () => {
    const report = await importCsvFile({ kind: 'prices', path, sink: createDryRunSink() })
    if (report.rejectedCount > 0) throw new Error(`${report.rejectedCount} rows rejected`)
    return report.accepted
  })
  console.log(`file: ${rows.toLocaleString('en')} rows, ${megabytes.toFixed(1)} MB (best of ${runs})`)
  for (const [name, { ms, count }] of [
    ['records (csv-parse + lines)', reading],
    ['dry-run import', importing],
  ] as const) {
    const perSecond = Math.round(count / (ms / 1000)).toLocaleString('en')
    console.log(
      `${name.padEnd(28)} ${(ms / 1000).toFixed(2)} s  ${perSecond} rows/s  ${(megabytes / (ms / 1000)).toFixed(1)} MB/s`,
    )
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}
