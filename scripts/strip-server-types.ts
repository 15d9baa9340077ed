/**
 * A build step (react-router.config.ts `buildEnd`, and scripts/build-if-stale.sh when only the server changed): writes
 * a copy of every TypeScript file the server runs (server/ and contracts/, tests left out) with its types stripped,
 * to `<build>/server-modules/`, beside a manifest naming the folder they came from. The production entry loads them
 * instead of its sources (server/stripped-modules.ts, ADR 0047): the process then never loads Node's type stripper.
 *
 * Stripping replaces types with blanks, so every line and column stays where it was. A file that is not erasable
 * TypeScript (an enum, a namespace) fails the build here rather than at start. The comments go too (`dropComments`):
 * V8 keeps every module's source for as long as the process runs, and a source with one character beyond Latin-1
 * (an em dash in a comment) is kept at two bytes a character; without them the copies hold 3.7 MB instead of 6.0.
 *
 * Also runs alone: `node scripts/strip-server-types.ts [build folder]` (default: $BUILD_DIR or build).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { stripTypeScriptTypes } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parse } from 'acorn'
import { projectRoot } from '../server/build-dir.ts'
import {
  manifestFileName,
  type StrippedModulesManifest,
  strippedModulesFolder,
} from '../server/stripped-modules.ts'

/** The folders the server's processes load TypeScript from (the pages come bundled, as JavaScript). */
const serverSourceFolders = ['server', 'contracts']

function isServerModule(file: string): boolean {
  return file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts')
}

async function sourcesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile() && isServerModule(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/**
 * The source with its types blanked out (lines and columns kept). Node marks its stripper experimental and says so
 * once per process; in a build's or a bench's output that line would only be noise, so it is kept quiet here.
 */
export function stripTypes(source: string): string {
  const emitWarning = process.emitWarning
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).includes('stripTypeScriptTypes')) return
    ;(emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest)
  }) as typeof process.emitWarning
  try {
    return stripTypeScriptTypes(source, { mode: 'strip' })
  } finally {
    process.emitWarning = emitWarning
  }
}

/**
 * JavaScript without its comments, every line and the column of every token kept: a comment becomes the line
 * breaks it held, and is cut with the blanks before it where it ends its line; one followed by code on its last line
 * leaves blanks up to that code. Comments are found by parsing (acorn), so `//` in a string, a template or a regular
 * expression stays.
 */
export function dropComments(source: string): string {
  const comments: Array<{ start: number; end: number }> = []
  parse(source, {
    ecmaVersion: 'latest',
    sourceType: 'module',
    allowHashBang: true,
    onComment: (_isBlock, _text, start, end) => comments.push({ start, end }),
  })
  let kept = ''
  let from = 0
  for (const { start, end } of comments) {
    let before = source.slice(from, start)
    const lastLine = source.slice(source.lastIndexOf('\n', end - 1) + 1, end)
    const codeFollows = !/^[ \t]*(\r?\n|$)/.test(source.slice(end))
    const breaks = source.slice(start, end).replace(/[^\n]/g, '')
    // The comment ends its first line when it ends the line or holds a line break: the blanks before it can go.
    if (!codeFollows || breaks) before = before.replace(/[ \t]+$/, '')
    // Code after a block comment on the comment's last line keeps its column.
    const lead = codeFollows ? ' '.repeat(breaks ? lastLine.length : end - start) : ''
    kept += before + breaks + lead
    from = end
  }
  return kept + source.slice(from)
}

/** Writes the stripped copies and the manifest afresh; returns how many files were copied. */
export async function stripServerTypes(buildDir: string, sourceRoot = projectRoot): Promise<number> {
  const target = path.join(buildDir, strippedModulesFolder)
  await rm(target, { recursive: true, force: true })
  const sources = (
    await Promise.all(serverSourceFolders.map((folder) => sourcesUnder(path.join(sourceRoot, folder))))
  ).flat()
  await Promise.all(
    sources.map(async (source) => {
      const relative = path.relative(sourceRoot, source)
      let stripped: string
      try {
        stripped = dropComments(stripTypes(await readFile(source, 'utf8')))
      } catch (error) {
        throw new Error(`${relative}: ${error instanceof Error ? error.message : String(error)}`)
      }
      const copy = path.join(target, relative.replace(/\.ts$/, '.js'))
      await mkdir(path.dirname(copy), { recursive: true })
      await writeFile(copy, stripped)
    }),
  )
  const manifest: StrippedModulesManifest = { sourceRoot: pathToFileURL(`${sourceRoot}${path.sep}`).href }
  await writeFile(path.join(target, manifestFileName), `${JSON.stringify(manifest)}\n`)
  return sources.length
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const buildDir = path.resolve(process.argv[2] ?? (process.env.BUILD_DIR || 'build'))
  const count = await stripServerTypes(buildDir)
  console.log(
    `stripped the types of ${count} server modules into ${path.join(buildDir, strippedModulesFolder)}`,
  )
}
