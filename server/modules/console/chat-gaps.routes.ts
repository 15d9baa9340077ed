/**
 * What the chat could not answer (issue 27): the questions the assistant declined, with the reason it gave, and
 * the answers readers voted down, counted by week and reason, so editors (and admins) know what to add next. The
 * chat's service reads its own tables; nothing of who asked (no owner, no phone) leaves it.
 */
import type { FastifyInstance } from 'fastify'
import { ChatGapsQuery } from '#contracts/chat.ts'
import { chatGapsRoles } from '#contracts/console-rules.ts'
import { ok } from '#contracts/envelope.ts'
import type { ChatService } from '#server/modules/chat/chat.service.ts'

export function registerChatGapsRoutes(api: FastifyInstance, chat: Pick<ChatService, 'listGaps'>): void {
  api.get('/chat/gaps', { config: { consoleRoles: chatGapsRoles } }, async (request) =>
    ok(await chat.listGaps(ChatGapsQuery.parse(request.query ?? {}))),
  )
}
