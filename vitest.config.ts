import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { databaseTestFiles, testFilePatterns } from './server/testing/database-tests.ts'

// On PostgreSQL (DATABASE_URL set) only the test files that use a database run: the others have just run on PGlite
// and would repeat the same work (ADR 0039). Which files those are is worked out from their imports each run.
const onPostgres = Boolean(process.env.DATABASE_URL)

export default defineConfig({
  test: {
    include: onPostgres ? databaseTestFiles() : testFilePatterns,
    // A file named on the command line that uses no database has nothing to run on PostgreSQL.
    passWithNoTests: onPostgres,
    environment: 'node',
    // A file per core: Vitest's default (cores − 1) runs one file at a time on a 2-core machine, where half of a
    // file's time is importing code and its databases are its own (ADR 0039, amendment 1).
    maxWorkers: availableParallelism(),
    // Files run in worker threads, not child processes: each file still gets its own module graph, at a fraction
    // of a process's start and memory traffic (ADR 0039, amendment 2).
    pool: 'threads',
    globalSetup: ['server/testing/global-setup.ts'],
    // On PostgreSQL a test fails when it sends a query to a connection already busy (pg 9 will refuse it).
    setupFiles: onPostgres ? ['server/testing/one-query-per-connection.ts'] : [],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
})
