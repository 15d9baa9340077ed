/**
 * The console's door, applied to the whole `/api/console` group (console-api.ts registers it before any route):
 * no logged-in member → 401 UNAUTHENTICATED; a member without a role the route declares → 403
 * CONSOLE_ROLE_REQUIRED. A route declares who may call it in its config (`consoleRoles: ['editor', 'analyst']`, or
 * `'any'` for every holder of a role); `admin` passes every route; a route that declares nothing is for admins
 * only, so a route added without thought is closed, not open. Runs after reader identification (session and the
 * same-site check of ADR 0006), before body parsing, so a refused call's body is never read. What a route declares,
 * and what the guard leaves on the request, are the kernel's (server/kernel/console-staff.ts), so modules serving
 * console routes need not import the console.
 */
import type { FastifyInstance } from 'fastify'
import { ConsoleErrorCode, type ConsoleRole } from '#contracts/console-rules.ts'
import { CommonErrorCode } from '#contracts/envelope.ts'
import { AppError } from '#server/http/app-error.ts'
import type { ConsoleMember, ConsoleRouteRoles } from '#server/kernel/console-staff.ts'
import type { ConsoleAccessService } from './console-access.service.ts'

/** Whether holding `held` lets a member through a route that needs `needed`. */
export function mayCall(held: readonly ConsoleRole[], needed: ConsoleRouteRoles | undefined): boolean {
  if (held.length === 0) return false
  if (held.includes('admin')) return true
  if (needed === 'any') return true
  return (needed ?? []).some((role) => held.includes(role))
}

export function registerConsoleGuard(
  api: FastifyInstance,
  access: Pick<ConsoleAccessService, 'findConsoleMember'>,
) {
  api.decorateRequest('consoleMember', null as unknown as ConsoleMember)
  api.addHook('onRequest', async (request) => {
    const memberId = request.reader.memberId
    if (!memberId) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
    const member = await access.findConsoleMember(memberId)
    if (!member || !mayCall(member.roles, request.routeOptions.config.consoleRoles))
      throw new AppError('forbidden', ConsoleErrorCode.roleRequired)
    request.consoleMember = member
  })
}
