import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, inTransaction, openDatabase, selectRows } from './database.ts'

/** Turns of the event loop completed until `work` settles. */
async function loopTurnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0
  let settled = false
  const settledWork = work.finally(() => {
    settled = true
  })
  const turn = (): void => {
    if (settled) return
    turns += 1
    setImmediate(turn)
  }
  setImmediate(turn)
  await settledWork
  return turns
}

describe('PGlite in its worker thread', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: undefined })
    await database.db.execute(
      sql`create table notes (id int primary key, body text not null, at timestamptz)`,
    )
  }, 60_000)
  afterAll(() => database.close())

  it('leaves the event loop turning while a long query runs', async () => {
    const longQuery = selectRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from generate_series(1, 1000000) as a(n) where n % 7 = 0`,
    )
    expect(await loopTurnsDuring(longQuery)).toBeGreaterThan(0)
    expect(await longQuery).toEqual([{ count: 142_857 }])
  })

  it('answers rows as drizzle reads them, timestamps as PostgreSQL writes them', async () => {
    await database.db.execute(sql`insert into notes values (1, 'first', '2026-11-29T10:00:00Z')`)
    const rows = await selectRows<{ id: number; body: string; at: string }>(
      database.db,
      sql`select id, body, at from notes where id = ${1}`,
    )
    expect(rows).toEqual([{ id: 1, body: 'first', at: '2026-11-29 10:00:00+00' }])
  })

  it('keeps other queries waiting until a transaction commits, and undoes one whose work throws', async () => {
    let outsideSaw: unknown
    await inTransaction(database.db, async (tx) => {
      await tx.execute(sql`insert into notes values (2, 'in a transaction', null)`)
      // Asked from outside while the transaction is open: answered only after its commit.
      void selectRows<{ id: number }>(database.db, sql`select id from notes where id = 2`).then((rows) => {
        outsideSaw = rows
      })
      await tx.execute(sql`update notes set body = 'committed' where id = 2`)
      expect(outsideSaw).toBeUndefined()
    })
    await expect.poll(() => outsideSaw).toEqual([{ id: 2 }])

    const failing = inTransaction(database.db, async (tx) => {
      await tx.execute(sql`insert into notes values (3, 'rolled back', null)`)
      throw new Error('the work failed')
    })
    await expect(failing).rejects.toThrow('the work failed')
    expect(await selectRows(database.db, sql`select id from notes where id = 3`)).toEqual([])
    expect(await selectRows(database.db, sql`select body from notes where id = 2`)).toEqual([
      { body: 'committed' },
    ])
  })

  it('collects its garbage when asked once the start is over, and keeps answering', async () => {
    await expect(database.collectGarbage?.()).resolves.toBeUndefined()
    expect(await selectRows(database.db, sql`select body from notes where id = 1`)).toEqual([
      { body: 'first' },
    ])
  })

  it('passes on a failed query with PostgreSQL’s error code and detail', async () => {
    const duplicate = await database.db.execute(sql`insert into notes values (1, 'again', null)`).then(
      () => undefined,
      (error: unknown) => error,
    )
    const cause = (duplicate as { cause?: Record<string, unknown> }).cause
    expect(cause?.code).toBe('23505')
    expect(cause?.detail).toBe('Key (id)=(1) already exists.')
    expect(cause?.message).toContain('duplicate key value violates unique constraint')
  })
})

describe('a PGlite data folder in the worker thread', () => {
  let root: string
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'tickerwise-pglite-worker-'))
  })
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  it('keeps what was written after a close and reopen, refuses queries once closed, and dumps the folder', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir: root })
    await first.db.execute(sql`create table kept (id int primary key)`)
    await first.db.execute(sql`insert into kept values (7)`)
    await first.close()
    await expect(first.db.execute(sql`select 1`)).rejects.toThrow()

    const again = await openDatabase({ kind: 'pglite', dataDir: root })
    try {
      expect(await selectRows(again.db, sql`select id from kept`)).toEqual([{ id: 7 }])
      const tarball = await again.dumpDataDir?.()
      const copy = await openDatabase({
        kind: 'pglite',
        dataDir: undefined,
        ...(tarball ? { loadDataDir: tarball } : {}),
      })
      try {
        expect(await selectRows(copy.db, sql`select id from kept`)).toEqual([{ id: 7 }])
      } finally {
        await copy.close()
      }
    } finally {
      await again.close()
    }
  }, 90_000)
})
