import { globSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { databaseTestFiles, testFilePatterns, usesDatabase } from './database-tests.ts'

describe('the test files the PostgreSQL run includes (ADR 0039)', () => {
  it('finds a file that starts a test server, and one that starts it through a helper of its module', () => {
    expect(usesDatabase('server/modules/accounts/accounts.routes.test.ts')).toBe(true)
    // newsroom.routes.test.ts starts its server through console/testing/newsroom-runtime.ts.
    expect(usesDatabase('server/modules/console/newsroom.routes.test.ts')).toBe(true)
  })

  it('leaves out a file that uses no database', () => {
    expect(usesDatabase('server/config.test.ts')).toBe(false)
    expect(usesDatabase('server/testing/database-tests.test.ts')).toBe(false)
  })

  it('includes every test file that opens a test database or starts a test server', () => {
    const found = new Set(databaseTestFiles())
    const opening = globSync(testFilePatterns).filter((file) =>
      /\b(createTestRuntime|openTestDatabase)\(/.test(readFileSync(file, 'utf8')),
    )
    expect(opening.length).toBeGreaterThan(50)
    expect(opening.filter((file) => !found.has(file))).toEqual([])
  })
})
