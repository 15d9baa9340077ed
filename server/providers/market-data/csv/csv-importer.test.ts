import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PriceRow } from './csv-format.ts'
import { createDryRunSink, importCsvFile } from './csv-importer.ts'

let dir: string

const goodAndBad = [
  'code,market,date,open,high,low,close,volume',
  'AAPL,us,2026-11-16,268.2,270.1,266.9,268.2,44120600',
  'AAPL,us,2026-11-17,268.2,269,266.1,267.44,40873500',
  'AAPL,us,2026-11-18,267.44,266,265.2,268.56,42915000',
  'AAPL,us,2026-11-19,268.56,272.1,267.5,271.49,45210331',
  '0700,hk,2026-11-19,505,514,503.5,512.5,14820311',
].join('\n')

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tickerwise-csv-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('importCsvFile', () => {
  it('streams accepted rows to the sink in batches, in file order, and reports the rejected ones', async () => {
    const path = join(dir, 'prices.csv')
    await writeFile(path, goodAndBad)
    const batches: PriceRow[][] = []
    const progress: number[] = []
    const report = await importCsvFile({
      kind: 'prices',
      path,
      batchSize: 2,
      sink: async (rows) => {
        batches.push([...rows])
      },
      onProgress: (read, total) => progress.push(read / total),
    })
    expect(batches.map((batch) => batch.map((row) => `${row.code} ${row.date}`))).toEqual([
      ['AAPL 2026-11-16', 'AAPL 2026-11-17'],
      ['AAPL 2026-11-19', '0700 2026-11-19'],
    ])
    expect(report).toMatchObject({
      kind: 'prices',
      records: 5,
      accepted: 4,
      rejectedCount: 1,
      headerRejected: false,
    })
    expect(report.rejections).toEqual([
      { line: 4, column: 'high', reason: '266 is below the open, close or low' },
    ])
    expect(progress.at(-1)).toBe(1)
  })

  it('imports nothing when the header is unusable', async () => {
    const path = join(dir, 'bad-header.csv')
    await writeFile(path, 'ticker,date,close\nAAPL,2026-11-19,271.49\n')
    const sink = createDryRunSink<'prices'>()
    const report = await importCsvFile({ kind: 'prices', path, sink })
    expect(sink.rows()).toBe(0)
    expect(report.headerRejected).toBe(true)
    expect(report.accepted).toBe(0)
    expect(report.rejections.map((r) => r.column)).toContain('ticker')
  })

  it('reads a large file in constant batches', async () => {
    const path = join(dir, 'large.csv')
    const lines = ['code,market,date,open,high,low,close,volume']
    for (let day = 0; day < 5000; day++) {
      const date = new Date(Date.UTC(2000, 0, 3) + day * 86_400_000).toISOString().slice(0, 10)
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
      if (weekday !== 0 && weekday !== 6) lines.push(`MSFT,us,${date},100,101,99,100.5,1000`)
    }
    await writeFile(path, lines.join('\n'))
    const sink = createDryRunSink<'prices'>()
    const report = await importCsvFile({ kind: 'prices', path, sink, batchSize: 500 })
    expect(report.rejectedCount).toBe(0)
    expect(sink.rows()).toBe(lines.length - 1)
  })
})

describe('import-csv command', () => {
  const script = join(import.meta.dirname, 'import-csv.ts')

  it('validates a file, prints the rejections and exits 1 when some rows were rejected', async () => {
    const path = join(dir, 'cli.csv')
    await writeFile(path, goodAndBad)
    const run = spawnSync(process.execPath, [script, 'prices', path], { encoding: 'utf8' })
    expect(run.status).toBe(1)
    expect(run.stdout).toContain('dry run')
    expect(run.stdout).toContain('accepted:      4')
    expect(run.stdout).toContain('line 4, column high: 266 is below the open, close or low')
  })

  it('exits 0 on a clean file and 2 on a usage error', async () => {
    const path = join(dir, 'clean.csv')
    await writeFile(
      path,
      'code,market,date,open,high,low,close,volume\n7203,jp,2026-11-19,2962,2990,2950,2984.5,22816400\n',
    )
    expect(spawnSync(process.execPath, [script, 'prices', path], { encoding: 'utf8' }).status).toBe(0)
    const wrong = spawnSync(process.execPath, [script, 'quotes', path], { encoding: 'utf8' })
    expect(wrong.status).toBe(2)
    expect(wrong.stderr).toContain('usage:')
  })
})
