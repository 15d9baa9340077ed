/**
 * Imports one CSV file: streams it (any size, constant memory), validates every row, hands accepted rows to a sink
 * in batches, reports progress as bytes read, and returns a report of what was accepted, what was rejected and
 * why (each rejection, and the rejected rows summed up by reason with example lines), and which accepted prices are
 * placeholder bars (days without trading: accepted and stored, but flagged). The sink decides where rows go: the
 * database sink is `server/modules/stocks/csv-import.ts`; `createDryRunSink` only counts. A file whose header is
 * unusable is rejected as a whole before any row reaches the sink.
 */
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { isPlaceholderBar } from '../market-data.ts'
import type { CsvKind, CsvRow, PriceRow, StockRef } from './csv-format.ts'
import { createRowReader, type Rejection, unclosedQuoteRejection } from './csv-parser.ts'
import { type CsvRecord, createCsvRecordReader } from './csv-records.ts'

/** Receives accepted rows, a batch at a time, in file order. */
export type CsvSink<K extends CsvKind> = (rows: readonly CsvRow<K>[]) => Promise<void>

export interface ImportOptions<K extends CsvKind> {
  kind: K
  path: string
  sink: CsvSink<K>
  /** Rows per sink call (default 1000). */
  batchSize?: number
  /** Called as bytes are read; `totalBytes` is the file size. */
  onProgress?: (bytesRead: number, totalBytes: number) => void
  /** Rejections kept in the report (default 1000); all are counted. */
  maxRejectionsKept?: number
  /** The stock a file without code and market columns is about (the operator's `--stock`). */
  stock?: StockRef | undefined
}

/** Example line numbers kept per reason and for placeholder bars. */
export const EXAMPLE_LINES = 5

/** Rejected rows that share a column and a reason. */
export interface RejectionGroup {
  column: string
  rule: string
  /** Rows rejected for it (a row rejected for two reasons counts in both groups). */
  rows: number
  /** The first few lines, in file order. */
  lines: number[]
}

export interface ImportReport {
  kind: CsvKind
  path: string
  bytes: number
  /** Data records read, the header not counted. */
  records: number
  accepted: number
  rejectedCount: number
  /** The first rejections, in file order. */
  rejections: Rejection[]
  /** Every rejected row summed up by column and reason, the most frequent first. */
  rejectionGroups: RejectionGroup[]
  /** Accepted price rows that are placeholder bars (no volume, open = high = low = close: days without trading). */
  placeholderBars: { rows: number; lines: number[] }
  /** The stock named for a file without code and market columns; null otherwise. */
  stock: StockRef | null
  /** True when the header was unusable and nothing was imported. */
  headerRejected: boolean
  durationMs: number
}

export function createDryRunSink<K extends CsvKind>(): CsvSink<K> & { rows: () => number } {
  let count = 0
  const sink = async (rows: readonly CsvRow<K>[]) => {
    count += rows.length
  }
  return Object.assign(sink, { rows: () => count })
}

export async function importCsvFile<K extends CsvKind>(options: ImportOptions<K>): Promise<ImportReport> {
  const started = performance.now()
  const batchSize = options.batchSize ?? 1000
  const keep = options.maxRejectionsKept ?? 1000
  const totalBytes = (await stat(options.path)).size
  const reader = createRowReader(options.kind, { stock: options.stock })
  const report: ImportReport = {
    kind: options.kind,
    path: options.path,
    bytes: totalBytes,
    records: 0,
    accepted: 0,
    rejectedCount: 0,
    rejections: [],
    rejectionGroups: [],
    placeholderBars: { rows: 0, lines: [] },
    stock: options.stock ?? null,
    headerRejected: false,
    durationMs: 0,
  }
  let batch: CsvRow<K>[] = []
  const groups = new Map<string, RejectionGroup>()

  function reject(rejections: Rejection[]) {
    report.rejectedCount += rejections.length > 0 ? 1 : 0
    for (const rejection of rejections) if (report.rejections.length < keep) report.rejections.push(rejection)
    const counted = new Set<string>()
    for (const { column, rule, line } of rejections) {
      const key = `${column}\u0000${rule}`
      if (counted.has(key)) continue
      counted.add(key)
      const group = groups.get(key) ?? { column, rule, rows: 0, lines: [] }
      group.rows++
      if (group.lines.length < EXAMPLE_LINES) group.lines.push(line)
      groups.set(key, group)
    }
  }

  function handle(record: CsvRecord) {
    const outcome = reader.read(record)
    if ('header' in outcome) {
      const problems = reader.headerError()
      if (problems) {
        report.headerRejected = true
        report.rejections.push(...problems)
      }
      return
    }
    report.records++
    if (report.headerRejected) return
    if (!('row' in outcome)) {
      reject(outcome.rejections)
      return
    }
    batch.push(outcome.row)
    report.accepted++
    if (options.kind === 'prices' && isPlaceholderBar(outcome.row as PriceRow)) {
      report.placeholderBars.rows++
      if (report.placeholderBars.lines.length < EXAMPLE_LINES) report.placeholderBars.lines.push(record.line)
    }
  }

  async function handleAll(records: CsvRecord[]) {
    for (const record of records) {
      handle(record)
      if (batch.length >= batchSize) {
        await options.sink(batch)
        batch = []
      }
    }
  }

  const records = createCsvRecordReader()
  let bytesRead = 0
  for await (const chunk of createReadStream(options.path)) {
    const buffer = chunk as Buffer
    bytesRead += buffer.length
    await handleAll(await records.push(buffer))
    options.onProgress?.(bytesRead, totalBytes)
  }
  await handleAll(await records.end())
  const openLine = records.unclosedQuoteLine()
  if (openLine !== null) reject([unclosedQuoteRejection(openLine)])

  const headerProblems = reader.headerError()
  if (headerProblems && !report.headerRejected) {
    report.headerRejected = true
    report.rejections.push(...headerProblems)
  }
  if (report.headerRejected) {
    report.accepted = 0
    report.rejectedCount = report.records
    report.placeholderBars = { rows: 0, lines: [] }
  } else {
    if (batch.length > 0) await options.sink(batch)
    report.rejectionGroups = [...groups.values()].sort((a, b) => b.rows - a.rows)
  }
  report.durationMs = Math.round(performance.now() - started)
  return report
}
