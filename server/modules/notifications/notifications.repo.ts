/** Queries on notifications and their settings: plain rows, no rules. Ownership is a `member_id` in every where. */
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { NotificationChannel, NotificationKind } from '#contracts/alert-rules.ts'
import type { Db } from '#server/db/database.ts'
import { notificationSettings, notifications } from './notifications.sql.ts'

export type NotificationRecord = typeof notifications.$inferSelect
export type NewNotification = typeof notifications.$inferInsert

/** Inserts what is not there yet (by delivery key); answers the keys it inserted. */
export async function insertNotifications(db: Db, rows: readonly NewNotification[]): Promise<string[]> {
  if (rows.length === 0) return []
  const inserted = await db
    .insert(notifications)
    .values([...rows])
    .onConflictDoNothing({ target: notifications.deliveryKey })
    .returning({ deliveryKey: notifications.deliveryKey })
  return inserted.map((row) => row.deliveryKey)
}

export async function selectMemberNotifications(
  db: Db,
  memberId: string,
  before: Date | undefined,
  limit: number,
): Promise<NotificationRecord[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.memberId, memberId), before ? lt(notifications.createdAt, before) : undefined),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
}

export async function countUnread(db: Db, memberId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.memberId, memberId), isNull(notifications.readAt)))
  return Number(row?.n ?? 0)
}

export async function markRead(db: Db, memberId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.memberId, memberId), eq(notifications.id, id)))
    .returning({ id: notifications.id })
  return rows.length > 0
}

export async function markAllRead(db: Db, memberId: string, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.memberId, memberId), isNull(notifications.readAt)))
}

export interface SettingRow {
  memberId: string
  kind: NotificationKind
  channel: NotificationChannel
  enabled: boolean
}

export async function selectSettings(db: Db, memberIds: readonly string[]): Promise<SettingRow[]> {
  if (memberIds.length === 0) return []
  return db
    .select()
    .from(notificationSettings)
    .where(inArray(notificationSettings.memberId, [...memberIds]))
}

export async function upsertSetting(db: Db, setting: SettingRow): Promise<void> {
  await db
    .insert(notificationSettings)
    .values(setting)
    .onConflictDoUpdate({
      target: [notificationSettings.memberId, notificationSettings.kind, notificationSettings.channel],
      set: { enabled: setting.enabled },
    })
}

/** Retention: notifications told before `before`, read or not, at most `limit` of them, oldest first. */
export async function deleteNotificationsBefore(db: Db, before: Date, limit: number): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(
      inArray(
        notifications.id,
        db
          .select({ id: notifications.id })
          .from(notifications)
          .where(lt(notifications.createdAt, before))
          .orderBy(notifications.createdAt)
          .limit(limit),
      ),
    )
    .returning({ id: notifications.id })
  return rows.length
}
