import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/database.ts'
import { contactChannels } from './contact-channels.sql.ts'

export type ContactChannelsRow = typeof contactChannels.$inferSelect

export async function selectContactChannels(
  db: Db,
  options: { forUpdate?: boolean } = {},
): Promise<ContactChannelsRow | undefined> {
  const query = db.select().from(contactChannels).where(eq(contactChannels.id, 1))
  const rows = options.forUpdate ? await query.for('update') : await query
  return rows[0]
}

export async function upsertContactChannels(
  db: Db,
  values: Omit<typeof contactChannels.$inferInsert, 'id'> & { updatedAt: Date },
): Promise<ContactChannelsRow> {
  const rows = await db
    .insert(contactChannels)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: contactChannels.id, set: values })
    .returning()
  const row = rows[0]
  if (!row) throw new Error('contact channels upsert returned no row')
  return row
}
