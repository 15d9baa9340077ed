/** Queries on watchlists and watchlist_stocks: plain rows, no rules. Ownership is a `member_id` in every where. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import { watchlistStocks, watchlists } from './watchlists.sql.ts'

export type WatchlistRecord = typeof watchlists.$inferSelect
export type WatchlistStockRecord = typeof watchlistStocks.$inferSelect

/** The member's lists in their order. */
export async function selectMemberLists(db: Db, memberId: string): Promise<WatchlistRecord[]> {
  return db
    .select()
    .from(watchlists)
    .where(eq(watchlists.memberId, memberId))
    .orderBy(asc(watchlists.position), asc(watchlists.createdAt))
}

/** A list when it is the member's; undefined otherwise (another's list reads as none). */
export async function selectMemberList(
  db: Db,
  memberId: string,
  listId: string,
): Promise<WatchlistRecord | undefined> {
  const [row] = await db
    .select()
    .from(watchlists)
    .where(and(eq(watchlists.id, listId), eq(watchlists.memberId, memberId)))
  return row
}

/** The stocks of the given lists, each list's in its order. */
export async function selectListStocks(db: Db, listIds: readonly string[]): Promise<WatchlistStockRecord[]> {
  if (listIds.length === 0) return []
  return db
    .select()
    .from(watchlistStocks)
    .where(inArray(watchlistStocks.listId, [...listIds]))
    .orderBy(asc(watchlistStocks.position), asc(watchlistStocks.addedAt))
}

export async function countListStocks(db: Db, listId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(watchlistStocks)
    .where(eq(watchlistStocks.listId, listId))
  return Number(row?.n ?? 0)
}

export async function insertList(
  db: Db,
  list: { memberId: string; name: string; now: Date },
): Promise<WatchlistRecord> {
  const [row] = await db
    .insert(watchlists)
    .values({
      memberId: list.memberId,
      name: list.name,
      createdAt: list.now,
      position: sql`(select coalesce(max(position) + 1, 0) from watchlists where member_id = ${list.memberId})`,
    })
    .returning()
  if (!row) throw new Error('watchlist insert returned no row')
  return row
}

export async function updateListName(db: Db, listId: string, name: string): Promise<void> {
  await db.update(watchlists).set({ name }).where(eq(watchlists.id, listId))
}

export async function updateListPosition(db: Db, listId: string, position: number): Promise<void> {
  await db.update(watchlists).set({ position }).where(eq(watchlists.id, listId))
}

export async function deleteList(db: Db, listId: string): Promise<void> {
  await db.delete(watchlists).where(eq(watchlists.id, listId))
}

export async function deleteMemberLists(db: Db, memberId: string): Promise<number> {
  const rows = await db
    .delete(watchlists)
    .where(eq(watchlists.memberId, memberId))
    .returning({ id: watchlists.id })
  return rows.length
}

/** Appends a stock at the end of the list; false when it is already there. */
export async function insertListStock(
  db: Db,
  stock: { listId: string; market: Market; code: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(watchlistStocks)
    .values({
      listId: stock.listId,
      market: stock.market,
      code: stock.code,
      addedAt: stock.now,
      position: sql`(select coalesce(max(position) + 1, 0) from watchlist_stocks where list_id = ${stock.listId})`,
    })
    .onConflictDoNothing()
    .returning({ listId: watchlistStocks.listId })
  return rows.length > 0
}

export async function deleteListStock(
  db: Db,
  stock: { listIds: readonly string[]; market: Market; code: string },
): Promise<void> {
  if (stock.listIds.length === 0) return
  await db
    .delete(watchlistStocks)
    .where(
      and(
        inArray(watchlistStocks.listId, [...stock.listIds]),
        eq(watchlistStocks.market, stock.market),
        eq(watchlistStocks.code, stock.code),
      ),
    )
}

export async function updateStockPosition(
  db: Db,
  stock: { listId: string; market: Market; code: string; position: number },
): Promise<void> {
  await db
    .update(watchlistStocks)
    .set({ position: stock.position })
    .where(
      and(
        eq(watchlistStocks.listId, stock.listId),
        eq(watchlistStocks.market, stock.market),
        eq(watchlistStocks.code, stock.code),
      ),
    )
}
