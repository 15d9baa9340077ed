/**
 * Who may use the console, and as what. Decides: roles are granted per member (several at once); a number is
 * registered when it is first granted (as at its first login); there is always at least one admin once there has
 * been one (the last admin cannot be revoked); every grant and revoke is audited (`role.grant`, `role.revoke`, with
 * the member's roles before and after). The first admin comes from an operator command (actor null).
 * Leaves to the guard (console-guard.ts) which route needs which role, and to accounts who is logged in.
 */
import type { GrantRoleRequest, RevokeRoleQuery } from '#contracts/console.ts'
import {
  auditActions,
  type ConsoleActor,
  ConsoleErrorCode,
  type ConsoleMe,
  type ConsoleMemberRoles,
  type ConsoleRole,
  consoleRoles,
} from '#contracts/console-rules.ts'
import { toE164Mobile } from '#contracts/mobile-number.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { ConsoleMember } from '#server/kernel/console-staff.ts'
import type { AccountsService } from '#server/modules/accounts/accounts.service.ts'
import {
  deleteRoleGrant,
  insertRoleGrant,
  type RoleGrantRow,
  selectHoldersForUpdate,
  selectRoleGrants,
  selectRolesOfMember,
} from './console-access.repo.ts'
import type { AuditWriter } from './console-audit.service.ts'

/** A + and then digits (spaces, dashes and brackets allowed): a number in international form, allocated or not. */
const internationalNumberPattern = /^\+[\d\s\-().]{7,24}$/

export function createConsoleAccessService({
  db,
  clock,
  timeZone,
  accounts,
  recordChange,
}: {
  db: Db
  clock: Clock
  /** The firm's time zone (shown to the pages with `ConsoleMe`). */
  timeZone: string
  accounts: Pick<AccountsService, 'findOrRegisterMember' | 'findMember'>
  recordChange: AuditWriter
}) {
  /** The member's roles; null when they hold none (the guard then answers 403). */
  async function findConsoleMember(memberId: string): Promise<ConsoleMember | null> {
    const rows = await selectRolesOfMember(db, memberId)
    const first = rows[0]
    if (!first) return null
    const roles = rows.map((row) => row.role)
    return { memberId, phone: first.phone, roles: consoleRoles.filter((role) => roles.includes(role)) }
  }

  function describeMe(member: ConsoleMember): ConsoleMe {
    return {
      memberId: member.memberId,
      phone: member.phone,
      roles: member.roles,
      timeZone,
      now: clock.now().toISOString(),
    }
  }

  async function listRoleHolders(): Promise<ConsoleMemberRoles[]> {
    const byMember = new Map<string, RoleGrantRow[]>()
    for (const row of await selectRoleGrants(db)) {
      byMember.set(row.memberId, [...(byMember.get(row.memberId) ?? []), row])
    }
    return [...byMember.values()].map(toMemberRoles)
  }

  /**
   * The number as an operator types it (+852 9123 4567), in E.164. 400 when it is not in international form, and
   * (a different answer, so the operator checks the digits rather than the format) when it is written well but is
   * no mobile number in use, such as an unallocated +852 1234 5678.
   */
  function phoneOf(text: string): string {
    const international = internationalNumberPattern.test(text.trim())
    const e164 = international ? toE164Mobile('HK', text) : undefined
    if (!e164) {
      const code = international ? ConsoleErrorCode.phoneNotMobile : ConsoleErrorCode.phoneInvalid
      throw new AppError('invalid', code, { fields: [{ field: 'phone', code }] })
    }
    return e164
  }

  async function rolesOf(inDb: Db, memberId: string, phone: string): Promise<ConsoleMemberRoles> {
    const rows = await selectRolesOfMember(inDb, memberId)
    return rows.length > 0 ? toMemberRoles(rows) : { memberId, phone, roles: [] }
  }

  /** Gives the role (registering the number if new); granting a held role changes nothing and writes no entry. */
  async function grantRole(
    request: GrantRoleRequest,
    actor: ConsoleActor | null,
  ): Promise<ConsoleMemberRoles> {
    const phone = phoneOf(request.phone)
    const member = await accounts.findOrRegisterMember(phone)
    return db.transaction(async (tx) => {
      const t = tx as unknown as Db
      const before = await rolesOf(t, member.id, member.phone)
      const inserted = await insertRoleGrant(t, {
        memberId: member.id,
        phone: member.phone,
        role: request.role,
        grantedAt: clock.now(),
        grantedByMemberId: actor?.memberId ?? null,
        grantedByPhone: actor?.phone ?? null,
      })
      const after = await rolesOf(t, member.id, member.phone)
      if (inserted) {
        await recordChange(
          { actor, action: auditActions.roleGrant, entity: 'member', entityId: member.id, before, after },
          t,
        )
      }
      return after
    })
  }

  /** Takes the role back; 409 for the last admin. Revoking a role not held changes nothing. */
  async function revokeRole(query: RevokeRoleQuery, actor: ConsoleActor | null): Promise<ConsoleMemberRoles> {
    return db.transaction(async (tx) => {
      const t = tx as unknown as Db
      const current = await selectRolesOfMember(t, query.memberId)
      const first = current[0]
      if (!first) throw new AppError('not_found', ConsoleErrorCode.memberNotFound)
      if (query.role === 'admin') {
        const admins = await selectHoldersForUpdate(t, 'admin')
        if (admins.length === 1 && admins[0] === query.memberId)
          throw new AppError('conflict', ConsoleErrorCode.lastAdmin)
      }
      const before = toMemberRoles(current)
      const deleted = await deleteRoleGrant(t, query.memberId, query.role)
      const after = await rolesOf(t, query.memberId, first.phone)
      if (deleted) {
        await recordChange(
          {
            actor,
            action: auditActions.roleRevoke,
            entity: 'member',
            entityId: query.memberId,
            before,
            after,
          },
          t,
        )
      }
      return after
    })
  }

  /** For the operator command: the member by phone (404 when the number never logged in nor was granted). */
  async function revokeRoleByPhone(phoneText: string, role: ConsoleRole): Promise<ConsoleMemberRoles> {
    const member = await accounts.findMember(phoneOf(phoneText))
    if (!member) throw new AppError('not_found', ConsoleErrorCode.memberNotFound)
    return revokeRole({ memberId: member.id, role }, null)
  }

  return { findConsoleMember, describeMe, listRoleHolders, grantRole, revokeRole, revokeRoleByPhone }
}

function toMemberRoles(rows: RoleGrantRow[]): ConsoleMemberRoles {
  const first = rows[0] as RoleGrantRow
  return {
    memberId: first.memberId,
    phone: first.phone,
    roles: [...rows]
      .sort((a, b) => consoleRoles.indexOf(a.role) - consoleRoles.indexOf(b.role))
      .map((row) => ({
        role: row.role,
        grantedAt: row.grantedAt.toISOString(),
        grantedBy: row.grantedByMemberId
          ? { memberId: row.grantedByMemberId, phone: row.grantedByPhone ?? '' }
          : null,
      })),
  }
}

export type ConsoleAccessService = ReturnType<typeof createConsoleAccessService>
