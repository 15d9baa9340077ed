/**
 * Watchlists (issue 25; CONTEXT.md; ADR 0033): a member's named lists of stocks, in their order, and what the page
 * shows of each stock.
 *
 * Decides: only the owner reads or writes a list (another reader's list answers 404, exactly as one that does not
 * exist); how many lists and stocks a reader keeps is contracts/benefits.ts's `watchlists` for their rung, checked on
 * every addition (a plan that shrank keeps what it holds, but adds nothing until it fits); following needs a covered
 * stock, yet a stock that later leaves the universe stays on the list as "no longer covered" (its row's `stock` is
 * null); the first follow of a reader without a list creates one named in their language; a visitor's device list
 * is merged into the first list at login (`adoptDeviceStocks`), as far as the plan's list size allows.
 * Leaves the figures to the stocks service (`getStocks`, `getStock`: one query for the whole list), who the reader
 * is to accounts, and deleting a member's lists with the member to the foreign key (and `deleteMemberWatchlists`).
 */
import { benefitReaderOf, benefitsOf } from '#contracts/benefits.ts'
import { CommonErrorCode } from '#contracts/envelope.ts'
import type { Locale } from '#contracts/regions.ts'
import type { StockSummary } from '#contracts/stocks.ts'
import {
  type AdoptAnswer,
  type FollowAnswer,
  type StockKey,
  stockKeyOf,
  type WatchlistArticle,
  WatchlistErrorCode,
  type WatchlistFigures,
  type WatchlistLimits,
  type WatchlistRow,
  type WatchlistSummary,
  type WatchlistsAnswer,
  type WatchlistView,
} from '#contracts/watchlist-rules.ts'
import type { Clock } from '#server/clock.ts'
import { type Db, inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { isLoggedIn, type Reader } from '#server/kernel/reader.ts'
import {
  countListStocks,
  deleteList,
  deleteListStock,
  deleteMemberLists,
  insertList,
  insertListStock,
  selectFollowedStocksOf,
  selectFollowersJson,
  selectListStocks,
  selectMemberList,
  selectMemberLists,
  selectMemberListsView,
  updateListName,
  updateListPosition,
  updateStockPosition,
  type WatchlistRecord,
  type WatchlistStockRecord,
} from './watchlists.repo.ts'

/** The name of the list a first follow creates, in the reader's language. */
const firstListName: Record<Locale, string> = { en: 'My watchlist', 'zh-Hant': '我的自選股' }

export interface WatchlistsDependencies {
  db: Db
  clock: Clock
  /** The stocks service's summaries of several stocks in one query (those out of the universe left out). */
  getStocks: (keys: readonly StockKey[], locale: Locale) => Promise<StockSummary[]>
  /** The articles service's newest article in one language about each stock, keyed `market:code`, in one query. */
  findNewestArticlesAbout: (
    stocks: readonly StockKey[],
    locale: Locale,
  ) => Promise<ReadonlyMap<string, WatchlistArticle>>
}

type Member = Reader & { memberId: string }

function memberOf(reader: Reader): Member {
  if (!isLoggedIn(reader)) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
  return reader
}

export function limitsOf(reader: Reader): WatchlistLimits {
  return benefitsOf(benefitReaderOf(reader)).watchlists
}

function notFound(): AppError {
  return new AppError('not_found', WatchlistErrorCode.notFound)
}

function summaryOf(list: WatchlistRecord, stocks: readonly WatchlistStockRecord[]): WatchlistSummary {
  return {
    id: list.id,
    name: list.name,
    stocks: stocks.filter((s) => s.listId === list.id).map((s) => ({ market: s.market, code: s.code })),
  }
}

/**
 * How far a level is from the close, as the diagnosis states it (engine/price-levels.ts: (level − close) ÷ close,
 * six decimals), from the level and close of the same snapshot.
 */
function distanceOf(level: number | null, close: number | null): number | null {
  if (level === null || close === null || close <= 0) return null
  return Math.round(((level - close) / close) * 1e6) / 1e6 || 0
}

/** The page's columns of a stock's summary: nothing it does not show travels to the page. */
function figuresOf(s: StockSummary): WatchlistFigures {
  return {
    name: s.name,
    exchange: s.exchange,
    currency: s.currency,
    price: s.latestPrice ?? s.price,
    priceDate: s.latestPriceDate ?? s.priceDate,
    change: s.latestChange,
    changeRate: s.latestChangeRate,
    score: s.score,
    analystRating: s.analystRating,
    fairValue: s.fairValue,
    downsideMargin: s.downsideMargin,
    diagnosisAsOf: s.priceDate,
    support: s.supportLevel,
    resistance: s.resistanceLevel,
    supportDistance: distanceOf(s.supportLevel, s.price),
    resistanceDistance: distanceOf(s.resistanceLevel, s.price),
    technicals: s.technicals,
    capitalFlow: s.capitalFlow,
    isDemo: s.isDemo,
  }
}

/** A CSV field as spreadsheets read it; a formula-like text is neutralised (names come from readers). */
function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function createWatchlistsService({
  db,
  clock,
  getStocks,
  findNewestArticlesAbout,
}: WatchlistsDependencies) {
  async function ownedList(member: Member, listId: string, tx: Db = db): Promise<WatchlistRecord> {
    const list = await selectMemberList(tx, member.memberId, listId)
    if (!list) throw notFound()
    return list
  }

  /** `GET /watchlist/lists`: every list with its stock keys (the follow control's state). */
  async function listWatchlists(reader: Reader): Promise<WatchlistsAnswer> {
    const member = memberOf(reader)
    const lists = await selectMemberLists(db, member.memberId)
    const stocks = await selectListStocks(
      db,
      lists.map((l) => l.id),
    )
    return { lists: lists.map((list) => summaryOf(list, stocks)), limits: limitsOf(reader) }
  }

  /** `GET /watchlist/view`: one list (the first when none is named) with each stock's figures. */
  async function getWatchlistView(
    reader: Reader,
    listId: string | undefined,
    locale: Locale,
  ): Promise<WatchlistView> {
    const member = memberOf(reader)
    const { lists, currentId, stocks: shown } = await selectMemberListsView(db, member.memberId, listId)
    const current = lists.find((l) => l.id === currentId)
    if (listId && !current) throw notFound()
    // The figures and the newest articles of the whole list: two queries, however long the list.
    const [summaries, articles] = await Promise.all([
      getStocks(shown, locale),
      findNewestArticlesAbout(shown, locale),
    ])
    const byKey = new Map(summaries.map((s) => [stockKeyOf(s), s]))
    const rows: WatchlistRow[] = shown.map((s) => {
      const summary = byKey.get(stockKeyOf(s))
      return {
        market: s.market,
        code: s.code,
        addedAt: new Date(s.addedAt).toISOString(),
        stock: summary ? figuresOf(summary) : null,
        article: articles.get(stockKeyOf(s)) ?? null,
      }
    })
    const dates = summaries
      .map((s) => s.latestPriceDate ?? s.priceDate)
      .filter((d): d is string => d !== null)
    return {
      lists: lists.map((l) => ({ id: l.id, name: l.name, size: l.size })),
      current: current ? { id: current.id, name: current.name, rows } : null,
      limits: limitsOf(reader),
      isDemo: summaries.some((s) => s.isDemo),
      asOf: dates.sort().at(-1) ?? null,
    }
  }

  /** `POST /watchlist/create`: a new list at the end, within the plan's number of lists. */
  async function createWatchlist(reader: Reader, name: string): Promise<WatchlistSummary> {
    const member = memberOf(reader)
    const limits = limitsOf(reader)
    return inTransaction(db, async (tx) => {
      const lists = await selectMemberLists(tx, member.memberId)
      if (lists.length >= limits.lists)
        throw new AppError('conflict', WatchlistErrorCode.listsFull, { params: { max: limits.lists } })
      const list = await insertList(tx, { memberId: member.memberId, name, now: clock.now() })
      return summaryOf(list, [])
    })
  }

  /** `POST /watchlist/rename` */
  async function renameWatchlist(reader: Reader, listId: string, name: string): Promise<WatchlistSummary> {
    const member = memberOf(reader)
    const list = await ownedList(member, listId)
    await updateListName(db, list.id, name)
    return summaryOf({ ...list, name }, await selectListStocks(db, [list.id]))
  }

  /** `POST /watchlist/reorder`: the reader's lists in a new order; every list named once, no other. */
  async function reorderWatchlists(reader: Reader, listIds: readonly string[]): Promise<WatchlistsAnswer> {
    const member = memberOf(reader)
    await inTransaction(db, async (tx) => {
      const lists = await selectMemberLists(tx, member.memberId)
      const owned = new Set(lists.map((l) => l.id))
      if (
        listIds.length !== owned.size ||
        new Set(listIds).size !== owned.size ||
        listIds.some((id) => !owned.has(id))
      )
        throw new AppError('invalid', WatchlistErrorCode.orderMismatch)
      for (const [position, id] of listIds.entries()) await updateListPosition(tx, id, position)
    })
    return listWatchlists(reader)
  }

  /** `DELETE /watchlist/delete`: the list and its stocks. */
  async function deleteWatchlist(reader: Reader, listId: string): Promise<{ deleted: true }> {
    const member = memberOf(reader)
    const list = await ownedList(member, listId)
    await deleteList(db, list.id)
    return { deleted: true }
  }

  async function listIdsHolding(member: Member, stock: StockKey, tx: Db = db): Promise<string[]> {
    const lists = await selectMemberLists(tx, member.memberId)
    const stocks = await selectListStocks(
      tx,
      lists.map((l) => l.id),
    )
    const key = stockKeyOf(stock)
    return lists
      .filter((l) => stocks.some((s) => s.listId === l.id && stockKeyOf(s) === key))
      .map((l) => l.id)
  }

  async function requireCovered(stock: StockKey, locale: Locale): Promise<void> {
    const [found] = await getStocks([stock], locale)
    if (!found) throw new AppError('not_found', WatchlistErrorCode.stockUnknown)
  }

  /** Adds a stock at the end of a list, within the plan's list size; nothing when it is there already. */
  async function addToList(tx: Db, list: WatchlistRecord, stock: StockKey, limits: WatchlistLimits) {
    if ((await countListStocks(tx, list.id)) >= limits.stocksPerList) {
      const present = (await selectListStocks(tx, [list.id])).some((s) => stockKeyOf(s) === stockKeyOf(stock))
      if (present) return false
      throw new AppError('conflict', WatchlistErrorCode.stocksFull, { params: { max: limits.stocksPerList } })
    }
    return insertListStock(tx, { listId: list.id, market: stock.market, code: stock.code, now: clock.now() })
  }

  /** The list a follow without a named list goes to: the first, created when the reader has none. */
  async function firstList(tx: Db, member: Member, locale: Locale): Promise<WatchlistRecord> {
    const [first] = await selectMemberLists(tx, member.memberId)
    return (
      first ?? insertList(tx, { memberId: member.memberId, name: firstListName[locale], now: clock.now() })
    )
  }

  /** `POST /watchlist/follow`: adds a covered stock to the named list, else to the first (created if needed). */
  async function followStock(
    reader: Reader,
    request: StockKey & { listId?: string | undefined },
    locale: Locale,
  ): Promise<FollowAnswer> {
    const member = memberOf(reader)
    const stock = { market: request.market, code: request.code }
    await requireCovered(stock, locale)
    const limits = limitsOf(reader)
    return inTransaction(db, async (tx) => {
      const list = request.listId
        ? await ownedList(member, request.listId, tx)
        : await firstList(tx, member, locale)
      await addToList(tx, list, stock, limits)
      return { listIds: await listIdsHolding(member, stock, tx) }
    })
  }

  /** `POST /watchlist/unfollow`: takes the stock off the named list, else off every list (covered or not). */
  async function unfollowStock(
    reader: Reader,
    request: StockKey & { listId?: string | undefined },
  ): Promise<FollowAnswer> {
    const member = memberOf(reader)
    const stock = { market: request.market, code: request.code }
    const listIds = request.listId
      ? [(await ownedList(member, request.listId)).id]
      : (await selectMemberLists(db, member.memberId)).map((l) => l.id)
    await deleteListStock(db, { listIds, ...stock })
    return { listIds: await listIdsHolding(member, stock) }
  }

  /** `POST /watchlist/reorderStocks`: the list's stocks in a new order; every stock named once, no other. */
  async function reorderStocks(
    reader: Reader,
    listId: string,
    order: readonly StockKey[],
  ): Promise<WatchlistSummary> {
    const member = memberOf(reader)
    return inTransaction(db, async (tx) => {
      const list = await ownedList(member, listId, tx)
      const held = new Set((await selectListStocks(tx, [list.id])).map(stockKeyOf))
      const wanted = order.map(stockKeyOf)
      if (
        wanted.length !== held.size ||
        new Set(wanted).size !== held.size ||
        wanted.some((k) => !held.has(k))
      )
        throw new AppError('invalid', WatchlistErrorCode.orderMismatch)
      for (const [position, stock] of order.entries())
        await updateStockPosition(tx, { listId: list.id, market: stock.market, code: stock.code, position })
      return summaryOf(list, await selectListStocks(tx, [list.id]))
    })
  }

  /**
   * `POST /watchlist/adopt`: a visitor's device list, at login, joins the first list (created if needed): stocks
   * already there, no longer covered, or beyond the plan's list size are skipped and counted.
   */
  async function adoptDeviceStocks(
    reader: Reader,
    stocks: readonly StockKey[],
    locale: Locale,
  ): Promise<AdoptAnswer> {
    const member = memberOf(reader)
    const unique = [...new Map(stocks.map((s) => [stockKeyOf(s), s])).values()]
    if (unique.length === 0) return { added: 0, skipped: 0 }
    const covered = new Set((await getStocks(unique, locale)).map(stockKeyOf))
    const limits = limitsOf(reader)
    const added = await inTransaction(db, async (tx) => {
      const list = await firstList(tx, member, locale)
      let room = limits.stocksPerList - (await countListStocks(tx, list.id))
      let count = 0
      for (const stock of unique) {
        if (room <= 0 || !covered.has(stockKeyOf(stock))) continue
        if (await insertListStock(tx, { listId: list.id, ...stock, now: clock.now() })) {
          count += 1
          room -= 1
        }
      }
      return count
    })
    return { added, skipped: stocks.length - added }
  }

  /** `GET /watchlist/export`: the list as CSV, one row per stock with the figures the page shows. */
  async function exportWatchlist(
    reader: Reader,
    listId: string,
    locale: Locale,
  ): Promise<{ fileName: string; csv: string }> {
    const view = await getWatchlistView(reader, listId, locale)
    const header = [
      'market',
      'code',
      'name',
      'currency',
      'price',
      'price_date',
      'day_change',
      'score',
      'fair_value',
      'fair_value_gap',
      'covered',
      'added_at',
      'diagnosis_date',
      'support',
      'support_distance',
      'resistance',
      'resistance_distance',
      'technicals',
      'capital_flow',
      'newest_article',
      'newest_article_date',
    ]
    const lines = (view.current?.rows ?? []).map((row) => {
      const s = row.stock
      return [
        row.market,
        row.code,
        s?.name,
        s?.currency,
        s?.price,
        s?.priceDate,
        s?.changeRate,
        s?.score,
        s?.fairValue,
        s?.downsideMargin,
        s ? 'yes' : 'no',
        row.addedAt.slice(0, 10),
        s?.diagnosisAsOf,
        s?.support,
        s?.supportDistance,
        s?.resistance,
        s?.resistanceDistance,
        s?.technicals,
        s?.capitalFlow,
        row.article?.title,
        row.article?.publishedAt.slice(0, 10),
      ].map(csvField)
    })
    // A byte-order mark, so spreadsheet programs read Chinese names as UTF-8.
    const csv = `\uFEFF${[header, ...lines].map((line) => line.join(',')).join('\r\n')}\r\n`
    return { fileName: `watchlist-${clock.now().toISOString().slice(0, 10)}.csv`, csv }
  }

  /** Account deletion: the member's lists and their stocks (the foreign key does the same; this says it). */
  async function deleteMemberWatchlists(memberId: string): Promise<number> {
    return deleteMemberLists(db, memberId)
  }

  return {
    /** Who follows these stocks, as one JSON array (the alerts' watchlist switch; one query for a whole market). */
    listFollowersJson: (stocks: readonly StockKey[]) => selectFollowersJson(db, stocks),
    /** The weekly digest: the stocks each of these members follows (a batch of recipients, one query). */
    listFollowedStocksOf: (memberIds: readonly string[]) => selectFollowedStocksOf(db, memberIds),
    listWatchlists,
    getWatchlistView,
    createWatchlist,
    renameWatchlist,
    reorderWatchlists,
    deleteWatchlist,
    followStock,
    unfollowStock,
    reorderStocks,
    adoptDeviceStocks,
    exportWatchlist,
    deleteMemberWatchlists,
  }
}

export type WatchlistsService = ReturnType<typeof createWatchlistsService>
