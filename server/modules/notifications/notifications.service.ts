/**
 * The notification centre (issue 26; CONTEXT.md; ADR 0041): what a member was told, read and unread, and how they
 * want to be told of each kind.
 *
 * Decides: a notification per crossing, keyed by the crossing (`deliveryKey`), so delivering the same crossing again
 * (a second worker, a restart) adds nothing; in-app is always on; email goes only to a verified address (the
 * accounts service's — none, no mail), through the mail queue with the crossing's key, so it is queued once too;
 * email and push are on by default (email only to a verified address, push only to devices the member turned on). Only the owner reads or marks a
 * notification (another's answers 404 as one that does not exist).
 * Leaves what fires to the alerts service, how mail leaves to the mail module, and the region's time zone to the page.
 */

import {
  AlertErrorCode,
  isTransactionalNotice,
  type MemberNoticeKind,
  type NotificationChannel,
  type NotificationItem,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsAnswer,
  type NotificationsAnswer,
  notificationKinds,
  notificationsPageSize,
  type UnreadAnswer,
} from '#contracts/alert-rules.ts'
import { CommonErrorCode } from '#contracts/envelope.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import { deleteInBatches } from '#server/db/batches.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { isLoggedIn, type Reader } from '#server/kernel/reader.ts'
import { type NoticePushMessage, noticePushMessage } from './notice-push.ts'
import {
  countUnread,
  deleteNotificationsBefore,
  insertNotifications,
  markAllRead,
  markRead,
  type NotificationRecord,
  type SettingRow,
  selectMemberNotifications,
  selectSettings,
  upsertSetting,
} from './notifications.repo.ts'

/** What the alerts service hands over: one crossing for one member. */
export interface NotificationEvent {
  key: string
  memberId: string
  kind: NotificationKind
  market: Market
  code: string
  details: Record<string, string | number | null>
  occurredAt: Date
}

/** A member's verified address and the language they read in; null when they have none. */
export interface VerifiedEmail {
  address: string
  locale: Locale
  /** The origin of the member's site, for the link in the mail. */
  siteOrigin: string
}

export interface NotificationsDependencies {
  db: Db
  clock: Clock
  /** The accounts service's verified email of a member (null: none, so no mail). */
  findVerifiedEmail: (memberId: string) => Promise<VerifiedEmail | null>
  /** The same for a batch of members in one query, by member id (a delivery of thousands of crossings). */
  findVerifiedEmails?: ((memberIds: readonly string[]) => Promise<Map<string, VerifiedEmail>>) | undefined
  /** The push module's members with a device (one query per batch); absent, every member is offered the push. */
  membersWithDevices?: ((memberIds: readonly string[]) => Promise<Set<string>>) | undefined
  /** The mail module's queue (idempotent by key). */
  queueAlertMail: (request: {
    idempotencyKey: string
    to: string
    locale: Locale
    siteOrigin: string
    stock: string
  }) => Promise<unknown>
  /**
   * The push module's sender (idempotent by key, per device): only devices the member turned notifications on for
   * receive anything, so the channel may be on by default.
   */
  sendAlertPush: (request: {
    idempotencyKey: string
    memberId: string
    stock: string
    url: string
  }) => Promise<unknown>
  /** The mail module's queue, for a new article's mail (idempotent by key). */
  queueArticleMail: (request: ArticleMailRequest) => Promise<unknown>
  /** The push module's `sendPush` (idempotent by key, per device; only devices the member turned on). */
  sendPush: (memberId: string, message: NoticePushMessage, idempotencyKey: string) => Promise<unknown>
}

/**
 * What another module tells a member (`memberNoticeKinds`): a new article about a followed stock, a renewal coming,
 * a renewal not charged. `key` names it once and for all (a second call with it adds nothing, sends nothing).
 */
export interface MemberNotice {
  key: string
  memberId: string
  kind: MemberNoticeKind
  /** The stock it is about, if any (a new article: the followed stock it names). */
  market: Market | null
  code: string | null
  /** What the reason sentence names (`titleEn`, `titleZh`, `tier`, `on` …). */
  details: Record<string, string | number | null>
  /** Site path it leads to (the article, the account page). */
  link: string
  occurredAt: Date
}

/** A new article's mail: the article's title in the reader's language and its address on their site. */
export interface ArticleMailRequest {
  idempotencyKey: string
  to: string
  locale: Locale
  siteOrigin: string
  stock: string
  title: string
  path: string
}

const defaultOn: Record<NotificationChannel, boolean> = { inApp: true, email: true, push: true }

function memberOf(reader: Reader): Reader & { memberId: string } {
  if (!isLoggedIn(reader)) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
  return reader
}

/** The stock's diagnosis: where every alert's notification leads. */
export function diagnosisPathOf(market: Market, code: string): string {
  return `/ai-stock-diagnosis?code=${encodeURIComponent(code)}&market=${market}`
}

function itemOf(row: NotificationRecord): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    market: row.market,
    code: row.code,
    details: row.details,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  }
}

function settingsOf(rows: readonly SettingRow[]): NotificationSettings {
  const settings = Object.fromEntries(
    notificationKinds.map((kind) => [kind, { ...defaultOn }]),
  ) as NotificationSettings
  for (const row of rows)
    if (row.channel !== 'inApp' && row.kind in settings) settings[row.kind][row.channel] = row.enabled
  // Billing mails these itself (transactional): the centre's setting cannot stop them, so it says so.
  for (const kind of notificationKinds) if (isTransactionalNotice(kind)) settings[kind].email = true
  return settings
}

export function createNotificationsService(deps: NotificationsDependencies) {
  const { db, clock } = deps

  /** What is told, in the centre: one notification per key (a key told before adds nothing). */
  async function insertInCentre(
    notices: readonly (Omit<MemberNotice, 'kind' | 'market' | 'code'> & {
      kind: NotificationKind
      market: Market | null
      code: string | null
    })[],
  ): Promise<void> {
    await insertNotifications(
      db,
      notices.map((notice) => ({
        memberId: notice.memberId,
        deliveryKey: notice.key,
        kind: notice.kind,
        market: notice.market,
        code: notice.code,
        details: notice.details,
        link: notice.link,
        createdAt: notice.occurredAt,
      })),
    )
  }

  /** Each member's settings per kind and channel, read in one query for them all. */
  async function settingsOfMembers(memberIds: readonly string[]): Promise<Map<string, NotificationSettings>> {
    const rowsOf = new Map<string, SettingRow[]>(memberIds.map((memberId) => [memberId, []]))
    for (const row of await selectSettings(db, memberIds)) rowsOf.get(row.memberId)?.push(row)
    return new Map([...rowsOf].map(([memberId, rows]) => [memberId, settingsOf(rows)]))
  }

  /**
   * Delivers crossings: the in-app notification (inserted once per key) and, where the member wants email for the
   * kind and has a verified address, one queued mail per key. Every event is offered to the mail queue, not only the
   * newly inserted: a run that stopped after the notifications but before the mail queues it now, still once.
   */
  async function deliverEvents(events: readonly NotificationEvent[]): Promise<void> {
    if (events.length === 0) return
    await insertInCentre(
      events.map((event) => ({ ...event, link: diagnosisPathOf(event.market, event.code) })),
    )
    const memberIds = [...new Set(events.map((event) => event.memberId))]
    const settings = await settingsOfMembers(memberIds)
    // Addresses and devices are read for the whole batch at once: a query per recipient would make a big day's
    // delivery cost a round trip per reader.
    const emails = new Map<string, VerifiedEmail | null>()
    if (deps.findVerifiedEmails) {
      const wanting = [
        ...new Set(
          events
            .filter((event) => settings.get(event.memberId)?.[event.kind].email)
            .map((event) => event.memberId),
        ),
      ]
      const found = await deps.findVerifiedEmails(wanting)
      for (const memberId of wanting) emails.set(memberId, found.get(memberId) ?? null)
    }
    const withDevices = deps.membersWithDevices ? await deps.membersWithDevices(memberIds) : null
    for (const event of events) {
      const stock = `${event.code} (${event.market.toUpperCase()})`
      if (settings.get(event.memberId)?.[event.kind].push && (withDevices?.has(event.memberId) ?? true))
        await deps.sendAlertPush({
          idempotencyKey: `notification:${event.key}`,
          memberId: event.memberId,
          stock,
          url: '/member/notifications',
        })
      if (!settings.get(event.memberId)?.[event.kind].email) continue
      if (!emails.has(event.memberId))
        emails.set(event.memberId, await deps.findVerifiedEmail(event.memberId))
      const email = emails.get(event.memberId)
      if (!email) continue
      await deps.queueAlertMail({
        idempotencyKey: `notification:${event.key}`,
        to: email.address,
        locale: email.locale,
        siteOrigin: email.siteOrigin,
        stock,
      })
    }
  }

  /**
   * Tells members what another module reports (`MemberNotice`): in the centre once per key; by push to the devices
   * they turned on, where they want push for the kind; a new article also by mail to a verified address, where they
   * want email for it (billing's kinds are mailed by billing, transactional). Safe to call again with the same keys.
   */
  async function notifyMembers(notices: readonly MemberNotice[]): Promise<void> {
    if (notices.length === 0) return
    await insertInCentre(notices)
    const settings = await settingsOfMembers([...new Set(notices.map((notice) => notice.memberId))])
    for (const notice of notices) {
      const wants = (settings.get(notice.memberId) ?? settingsOf([]))[notice.kind]
      const stock = notice.code && notice.market ? `${notice.code} (${notice.market.toUpperCase()})` : ''
      if (wants.push)
        await deps.sendPush(
          notice.memberId,
          noticePushMessage(notice.kind, notice.link, { stock, details: notice.details }),
          `notification:${notice.key}`,
        )
      if (notice.kind !== 'newArticle' || !wants.email) continue
      const email = await deps.findVerifiedEmail(notice.memberId)
      if (!email) continue
      const titleOf = (locale: Locale) =>
        String(
          (locale === 'zh-Hant' ? notice.details.titleZh : notice.details.titleEn) ||
            notice.details.titleEn ||
            notice.details.titleZh ||
            '',
        )
      await deps.queueArticleMail({
        idempotencyKey: `notification:${notice.key}`,
        to: email.address,
        locale: email.locale,
        siteOrigin: email.siteOrigin,
        stock,
        title: titleOf(email.locale),
        path: notice.link,
      })
    }
  }

  /** GET /notification/list: newest first, a page at a time (`before`: the last one's time). */
  async function listNotifications(reader: Reader, before: string | undefined): Promise<NotificationsAnswer> {
    const member = memberOf(reader)
    const rows = await selectMemberNotifications(
      db,
      member.memberId,
      before ? new Date(before) : undefined,
      notificationsPageSize + 1,
    )
    return {
      items: rows.slice(0, notificationsPageSize).map(itemOf),
      unread: await countUnread(db, member.memberId),
      hasMore: rows.length > notificationsPageSize,
    }
  }

  /** GET /notification/unread: the bell's count (0 for a visitor: the bell is not shown to them anyway). */
  async function countUnreadOf(reader: Reader): Promise<UnreadAnswer> {
    if (!isLoggedIn(reader)) return { unread: 0 }
    return { unread: await countUnread(db, reader.memberId) }
  }

  async function markNotificationRead(reader: Reader, notificationId: string): Promise<UnreadAnswer> {
    const member = memberOf(reader)
    if (!(await markRead(db, member.memberId, notificationId, clock.now())))
      throw new AppError('not_found', AlertErrorCode.notificationNotFound)
    return { unread: await countUnread(db, member.memberId) }
  }

  async function markAllNotificationsRead(reader: Reader): Promise<UnreadAnswer> {
    const member = memberOf(reader)
    await markAllRead(db, member.memberId, clock.now())
    return { unread: 0 }
  }

  async function getSettings(reader: Reader): Promise<NotificationSettingsAnswer> {
    const member = memberOf(reader)
    return {
      settings: settingsOf(await selectSettings(db, [member.memberId])),
      hasVerifiedEmail: (await deps.findVerifiedEmail(member.memberId)) !== null,
    }
  }

  /** POST /notification/settings: one kind × channel; in-app cannot be turned off (it is where the rest is read). */
  async function changeSetting(
    reader: Reader,
    setting: { kind: NotificationKind; channel: NotificationChannel; enabled: boolean },
  ): Promise<NotificationSettingsAnswer> {
    const member = memberOf(reader)
    if (setting.channel === 'inApp' && !setting.enabled)
      throw new AppError('invalid', AlertErrorCode.settingInvalid)
    if (setting.channel === 'email' && !setting.enabled && isTransactionalNotice(setting.kind))
      throw new AppError('invalid', AlertErrorCode.settingInvalid)
    if (setting.channel !== 'inApp') await upsertSetting(db, { memberId: member.memberId, ...setting })
    return getSettings(reader)
  }

  /**
   * Retention (housekeeping, RETENTION_NOTIFICATIONS_DAYS): forgets notifications told before `before`, read or not.
   * Their crossings are long delivered and their keys never recur (a crossing's number, a session, an article).
   */
  async function forgetNotificationsBefore(before: Date): Promise<number> {
    return deleteInBatches((limit) => deleteNotificationsBefore(db, before, limit))
  }

  return {
    deliverEvents,
    forgetNotificationsBefore,
    notifyMembers,
    listNotifications,
    countUnread: countUnreadOf,
    markRead: markNotificationRead,
    markAllRead: markAllNotificationsRead,
    getSettings,
    changeSetting,
  }
}

export type NotificationsService = ReturnType<typeof createNotificationsService>
