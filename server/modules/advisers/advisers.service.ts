/**
 * The one-to-one adviser (issue 15; CONTEXT.md): what a reader sees of their adviser, and how support keeps the
 * advisers and assigns members to them.
 *
 * Decides: a reader sees their adviser only while contracts/benefits.ts gives their rung `adviser` and they have an
 * assignment; with the benefit and no assignment they are `pending`; without it, the lock (`lockReasonFor`). An
 * assignment outlives the plan (a member who leaves Premium and returns finds the same adviser); an inactive adviser
 * keeps their members until support moves them but takes no new ones. Every console change and its audit entry are
 * written in one transaction. Leaves to the console members service how a typed number finds a member.
 */

import type { AdviserInput } from '#contracts/advisers.ts'
import {
  AdviserErrorCode,
  type AdviserMember,
  adviserAuditActions,
  type ConsoleAdviser,
  type ConsoleAdviserAssignment,
  type ConsoleAdviserDetail,
  type MyAdviserAnswer,
} from '#contracts/advisers-rules.ts'
import { benefitReaderOf, lockReasonFor } from '#contracts/benefits.ts'
import type { Tier } from '#contracts/billing-rules.ts'
import { type ConsoleActor, ConsoleErrorCode } from '#contracts/console-rules.ts'
import { maskMobile } from '#contracts/mobile-number.ts'
import type { Locale } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import { type Db, inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { AuditWriter } from '#server/modules/console/console-audit.service.ts'
import {
  type AdviserRow,
  countAssignmentsOfAdviser,
  deleteAssignment,
  insertAdviser,
  selectAdviser,
  selectAdvisers,
  selectAssignmentOfMember,
  selectAssignmentsOfAdviser,
  updateAdviser,
  upsertAssignment,
} from './advisers.repo.ts'

const adviserEntity = 'adviser'
const assignmentEntity = 'adviser_assignment'

export function createAdvisersService({
  db,
  clock,
  recordChange,
  findMemberByPhone,
  findMemberPhone,
  tierOf,
}: {
  db: Db
  clock: Clock
  recordChange: AuditWriter
  /** The console's lookup of a number typed in any format (400 CONSOLE_PHONE_INVALID, 404 not found). */
  findMemberByPhone: (phone: string) => Promise<{ memberId: string; phone: string }>
  /** A member's number (E.164), or undefined when there is no such member. */
  findMemberPhone: (memberId: string) => Promise<string | undefined>
  /** The tier of the member's plan in force, or null without one. */
  tierOf: (memberId: string) => Promise<Tier | null>
}) {
  // ——— The reader ———

  /** The reader's adviser, or why none is shown (a visitor gets the log-in lock; the route answers 401 first). */
  async function findMyAdviser(reader: Reader, locale: Locale): Promise<MyAdviserAnswer> {
    const lock = lockReasonFor(benefitReaderOf(reader), (benefits) => benefits.adviser)
    if (lock || !reader.memberId) return { state: 'locked', lock: lock ?? { kind: 'logIn' } }
    const found = await selectAssignmentOfMember(db, reader.memberId)
    if (!found) return { state: 'pending' }
    const { adviser, assignment } = found
    return {
      state: 'assigned',
      adviser: {
        id: adviser.id,
        name: adviser.name[locale],
        bio: adviser.bio[locale],
        channels: adviser.channels,
        isSample: adviser.isSample,
      },
      assignedAt: assignment.assignedAt.toISOString(),
    }
  }

  // ——— Advisers (console) ———

  function adviserOf(row: AdviserRow, assignedCount: number): ConsoleAdviser {
    return {
      id: row.id,
      name: row.name,
      bio: row.bio,
      channels: row.channels,
      active: row.active,
      isSample: row.isSample,
      assignedCount,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  }

  async function listAdvisers(): Promise<ConsoleAdviser[]> {
    return (await selectAdvisers(db)).map((row) => adviserOf(row, row.assignedCount))
  }

  async function requireAdviser(id: string, inDb: Db = db): Promise<AdviserRow> {
    const row = await selectAdviser(inDb, id)
    if (!row) throw new AppError('not_found', AdviserErrorCode.notFound)
    return row
  }

  async function getAdviser(id: string): Promise<ConsoleAdviserDetail> {
    const row = await requireAdviser(id)
    const assigned = await selectAssignmentsOfAdviser(db, id)
    const found = await Promise.all(
      assigned.map(async (assignment): Promise<AdviserMember | null> => {
        const phone = await findMemberPhone(assignment.memberId)
        // A member deleted meanwhile has left (the assignment goes with them).
        if (phone === undefined) return null
        return {
          memberId: assignment.memberId,
          phoneMasked: maskMobile(phone),
          tier: await tierOf(assignment.memberId),
          assignedAt: assignment.assignedAt.toISOString(),
        }
      }),
    )
    const members = found.filter((member) => member !== null)
    return { ...adviserOf(row, members.length), members }
  }

  async function createAdviser(input: AdviserInput, actor: ConsoleActor): Promise<ConsoleAdviser> {
    return inTransaction(db, async (tx) => {
      const row = await insertAdviser(tx, { ...input, active: true, isSample: false })
      const after = adviserOf(row, 0)
      await recordChange(
        {
          actor,
          action: adviserAuditActions.create,
          entity: adviserEntity,
          entityId: row.id,
          before: null,
          after,
        },
        tx,
      )
      return after
    })
  }

  async function changeAdviser(
    id: string,
    change: Partial<Pick<AdviserRow, 'name' | 'bio' | 'channels' | 'active'>>,
    action: string,
    actor: ConsoleActor,
  ): Promise<ConsoleAdviser> {
    return inTransaction(db, async (tx) => {
      const existing = await requireAdviser(id, tx)
      const assignedCount = await countAssignmentsOfAdviser(tx, id)
      const row = (await updateAdviser(tx, id, change)) ?? existing
      const before = adviserOf(existing, assignedCount)
      const after = adviserOf(row, assignedCount)
      await recordChange({ actor, action, entity: adviserEntity, entityId: id, before, after }, tx)
      return after
    })
  }

  function updateAdviserDetails(id: string, input: AdviserInput, actor: ConsoleActor) {
    return changeAdviser(id, input, adviserAuditActions.update, actor)
  }

  /** Deactivating keeps the adviser's members (support moves them); a deactivated adviser takes no new ones. */
  function setAdviserActive(id: string, active: boolean, actor: ConsoleActor) {
    return changeAdviser(
      id,
      { active },
      active ? adviserAuditActions.reactivate : adviserAuditActions.deactivate,
      actor,
    )
  }

  // ——— Assignments (console) ———

  /** `tier` is read before a transaction opens: the subscriptions service reads outside it. */
  async function assignmentOf(
    member: { memberId: string; phone: string; tier: Tier | null },
    inDb: Db = db,
  ): Promise<ConsoleAdviserAssignment> {
    const { memberId, phone, tier } = member
    const found = await selectAssignmentOfMember(inDb, memberId)
    return {
      memberId,
      phone,
      tier,
      adviser: found
        ? { id: found.adviser.id, name: found.adviser.name, active: found.adviser.active }
        : null,
      assignedAt: found ? found.assignment.assignedAt.toISOString() : null,
    }
  }

  async function requireMember(
    memberId: string,
  ): Promise<{ memberId: string; phone: string; tier: Tier | null }> {
    const phone = await findMemberPhone(memberId)
    if (!phone) throw new AppError('not_found', ConsoleErrorCode.memberNotFound)
    return { memberId, phone, tier: await tierOf(memberId) }
  }

  async function findAssignmentByPhone(phone: string): Promise<ConsoleAdviserAssignment> {
    const member = await findMemberByPhone(phone)
    return assignmentOf({ ...member, tier: await tierOf(member.memberId) })
  }

  async function getAssignment(memberId: string): Promise<ConsoleAdviserAssignment> {
    return assignmentOf(await requireMember(memberId))
  }

  /** Assigns the member to an active adviser, or moves them from their adviser to this one. */
  async function assignAdviser(
    memberId: string,
    adviserId: string,
    actor: ConsoleActor,
  ): Promise<ConsoleAdviserAssignment> {
    const member = await requireMember(memberId)
    return inTransaction(db, async (tx) => {
      const adviser = await requireAdviser(adviserId, tx)
      if (!adviser.active) throw new AppError('conflict', AdviserErrorCode.inactive)
      const before = await assignmentOf(member, tx)
      if (before.adviser?.id !== adviserId) {
        await upsertAssignment(tx, {
          memberId,
          adviserId,
          assignedAt: clock.now(),
          assignedByMemberId: actor.memberId,
          assignedByPhone: actor.phone,
        })
      }
      const after = await assignmentOf(member, tx)
      await recordChange(
        {
          actor,
          action: adviserAuditActions.assign,
          entity: assignmentEntity,
          entityId: memberId,
          before,
          after,
        },
        tx,
      )
      return after
    })
  }

  async function unassignAdviser(memberId: string, actor: ConsoleActor): Promise<ConsoleAdviserAssignment> {
    const member = await requireMember(memberId)
    return inTransaction(db, async (tx) => {
      const before = await assignmentOf(member, tx)
      if (!(await deleteAssignment(tx, memberId)))
        throw new AppError('not_found', AdviserErrorCode.assignmentNotFound)
      const after = { ...before, adviser: null, assignedAt: null }
      await recordChange(
        {
          actor,
          action: adviserAuditActions.unassign,
          entity: assignmentEntity,
          entityId: memberId,
          before,
          after,
        },
        tx,
      )
      return after
    })
  }

  return {
    findMyAdviser,
    listAdvisers,
    getAdviser,
    createAdviser,
    updateAdviser: updateAdviserDetails,
    setAdviserActive,
    findAssignmentByPhone,
    getAssignment,
    assignAdviser,
    unassignAdviser,
  }
}

export type AdvisersService = ReturnType<typeof createAdvisersService>
