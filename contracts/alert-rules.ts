/**
 * Alerts and the notification centre (issue 26) without zod, for the pages (ADR 0011, ADR 0041): the kinds of alert,
 * the channels, error codes and answer shapes. How many alerts a reader keeps is contracts/benefits.ts's `alerts`,
 * nowhere else. The requests are in contracts/alerts.ts.
 */
import type { Market } from './regions.ts'

/**
 * What an alert watches on one stock:
 * - `priceAbove` / `priceBelow` — the latest close at or beyond `threshold` (a price);
 * - `dayMove` — a session's close-to-close move at least `threshold` (a fraction, 0.05 = ±5 %) either way;
 * - `scoreChange` — the total score moved `threshold` points or more from when it last fired (or was set);
 * - `technicalsChange`, `capitalFlowChange`, `valuationChange` — the label changed;
 * - `fairValueCross`, `supportCross`, `resistanceCross` — the close went to the other side of the level.
 */
export const alertKinds = [
  'priceAbove',
  'priceBelow',
  'dayMove',
  'scoreChange',
  'technicalsChange',
  'capitalFlowChange',
  'valuationChange',
  'fairValueCross',
  'supportCross',
  'resistanceCross',
] as const
export type AlertKind = (typeof alertKinds)[number]

/** Kinds whose `threshold` the reader sets (the others take none). */
export const alertKindsWithThreshold = ['priceAbove', 'priceBelow', 'dayMove', 'scoreChange'] as const
export function alertKindTakesThreshold(kind: AlertKind): boolean {
  return (alertKindsWithThreshold as readonly string[]).includes(kind)
}

/**
 * What the watchlist's one switch ("alert me on big changes for everything I follow") watches on each followed
 * stock: a day's move of at least this much either way, and any change of the score by `followedScoreStep` points or
 * of a label from the session before.
 */
export const followedMoveThreshold = 0.05
export const followedScoreStep = 10

/**
 * What other modules tell a member through the centre: a new article about a stock they follow (articles, on
 * publishing), a plan renewing in 7 days and a renewal that could not be charged (billing).
 */
export const memberNoticeKinds = ['newArticle', 'renewalReminder', 'paymentFailed'] as const
export type MemberNoticeKind = (typeof memberNoticeKinds)[number]

/**
 * Kinds whose email is a transactional message the member cannot turn off (billing's reminder and failed payment
 * are mailed by billing itself, to a verified address, whatever the centre's settings say): their email setting is
 * always on.
 */
export const transactionalNoticeKinds = [
  'renewalReminder',
  'paymentFailed',
] as const satisfies readonly MemberNoticeKind[]
export function isTransactionalNotice(kind: NotificationKind): boolean {
  return (transactionalNoticeKinds as readonly string[]).includes(kind)
}

/**
 * Why a notification was sent: an alert's kind, `followedChange` (the watchlist switch), `heldChange` (the portfolio
 * switch), `screenEntry` (a stock entered a saved screen the reader asked to hear about, ADR 0040), or another
 * module's notice.
 */
export const notificationKinds = [
  ...alertKinds,
  'followedChange',
  'heldChange',
  'screenEntry',
  ...memberNoticeKinds,
] as const
export type NotificationKind = (typeof notificationKinds)[number]

/** Where notifications go. In-app is always on; push reaches the devices a member turned notifications on for. */
export const notificationChannels = ['inApp', 'email', 'push'] as const
export type NotificationChannel = (typeof notificationChannels)[number]

/** Writes (create, edit, pause, delete, read) per minute per client address: a person clicking never meets it. */
export const alertWritesPerMinute = 120
/** Notifications shown per page of the centre. */
export const notificationsPageSize = 30

export const AlertErrorCode = {
  /** 404 — the alert does not exist or is not the reader's (the same answer, so ids cannot be probed). */
  notFound: 'ALERT_NOT_FOUND',
  /** 409 — as many alerts as the plan allows (`max`). */
  limitReached: 'ALERT_LIMIT_REACHED',
  /** 400 — a kind that takes a threshold without one, or a threshold out of range. */
  thresholdInvalid: 'ALERT_THRESHOLD_INVALID',
  /** 400 — not one of the kinds. */
  kindInvalid: 'ALERT_KIND_INVALID',
  /** 404 — no stock of that market and code is covered. */
  stockUnknown: 'ALERT_STOCK_UNKNOWN',
  /** 400 — a stock key that is no `market:code`. */
  stockInvalid: 'ALERT_STOCK_INVALID',
  /** 404 — the notification does not exist or is not the reader's. */
  notificationNotFound: 'NOTIFICATION_NOT_FOUND',
  /** 400 — a setting for a kind or channel that does not exist. */
  settingInvalid: 'NOTIFICATION_SETTING_INVALID',
  /** 404 — the saved screen does not exist or is not the reader's. */
  screenNotFound: 'ALERT_SCREEN_NOT_FOUND',
} as const

export interface AlertStock {
  market: Market
  code: string
}

export interface AlertItem {
  id: string
  kind: AlertKind
  market: Market
  code: string
  /** The stock's name in the reader's language (null: no longer covered). */
  name: string | null
  threshold: number | null
  isPaused: boolean
  /** When it last fired (ISO), null if never. */
  lastFiredAt: string | null
  createdAt: string
}

/**
 * A saved screen the reader asked to hear about ("alert me when a stock enters this screen", ADR 0040). It counts
 * against the plan's `alerts` like an alert on a stock.
 */
export interface ScreenAlertItem {
  screenId: string
  /** The saved screen's name and its query string (the screener's address without `?`). */
  name: string
  query: string
  /** When a stock last entered it (ISO), null if never. */
  lastFiredAt: string | null
  createdAt: string
}

export interface AlertsAnswer {
  alerts: AlertItem[]
  /** The saved screens with the alert on; `alerts.length + screens.length` is what `max` bounds. */
  screens: ScreenAlertItem[]
  max: number
  /** The watchlist switch. */
  followedChanges: boolean
  /** The portfolio switch. */
  heldChanges: boolean
}

export interface NotificationItem {
  id: string
  kind: NotificationKind
  market: Market | null
  code: string | null
  /** What the reason sentence interpolates (`threshold`, `price`, `from`, `to`, `move`, `title` …). */
  details: Record<string, string | number | null>
  /** Site path the notification leads to (the stock's diagnosis, the article). */
  link: string
  createdAt: string
  readAt: string | null
}

export interface NotificationsAnswer {
  items: NotificationItem[]
  unread: number
  hasMore: boolean
}

export interface UnreadAnswer {
  unread: number
}

/** Settings per kind × channel; `inApp` is always true and not stored. */
export type NotificationSettings = Record<NotificationKind, Record<NotificationChannel, boolean>>

export interface NotificationSettingsAnswer {
  settings: NotificationSettings
  /** Whether the member has a verified email (email settings do nothing without one). */
  hasVerifiedEmail: boolean
}
