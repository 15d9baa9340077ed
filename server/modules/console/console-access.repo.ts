/** Queries on console_roles: plain rows, no rules. */
import { and, asc, eq } from 'drizzle-orm'
import type { ConsoleRole } from '#contracts/console-rules.ts'
import type { Db } from '#server/db/database.ts'
import { consoleRoleGrants } from './console.sql.ts'

export type RoleGrantRow = typeof consoleRoleGrants.$inferSelect

export async function selectRolesOfMember(db: Db, memberId: string): Promise<RoleGrantRow[]> {
  return db
    .select()
    .from(consoleRoleGrants)
    .where(eq(consoleRoleGrants.memberId, memberId))
    .orderBy(asc(consoleRoleGrants.role))
}

/** Every grant, by phone then role. */
export async function selectRoleGrants(db: Db): Promise<RoleGrantRow[]> {
  return db
    .select()
    .from(consoleRoleGrants)
    .orderBy(asc(consoleRoleGrants.phone), asc(consoleRoleGrants.role))
}

/** False when the member already held the role (nothing changes then). */
export async function insertRoleGrant(db: Db, grant: RoleGrantRow): Promise<boolean> {
  const rows = await db
    .insert(consoleRoleGrants)
    .values(grant)
    .onConflictDoNothing()
    .returning({ role: consoleRoleGrants.role })
  return rows.length > 0
}

export async function deleteRoleGrant(db: Db, memberId: string, role: ConsoleRole): Promise<boolean> {
  const rows = await db
    .delete(consoleRoleGrants)
    .where(and(eq(consoleRoleGrants.memberId, memberId), eq(consoleRoleGrants.role, role)))
    .returning({ role: consoleRoleGrants.role })
  return rows.length > 0
}

/** The holders of a role, locked until the transaction ends (so two admins cannot revoke each other at once). */
export async function selectHoldersForUpdate(db: Db, role: ConsoleRole): Promise<string[]> {
  const rows = await db
    .select({ memberId: consoleRoleGrants.memberId })
    .from(consoleRoleGrants)
    .where(eq(consoleRoleGrants.role, role))
    .for('update')
  return rows.map((row) => row.memberId)
}
