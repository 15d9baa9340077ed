/**
 * The summary an operator reads after a CSV import (the dry run of import-csv.ts and `npm run ops --
 * stocks:import-csv`): rows read, stored (or accepted, in a dry run) and rejected; the rejected rows summed up by
 * reason with a few example lines; and the placeholder bars flagged (days without trading: stored, but skipped by
 * the analysis). A file with an unusable header lists each header problem instead.
 */
import type { ImportReport, RejectionGroup } from './csv-importer.ts'

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

const count = (n: number) => n.toLocaleString('en-US')

function exampleLines(lines: readonly number[], rows: number): string {
  const more = rows > lines.length ? ', …' : ''
  return `${lines.length === 1 && rows === 1 ? 'line' : 'lines'} ${lines.join(', ')}${more}`
}

function groupLine(group: RejectionGroup): string {
  const what = group.column ? `column ${group.column}: ${group.rule}` : group.rule
  return `    ${count(group.rows).padStart(6)} × ${what} — ${exampleLines(group.lines, group.rows)}`
}

/** The summary as lines; `stored` false for a dry run (rows were checked, none stored). */
export function formatImportSummary(report: ImportReport, options: { stored: boolean }): string[] {
  const about = report.stock ? ` for ${report.stock.market}:${report.stock.code}` : ''
  const lines = [
    `${report.kind}${about} from ${report.path}${
      options.stored
        ? ''
        : ' — dry run: rows were validated, none stored (npm run ops -- stocks:import-csv stores them)'
    }`,
    `  rows read:         ${count(report.records)}`,
  ]
  if (report.headerRejected) {
    lines.push(`  the header is unusable, so no row was ${options.stored ? 'stored' : 'imported'}:`)
    for (const r of report.rejections) {
      lines.push(`    line ${r.line}${r.column ? `, column ${r.column}` : ''}: ${r.reason}`)
    }
    lines.push(`  size, time:        ${formatBytes(report.bytes)} in ${report.durationMs} ms`)
    return lines
  }
  lines.push(
    `  ${options.stored ? 'stored:  ' : 'accepted:'}          ${count(report.accepted)}`,
    `  rejected:          ${count(report.rejectedCount)}`,
  )
  for (const group of report.rejectionGroups) lines.push(groupLine(group))
  const placeholders = report.placeholderBars
  if (placeholders.rows > 0) {
    lines.push(
      `  placeholder bars:  ${count(placeholders.rows)} (no volume, open = high = low = close: days without trading; ${
        options.stored ? 'stored' : 'accepted'
      }, and skipped by the analysis) — ${exampleLines(placeholders.lines, placeholders.rows)}`,
    )
  }
  lines.push(`  size, time:        ${formatBytes(report.bytes)} in ${report.durationMs} ms`)
  return lines
}
