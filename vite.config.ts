import path from 'node:path'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

/** The modules every page runs before it is interactive: the browser entry, the root route and the shell route. */
const everyPageEntry = /[\\/]app[\\/](?:entry\.client\.tsx|root\.tsx|routes[\\/]shell\.tsx)$/
/**
 * The libraries every page runs, by package. Reaching a module is not using it (the schema library is reached through
 * contract files whose schemas the bundler drops), so libraries join the shared chunk by name, not by reach.
 */
const everyPageLibrary = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/

/** Every page route's `meta` uses it, though the shell does not import it. */
const everyPageMeta = /[\\/]app[\\/]routing[\\/]page-meta\.ts$/

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null
}

/**
 * The browser's code on every page in two chunks — its libraries (React, React Router…) and the site's own
 * shell (header, footer, API client…) — instead of the couple of dozen small shared chunks the automatic splitting
 * makes of them: fewer requests, and gzip compresses one file better than many pieces (ADR 0011). A module belongs
 * here when a chain of static imports leads to it from the entry, the root or the shell; whatever a page, a dialog
 * or a form loads on demand stays in its own chunk. scripts/js-budget.ts checks the result.
 */
function everyPageChunkName(id: string, graph: ModuleGraph): string | null {
  if (everyPageMeta.test(id)) return 'shell-common'
  const seen = new Set<string>([id])
  const pending = [id]
  while (pending.length > 0) {
    const current = pending.pop()!
    if (everyPageEntry.test(current.split('?')[0]!)) {
      if (everyPageLibrary.test(id)) return 'libs'
      return id.includes(`${path.sep}node_modules${path.sep}`) ? null : 'shell-common'
    }
    for (const importer of graph.getModuleInfo(current)?.importers ?? []) {
      if (!seen.has(importer)) {
        seen.add(importer)
        pending.push(importer)
      }
    }
  }
  return null
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { target: 'es2022', assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: everyPageChunkName }] } },
        },
      },
    },
    // V8 keeps a module's source as long as the process runs, at two bytes a character once one character is
    // beyond Latin-1: the server's bundle, its Chinese strings escaped and its comments left out, is kept at one
    // (ADR 0047 amendment 1).
    ssr: { build: { rolldownOptions: { output: { charset: 'ascii', comments: false } } } },
  },
})
