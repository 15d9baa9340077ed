/**
 * Which test files use a database (ADR 0039). The PostgreSQL run (`DATABASE_URL` set) runs only these; every file
 * runs on PGlite. A file uses a database when it, or a test helper it imports (a `testing/` folder, another test
 * file), imports server/testing/test-database.ts — the only way a test gets a copy of the migrated, seeded template —
 * or reads `process.env.DATABASE_URL` or the `testDatabaseTemplate` itself. Product code never imports test code (the
 * import rules, ADR 0023), so following test code's imports is enough. openTestDatabase checks the answer at run
 * time: a file that opens a test database without being found here fails on PGlite, so none is skipped unseen.
 */
import { existsSync, globSync, readFileSync } from 'node:fs'
import path from 'node:path'

export const testFilePatterns = [
  'app/**/*.test.{ts,tsx}',
  'contracts/**/*.test.ts',
  'server/**/*.test.ts',
  'scripts/**/*.test.ts',
]

const databaseHarness = 'server/testing/test-database.ts'
/** This file names the markers it looks for; importing it uses no database. */
const thisFile = 'server/testing/database-tests.ts'
const readsDatabaseItself =
  /process\.env(\.DATABASE_URL\b|\[\s*['"`]DATABASE_URL['"`]\s*\])|testDatabaseTemplate/
const testCode = /(^|\/)[^/]+\.test\.tsx?$|(^|\/)testing\//
const importSpecifier =
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g
const aliases: Record<string, string> = {
  '#app/': 'app/',
  '#contracts/': 'contracts/',
  '#server/': 'server/',
}

const root = path.resolve(import.meta.dirname, '../..')
const answers = new Map<string, boolean>()

/** Whether the test file (absolute, or relative to the repository) uses a database. */
export function usesDatabase(file: string): boolean {
  return reachesDatabase(path.relative(root, path.resolve(root, file)), new Set())
}

/** The test files that use a database, relative to the repository, sorted. */
export function databaseTestFiles(): string[] {
  return globSync(testFilePatterns, { cwd: root })
    .filter((file) => usesDatabase(file))
    .sort()
}

function reachesDatabase(file: string, seen: Set<string>): boolean {
  const known = answers.get(file)
  if (known !== undefined) return known
  if (seen.has(file)) return false
  const outermost = seen.size === 0
  seen.add(file)
  let answer = file === databaseHarness
  if (!answer && file !== thisFile) {
    const source = readFileSync(path.join(root, file), 'utf8')
    answer =
      readsDatabaseItself.test(source) ||
      importsOf(file, source).some((imported) => testCode.test(imported) && reachesDatabase(imported, seen))
  }
  // A "no" reached inside a cycle may be partial; only settled answers are kept.
  if (answer || outermost) answers.set(file, answer)
  return answer
}

function importsOf(file: string, source: string): string[] {
  const files: string[] = []
  for (const match of source.matchAll(importSpecifier)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? ''
    const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix))
    const target = alias
      ? path.join(aliases[alias] as string, specifier.slice(alias.length))
      : specifier.startsWith('.')
        ? path.join(path.dirname(file), specifier)
        : undefined
    if (target && existsSync(path.join(root, target))) files.push(target)
  }
  return files
}
