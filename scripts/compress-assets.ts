/**
 * The build's last step (react-router.config.ts `buildEnd`, so `npm run build`, `npm start`, `npm test` and any
 * `react-router build` get it): writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside each
 * text file of the browser build (scripts, styles, SVG, JSON…) of 1 KB or more, for @fastify/static to send by
 * Accept-Encoding (server/http.ts, ADR 0012). A variant that would not be smaller is not written. Compressing once at
 * build costs seconds; compressing on every request would cost the server far more at a lower quality.
 *
 * Also runs alone: `node scripts/compress-assets.ts [build folder]` (default: $BUILD_DIR or build).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Text formats worth compressing; images, fonts and archives are compressed already. */
const compressibleExtensions = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.map',
  '.ico',
])

const minimumBytes = 1024
/** A variant must save at least this share of the file to be worth a second read from disk. */
const minimumSaving = 0.05

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) return filesUnder(full)
      return Promise.resolve(entry.isFile() ? [full] : [])
    }),
  )
  return nested.flat()
}

export interface CompressionSummary {
  files: number
  bytes: number
  brotliBytes: number
  gzipBytes: number
}

/** Writes the `.br` and `.gz` variants of every compressible file under `folder`; returns what it wrote. */
export async function compressAssets(folder: string): Promise<CompressionSummary> {
  const summary: CompressionSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 }
  const files = (await filesUnder(folder)).filter((file) =>
    compressibleExtensions.has(path.extname(file).toLowerCase()),
  )
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < minimumBytes) return
      const content = await readFile(file)
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip(content, { level: 9 }),
      ])
      const worthIt = (variant: Buffer) => variant.length <= content.length * (1 - minimumSaving)
      if (!worthIt(br) && !worthIt(gz)) return
      summary.files += 1
      summary.bytes += content.length
      if (worthIt(br)) {
        await writeFile(`${file}.br`, br)
        summary.brotliBytes += br.length
      }
      if (worthIt(gz)) {
        await writeFile(`${file}.gz`, gz)
        summary.gzipBytes += gz.length
      }
    }),
  )
  return summary
}

export function describeSummary(summary: CompressionSummary): string {
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`
  return `compressed ${summary.files} files: ${kb(summary.bytes)} → brotli ${kb(summary.brotliBytes)}, gzip ${kb(summary.gzipBytes)}`
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const buildDir = path.resolve(process.argv[2] ?? (process.env.BUILD_DIR || 'build'))
  const summary = await compressAssets(path.join(buildDir, 'client'))
  console.log(describeSummary(summary))
}
