/**
 * The development SMS outbox: where the console SMS adapter leaves messages instead of sending them, so tests and
 * developers can read login codes (GET /api/portal/dev/sms-outbox, a test endpoint: mounted only with
 * TEST_ENDPOINTS=loopback and answered only on loopback). Without it, the code is in the server log.
 */
import type { Db } from '#server/db/database.ts'
import { insertOutboxMessage, listOutboxMessages } from './accounts.repo.ts'

export function createDevSmsOutbox({ db }: { db: Db }) {
  async function saveMessage(message: { to: string; body: string }): Promise<void> {
    await insertOutboxMessage(db, { phone: message.to, body: message.body })
  }

  /** The number's messages, newest first. */
  async function listMessages(phone: string, limit = 10) {
    const rows = await listOutboxMessages(db, phone, limit)
    return rows.map((row) => ({ phone: row.phone, body: row.body, sentAt: row.createdAt.toISOString() }))
  }

  return { saveMessage, listMessages }
}

export type DevSmsOutbox = ReturnType<typeof createDevSmsOutbox>
