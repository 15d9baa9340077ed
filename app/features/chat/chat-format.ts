/**
 * Pure rules of the chat page: how the conversation list is grouped by day in the reader's time zone, what a reader
 * out of AI replies is offered (spec §4, §6), and which links an answer may carry.
 */
import { QuotaErrorCode } from '#contracts/account-codes.ts'
import type { ChatConversation } from '#contracts/chat-rules.ts'

export type ConversationGroupKey = 'today' | 'week' | 'older'

export interface ConversationGroup {
  key: ConversationGroupKey
  rows: ChatConversation[]
}

/** The calendar day (as a day number) of an instant in a time zone. */
function dayNumber(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant)
  const value = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return Date.UTC(value('year'), value('month') - 1, value('day')) / 86_400_000
}

/**
 * Today, the previous 7 days, older: by the conversation's last activity, in the reader's calendar days. Groups
 * keep the list's order (newest first) and empty groups are left out.
 */
export function groupConversations(
  rows: ChatConversation[],
  now: Date,
  timeZone: string,
): ConversationGroup[] {
  const today = dayNumber(now, timeZone)
  const groups: Record<ConversationGroupKey, ChatConversation[]> = { today: [], week: [], older: [] }
  for (const row of rows) {
    const age = today - dayNumber(new Date(row.updatedAt), timeZone)
    groups[age <= 0 ? 'today' : age <= 7 ? 'week' : 'older'].push(row)
  }
  return (['today', 'week', 'older'] as const)
    .filter((key) => groups[key].length > 0)
    .map((key) => ({ key, rows: groups[key] }))
}

export type ChatQuotaAction = 'login' | 'subscribe' | 'upgrade'

const chatLimitCodes = new Set<string>(Object.values(QuotaErrorCode.chat))

export function isChatLimitCode(code: string): boolean {
  return chatLimitCodes.has(code)
}

/**
 * What a reader out of AI replies can do: a visitor logs in (also when their network's visitors used theirs), a
 * member subscribes, a subscriber upgrades — also at the daily limit when a higher plan allows more a day; at the top
 * of the ladder's day, nothing but tomorrow.
 */
export function chatQuotaActionOf(code: string): ChatQuotaAction | null {
  switch (code) {
    case QuotaErrorCode.chat.visitor:
    case QuotaErrorCode.chat.network:
      return 'login'
    case QuotaErrorCode.chat.member:
    case QuotaErrorCode.chat.dailyMember:
      return 'subscribe'
    case QuotaErrorCode.chat.subscriber:
    case QuotaErrorCode.chat.dailySubscriber:
      return 'upgrade'
    default:
      return null
  }
}

/**
 * The target a link in an answer may have: an absolute http(s) address or a path on this site. Anything else
 * (`javascript:`, `data:`, protocol-relative `//host`) is dropped and the link's text shown plainly.
 */
export function safeHref(href: string): string | null {
  const value = href.trim()
  if (/^\/(?![/\\])/.test(value)) return value
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** Whether a link leaves the site (opened in a new tab, without the opener). */
export function isExternalHref(href: string): boolean {
  return !href.startsWith('/')
}
