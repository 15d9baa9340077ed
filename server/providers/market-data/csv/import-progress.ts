/**
 * The progress of a CSV import for the operator, on stderr: a one-line bar redrawn in place (share of bytes read) when
 * stderr is a terminal; nothing otherwise, so logs and pipes get only the summary at the end.
 */
import { formatBytes } from './import-summary.ts'

export interface ImportProgress {
  /** Pass as the importer's `onProgress`. */
  update(bytesRead: number, totalBytes: number): void
  /** Ends the bar's line (call before printing anything else). */
  finish(): void
}

/** A bar on `stream` when it is a terminal, else null. Redrawn at most ten times a second. */
export function createImportProgress(stream: NodeJS.WriteStream, label: string): ImportProgress | null {
  if (!stream.isTTY) return null
  let drawnAt = 0
  let drawn = false
  return {
    update(bytesRead, totalBytes) {
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
      drawn = false
    },
  }
}
