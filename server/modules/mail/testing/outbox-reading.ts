/**
 * Reading the outbox as the console's Outbox does (tests): sends what is due through the configured outbox adapter,
 * then answers the messages one address received, oldest first, with their headers and both parts.
 */
import type { TestRuntime } from '#server/testing/test-runtime.ts'

export interface OutboxMail {
  to: string
  subject: string
  headers: Record<string, string>
  html: string
  text: string
}

export async function mailTo(runtime: TestRuntime, address: string): Promise<OutboxMail[]> {
  const { mail } = runtime.services
  await mail.deliverDue()
  const { rows } = await mail.listOutbox({ page: 1, pageSize: 500 })
  const mine = rows.filter((row) => row.toAddress === address.toLowerCase()).reverse()
  const messages: OutboxMail[] = []
  for (const row of mine) {
    const message = await mail.getOutboxMessage(row.id)
    if (message)
      messages.push({
        to: message.toAddress,
        subject: message.subject,
        headers: message.headers as Record<string, string>,
        html: message.html,
        text: message.text,
      })
  }
  return messages
}

/** The link a message's text part gives for `path` (`/mail/verify`, `/member/account`…), whole. */
export function linkIn(text: string, path: string): string {
  const escaped = path.replace(/[/.?]/g, (character) => `\\${character}`)
  const link = text.match(new RegExp(`https?://[^\\s]+${escaped}(?:\\?[^\\s]*)?`))?.[0]
  if (!link) throw new Error(`no ${path} link in the message`)
  return link
}
