/** The chat's ordinary calls (contracts/chat.ts), through the site's API client: the envelope, `Lang`, 401 → logout. */
import { api, dataOf } from '#app/api/api-client.ts'
import {
  type ChatConversation,
  type ChatConversationPage,
  type ChatMessage,
  type ChatMessagePage,
  type ChatVote,
  type ChatWelcome,
  chatConversationPageSizeDefault,
  chatMessagePageSizeMax,
} from '#contracts/chat-rules.ts'

export async function listConversations(page: number): Promise<ChatConversationPage> {
  return dataOf(
    await api.get<ChatConversationPage>('/ai/listTitleHis', {
      page,
      pageSize: chatConversationPageSizeDefault,
    }),
  )
}

/**
 * A conversation's messages, oldest first. The newest are what a reader comes back for, so when a conversation
 * holds more than one page, the last page is the one shown.
 */
export async function listMessages(conversationId: string, signal?: AbortSignal): Promise<ChatMessagePage> {
  const query = { subSessionId: conversationId, pageSize: chatMessagePageSizeMax }
  const first = dataOf(await api.get<ChatMessagePage>('/ai/listHis', { ...query, page: 1 }, signal))
  const lastPage = Math.ceil(first.total / chatMessagePageSizeMax)
  if (lastPage <= 1) return first
  return dataOf(await api.get<ChatMessagePage>('/ai/listHis', { ...query, page: lastPage }, signal))
}

export async function renameConversation(conversationId: string, title: string): Promise<ChatConversation> {
  return dataOf(await api.post<ChatConversation>('/ai/changeTitle', { subSessionId: conversationId, title }))
}

export async function deleteConversation(conversationId: string): Promise<void> {
  dataOf(await api.delete<{ deleted: true }>('/ai/deleteSubSession', { subSessionId: conversationId }))
}

/**
 * Votes, or takes a vote back with `vote: null`. The API client drops null values from bodies (spec §5), which would
 * drop the withdrawal, so this body is sent as written.
 */
export async function voteOnAnswer(
  messageId: string,
  vote: ChatVote | null,
  note?: string,
): Promise<ChatMessage> {
  return dataOf(
    await api.call<ChatMessage>('POST', '/ai/vote', {
      body: { messageId, vote, ...(note ? { note } : {}) },
      keepNullValues: true,
    }),
  )
}

export async function fetchWelcome(signal?: AbortSignal): Promise<ChatWelcome> {
  return dataOf(await api.get<ChatWelcome>('/ai/welcome', undefined, signal))
}

export async function cancelAnswer(conversationId: string): Promise<void> {
  dataOf(await api.get<{ stopped: boolean }>('/ai/cancel', { subSessionId: conversationId }))
}
