/**
 * The audit log: every change made through the console, written by whoever makes it, read by admins.
 *
 * Decides what an entry holds (who, `<entity>.<verb>`, which entity, its JSON before and after, when) and how the
 * log is filtered and paged. Leaves to each caller what "before" and "after" are: the shapes it answers with, so an
 * admin reads the same fields the console showed. Writers pass their transaction (`recordChange(record, tx)`), so a
 * change and its entry are kept or lost together.
 */
import type { AuditQuery } from '#contracts/console.ts'
import {
  type AuditEntry,
  type AuditPage,
  auditCountMax,
  type ConsoleActor,
} from '#contracts/console-rules.ts'
import type { Clock } from '#server/clock.ts'
import { deleteInBatches } from '#server/db/batches.ts'
import type { Db } from '#server/db/database.ts'
import { instantOfFirmTime, nextDay } from '#server/kernel/firm-time.ts'
import {
  type AuditEntryRow,
  countAuditEntries,
  deleteAuditEntriesBefore,
  insertAuditEntry,
  selectAuditEntries,
} from './console-audit.repo.ts'

/** One change to write. `actor` null: the site itself (a scheduled job). */
export interface AuditRecord {
  actor: ConsoleActor | null
  action: string
  entity: string
  entityId: string
  before: unknown
  after: unknown
}

/** Writes an entry in the caller's transaction (or on its own when `db` is the pool). */
export type AuditWriter = (record: AuditRecord, db?: Db) => Promise<void>

const dayPattern = /^\d{4}-\d{2}-\d{2}$/

/** Each member's number and display name, by id (the accounts module's): the log names people, not ids. */
export type FindMemberNames = (
  memberIds: readonly string[],
) => Promise<Map<string, { phone: string; displayName: string | null }>>

export function createConsoleAuditService({
  db,
  clock,
  timeZone,
  findMemberNames,
}: {
  db: Db
  clock: Clock
  timeZone: string
  findMemberNames: FindMemberNames
}) {
  /** JSON as stored: `undefined` becomes null, and dates their ISO text, as on the wire. */
  function toJson(value: unknown): unknown {
    return value === undefined ? null : JSON.parse(JSON.stringify(value))
  }

  const recordChange: AuditWriter = async (record, inDb = db) => {
    await insertAuditEntry(inDb, {
      at: clock.now(),
      actorMemberId: record.actor?.memberId ?? null,
      actorPhone: record.actor?.phone ?? null,
      action: record.action,
      entity: record.entity,
      entityId: record.entityId,
      before: toJson(record.before),
      after: toJson(record.after),
    })
  }

  /** A day names the firm's calendar day: `from` its start, `to` the start of the next (so `to` includes it). */
  function instantOf(value: string | undefined, edge: 'from' | 'to'): Date | undefined {
    if (!value) return undefined
    if (!dayPattern.test(value)) return new Date(value)
    return instantOfFirmTime(edge === 'to' ? nextDay(value) : value, timeZone)
  }

  async function listAuditEntries(query: AuditQuery): Promise<AuditPage> {
    const filter = {
      actorMemberId: query.actor,
      action: query.action,
      entity: query.entity,
      entityId: query.entityId,
      from: instantOf(query.from, 'from'),
      to: instantOf(query.to, 'to'),
    }
    const offset = (query.page - 1) * query.pageSize
    const [rows, total] = await Promise.all([
      selectAuditEntries(db, filter, { limit: query.pageSize, offset }),
      countAuditEntries(db, filter, auditCountMax),
    ])
    const entries = rows.map(toAuditEntry)
    const names = await findMemberNames(
      entries.flatMap((entry) => [
        ...(entry.actor ? [entry.actor.memberId] : []),
        ...(entry.entity === 'member' ? [entry.entityId] : []),
      ]),
    )
    return {
      rows: entries.map((entry) => ({
        ...entry,
        actor: entry.actor && { ...entry.actor, name: names.get(entry.actor.memberId)?.displayName ?? null },
        ...(entry.entity === 'member' ? { memberPhone: names.get(entry.entityId)?.phone ?? null } : {}),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
      hasMore: offset + rows.length < total,
    }
  }

  /** Retention (housekeeping): forgets the entries made before `before`, oldest first. Answers how many went. */
  async function forgetEntriesBefore(before: Date): Promise<number> {
    return deleteInBatches((limit) => deleteAuditEntriesBefore(db, before, limit))
  }

  return { recordChange, listAuditEntries, forgetEntriesBefore }
}

function toAuditEntry(row: AuditEntryRow): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    actor: row.actorMemberId ? { memberId: row.actorMemberId, phone: row.actorPhone ?? '' } : null,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
  }
}

export type ConsoleAuditService = ReturnType<typeof createConsoleAuditService>
