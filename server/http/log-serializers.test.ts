import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import type { Database } from '#server/db/database.ts'
import { loggerOptionsOf } from '#server/http.ts'
import { capturedLog } from '#server/testing/captured-log.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'
import { testEnv } from '#server/testing/test-env.ts'

const phone = '+85251234567'

/** The error a failing query really throws, with the phone number among its values. */
async function failingQueryError(database: Database): Promise<Error> {
  await database.db.execute(sql`create temporary table log_test_members (mobile text unique)`)
  await database.db.execute(sql`insert into log_test_members (mobile) values (${phone})`)
  try {
    await database.db.execute(sql`insert into log_test_members (mobile) values (${phone})`)
  } catch (error) {
    return error as Error
  }
  throw new Error('the duplicate insert should have failed')
}

describe('error logs', () => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase(inject('testDatabaseTemplate'))
  })
  afterAll(() => database.close())

  it('keep the failing SQL and the database message, never the query values', async () => {
    const error = await failingQueryError(database)
    expect(`${error.message} ${JSON.stringify(error)}`).toContain(phone)

    const { stream, lines } = capturedLog()
    const log = pino({ ...loggerOptionsOf(loadConfig(testEnv)), level: 'info' }, stream)
    log.error({ err: error }, 'request failed')
    log.error({ err: new Error('wrapped', { cause: error }) }, 'job failed')

    const output = lines.join('')
    expect(output).not.toContain(phone)
    expect(output).not.toContain('51234567')
    expect(output).toContain('insert into log_test_members')
    expect(output).toContain('duplicate key value violates unique constraint')
  })
})
