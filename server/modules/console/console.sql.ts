import { sql } from 'drizzle-orm'
import { bigint, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { ConsoleRole } from '#contracts/console-rules.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'

/**
 * Who may use the console, and as what: one row per member and role. The member's phone is kept beside the id
 * (a member is a phone number: it never changes), so the console names people without reading accounts' tables.
 * A member deleted by accounts loses their roles with them.
 */
export const consoleRoleGrants = pgTable(
  'console_roles',
  {
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    phone: text().notNull(),
    role: text().$type<ConsoleRole>().notNull(),
    grantedAt: timestamp({ withTimezone: true }).notNull(),
    /** Null: granted by an operator command (`npm run ops -- console:grant`). */
    grantedByMemberId: uuid(),
    grantedByPhone: text(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.role] }),
    check('console_roles_role', sql`${table.role} in ('editor', 'analyst', 'support', 'admin')`),
    index('console_roles_role_idx').on(table.role),
  ],
)

/**
 * The audit log: one row per change made through the console (or by the site on its behalf: a scheduled article
 * published by the job has no actor). Rows are only ever inserted (and forgotten
 * after RETENTION_AUDIT_LOG_DAYS by housekeeping). The actor is kept by id and phone with no
 * foreign key, so an entry outlives the member who made it.
 */
export const consoleAuditEntries = pgTable(
  'console_audit_entries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull(),
    actorMemberId: uuid(),
    actorPhone: text(),
    /** `<entity>.<verb>`: `article.publish`, `role.grant`. */
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
  },
  (table) => [
    index('console_audit_at_idx').on(table.at.desc(), table.id.desc()),
    index('console_audit_actor_idx').on(table.actorMemberId, table.at.desc()),
    index('console_audit_entity_idx').on(table.entity, table.entityId, table.at.desc()),
    index('console_audit_action_idx').on(table.action, table.at.desc()),
  ],
)
