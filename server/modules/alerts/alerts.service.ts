/**
 * Alerts (issue 26; CONTEXT.md; ADR 0041): a member's conditions on stocks, and the watchlist's one switch for big
 * changes of everything they follow, evaluated after each market's refresh.
 *
 * Decides: which kinds there are and what each watches (and the portfolio's switch for everything a reader holds); how many alerts a reader keeps (contracts/benefits.ts
 * `alerts`, checked on every addition under a per-member lock); that an alert fires once per crossing — when its
 * condition becomes true, re-armed only when it becomes false again — which the evaluation's one statement per
 * market writes with the crossing's unique key, so two workers or a restart never record it twice; that recorded
 * crossings are handed to the notification centre until it has them (delivery is keyed too).
 * Leaves the figures to the stocks service, who follows what to the watchlists service, and what a member is told
 * and how (in-app, email) to the notifications service.
 */

import {
  AlertErrorCode,
  type AlertItem,
  type AlertKind,
  type AlertsAnswer,
  alertKindTakesThreshold,
  followedMoveThreshold,
  followedScoreStep,
  type ScreenAlertItem,
} from '#contracts/alert-rules.ts'
import type { CreateAlertRequest, ScreenAlertRequest, UpdateAlertRequest } from '#contracts/alerts.ts'
import { benefitReaderOf, benefitsOf } from '#contracts/benefits.ts'
import { CommonErrorCode } from '#contracts/envelope.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { SavedScreen } from '#contracts/screener.ts'
import type { StockSummary } from '#contracts/stocks.ts'
import type { Clock } from '#server/clock.ts'
import { deleteInBatches } from '#server/db/batches.ts'
import { type Db, inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { isLoggedIn, type Reader } from '#server/kernel/reader.ts'
import {
  type AlertEventRecord,
  type AlertRecord,
  countMemberAlerts,
  deleteAlert as deleteAlertRow,
  deleteDeliveredEventsBefore,
  deleteScreenAlert,
  evaluateAlerts,
  evaluateScreenAlerts,
  insertAlert,
  insertScreenAlert,
  isFollowedChangesOn,
  isHeldChangesOn,
  lockMemberAlerts,
  markEventsDelivered,
  recordFollowedChanges,
  selectAlertedScreenIds,
  selectMemberAlert,
  selectMemberAlerts,
  selectMemberScreenAlerts,
  selectUndeliveredEvents,
  setFollowedChanges,
  setHeldChanges,
  updateAlert as updateAlertRow,
} from './alerts.repo.ts'

/** Crossings handed to the notification centre per batch. */
const DELIVERY_BATCH = 1000

export type AlertEvent = AlertEventRecord

/**
 * The journeys' test endpoint only: a stock's session read as having moved `rate` (a big move on demand), and/or the
 * stock read as out of every saved screen (`outOfScreens`: a screen alert's record without it, so the next refresh
 * sees it enter).
 */
export interface SessionMove {
  code: string
  rate?: number | undefined
  outOfScreens?: boolean | undefined
}

export interface AlertsDependencies {
  db: Db
  clock: Clock
  /** The stocks service's summaries (names on the list; a new alert's stock and starting state). */
  getStocks: (keys: readonly { market: Market; code: string }[], locale: Locale) => Promise<StockSummary[]>
  /** The stocks service's figures of every stock of a market, one JSON array (stocks.repo.ts). */
  readAlertFiguresJson: (market: Market) => Promise<string>
  /** The watchlists service's followers of these stocks, one JSON array of `{ memberId, market, code }`. */
  listFollowersJson: (stocks: readonly { market: Market; code: string }[]) => Promise<string>
  /** The portfolios service's holders of these stocks (shares held now), one JSON array of `{ memberId, market, code }`. */
  listHoldersJson: (stocks: readonly { market: Market; code: string }[]) => Promise<string>
  /** The stocks service's saved screen of the reader (null: none, or another's). */
  findSavedScreen: (reader: Reader, screenId: string) => Promise<SavedScreen | null>
  /** The reader's saved screens (names and queries of those with an alert on). */
  listSavedScreens: (reader: Reader) => Promise<{ screens: SavedScreen[] }>
  /**
   * The stocks service's current members of these saved screens that a refresh of `market` can change, one JSON
   * array of `{ screenId, name, members }` (ADR 0040).
   */
  readScreenMembersJson: (screenIds: readonly string[], market: Market) => Promise<string>
  /** The notification centre: tells each member of their crossings; keyed by `event.key`, so never twice. */
  deliver: (events: readonly AlertEvent[]) => Promise<void>
}

type Member = Reader & { memberId: string }

function memberOf(reader: Reader): Member {
  if (!isLoggedIn(reader)) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
  return reader
}

function maxAlertsOf(reader: Reader): number {
  return benefitsOf(benefitReaderOf(reader)).alerts
}

function notFound(): AppError {
  return new AppError('not_found', AlertErrorCode.notFound)
}

/** A day's move is a fraction: 0 < x < 1 (100 % would never be met on the way down). */
function checkThreshold(kind: AlertKind, threshold: number | undefined): number | null {
  if (!alertKindTakesThreshold(kind)) return null
  if (threshold === undefined) throw new AppError('invalid', AlertErrorCode.thresholdInvalid)
  if (kind === 'dayMove' && threshold >= 1) throw new AppError('invalid', AlertErrorCode.thresholdInvalid)
  if (kind === 'scoreChange' && threshold > 100)
    throw new AppError('invalid', AlertErrorCode.thresholdInvalid)
  return threshold
}

function sideOf(price: number | null, level: number | null): string | null {
  if (price === null || level === null) return null
  return price >= level ? 'above' : 'below'
}

/**
 * The state a new alert starts from: what its condition reads now for the kinds that fire on a change (so setting
 * one tells nothing until something changes); none for a price level (a level already passed is told at the next
 * refresh: the reader asked to know).
 */
function startingStateOf(kind: AlertKind, stock: StockSummary, threshold: number | null): string | null {
  const price = stock.latestPrice ?? stock.price
  switch (kind) {
    case 'priceAbove':
    case 'priceBelow':
      return null
    case 'dayMove':
      return stock.latestChangeRate !== null &&
        threshold !== null &&
        Math.abs(stock.latestChangeRate) >= threshold
        ? (stock.latestPriceDate ?? 'off')
        : 'off'
    case 'scoreChange':
      return stock.score === null ? null : (Math.round(stock.score * 10) / 10).toFixed(1)
    case 'technicalsChange':
      return stock.technicals
    case 'capitalFlowChange':
      return stock.capitalFlow
    case 'valuationChange':
      return stock.fairValue === null ? null : (stock.downsideMargin ?? 0) > 0 ? 'undervalued' : 'overvalued'
    case 'fairValueCross':
      return sideOf(price, stock.fairValue)
    case 'supportCross':
      return sideOf(price, stock.supportLevel)
    case 'resistanceCross':
      return sideOf(price, stock.resistanceLevel)
  }
}

function itemOf(alert: AlertRecord, names: ReadonlyMap<string, string>): AlertItem {
  return {
    id: alert.id,
    kind: alert.kind,
    market: alert.market,
    code: alert.code,
    name: names.get(`${alert.market}:${alert.code}`) ?? null,
    threshold: alert.threshold,
    isPaused: alert.isPaused,
    lastFiredAt: alert.lastFiredAt?.toISOString() ?? null,
    createdAt: alert.createdAt.toISOString(),
  }
}

export function createAlertsService(deps: AlertsDependencies) {
  const { db, clock } = deps

  async function namesOf(
    keys: readonly { market: Market; code: string }[],
    locale: Locale,
  ): Promise<Map<string, string>> {
    const unique = [...new Map(keys.map((k) => [`${k.market}:${k.code}`, k])).values()]
    const stocks = unique.length > 0 ? await deps.getStocks(unique, locale) : []
    return new Map(stocks.map((s) => [`${s.market}:${s.code}`, s.name]))
  }

  /** The reader's saved screens with the alert on, oldest first, with their names and queries. */
  async function screenAlertsOf(member: Member): Promise<ScreenAlertItem[]> {
    const rows = await selectMemberScreenAlerts(db, member.memberId)
    if (rows.length === 0) return []
    const screens = new Map((await deps.listSavedScreens(member)).screens.map((s) => [s.id, s]))
    return rows.flatMap((row) => {
      const screen = screens.get(row.screenId)
      return screen
        ? [
            {
              screenId: row.screenId,
              name: screen.name,
              query: screen.query,
              lastFiredAt: row.lastFiredAt?.toISOString() ?? null,
              createdAt: row.createdAt.toISOString(),
            },
          ]
        : []
    })
  }

  /**
   * GET /alert/list: every alert of the reader, oldest first, their saved screens' alerts, the plan's limit and the
   * watchlist and portfolio switches.
   */
  async function listAlerts(reader: Reader, locale: Locale): Promise<AlertsAnswer> {
    const member = memberOf(reader)
    const rows = await selectMemberAlerts(db, member.memberId)
    const names = await namesOf(rows, locale)
    return {
      alerts: rows.map((row) => itemOf(row, names)),
      screens: await screenAlertsOf(member),
      max: maxAlertsOf(reader),
      followedChanges: await isFollowedChangesOn(db, member.memberId),
      heldChanges: await isHeldChangesOn(db, member.memberId),
    }
  }

  /** POST /alert/create: within the plan's number of alerts (409 ALERT_LIMIT_REACHED with `max`). */
  async function createAlert(
    reader: Reader,
    request: CreateAlertRequest,
    locale: Locale,
  ): Promise<AlertItem> {
    const member = memberOf(reader)
    const threshold = checkThreshold(request.kind, request.threshold)
    const [stock] = await deps.getStocks([{ market: request.market, code: request.code }], locale)
    if (!stock) throw new AppError('not_found', AlertErrorCode.stockUnknown)
    const max = maxAlertsOf(reader)
    const row = await inTransaction(db, async (tx) => {
      await lockMemberAlerts(tx, member.memberId)
      if ((await countMemberAlerts(tx, member.memberId)) >= max)
        throw new AppError('conflict', AlertErrorCode.limitReached, { params: { max } })
      return insertAlert(tx, {
        memberId: member.memberId,
        kind: request.kind,
        market: stock.market,
        code: stock.code,
        threshold,
        state: startingStateOf(request.kind, stock, threshold),
        createdAt: clock.now(),
      })
    })
    return itemOf(row, new Map([[`${stock.market}:${stock.code}`, stock.name]]))
  }

  /**
   * POST /alert/update: a new threshold (the alert starts again as if new: a level already passed is told at the
   * next refresh) and/or paused or resumed.
   */
  async function updateAlert(
    reader: Reader,
    request: UpdateAlertRequest,
    locale: Locale,
  ): Promise<AlertItem> {
    const member = memberOf(reader)
    const current = await selectMemberAlert(db, member.memberId, request.alertId)
    if (!current) throw notFound()
    const changes: Parameters<typeof updateAlertRow>[3] = {}
    if (request.threshold !== undefined && alertKindTakesThreshold(current.kind)) {
      changes.threshold = checkThreshold(current.kind, request.threshold)
      if (current.kind === 'priceAbove' || current.kind === 'priceBelow') changes.state = null
    }
    if (request.isPaused !== undefined) changes.isPaused = request.isPaused
    const row =
      Object.keys(changes).length > 0
        ? await updateAlertRow(db, member.memberId, current.id, changes)
        : current
    if (!row) throw notFound()
    return itemOf(row, await namesOf([row], locale))
  }

  /** DELETE /alert/delete: the reader's own alert; another's answers 404 like one that does not exist. */
  async function deleteAlert(reader: Reader, alertId: string): Promise<{ deleted: true }> {
    const member = memberOf(reader)
    if (!(await deleteAlertRow(db, member.memberId, alertId))) throw notFound()
    return { deleted: true }
  }

  /** The watchlist page's switch: whether the reader turned it on (false for a visitor). */
  async function hasFollowedChanges(reader: Reader): Promise<boolean> {
    return isLoggedIn(reader) ? isFollowedChangesOn(db, reader.memberId) : false
  }

  /** POST /alert/followed: the watchlist's switch for big changes of everything the reader follows. */
  async function setFollowedChangesOf(
    reader: Reader,
    enabled: boolean,
  ): Promise<{ followedChanges: boolean }> {
    const member = memberOf(reader)
    await setFollowedChanges(db, member.memberId, enabled, clock.now())
    return { followedChanges: enabled }
  }

  /** The portfolio page's switch: whether the reader turned it on (false for a visitor). */
  async function hasHeldChanges(reader: Reader): Promise<boolean> {
    return isLoggedIn(reader) ? isHeldChangesOn(db, reader.memberId) : false
  }

  /** POST /alert/held: the portfolio's switch for big changes of everything the reader holds. */
  async function setHeldChangesOf(reader: Reader, enabled: boolean): Promise<{ heldChanges: boolean }> {
    const member = memberOf(reader)
    await setHeldChanges(db, member.memberId, enabled, clock.now())
    return { heldChanges: enabled }
  }

  /**
   * The screener page's switches: the ids of the reader's saved screens with the alert on, and the plan's number of
   * alerts (what a refusal names). Null for a visitor.
   */
  async function screenAlertsOfReader(reader: Reader): Promise<{ screenIds: string[]; max: number } | null> {
    if (!isLoggedIn(reader)) return null
    const rows = await selectMemberScreenAlerts(db, reader.memberId)
    return { screenIds: rows.map((row) => row.screenId), max: maxAlertsOf(reader) }
  }

  /**
   * POST /alert/screen: "alert me when a stock enters this screen", on or off, for the reader's own saved screen
   * (404 ALERT_SCREEN_NOT_FOUND otherwise). On counts against the plan's `alerts` (409 ALERT_LIMIT_REACHED); the
   * first evaluation after it records the screen's stocks without telling. Off forgets what was recorded.
   */
  async function setScreenAlert(
    reader: Reader,
    request: ScreenAlertRequest,
  ): Promise<{ screenId: string; enabled: boolean }> {
    const member = memberOf(reader)
    const screen = await deps.findSavedScreen(member, request.screenId)
    if (!screen) throw new AppError('not_found', AlertErrorCode.screenNotFound)
    if (!request.enabled) {
      await deleteScreenAlert(db, member.memberId, screen.id)
      return { screenId: screen.id, enabled: false }
    }
    const max = maxAlertsOf(reader)
    await inTransaction(db, async (tx) => {
      await lockMemberAlerts(tx, member.memberId)
      const on = (await selectMemberScreenAlerts(tx, member.memberId)).some((a) => a.screenId === screen.id)
      if (on) return
      if ((await countMemberAlerts(tx, member.memberId)) >= max)
        throw new AppError('conflict', AlertErrorCode.limitReached, { params: { max } })
      await insertScreenAlert(tx, { memberId: member.memberId, screenId: screen.id, createdAt: clock.now() })
    })
    return { screenId: screen.id, enabled: true }
  }

  /**
   * Hands recorded crossings to the notification centre, oldest first, until none is left. Safe to run anywhere,
   * any number of times: delivery is keyed by the crossing, and an event is marked only after it was delivered.
   */
  async function deliverPendingEvents(): Promise<number> {
    let delivered = 0
    for (;;) {
      const events = await selectUndeliveredEvents(db, DELIVERY_BATCH)
      if (events.length === 0) return delivered
      await deps.deliver(events)
      await markEventsDelivered(
        db,
        events.map((e) => e.id),
        clock.now(),
      )
      delivered += events.length
      if (events.length < DELIVERY_BATCH) return delivered
    }
  }

  /**
   * After a market's refresh: every alert on its stocks and the watchlist switch, against the market's figures read
   * once; the saved screens' alerts against their screens' current members; then the crossings are delivered. A
   * fixed number of statements whatever the number of alerts and readers, plus one read of the followers of the
   * stocks that changed and one query per distinct screen with an alert on.
   */
  async function evaluateMarket(
    market: Market,
    move?: SessionMove,
  ): Promise<{ fired: number; followed: number; entered: number; delivered: number }> {
    const now = clock.now()
    const figuresJson = withMove(await deps.readAlertFiguresJson(market), move)
    const fired = await evaluateAlerts(db, market, figuresJson, now)
    const screenIds = await selectAlertedScreenIds(db)
    const entered =
      screenIds.length > 0
        ? await evaluateScreenAlerts(
            db,
            withoutStock(await deps.readScreenMembersJson(screenIds, market), market, move),
            now,
          )
        : 0
    const changed = bigChangesOf(figuresJson)
    let followed = 0
    if (changed.length > 0) {
      const [followersJson, holdersJson] = await Promise.all([
        deps.listFollowersJson(changed),
        deps.listHoldersJson(changed),
      ])
      followed = await recordFollowedChanges(
        db,
        JSON.stringify(changed),
        followersJson,
        holdersJson,
        { moveThreshold: followedMoveThreshold, scoreStep: followedScoreStep },
        now,
      )
    }
    return { fired, followed, entered, delivered: await deliverPendingEvents() }
  }

  /** Retention (housekeeping, RETENTION_NOTIFICATIONS_DAYS): crossings delivered before `before`. */
  async function forgetDeliveredEventsBefore(before: Date): Promise<number> {
    return deleteInBatches((limit) => deleteDeliveredEventsBefore(db, before, limit))
  }

  return {
    forgetDeliveredEventsBefore,
    listAlerts,
    createAlert,
    updateAlert,
    deleteAlert,
    setFollowedChanges: setFollowedChangesOf,
    hasFollowedChanges,
    setHeldChanges: setHeldChangesOf,
    hasHeldChanges,
    setScreenAlert,
    screenAlertsOf: screenAlertsOfReader,
    evaluateMarket,
    deliverPendingEvents,
  }
}

interface AlertFigures {
  market: Market
  code: string
  session: string | null
  changeRate: number | null
  score: number | null
  previousScore: number | null
  technicals: string | null
  previousTechnicals: string | null
  capitalFlow: string | null
  previousCapitalFlow: string | null
  valuation: string | null
  previousValuation: string | null
}

function withMove(figuresJson: string, move: SessionMove | undefined): string {
  const rate = move?.rate
  if (!move || rate === undefined) return figuresJson
  const figures = JSON.parse(figuresJson) as AlertFigures[]
  return JSON.stringify(figures.map((f) => (f.code === move.code ? { ...f, changeRate: rate } : f)))
}

function withoutStock(screensJson: string, market: Market, move: SessionMove | undefined): string {
  if (!move?.outOfScreens) return screensJson
  const key = `${market}:${move.code}`
  const screens = JSON.parse(screensJson) as Array<{ screenId: string; name: string; members: string[] }>
  return JSON.stringify(screens.map((s) => ({ ...s, members: s.members.filter((m) => m !== key) })))
}

/** The stocks with a big change this session (the watchlist and portfolio switches' rule), with their figures. */
function bigChangesOf(figuresJson: string): AlertFigures[] {
  const figures = JSON.parse(figuresJson) as AlertFigures[]
  const changedLabel = (now: string | null, before: string | null) =>
    now !== null && before !== null && now !== before
  return figures.filter(
    (f) =>
      f.session !== null &&
      ((f.changeRate !== null && Math.abs(f.changeRate) >= followedMoveThreshold) ||
        (f.score !== null &&
          f.previousScore !== null &&
          Math.abs(f.score - f.previousScore) >= followedScoreStep) ||
        changedLabel(f.technicals, f.previousTechnicals) ||
        changedLabel(f.capitalFlow, f.previousCapitalFlow) ||
        changedLabel(f.valuation, f.previousValuation)),
  )
}

export type AlertsService = ReturnType<typeof createAlertsService>
