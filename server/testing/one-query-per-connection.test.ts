import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { takeOverlappingQueries } from './one-query-per-connection.ts'

const url = process.env.DATABASE_URL

describe.skipIf(!url)('a query sent to a busy PostgreSQL connection', () => {
  it('is recorded with where it was sent from; queries one after the other are not', async () => {
    takeOverlappingQueries()
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query('select 1')
      await client.query('select 2')
      expect(takeOverlappingQueries()).toEqual([])

      await Promise.all([client.query('select 1'), client.query('select 2'), client.query('select 3')])
      const overlapping = takeOverlappingQueries()
      expect(overlapping).toHaveLength(1)
      expect(overlapping[0]).toContain('one-query-per-connection.test.ts')
    } finally {
      await client.end()
    }
  })
})
