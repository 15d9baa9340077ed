/**
 * Whose a conversation is: the chat's one ownership rule, for its conversations, their messages and their files
 * (files/). The owner is the quota subject's shape: `member:<id>` for a logged-in reader (on any device), else
 * `device:<keyed hash>` for a visitor's browser; at login a visitor's conversations on that device become the
 * member's. Anyone else gets 404, exactly as for a conversation that does not exist. Other modules never spell an
 * owner: they ask the chat's services (the expert desk asks the files service for a member's uploads).
 */
import { ChatErrorCode } from '#contracts/chat-rules.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { findOwnedConversation } from './chat.repo.ts'
import type { ChatConversationRow } from './chat.sql.ts'

/** The owner of a reader's conversations: the member across devices, else the visitor's device. */
export function ownerOf(reader: Reader): string {
  return reader.memberId ? memberOwnerOf(reader.memberId) : deviceOwnerOf(reader.device.key)
}

export function memberOwnerOf(memberId: string): string {
  return `member:${memberId}`
}

export function deviceOwnerOf(deviceKey: string): string {
  return `device:${deviceKey}`
}

/** The reader's conversation; 404 `CHAT_CONVERSATION_NOT_FOUND` for one that is not theirs or does not exist. */
export async function ownedConversation(db: Db, id: string, reader: Reader): Promise<ChatConversationRow> {
  const conversation = await findOwnedConversation(db, id, ownerOf(reader))
  if (!conversation) throw new AppError('not_found', ChatErrorCode.conversationNotFound)
  return conversation
}
