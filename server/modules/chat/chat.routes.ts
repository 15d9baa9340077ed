/**
 * The AI chat's API (spec §7 `/ai/*`, contracts/chat.ts): parse with the contract, call the service, answer in the
 * envelope — except `chatSearch`, whose answer is an event stream (chat-stream.ts, ADR 0013). A refusal before the
 * stream opens (validation, not found, in progress, quota) is an ordinary envelope with its status.
 * `chatSearch` and `cancel` are GETs that change state: they get the same-site check unsafe methods get (ADR 0006).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  CancelQuery,
  ChangeTitleRequest,
  ChatSearchQuery,
  ConversationListQuery,
  ConversationSearchQuery,
  DeleteConversationQuery,
  MessageListQuery,
  NewConversationRequest,
  VoteRequest,
} from '#contracts/chat.ts'
import { ok } from '#contracts/envelope.ts'
import { regionFromHostname } from '#contracts/regions.ts'
import type { Config } from '#server/config.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import { checkSameSite } from '#server/http/request-origin.ts'
import type { ChatService } from './chat.service.ts'
import { openEventStream } from './chat-stream.ts'

export function registerChatRoutes(
  api: FastifyInstance,
  chat: ChatService,
  { config, pingMs }: { config: Config; pingMs?: number },
): void {
  const siteOrigins = new Set(Object.values(config.siteOrigins))
  const sameSiteOnly = async (request: FastifyRequest) =>
    checkSameSite(request, siteOrigins, { changesState: true })

  api.post('/ai/newSubSessionId', async (request) => {
    NewConversationRequest.parse(request.body ?? {})
    return ok(await chat.startConversation(request.reader))
  })
  api.get('/ai/listTitleHis', async (request) => {
    const query = ConversationListQuery.parse(request.query ?? {})
    return ok(await chat.listConversations(query, request.reader))
  })
  api.get(
    '/ai/searchHis',
    // Each search reads the reader's messages: a burst from one address is refused (CHAT_SEARCH_RATE_PER_MINUTE).
    { config: { rateLimit: { max: config.chat.searchesPerMinute, timeWindow: '1 minute' } } },
    async (request) => {
      const query = ConversationSearchQuery.parse(request.query ?? {})
      return ok(await chat.searchConversations(query, request.reader))
    },
  )
  api.get('/ai/listHis', async (request) => {
    const query = MessageListQuery.parse(request.query ?? {})
    return ok(await chat.listMessages(query, request.reader))
  })
  api.post('/ai/changeTitle', async (request) => {
    const body = ChangeTitleRequest.parse(request.body ?? {})
    return ok(await chat.renameConversation(body, request.reader))
  })
  api.delete('/ai/deleteSubSession', async (request) => {
    const { subSessionId } = DeleteConversationQuery.parse(request.query ?? {})
    return ok(await chat.deleteConversation(subSessionId, request.reader))
  })
  api.post('/ai/vote', async (request) => {
    const body = VoteRequest.parse(request.body ?? {})
    return ok(await chat.voteOnAnswer(body, request.reader))
  })
  api.get('/ai/welcome', async (request) =>
    ok(await chat.getWelcome(requestLocale(request), regionFromHostname(request.hostname))),
  )
  api.get(
    '/ai/chatSearch',
    {
      onRequest: sameSiteOnly,
      // Questions per client address (CHAT_RATE_PER_MINUTE): stops bursts; the quota counts answers.
      config: { rateLimit: { max: config.chat.questionsPerMinute, timeWindow: '1 minute' } },
      // A compressor holds small events back until it has a block's worth.
      compress: false,
    },
    async (request, reply) => {
      const query = ChatSearchQuery.parse(request.query ?? {})
      const answer = await chat.prepareAnswer(query, {
        reader: request.reader,
        locale: requestLocale(request),
        region: regionFromHostname(request.hostname),
      })
      const stream = openEventStream(reply, pingMs === undefined ? {} : { pingMs })
      stream.onDisconnect(() => answer.abort())
      // The run stores the answer whether or not anyone still reads it; it never throws.
      void answer.run(stream.send).finally(() => stream.end())
      return reply
    },
  )
  api.get('/ai/cancel', { onRequest: sameSiteOnly }, async (request) => {
    const { subSessionId } = CancelQuery.parse(request.query ?? {})
    return ok(await chat.cancelAnswer(subSessionId, request.reader))
  })
}
