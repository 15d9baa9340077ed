/**
 * The JavaScript budget (issue "Fast on a phone and under load"): how much script each page makes the browser load
 * before it can show and hydrate that page, gzipped, checked against a ceiling per route. Reads a production build
 * (`react-router build`, `BUILD_DIR` or `build`), prints one row per route module and exits 1 when one is over.
 *
 * What counts for a route is what the document asks for on first paint: the browser entry, then the root, the shell
 * and the route's own module, each with everything it imports statically, transitively (the router's manifest lists
 * them as modulepreloads; the chunks' own `import … from` statements are followed too). Dynamic imports (the price
 * chart, dialogs, the toast layer, form schemas loaded on submit) load later, on demand, and do not count. The route
 * manifest script counts. The language catalog the entry fetches before hydrating is printed on its own line (the
 * larger language) and is not part of the ceiling: it is data, sized by the messages, not code.
 *
 * Sizes are gzip at level 9, as the build's precompressed `.gz` files are (scripts/compress-assets.ts); brotli, which
 * most browsers get, is smaller still.
 *
 * Run: `node scripts/js-budget.ts` after a build (scripts/test.sh does, before the browser journeys).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * Ceilings in kB (1000 bytes) of gzipped JavaScript on first paint, by route module (the issue's targets: home and
 * article pages 150, the diagnosis 200); every other page gets `defaultBudgetKb`, what the heaviest of them (the stock
 * lists, the login page) need today plus a little. About 125 kB of any page is React DOM, React Router and i18next.
 */
export const budgetsKb: Record<string, number> = {
  'routes/home': 150,
  'routes/article-list': 150,
  'routes/article-detail': 150,
  'routes/ai-stock-diagnosis': 200,
}
export const defaultBudgetKb = 156

/** Chunks named after the per-language catalog modules (app/i18n/browser-catalog-<locale>.ts). */
const catalogChunkPattern = /^browser-catalog-.*\.js$/

interface ManifestRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  module: string
  imports?: string[]
  hasDefaultExport?: boolean
}

export interface RouterManifest {
  entry: { module: string; imports?: string[] }
  routes: Record<string, ManifestRoute>
}

export interface RouteWeight {
  /** The route module's file, without extension (`routes/article-list`). */
  module: string
  /** The paths this module serves (one route id each). */
  paths: string[]
  files: string[]
  gzipBytes: number
}

/** Specifiers of the static imports of a built chunk (`import{a}from"./x.js"`, `import"./y.js"`), not `import()`. */
export function staticImportsOf(code: string): string[] {
  const found = new Set<string>()
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*(["'])(\.{1,2}\/[^"']+?\.js)\1/g))
    found.add(match[2]!)
  return [...found]
}

/** The router manifest a client build ships (`assets/manifest-<hash>.js`); the newest when there are several. */
export function readRouterManifest(clientDir: string): { manifest: RouterManifest; file: string } {
  const assets = path.join(clientDir, 'assets')
  const candidates = readdirSync(assets)
    .filter((file) => /^manifest-[\w-]+\.js$/.test(file))
    .map((file) => path.join(assets, file))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
  const file = candidates[0]
  if (!file)
    throw new Error(`No router manifest in ${assets}: build the site first (npx react-router build).`)
  const source = readFileSync(file, 'utf8')
  const manifest = JSON.parse(
    source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1),
  ) as RouterManifest
  return { manifest, file: `/assets/${path.basename(file)}` }
}

export function createBuildReader(clientDir: string) {
  const sizes = new Map<string, number>()
  const imports = new Map<string, string[]>()
  const read = (url: string) => readFileSync(path.join(clientDir, url))
  return {
    gzipSize(url: string): number {
      let size = sizes.get(url)
      if (size === undefined) {
        size = gzipSync(read(url), { level: 9 }).length
        sizes.set(url, size)
      }
      return size
    },
    /** The URLs `url` and its static imports reach, itself included. */
    closure(urls: Iterable<string>): Set<string> {
      const seen = new Set<string>()
      const pending = [...urls]
      while (pending.length > 0) {
        const url = pending.pop()!
        if (seen.has(url)) continue
        seen.add(url)
        let next = imports.get(url)
        if (!next) {
          const dir = path.posix.dirname(url)
          next = staticImportsOf(read(url).toString('utf8')).map((spec) => path.posix.join(dir, spec))
          imports.set(url, next)
        }
        pending.push(...next)
      }
      return seen
    },
  }
}

function fullPath(manifest: RouterManifest, route: ManifestRoute): string {
  const segments: string[] = []
  for (
    let r: ManifestRoute | undefined = route;
    r;
    r = r.parentId ? manifest.routes[r.parentId] : undefined
  ) {
    if (r.path) segments.unshift(r.path)
  }
  return `/${segments.join('/')}`
}

/** First-paint JavaScript of every page route (resource routes such as sitemap.xml have no component). */
export function weighRoutes(clientDir: string): {
  routes: RouteWeight[]
  catalog: { file: string; gzipBytes: number } | null
} {
  const { manifest, file: manifestFile } = readRouterManifest(clientDir)
  const reader = createBuildReader(clientDir)
  const byModule = new Map<string, RouteWeight>()
  for (const route of Object.values(manifest.routes)) {
    if (route.hasDefaultExport === false || route.id === 'root' || route.id === 'routes/shell') continue
    const chain: ManifestRoute[] = []
    for (
      let r: ManifestRoute | undefined = route;
      r;
      r = r.parentId ? manifest.routes[r.parentId] : undefined
    )
      chain.unshift(r)
    if (chain[0]?.id !== 'root') continue
    const module = route.module.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')
    const key = `routes/${module}`
    const existing = byModule.get(key)
    if (existing) {
      existing.paths.push(fullPath(manifest, route))
      continue
    }
    const files = reader.closure([
      manifest.entry.module,
      ...(manifest.entry.imports ?? []),
      ...chain.flatMap((r) => [r.module, ...(r.imports ?? [])]),
    ])
    // The manifest itself is a script the document loads.
    files.add(manifestFile)
    const sorted = [...files].sort()
    byModule.set(key, {
      module: key,
      paths: [fullPath(manifest, route)],
      files: sorted,
      gzipBytes: sorted.reduce((sum, url) => sum + reader.gzipSize(url), 0),
    })
  }
  const catalogs = readdirSync(path.join(clientDir, 'assets'))
    .filter((file) => catalogChunkPattern.test(file))
    .map((file) => {
      const url = `/assets/${file}`
      const reached = reader.closure([url])
      return { file: url, gzipBytes: [...reached].reduce((sum, u) => sum + reader.gzipSize(u), 0) }
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
  return { routes: [...byModule.values()], catalog: catalogs[0] ?? null }
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1)

export function budgetOf(module: string): number {
  return budgetsKb[module] ?? defaultBudgetKb
}

export function formatTable(
  routes: RouteWeight[],
  catalog: { gzipBytes: number } | null,
): { text: string; overBudget: RouteWeight[] } {
  const rows = [...routes].sort((a, b) => b.gzipBytes - a.gzipBytes)
  const label = (r: RouteWeight) =>
    r.paths.length > 1 ? `${r.paths[0]} (+${r.paths.length - 1})` : r.paths[0]!
  const width = Math.max(...rows.map((r) => label(r).length), 5)
  const lines = [
    `${'route'.padEnd(width)}  ${'kB gz'.padStart(7)}  ${'budget'.padStart(6)}  ${'scripts'.padStart(7)}`,
  ]
  const overBudget: RouteWeight[] = []
  for (const r of rows) {
    const budget = budgetOf(r.module)
    const isOver = r.gzipBytes > budget * 1000
    if (isOver) overBudget.push(r)
    lines.push(
      `${label(r).padEnd(width)}  ${kb(r.gzipBytes).padStart(7)}  ${String(budget).padStart(6)}  ${String(r.files.length).padStart(7)}${isOver ? '  OVER' : ''}`,
    )
  }
  if (catalog)
    lines.push(
      `\nPlus the language catalog fetched before hydration (largest language, 1 script): ${kb(catalog.gzipBytes)} kB gz.`,
    )
  return { text: lines.join('\n'), overBudget }
}

if (import.meta.main) {
  const clientDir = path.resolve(process.env.BUILD_DIR || 'build', 'client')
  const { routes, catalog } = weighRoutes(clientDir)
  const { text, overBudget } = formatTable(routes, catalog)
  console.log(`JavaScript on first paint, gzipped (${path.relative(process.cwd(), clientDir)}):\n${text}`)
  if (overBudget.length > 0) {
    console.error(
      `\nOver the JavaScript budget: ${overBudget.map((r) => `${r.module} ${kb(r.gzipBytes)} kB > ${budgetOf(r.module)} kB`).join(', ')}.` +
        '\nLoad what the first paint does not need on demand (a dynamic import), or raise the budget with a reason.',
    )
    process.exit(1)
  }
}
