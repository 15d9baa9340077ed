/** Queries on watchlists and watchlist_stocks: plain rows, no rules. Ownership is a `member_id` in every where. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
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

/**
 * What the page needs of a member's lists in one query: each list in order with its size, and the stocks of one list
 * (the named one, else the first) in its order, handed over as one JSON value (PGlite spends microseconds on every
 * value of an answer; a list of 200 stocks is a thousand values).
 */
export async function selectMemberListsView(
  db: Db,
  memberId: string,
  listId: string | undefined,
): Promise<{
  lists: (WatchlistRecord & { size: number })[]
  currentId: string | null
  stocks: { market: Market; code: string; addedAt: string }[]
}> {
  const [answer] = await selectRows<{ lists: unknown; stocks: unknown }>(
    db,
    sql`
      with lists as (
        select w.id, w.member_id as "memberId", w.name, w.position, w.created_at as "createdAt",
          (select count(*)::int from watchlist_stocks s where s.list_id = w.id) as "size"
        from watchlists w
        where w.member_id = ${memberId}
      ),
      current_list as (
        select id from lists
        where ${listId ? sql`id = ${listId}` : sql`true`}
        order by position, "createdAt" limit 1
      )
      select
        (select json_agg(l order by l.position, l."createdAt") from lists l) as "lists",
        (select json_agg(json_build_object('market', s.market, 'code', s.code, 'addedAt', s.added_at)
           order by s.position, s.added_at)
         from watchlist_stocks s where s.list_id = (select id from current_list)) as "stocks"
    `,
  )
  const parse = <T>(value: unknown): T[] =>
    (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T[]
  const lists = parse<WatchlistRecord & { size: number; createdAt: string | Date }>(answer?.lists).map(
    (l) => ({
      ...l,
      createdAt: new Date(l.createdAt),
    }),
  )
  const current = listId ? lists.find((l) => l.id === listId) : lists[0]
  return { lists, currentId: current?.id ?? null, stocks: current ? parse(answer?.stocks) : [] }
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

/**
 * Who follows these stocks (issue 26: the alerts' watchlist switch), as one JSON array of `{ memberId, market, code }`,
 * each member once per stock however many of their lists hold it.
 */
export async function selectFollowersJson(
  db: Db,
  stocks: readonly { market: string; code: string }[],
): Promise<string> {
  if (stocks.length === 0) return '[]'
  const [answer] = await selectRows<{ followers: unknown }>(
    db,
    sql`
      select coalesce(json_agg(r), '[]'::json) as "followers" from (
        select distinct w.member_id as "memberId", s.market as "market", s.code as "code"
        from watchlist_stocks s
        join watchlists w on w.id = s.list_id
        where (s.market, s.code) in (
          select * from unnest(${sql.param(stocks.map((k) => k.market))}::text[],
            ${sql.param(stocks.map((k) => k.code))}::text[])
        )
      ) r
    `,
  )
  const followers = answer?.followers
  return typeof followers === 'string' ? followers : JSON.stringify(followers ?? [])
}

/** The stocks each of these members follows, on any of their lists, each once (the weekly digest's moves). */
export async function selectFollowedStocksOf(
  db: Db,
  memberIds: readonly string[],
): Promise<Map<string, { market: Market; code: string }[]>> {
  const followed = new Map<string, { market: Market; code: string }[]>()
  if (memberIds.length === 0) return followed
  const rows = await db
    .selectDistinct({
      memberId: watchlists.memberId,
      market: watchlistStocks.market,
      code: watchlistStocks.code,
    })
    .from(watchlistStocks)
    .innerJoin(watchlists, eq(watchlists.id, watchlistStocks.listId))
    .where(inArray(watchlists.memberId, [...memberIds]))
  for (const row of rows)
    followed.set(row.memberId, [
      ...(followed.get(row.memberId) ?? []),
      { market: row.market as Market, code: row.code },
    ])
  return followed
}
