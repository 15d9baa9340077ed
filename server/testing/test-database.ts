/**
 * Fresh databases for tests, fast: a template is migrated and seeded once per test run (global-setup.ts), then
 * every test file gets its own copy — a PGlite data-dir tarball loaded in memory, or a PostgreSQL database
 * created from a template database when DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import pg from 'pg'
import { type Database, openDatabase } from '#server/db/database.ts'
import { usesDatabase } from './database-tests.ts'
import { testPgliteThread } from './test-env.ts'

export type TestDatabaseTemplate =
  | { kind: 'pglite'; tarballPath: string }
  | { kind: 'postgres'; url: string; templateName: string }

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate
  }
}

function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.href
}

export async function openTestDatabase(template: TestDatabaseTemplate): Promise<Database> {
  await refuseUnseenDatabaseTest()
  if (template.kind === 'pglite') {
    const tarball = new Blob([await readFile(template.tarballPath)])
    return openDatabase({
      kind: 'pglite',
      dataDir: undefined,
      loadDataDir: tarball,
      thread: testPgliteThread,
    })
  }
  const name = `tw_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: template.url })
  await admin.connect()
  try {
    await admin.query(`create database ${name} template ${template.templateName}`)
  } finally {
    await admin.end()
  }
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrlWithName(template.url, name),
    poolSize: 5,
  })
  return {
    ...database,
    async close() {
      await database.close()
      const cleaner = new pg.Client({ connectionString: template.url })
      await cleaner.connect()
      try {
        await cleaner.query(`drop database if exists ${name} with (force)`)
      } finally {
        await cleaner.end()
      }
    },
  }
}

/**
 * The PostgreSQL run includes only the files database-tests.ts finds (ADR 0039): one it misses fails here, on the
 * PGlite run, rather than being left out of the PostgreSQL run unseen. (vitest is imported here, not at the top: the
 * global setup imports this file outside a test.)
 */
async function refuseUnseenDatabaseTest(): Promise<void> {
  const { expect } = await import('vitest')
  const file = expect.getState().testPath
  if (file && !usesDatabase(file)) {
    throw new Error(
      `${file} opens a test database, but server/testing/database-tests.ts does not find it among the files that use ` +
        'one, so the PostgreSQL run would leave it out: import the test helpers with a static import (ADR 0039)',
    )
  }
}

export { databaseUrlWithName }
