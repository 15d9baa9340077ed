/**
 * Which message namespaces the browser code speaks, read from the source: the route modules with everything they
 * import (statically or on demand, in app/ and contracts/; `*.server.ts` too, whose keys may reach the page as
 * data), and the namespaces each names — `useTranslation(…)` (none: `common`) and keys written with their namespace
 * (`'errors:…'`). The catalog test compares the result with
 * the reader catalog (app/i18n/browser-catalog-<locale>.ts) and the routes' `handle.catalogs`, so a page never
 * renders a bare key because its namespace was not fetched (ADR 0011).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

interface SourceFacts {
  namespaces: Set<string>
  imports: string[]
  /** The imports that are static (`import … from`), not fetched on demand (`import(…)`). */
  staticImports: string[]
  /** The namespaces the module fetches itself before it speaks them (`ensureCatalogs([...])`). */
  ensured: string[]
}

export function createCatalogUsage(root: string) {
  const namespaceNames = [
    ...new Set(
      ['app/i18n/locales/en', 'contracts/messages/en'].flatMap((folder) =>
        readdirSync(path.join(root, folder))
          .filter((file) => file.endsWith('.json'))
          .map((file) => file.replace(/\.json$/, '')),
      ),
    ),
  ]
  const prefixedKey = new RegExp(`['"\`](${namespaceNames.join('|')}):`, 'g')
  const facts = new Map<string, SourceFacts>()

  function resolve(from: string, specifier: string): string | undefined {
    let base: string
    if (specifier.startsWith('#app/')) base = path.join(root, 'app', specifier.slice('#app/'.length))
    else if (specifier.startsWith('#contracts/'))
      base = path.join(root, 'contracts', specifier.slice('#contracts/'.length))
    else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
    else return undefined
    return [base, `${base}.ts`, `${base}.tsx`].find((file) => /\.tsx?$/.test(file) && existsSync(file))
  }

  function factsOf(file: string): SourceFacts {
    const known = facts.get(file)
    if (known) return known
    const source = readFileSync(file, 'utf8')
    const namespaces = new Set<string>()
    for (const call of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')?/g)) {
      if (!call[1]) namespaces.add('common')
      else for (const name of call[1].matchAll(/'([\w-]+)'/g)) namespaces.add(name[1]!)
    }
    for (const key of source.matchAll(prefixedKey)) namespaces.add(key[1]!)
    const imports: string[] = []
    const staticImports: string[] = []
    for (const statement of source.matchAll(/(?:\bfrom|\bimport)\s*(\(?)\s*['"]([^'"]+)['"]/g)) {
      // `import type` and `export type … from` bring no code.
      const lineStart = source.lastIndexOf('\n', statement.index) + 1
      if (/^\s*(?:import|export)\s+type\b/.test(source.slice(lineStart, statement.index + 1))) continue
      const resolved = resolve(file, statement[2]!)
      if (!resolved) continue
      imports.push(resolved)
      if (!statement[1]) staticImports.push(resolved)
    }
    const found = { namespaces, imports, staticImports, ensured: ensuredCatalogsOf(source) }
    facts.set(file, found)
    return found
  }

  /**
   * The namespaces the code of `entryFiles` (paths from the root) and everything it imports speaks; with
   * `staticOnly`, what it imports statically (what renders with it), not what it fetches on demand.
   */
  function namespacesOf(entryFiles: string[], { staticOnly = false } = {}): Set<string> {
    const spoken = new Set<string>()
    for (const facts of graphOf(entryFiles, staticOnly)) for (const name of facts.namespaces) spoken.add(name)
    return spoken
  }

  /**
   * The namespaces the code of `entryFiles` and everything it imports fetches itself before speaking them (a part
   * loaded later, a dialog's words): a page need not name them.
   */
  function ensuredOf(entryFiles: string[]): Set<string> {
    return new Set([...graphOf(entryFiles, false)].flatMap((facts) => facts.ensured))
  }

  function* graphOf(entryFiles: string[], staticOnly: boolean): Generator<SourceFacts> {
    const seen = new Set<string>()
    const pending = entryFiles.map((file) => path.join(root, file))
    while (pending.length > 0) {
      const file = pending.pop()!
      if (seen.has(file)) continue
      seen.add(file)
      const facts = factsOf(file)
      yield facts
      pending.push(...(staticOnly ? facts.staticImports : facts.imports))
    }
  }

  return { namespaceNames, namespacesOf, ensuredOf }
}

/** The namespaces a reader catalog module's globs name (`./locales/en/{a,b}.json`, `…/messages/en/errors.json`). */
export function readerCatalogNamespaces(source: string): string[] {
  const names: string[] = []
  for (const pattern of source.matchAll(/'[^']*\/(?:locales|messages)\/[\w-]+\/(\{[^}]*\}|[\w-]+)\.json'/g)) {
    const part = pattern[1]!
    names.push(...(part.startsWith('{') ? part.slice(1, -1).split(',') : [part]))
  }
  return names.sort()
}

/**
 * The namespaces a module fetches itself before it speaks them (`ensureCatalogs(['stocks'])`: the home page's lower
 * sections with their code, the methods' formulas with their dialog).
 */
export function ensuredCatalogsOf(source: string): string[] {
  return [...source.matchAll(/\bensureCatalogs\(\s*\[([^\]]*)\]/g)].flatMap((call) =>
    [...call[1]!.matchAll(/['"]([\w-]+)['"]/g)].map((match) => match[1]!),
  )
}

/** The namespaces a route module's `handle` names (`handle = { catalogs: ['articles'] }`). */
export function handleCatalogsOf(source: string): string[] {
  const list = /\bhandle\s*=\s*\{[^}]*?\bcatalogs\s*:\s*\[([^\]]*)\]/.exec(source)?.[1] ?? ''
  return [...list.matchAll(/['"]([\w-]+)['"]/g)].map((match) => match[1]!)
}
