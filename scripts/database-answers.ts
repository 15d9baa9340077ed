/** Exit 0 when the PostgreSQL server at DATABASE_URL accepts a connection within 3 seconds, else 1. */
import pg from 'pg'

const url = process.env.DATABASE_URL
if (!url) process.exit(1)
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
try {
  await client.connect()
  await client.query('select 1')
  await client.end()
  process.exit(0)
} catch {
  process.exit(1)
}
