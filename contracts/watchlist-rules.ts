/**
 * Watchlists (issue 25) without zod, for the pages (ADR 0011, ADR 0033): limits, error codes, the stock key, the
 * device list's storage key and the answer shapes. How many lists and stocks a reader may keep is decided by
 * contracts/benefits.ts (`watchlists`), nowhere else. The requests are in contracts/watchlists.ts.
 */
import type { Market } from './regions.ts'
import type { AnalystRating, Currency, Exchange, FlowSignal, TechnicalSignal } from './stocks.ts'

export const watchlistNameMaxLength = 40
/** Stocks sent at once by a reorder or a hand-over: the largest list (Premium's 200) and no more. */
export const watchlistStocksMax = 200
/** Writes (follow, unfollow, rename, reorder…) per minute per client address: a person clicking never meets it. */
export const watchlistWritesPerMinute = 120
export const watchlistExportsPerMinute = 20

/** Where a visitor's list lives on the device (localStorage), until login moves it to the account. */
export const deviceWatchlistStorageKey = 'tw_watchlist'
/**
 * How many stocks the device list keeps: the visitor's `stocksPerList` of contracts/benefits.ts (tested equal),
 * written out so the follow control's code does not carry the benefits table.
 */
export const deviceWatchlistMax = 20

export const WatchlistErrorCode = {
  /** 404 — the list does not exist or is not the reader's (the same answer, so lists cannot be probed). */
  notFound: 'WATCHLIST_NOT_FOUND',
  /** 400 — name empty or longer than 40 characters. */
  nameInvalid: 'WATCHLIST_NAME_INVALID',
  /** 409 — as many lists as the plan allows (`max`). */
  listsFull: 'WATCHLIST_LISTS_FULL',
  /** 409 — the list holds as many stocks as the plan allows (`max`). */
  stocksFull: 'WATCHLIST_STOCKS_FULL',
  /** 404 — no stock of that market and code is covered (following needs a covered stock). */
  stockUnknown: 'WATCHLIST_STOCK_UNKNOWN',
  /** 400 — a reorder that does not name exactly the lists (or stocks) there are. */
  orderMismatch: 'WATCHLIST_ORDER_MISMATCH',
  /** 400 — a stock key that is no `market:code`. */
  stockInvalid: 'WATCHLIST_STOCK_INVALID',
} as const

export interface StockKey {
  market: Market
  code: string
}

/** `us:AAPL`: one string per stock, for sets, reorders and the device list. */
export function stockKeyOf(stock: StockKey): string {
  return `${stock.market}:${stock.code}`
}

export interface WatchlistLimits {
  lists: number
  stocksPerList: number
}

/** A list with the keys of its stocks, in the reader's order (what the follow control needs). */
export interface WatchlistSummary {
  id: string
  name: string
  stocks: StockKey[]
}

/** GET /watchlist/lists */
export interface WatchlistsAnswer {
  lists: WatchlistSummary[]
  limits: WatchlistLimits
}

/**
 * What the page shows of a covered stock: the stocks module's summary, cut to the page's columns. The price and day
 * change are of the latest session (`priceDate`); the score, fair-value gap, support and resistance and the two labels
 * are the diagnosis's, of its session (`diagnosisAsOf`).
 */
export interface WatchlistFigures {
  name: string
  /** Tells a KOSDAQ stock from a KRX one (their display codes differ). */
  exchange: Exchange
  currency: Currency
  price: number | null
  priceDate: string | null
  change: number | null
  changeRate: number | null
  score: number | null
  analystRating: AnalystRating | null
  fairValue: number | null
  /** Signed share of fair value: (fair value − price) ÷ fair value. */
  downsideMargin: number | null
  diagnosisAsOf: string | null
  /** The diagnosis's nearest support below / resistance above its close (pivot points and swing clusters). */
  support: number | null
  resistance: number | null
  /** (level − close) ÷ close at the diagnosis's session, as the diagnosis states it: negative below, positive above. */
  supportDistance: number | null
  resistanceDistance: number | null
  technicals: TechnicalSignal | null
  capitalFlow: FlowSignal | null
  isDemo: boolean
}

/** The newest article about a stock in the reader's language (its key makes its address). */
export interface WatchlistArticle {
  key: string
  title: string
  publishedAt: string
}

/** One stock of a list as the page shows it: its figures, or null when it is no longer covered. */
export interface WatchlistRow extends StockKey {
  addedAt: string
  stock: WatchlistFigures | null
  article: WatchlistArticle | null
}

/** GET /watchlist/view: the reader's lists (names and sizes) and one list's rows with the data stamp. */
export interface WatchlistView {
  lists: { id: string; name: string; size: number }[]
  /** null when the reader has no list yet. */
  current: { id: string; name: string; rows: WatchlistRow[] } | null
  limits: WatchlistLimits
  isDemo: boolean
  /** Latest session date of the figures shown (YYYY-MM-DD); null when none. */
  asOf: string | null
}

/** POST /watchlist/follow and /watchlist/unfollow */
export interface FollowAnswer {
  /** The lists holding the stock after the change. */
  listIds: string[]
}

/** POST /watchlist/adopt: the device list's stocks moved to the account at login. */
export interface AdoptAnswer {
  added: number
  /** Already on the list, no longer covered, or beyond the plan's list size. */
  skipped: number
}
