/**
 * Staff on a console route, as every module that serves one sees it: who a route lets in (`config.consoleRoles`),
 * the member the console's guard let through (`request.consoleMember`) and the actor an audit entry names. Declared
 * here, below the modules, so a module can serve console routes (strategies, advisers…) without importing the
 * console; the console's guard (server/modules/console/console-guard.ts) is what enforces the declaration.
 */
import type { ConsoleActor, ConsoleRole } from '#contracts/console-rules.ts'

/** Who may call a console route: these roles (admins always may), or any role at all. */
export type ConsoleRouteRoles = readonly ConsoleRole[] | 'any'

/** A member holding console roles: the actor and their roles, in `consoleRoles` order. */
export interface ConsoleMember extends ConsoleActor {
  roles: ConsoleRole[]
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Console routes only (console-guard.ts): who may call it. Absent: admins only. */
    consoleRoles?: ConsoleRouteRoles
  }
  interface FastifyRequest {
    /** Console routes only: the member calling and their roles; set by the guard before the handler. */
    consoleMember: ConsoleMember
  }
}

/** The actor an audit entry names: the member, without their roles. */
export function actorOf(member: ConsoleMember): ConsoleActor {
  return { memberId: member.memberId, phone: member.phone }
}
