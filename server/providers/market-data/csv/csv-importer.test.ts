import { spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PriceRow } from './csv-format.ts'
import { createDryRunSink, importCsvFile } from './csv-importer.ts'
import { NULL_PRICES_REASON } from './csv-parser.ts'
import { formatImportSummary } from './import-summary.ts'

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
      {
        line: 4,
        column: 'high',
        reason: '266 is below the open, close or low',
        rule: 'below the open, close or low',
      },
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

  it('sums up rejected rows by reason with example lines, and flags placeholder bars without rejecting them', async () => {
    const path = join(dir, 'AAPL.csv')
    const lines = ['\uFEFFDate,Open,High,Low,Close,Adj Close,Volume']
    for (let day = 0; day < 40; day++) {
      const date = new Date(Date.UTC(2024, 0, 1) + day * 86_400_000).toISOString().slice(0, 10)
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay()
      if (weekday === 0 || weekday === 6) continue
      if (day === 0 || day === 14) lines.push(`${date},null,null,null,null,null,null`)
      // A suspension: the source repeats the last price with no volume.
      else if (day >= 21 && day <= 25) lines.push(`${date},185.5,185.5,185.5,185.5,184.9,0`)
      else if (day === 31) lines.push(`${date},185,1.86e2,184,185.5,184.9,1000`)
      else lines.push(`${date},185,186,184,185.5,184.9,1000`)
    }
    await writeFile(path, lines.join('\r\n'))
    const sink = createDryRunSink<'prices'>()
    const report = await importCsvFile({ kind: 'prices', path, sink, stock: { market: 'us', code: 'AAPL' } })
    expect(report).toMatchObject({ records: 30, accepted: 27, rejectedCount: 3, headerRejected: false })
    expect(report.stock).toEqual({ market: 'us', code: 'AAPL' })
    expect(report.rejectionGroups).toEqual([
      { column: '', rule: NULL_PRICES_REASON, rows: 2, lines: [2, 12] },
      {
        column: 'high',
        rule: 'not a plain decimal number (digits, optional minus and dot; no separators or exponents)',
        rows: 1,
        lines: [25],
      },
    ])
    expect(report.placeholderBars).toEqual({ rows: 5, lines: [17, 18, 19, 20, 21] })
    expect(sink.rows()).toBe(27)
    expect(formatImportSummary(report, { stored: true })).toEqual([
      `prices for us:AAPL from ${path}`,
      '  rows read:         30',
      '  stored:            27',
      '  rejected:          3',
      `         2 × ${NULL_PRICES_REASON} — lines 2, 12`,
      '         1 × column high: not a plain decimal number (digits, optional minus and dot; no separators or exponents) — line 25',
      '  placeholder bars:  5 (no volume, open = high = low = close: days without trading; stored, and skipped by the analysis) — lines 17, 18, 19, 20, 21',
      expect.stringMatching(/^ {2}size, time: {8}\d+(\.\d)? (B|KB) in \d+ ms$/),
    ])
  })

  it('rejects a quoted field left open at the end with the line its row starts on, after storing the rows before it', async () => {
    const path = join(dir, 'open-quote.csv')
    await writeFile(path, `${goodAndBad}\r\n"MSFT,us,2026-11-19,1,1,1,1,1\r\n`)
    const sink = createDryRunSink<'prices'>()
    const report = await importCsvFile({ kind: 'prices', path, sink })
    expect(sink.rows()).toBe(4)
    expect(report.rejections.at(-1)).toMatchObject({
      line: 7,
      column: '',
      reason: 'a quoted field is never closed',
    })
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
    expect(run.stdout).toContain('accepted:          4')
    expect(run.stdout).toContain('1 × column high: below the open, close or low — line 4')
  })

  it('checks a one-stock download named with --stock, and refuses a stock outside the universe', async () => {
    const path = join(dir, 'download.csv')
    await writeFile(
      path,
      'Date,Open,High,Low,Close,Adj Close,Volume\r\n2024-12-24,255.49,258.21,255.29,258.2,257.29,23234700\r\n2024-12-25,null,null,null,null,null,null\r\n',
    )
    const run = spawnSync(process.execPath, [script, 'prices', path, '--stock', 'us:AAPL'], {
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stdout).toContain('prices for us:AAPL from')
    expect(run.stdout).toContain('accepted:          1')
    expect(run.stdout).toContain(`1 × ${NULL_PRICES_REASON} — line 3`)
    const unknown = spawnSync(process.execPath, [script, 'prices', path, '--stock=us:ZZZZ'], {
      encoding: 'utf8',
    })
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toContain('--stock us:ZZZZ: not market:code of a company in the universe')
    const missing = spawnSync(process.execPath, [script, 'prices', path], { encoding: 'utf8' })
    expect(missing.status).toBe(2)
    expect(missing.stdout).toContain('name the stock it is about with --stock market:code')
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
