/** Rows → wire shapes of contracts/chat-rules.ts. */
import type { ChatConversation, ChatMessage } from '#contracts/chat-rules.ts'
import type { ChatConversationRow, ChatMessageRow } from './chat.sql.ts'

export function conversationOf(row: ChatConversationRow): ChatConversation {
  return {
    id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/**
 * `answeringMessageId`: the answer being written now. An answer still marked `streaming` that is not the one being
 * written was cut off by a process that stopped; it is shown as stopped, which is what it is.
 */
export function messageOf(row: ChatMessageRow, answeringMessageId: string | null = null): ChatMessage {
  const isOrphan = row.status === 'streaming' && row.id !== answeringMessageId
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role,
    text: row.text,
    status: isOrphan ? 'stopped' : row.status,
    sources: row.sources,
    attachments: row.attachments,
    vote: row.vote ?? null,
    voteNote: row.vote === 'down' ? (row.voteNote ?? null) : null,
    assistant: row.assistant ?? null,
    isDemo: row.isDemo,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
  }
}
