/**
 * Queries of the portfolios' tables; plain rows, no rules. Every query names the member: a transaction is only ever
 * found, changed or deleted among its owner's (privacy is in the WHERE clause, not in a later check).
 */
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { BaseCurrency } from '#contracts/base-currencies.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import type { LedgerSummary, LedgerTransaction } from './portfolio-ledger.ts'
import { portfolios, portfolioTransactions } from './portfolios.sql.ts'

export type PortfolioRow = typeof portfolios.$inferSelect
export type TransactionRow = typeof portfolioTransactions.$inferSelect
export type NewTransactionRow = Omit<
  typeof portfolioTransactions.$inferInsert,
  'id' | 'createdAt' | 'sequence'
>

export async function selectPortfolio(db: Db, memberId: string): Promise<PortfolioRow | undefined> {
  const [row] = await db.select().from(portfolios).where(eq(portfolios.memberId, memberId))
  return row
}

/** The member's portfolio, created on first use, locked until the caller's transaction ends (one change at a time). */
export async function lockPortfolio(db: Db, memberId: string): Promise<PortfolioRow> {
  await db.insert(portfolios).values({ memberId }).onConflictDoNothing()
  const [row] = await db.select().from(portfolios).where(eq(portfolios.memberId, memberId)).for('update')
  return row as PortfolioRow
}

export async function selectTransactions(db: Db, memberId: string): Promise<TransactionRow[]> {
  return db
    .select()
    .from(portfolioTransactions)
    .where(eq(portfolioTransactions.memberId, memberId))
    .orderBy(asc(portfolioTransactions.tradeDate), asc(portfolioTransactions.sequence))
}

/** `limit` transactions, newest first, after the newest `offset` (the page's list and its "show more"). */
export async function selectLatestTransactions(
  db: Db,
  memberId: string,
  limit: number,
  offset = 0,
): Promise<TransactionRow[]> {
  return db
    .select()
    .from(portfolioTransactions)
    .where(eq(portfolioTransactions.memberId, memberId))
    .orderBy(desc(portfolioTransactions.tradeDate), desc(portfolioTransactions.sequence))
    .limit(limit)
    .offset(offset)
}

/** The columns the ledger reads of a transaction. */
const ledgerColumns = {
  id: portfolioTransactions.id,
  kind: portfolioTransactions.kind,
  market: portfolioTransactions.market,
  code: portfolioTransactions.code,
  tradeDate: portfolioTransactions.tradeDate,
  quantity: portfolioTransactions.quantity,
  price: portfolioTransactions.price,
  fee: portfolioTransactions.fee,
  amount: portfolioTransactions.amount,
  sequence: portfolioTransactions.sequence,
  currency: portfolioTransactions.currency,
}

/** Every transaction as the ledger replays it (only the columns it reads), oldest first. */
export async function selectLedgerTransactions(db: Db, memberId: string): Promise<LedgerTransaction[]> {
  return db
    .select(ledgerColumns)
    .from(portfolioTransactions)
    .where(eq(portfolioTransactions.memberId, memberId))
    .orderBy(asc(portfolioTransactions.tradeDate), asc(portfolioTransactions.sequence))
}

/** The ledger's transactions of several members (only the columns it reads), each member's oldest first. */
export async function selectLedgerTransactionsOf(
  db: Db,
  memberIds: readonly string[],
): Promise<Map<string, LedgerTransaction[]>> {
  const byMember = new Map<string, LedgerTransaction[]>(memberIds.map((id) => [id, []]))
  if (memberIds.length === 0) return byMember
  const rows = await db
    .select({ memberId: portfolioTransactions.memberId, ...ledgerColumns })
    .from(portfolioTransactions)
    .where(inArray(portfolioTransactions.memberId, [...memberIds]))
    .orderBy(asc(portfolioTransactions.tradeDate), asc(portfolioTransactions.sequence))
  for (const { memberId, ...transaction } of rows) byMember.get(memberId)?.push(transaction)
  return byMember
}

export async function insertTransactions(
  db: Db,
  rows: readonly NewTransactionRow[],
): Promise<TransactionRow[]> {
  if (rows.length === 0) return []
  const inserted: TransactionRow[] = []
  // In pieces, so one statement's parameters stay far below PostgreSQL's 65,535.
  for (let at = 0; at < rows.length; at += 500) {
    inserted.push(
      ...(await db
        .insert(portfolioTransactions)
        .values(rows.slice(at, at + 500))
        .returning()),
    )
  }
  return inserted
}

export async function updateTransaction(
  db: Db,
  memberId: string,
  id: string,
  values: Omit<NewTransactionRow, 'memberId' | 'source'>,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .update(portfolioTransactions)
    .set(values)
    .where(and(eq(portfolioTransactions.memberId, memberId), eq(portfolioTransactions.id, id)))
    .returning()
  return row
}

export async function deleteTransaction(db: Db, memberId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(portfolioTransactions)
    .where(and(eq(portfolioTransactions.memberId, memberId), eq(portfolioTransactions.id, id)))
    .returning({ id: portfolioTransactions.id })
  return rows.length > 0
}

/** A change saved: the replay it leaves, and a new revision (what was computed from the old transactions is stale). */
export async function saveHoldings(db: Db, memberId: string, holdings: LedgerSummary): Promise<void> {
  await db
    .update(portfolios)
    .set({ holdings, revision: sql`gen_random_uuid()`, updatedAt: new Date() })
    .where(eq(portfolios.memberId, memberId))
}

/** The replay of a portfolio saved before replays were kept, at its revision (a change since then wins). */
export async function keepHoldings(
  db: Db,
  memberId: string,
  revision: string,
  holdings: LedgerSummary,
): Promise<void> {
  await db
    .update(portfolios)
    .set({ holdings })
    .where(and(eq(portfolios.memberId, memberId), eq(portfolios.revision, revision)))
}

/** Portfolios last changed before replays were kept (no `holdings` yet), a page at a time by member id. */
export async function selectPortfoliosWithoutHoldings(
  db: Db,
  after: string | null,
  limit: number,
): Promise<{ memberId: string; revision: string }[]> {
  return db
    .select({ memberId: portfolios.memberId, revision: portfolios.revision })
    .from(portfolios)
    .where(and(isNull(portfolios.holdings), after ? gt(portfolios.memberId, after) : undefined))
    .orderBy(asc(portfolios.memberId))
    .limit(limit)
}

/** `keepHoldings` for many portfolios in one statement: each replay kept at its revision (a change since then wins). */
export async function keepHoldingsOf(
  db: Db,
  replays: readonly { memberId: string; revision: string; holdings: LedgerSummary }[],
): Promise<void> {
  if (replays.length === 0) return
  await db.execute(sql`
    update portfolios p set holdings = r.holdings
    from unnest(${sql.param(replays.map((r) => r.memberId))}::uuid[],
      ${sql.param(replays.map((r) => r.revision))}::uuid[],
      ${sql.param(replays.map((r) => JSON.stringify(r.holdings)))}::jsonb[]) as r(member_id, revision, holdings)
    where p.member_id = r.member_id and p.revision = r.revision and p.holdings is null`)
}

export async function updateBaseCurrency(
  db: Db,
  memberId: string,
  baseCurrency: BaseCurrency,
): Promise<void> {
  await db
    .insert(portfolios)
    .values({ memberId, baseCurrency })
    .onConflictDoUpdate({
      target: portfolios.memberId,
      set: { baseCurrency, updatedAt: new Date() },
    })
}

/** The member's portfolio and its transactions (the foreign key's cascade); whether there was one. */
export async function deletePortfolio(db: Db, memberId: string): Promise<boolean> {
  const rows = await db
    .delete(portfolios)
    .where(eq(portfolios.memberId, memberId))
    .returning({ memberId: portfolios.memberId })
  return rows.length > 0
}

/**
 * Who holds shares of these stocks now, one JSON array of `{ memberId, market, code }` (the portfolio switch's alerts,
 * evaluated set-based: the JSON travels to the alerts' statement whole). Read from each portfolio's kept replay: the
 * service keeps the replays still missing first (`keepMissingHoldings`), so every holder is found.
 */
export async function selectHoldersJson(
  db: Db,
  stocks: readonly { market: string; code: string }[],
): Promise<string> {
  if (stocks.length === 0) return '[]'
  const [answer] = await selectRows<{ holders: unknown }>(
    db,
    sql`
      select coalesce(json_agg(r), '[]'::json) as "holders" from (
        select distinct p.member_id as "memberId", pos->>'market' as "market", pos->>'code' as "code"
        from portfolios p
        cross join lateral jsonb_array_elements(p.holdings->'positions') pos
        where p.holdings is not null and (pos->>'quantity')::float8 > 1e-9
          and (pos->>'market', pos->>'code') in (
            select * from unnest(${sql.param(stocks.map((k) => k.market))}::text[],
              ${sql.param(stocks.map((k) => k.code))}::text[])
          )
      ) r
    `,
  )
  const holders = answer?.holders
  return typeof holders === 'string' ? holders : JSON.stringify(holders ?? [])
}
