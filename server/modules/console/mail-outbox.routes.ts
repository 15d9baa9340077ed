/**
 * The console's Outbox (contracts/mail.ts): the messages the outbox mail adapter kept, newest first, and one message
 * whole — headers, HTML and text — for the operator. Admins only (a route that declares no roles is theirs): the
 * messages hold readers' addresses and their confirmation links.
 */
import type { FastifyInstance } from 'fastify'
import { ok } from '#contracts/envelope.ts'
import {
  MailErrorCode,
  OutboxListQuery,
  type OutboxMessageDetail,
  OutboxMessageParams,
  type OutboxPage,
} from '#contracts/mail.ts'
import { AppError } from '#server/http/app-error.ts'
import type { MailService } from '#server/modules/mail/mail.service.ts'

const outboxPageSize = 25

export function registerMailOutboxRoutes(
  api: FastifyInstance,
  mail: Pick<MailService, 'listOutbox' | 'getOutboxMessage'>,
): void {
  api.get('/mail/outbox', async (request) => {
    const { page } = OutboxListQuery.parse(request.query ?? {})
    const { rows, total } = await mail.listOutbox({ page, pageSize: outboxPageSize })
    return ok<OutboxPage>({
      rows: rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        createdAt: row.createdAt.toISOString(),
      })),
      total,
      page,
      pageSize: outboxPageSize,
    })
  })

  api.get('/mail/outbox/:id', async (request) => {
    const message = await mail.getOutboxMessage(OutboxMessageParams.parse(request.params).id)
    if (!message) throw new AppError('not_found', MailErrorCode.outboxMessageNotFound)
    return ok<OutboxMessageDetail>({
      id: message.id,
      to: message.toAddress,
      from: message.fromAddress,
      subject: message.subject,
      messageId: message.messageId,
      headers: message.headers,
      html: message.html,
      text: message.text,
      createdAt: message.createdAt.toISOString(),
    })
  })
}
