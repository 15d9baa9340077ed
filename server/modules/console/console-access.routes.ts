/**
 * Access and audit calls of the console (contracts/console.ts): who am I, who holds which role, grants and revokes
 * (admins), the audit log (admins). Routes parse, call, answer; the guard has already let the caller in.
 */
import type { FastifyInstance } from 'fastify'
import { AuditQuery, GrantRoleRequest, RevokeRoleQuery } from '#contracts/console.ts'
import { ok } from '#contracts/envelope.ts'
import { actorOf } from '#server/kernel/console-staff.ts'
import type { ConsoleAccessService } from './console-access.service.ts'
import type { ConsoleAuditService } from './console-audit.service.ts'

const admins = { consoleRoles: ['admin'] } as const

export function registerConsoleAccessRoutes(
  api: FastifyInstance,
  { access, audit }: { access: ConsoleAccessService; audit: ConsoleAuditService },
): void {
  api.get('/me', { config: { consoleRoles: 'any' } }, async (request) =>
    ok(access.describeMe(request.consoleMember)),
  )

  api.get('/roles', { config: admins }, async () => ok(await access.listRoleHolders()))

  api.post('/roles', { config: admins }, async (request) =>
    ok(await access.grantRole(GrantRoleRequest.parse(request.body ?? {}), actorOf(request.consoleMember))),
  )

  api.delete('/roles', { config: admins }, async (request) =>
    ok(await access.revokeRole(RevokeRoleQuery.parse(request.query ?? {}), actorOf(request.consoleMember))),
  )

  api.get('/audit', { config: admins }, async (request) =>
    ok(await audit.listAuditEntries(AuditQuery.parse(request.query ?? {}))),
  )
}
