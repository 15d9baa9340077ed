/**
 * Command line: check a prices or fundamentals CSV file without a database.
 *
 *   node server/providers/market-data/csv/import-csv.ts prices file.csv
 *   node server/providers/market-data/csv/import-csv.ts fundamentals file.csv
 *
 * A dry run: every row is validated and counted, nothing is stored. To store a file, use the operator command
 * `npm run ops -- stocks:import-csv <prices|fundamentals> <file.csv>` (the same validation, the database sink).
 * Progress (share of bytes read) goes to stderr when it is a terminal; the report goes to stdout.
 * Exit status: 0 all rows accepted, 1 some rows rejected, 2 unusable file or arguments.
 */
import { basename } from 'node:path'
import type { CsvKind } from './csv-format.ts'
import { createDryRunSink, type ImportReport, importCsvFile } from './csv-importer.ts'

const usage = 'usage: node server/providers/market-data/csv/import-csv.ts <prices|fundamentals> <file.csv>'

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** A one-line bar redrawn in place on a terminal, at most ten times a second. */
function createProgressBar(stream: NodeJS.WriteStream, label: string) {
  let drawnAt = 0
  let drawn = false
  return {
    update(bytesRead: number, totalBytes: number) {
      const now = performance.now()
      if (now - drawnAt < 100 && bytesRead < totalBytes) return
      drawnAt = now
      drawn = true
      const share = totalBytes === 0 ? 1 : bytesRead / totalBytes
      const width = 30
      const filled = Math.round(share * width)
      const bar = `${'#'.repeat(filled)}${'.'.repeat(width - filled)}`
      stream.write(
        `\r${label} [${bar}] ${String(Math.floor(share * 100)).padStart(3)}%  ${formatBytes(bytesRead)} of ${formatBytes(totalBytes)}`,
      )
    },
    finish() {
      if (drawn) stream.write('\n')
    },
  }
}

function printReport(report: ImportReport, shown: number) {
  const lines = [
    `${report.kind} from ${report.path} — dry run: rows were validated, none stored (npm run ops -- stocks:import-csv stores them)`,
    `  records read:  ${report.records.toLocaleString('en-US')}`,
    `  accepted:      ${report.accepted.toLocaleString('en-US')}`,
    `  rejected:      ${report.rejectedCount.toLocaleString('en-US')}`,
    `  size, time:    ${formatBytes(report.bytes)} in ${report.durationMs} ms`,
  ]
  if (report.headerRejected) lines.push('  the header is unusable, so no row was imported:')
  else if (report.rejections.length > 0) lines.push('  rejections:')
  for (const rejection of report.rejections.slice(0, shown)) {
    lines.push(
      `    line ${rejection.line}${rejection.column ? `, column ${rejection.column}` : ''}: ${rejection.reason}`,
    )
  }
  if (report.rejections.length > shown)
    lines.push(`    … and more (${report.rejectedCount} rows rejected in all)`)
  process.stdout.write(`${lines.join('\n')}\n`)
}

async function main(args: string[]): Promise<number> {
  const [kind, path] = args
  if ((kind !== 'prices' && kind !== 'fundamentals') || !path) {
    process.stderr.write(`${usage}\n`)
    return 2
  }
  const bar = process.stderr.isTTY ? createProgressBar(process.stderr, basename(path)) : null
  let report: ImportReport
  try {
    report = await importCsvFile({
      kind: kind as CsvKind,
      path,
      sink: createDryRunSink(),
      ...(bar ? { onProgress: bar.update } : {}),
    })
  } catch (error) {
    bar?.finish()
    process.stderr.write(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}\n`)
    return 2
  }
  bar?.finish()
  printReport(report, 50)
  if (report.headerRejected) return 2
  return report.rejectedCount > 0 ? 1 : 0
}

process.exitCode = await main(process.argv.slice(2))
