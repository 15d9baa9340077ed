/**
 * Command line: check a prices or fundamentals CSV file without a database.
 *
 *   node server/providers/market-data/csv/import-csv.ts prices file.csv
 *   node server/providers/market-data/csv/import-csv.ts prices AAPL.csv --stock us:AAPL   (one stock, no code/market)
 *   node server/providers/market-data/csv/import-csv.ts fundamentals file.csv
 *
 * A dry run: every row is validated and counted, nothing is stored. To store a file, use the operator command
 * `npm run ops -- stocks:import-csv <prices|fundamentals|earnings|dividends> <file.csv>` (the same validation, the database sink).
 * Progress (share of bytes read) goes to stderr when it is a terminal; the summary goes to stdout.
 * Exit status: 0 all rows accepted, 1 some rows rejected, 2 unusable file or arguments.
 */
import { basename } from 'node:path'
import { createDryRunSink, type ImportReport, importCsvFile } from './csv-importer.ts'
import { readImportArguments } from './import-arguments.ts'
import { createImportProgress } from './import-progress.ts'
import { formatImportSummary } from './import-summary.ts'

const usage =
  'usage: node server/providers/market-data/csv/import-csv.ts <prices|fundamentals|earnings|dividends> <file.csv> [--stock <market:code>]'

async function main(args: string[]): Promise<number> {
  const parsed = readImportArguments(args)
  if ('problem' in parsed) {
    process.stderr.write(`${parsed.problem ? `${parsed.problem}\n` : ''}${usage}\n`)
    return 2
  }
  const { kind, path, stock } = parsed
  const bar = createImportProgress(process.stderr, basename(path))
  let report: ImportReport
  try {
    report = await importCsvFile({
      kind,
      path,
      stock,
      sink: createDryRunSink(),
      ...(bar ? { onProgress: bar.update } : {}),
    })
  } catch (error) {
    bar?.finish()
    process.stderr.write(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}\n`)
    return 2
  }
  bar?.finish()
  process.stdout.write(`${formatImportSummary(report, { stored: false }).join('\n')}\n`)
  if (report.headerRejected) return 2
  return report.rejectedCount > 0 ? 1 : 0
}

process.exitCode = await main(process.argv.slice(2))
