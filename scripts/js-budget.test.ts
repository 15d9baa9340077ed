import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import {
  budgetOf,
  type CatalogSources,
  formatTable,
  partialManifestOf,
  type RouterManifest,
  staticImportsOf,
  weighRoutes,
} from './js-budget.ts'

/** A client build in miniature: an entry, a root, a shell, two pages, a shared chunk, a lazy chunk and a catalog. */
function writeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'js-budget-'))
  const assets = path.join(dir, 'assets')
  mkdirSync(assets)
  const files: Record<string, string> = {
    'entry.client-aaaaaaaa.js':
      'import{a}from"./libs-bbbbbbbb.js";a(()=>import(`./browser-catalog-en-cccccccc.js`))',
    'libs-bbbbbbbb.js': `export const a=1;${'x'.repeat(2000)}`,
    'root-dddddddd.js': 'import"./libs-bbbbbbbb.js";export default 1',
    'shell-eeeeeeee.js': 'import{s}from"./shell-common-ffffffff.js";export default s',
    'shell-common-ffffffff.js':
      'import"./libs-bbbbbbbb.js";export const s=()=>import("./dialog-gggggggg.js")',
    'dialog-gggggggg.js': `export default "${'y'.repeat(50_000)}"`,
    'home-hhhhhhhh.js': 'import{c}from"./card-iiiiiiii.js";export default c',
    'card-iiiiiiii.js': 'export const c=1',
    'about-us-jjjjjjjj.js': 'export default 2',
    'browser-catalog-en-cccccccc.js': `export const files={common:"${'z'.repeat(300)}"}`,
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(assets, name), text)
  const route = (id: string, module: string, extra: Record<string, unknown>) => ({
    id,
    module: `/assets/${module}`,
    hasDefaultExport: true,
    ...extra,
  })
  const manifest: RouterManifest = {
    entry: { module: '/assets/entry.client-aaaaaaaa.js', imports: ['/assets/libs-bbbbbbbb.js'] },
    routes: {
      root: route('root', 'root-dddddddd.js', { path: '', imports: ['/assets/libs-bbbbbbbb.js'] }),
      'routes/shell': route('routes/shell', 'shell-eeeeeeee.js', { parentId: 'root' }),
      'routes/home': route('routes/home', 'home-hhhhhhhh.js', { parentId: 'routes/shell', index: true }),
      'routes/about-us': route('routes/about-us', 'about-us-jjjjjjjj.js', {
        parentId: 'routes/shell',
        path: 'about-us',
      }),
      'routes/sitemap.xml': {
        id: 'routes/sitemap.xml',
        parentId: 'root',
        path: 'sitemap.xml',
        module: '/assets/about-us-jjjjjjjj.js',
        hasDefaultExport: false,
      },
    },
  }
  writeFileSync(
    path.join(assets, 'manifest-kkkkkkkk.js'),
    `window.__reactRouterManifest=${JSON.stringify(manifest)};`,
  )
  manifestOfBuild = manifest
  return dir
}

let manifestOfBuild: RouterManifest
const build = writeBuild()
afterAll(() => rmSync(build, { recursive: true, force: true }))

/** The about page names one page namespace in its handle; the home page none. */
const sources: CatalogSources = {
  routeSource: (module) =>
    module === 'routes/about-us'
      ? "export const handle = { catalogs: ['company'] } satisfies CatalogHandle"
      : 'export default function Page() {}',
  namespaceGzipBytes: (namespace) => (namespace === 'company' ? 1234 : Number.NaN),
}

describe('the JavaScript budget', () => {
  it('follows static imports of a built chunk, not dynamic ones', () => {
    expect(
      staticImportsOf(
        'import{a as b}from"./libs-1.js";import"./side-2.js";const l=()=>import("./lazy-3.js")',
      ),
    ).toEqual(['./libs-1.js', './side-2.js'])
  })

  it('counts the entry, root, shell and page with what they import statically, and the manifest', () => {
    const { routes } = weighRoutes(build, sources, 'initial')
    const home = routes.find((r) => r.module === 'routes/home')
    expect(home?.paths).toEqual(['/'])
    expect(home?.files).toEqual([
      '/assets/card-iiiiiiii.js',
      '/assets/entry.client-aaaaaaaa.js',
      '/assets/home-hhhhhhhh.js',
      '/assets/libs-bbbbbbbb.js',
      '/assets/manifest-kkkkkkkk.js',
      '/assets/root-dddddddd.js',
      '/assets/shell-common-ffffffff.js',
      '/assets/shell-eeeeeeee.js',
    ])
    const about = routes.find((r) => r.module === 'routes/about-us')
    expect(about?.files).not.toContain('/assets/card-iiiiiiii.js')
    expect(routes.some((r) => r.files.includes('/assets/dialog-gggggggg.js'))).toBe(false)
  })

  it('with lazy discovery, counts the part of the manifest written into the page instead of the manifest script', () => {
    const initial = weighRoutes(build, sources, 'initial').routes.find((r) => r.module === 'routes/about-us')!
    const lazy = weighRoutes(build, sources, 'lazy').routes.find((r) => r.module === 'routes/about-us')!
    expect(lazy.files).not.toContain('/assets/manifest-kkkkkkkk.js')
    expect(lazy.files).toEqual(initial.files.filter((file) => !file.includes('manifest-')))
    const part = JSON.parse(partialManifestOf(manifestOfBuild, '/about-us')) as RouterManifest
    // The page's own chain, and what its ancestor path `/` matches (the home page), not the sitemap.
    expect(Object.keys(part.routes).sort()).toEqual([
      'root',
      'routes/about-us',
      'routes/home',
      'routes/shell',
    ])
    const partBytes = gzipSync(partialManifestOf(manifestOfBuild, '/about-us'), { level: 9 }).length
    const filesBytes = lazy.files.reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(build, file)), { level: 9 }).length,
      0,
    )
    expect(lazy.codeGzipBytes).toBe(filesBytes + partBytes)
  })

  it('leaves out routes without a page (resource routes)', () => {
    expect(weighRoutes(build, sources).routes.map((r) => r.module)).not.toContain('routes/sitemap.xml')
  })

  it('counts the reader catalog on every page, and the page namespaces a route names', () => {
    const { routes, catalog } = weighRoutes(build, sources)
    expect(catalog?.file).toBe('/assets/browser-catalog-en-cccccccc.js')
    const home = routes.find((r) => r.module === 'routes/home')!
    expect(home.catalogGzipBytes).toBe(catalog?.gzipBytes)
    expect(home.gzipBytes).toBe(home.codeGzipBytes + catalog!.gzipBytes)
    const about = routes.find((r) => r.module === 'routes/about-us')!
    expect(about.pageCatalogs).toEqual(['company'])
    expect(about.catalogGzipBytes).toBe(catalog!.gzipBytes + 1234)
    expect(about.gzipBytes).toBe(about.codeGzipBytes + about.catalogGzipBytes)
  })

  it('flags a route over its budget and prints every route', () => {
    const { routes, catalog } = weighRoutes(build, sources)
    const home = routes.find((r) => r.module === 'routes/home')!
    const heavy = { ...home, gzipBytes: (budgetOf('routes/home') + 1) * 1000 }
    const { text, overBudget } = formatTable([heavy, ...routes.filter((r) => r !== home)], catalog)
    expect(overBudget.map((r) => r.module)).toEqual(['routes/home'])
    expect(text).toMatch(
      new RegExp(
        `^/\\s+\\d+\\.\\d\\s+\\d+\\.\\d\\s+\\d+\\.\\d\\s+${budgetOf('routes/home')}\\s+\\d+\\s+OVER$`,
        'm',
      ),
    )
    expect(text).toContain('/about-us')
    expect(formatTable(routes, catalog).overBudget).toEqual([])
  })
})
