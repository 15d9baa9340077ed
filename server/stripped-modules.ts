/**
 * Loads the server's TypeScript from the copies the build stripped of their types (scripts/strip-server-types.ts)
 * instead of having Node strip each file as it loads it. Node strips with a WebAssembly compiler that it loads on
 * first use and keeps for the life of the thread: ~18 MB in a process's main thread and ~12 MB more in each worker
 * thread that loads TypeScript (PGlite's), per process, idle or not (ADR 0047).
 *
 * Registered with `--import` (node-flags.ts adds it when the build has the copies), so it also covers the entry, the
 * cluster's workers and every worker thread (they inherit the flag). A module keeps its own URL (`import.meta.url`,
 * relative files and stack traces are those of the source; stripping keeps every line and column). A copy is used
 * only while it is at least as new as its source: a file changed since the build loads as before, stripped by Node.
 *
 * This file runs as the build's stripped copy itself, beside the copies: `<build>/server-modules/server/…`.
 */
import { readFileSync, statSync } from 'node:fs'
import { registerHooks } from 'node:module'
import { fileURLToPath } from 'node:url'

/** What the build writes beside the copies: where their sources are. */
export interface StrippedModulesManifest {
  /** The project folder the copies were made from, as a `file:` URL ending in `/`. */
  sourceRoot: string
}

/** The build's folder of stripped copies, and the manifest in it. */
export const strippedModulesFolder = 'server-modules'
export const manifestFileName = 'manifest.json'

/**
 * The stripped copy to load for a module URL, or undefined when the module is not one of the project's TypeScript
 * files or its copy is missing or older than it.
 */
export function strippedCopyOf(url: string, sourceRoot: string, copiesRoot: URL): URL | undefined {
  if (!url.startsWith(sourceRoot) || !url.endsWith('.ts')) return undefined
  const copy = new URL(`${url.slice(sourceRoot.length, -'.ts'.length)}.js`, copiesRoot)
  const copyStat = statSync(copy, { throwIfNoEntry: false })
  const sourceStat = statSync(fileURLToPath(url), { throwIfNoEntry: false })
  if (!copyStat || !sourceStat || copyStat.mtimeMs < sourceStat.mtimeMs) return undefined
  return copy
}

function registerStrippedModules(): void {
  // This module is `<copies root>/server/stripped-modules.js`.
  const copiesRoot = new URL('../', import.meta.url)
  const manifest = JSON.parse(
    readFileSync(new URL(manifestFileName, copiesRoot), 'utf8'),
  ) as StrippedModulesManifest
  registerHooks({
    load(url, context, nextLoad) {
      const copy = strippedCopyOf(url, manifest.sourceRoot, copiesRoot)
      if (!copy) return nextLoad(url, context)
      return { format: 'module', source: readFileSync(copy, 'utf8'), shortCircuit: true }
    },
  })
}

// Only as the build's copy (loaded by `--import`): the source is also imported by the build step and by tests.
if (import.meta.url.endsWith(`/${strippedModulesFolder}/server/stripped-modules.js`))
  registerStrippedModules()
