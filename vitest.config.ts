import { availableParallelism } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'
import { databaseTestFiles, testFilePatterns } from './server/testing/database-tests.ts'

// On PostgreSQL (DATABASE_URL set) only the test files that use a database run: the others have just run on PGlite
// and would repeat the same work (ADR 0039). Which files those are is worked out from their imports each run.
const onPostgres = Boolean(process.env.DATABASE_URL)

/**
 * Test files that load a parser threads cannot share: swc's native one (directly, or through dependency-cruiser;
 * @swc/core 1.16 crashes the whole process, a segmentation fault in its module registration, when a second worker
 * thread loads it after a first) and Node's type stripper, a WebAssembly build of swc (stripServerTypes; V8 aborted
 * the whole run freeing its code in a worker thread: "Check failed: jit_page_->allocations_.erase(addr) == 1"). These
 * run in child processes of their own, the rest in threads.
 */
const nativeParserTests = [
  'server/context-tables.test.ts',
  'scripts/import-rules.test.ts',
  'server/stripped-modules.test.ts',
]
const included = onPostgres ? databaseTestFiles() : testFilePatterns

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'threads',
          include: included,
          exclude: [...configDefaults.exclude, ...nativeParserTests],
        },
      },
      {
        test: {
          name: 'processes',
          include: onPostgres
            ? nativeParserTests.filter((file) => included.includes(file))
            : nativeParserTests,
          pool: 'forks',
        },
      },
    ],
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
