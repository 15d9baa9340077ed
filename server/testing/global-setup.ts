/**
 * Vitest global setup: builds the migrated, seeded template database once for the whole run.
 * PGlite by default; PostgreSQL when DATABASE_URL is set (the suite then runs entirely on Postgres).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/database.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { seedDatabase } from '#server/db/seed.ts'
import { databaseUrlWithName, type TestDatabaseTemplate } from './test-database.ts'
import { testEnv, testPgliteThread } from './test-env.ts'

const cacheDir = path.resolve('node_modules/.cache/tickerwise-tests')

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  let template: TestDatabaseTemplate
  if (url) {
    const templateName = `tw_template_${process.pid}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${templateName} with (force)`)
    await admin.query(`create database ${templateName}`)
    await admin.end()
    const database = await openDatabase({ kind: 'postgres', url: databaseUrlWithName(url, templateName) })
    await migrateDatabase(database)
    await seedDatabase(database, { config: loadConfig(testEnv) })
    await database.close()
    template = { kind: 'postgres', url, templateName }
    project.provide('testDatabaseTemplate', template)
    return async () => {
      const cleaner = new pg.Client({ connectionString: url })
      await cleaner.connect()
      await cleaner.query(`drop database if exists ${templateName} with (force)`)
      await cleaner.end()
    }
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined, thread: testPgliteThread })
  await migrateDatabase(database)
  await seedDatabase(database, { config: loadConfig(testEnv) })
  const tarball = await dumpPglite(database)
  await database.close()
  await mkdir(cacheDir, { recursive: true })
  const tarballPath = path.join(cacheDir, `template-${process.pid}.tar.gz`)
  await writeFile(tarballPath, tarball)
  template = { kind: 'pglite', tarballPath }
  project.provide('testDatabaseTemplate', template)
  return async () => {
    await rm(tarballPath, { force: true })
  }
}

async function dumpPglite(database: Awaited<ReturnType<typeof openDatabase>>): Promise<Buffer> {
  if (!database.dumpDataDir) throw new Error('PGlite database cannot be dumped')
  const blob = await database.dumpDataDir()
  return Buffer.from(await blob.arrayBuffer())
}
