/**
 * Searching a reader's own conversations (`GET /ai/searchHis`): titles and messages that hold the words, in either
 * language. A substring match (ILIKE over the owner's rows, wildcards escaped), so a Chinese word matches inside a
 * sentence written without spaces (微軟, 股息) and English matches whatever its case; a query typed in Simplified
 * characters also matches the Traditional the answers are written in. At this scale (a reader's few hundred
 * messages, reached by the owner's index and then the conversation's) no text index is needed.
 *
 * And the console's view of what the chat could not answer: declined and voted-down answers by week.
 */
import {
  type ChatGapReason,
  type ChatGaps,
  type ChatGapsQuery,
  type ChatSearchMatch,
  type ChatSearchResult,
  type ConversationSearchQuery,
  chatGapsRowsMax,
  chatSearchResultsMax,
  chatSearchSnippetRadius,
} from '#contracts/chat.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { instantOfFirmTime } from '#server/kernel/firm-time.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { findOwnedConversationsTitled, findOwnedMessagesContaining, listChatGaps } from './chat.repo.ts'
import { ownerOf } from './conversation-owner.ts'
import { toTraditional } from './tools/simplified-chinese.ts'

/** Markdown an answer is written in, read as the words a reader saw: links to their text, marks dropped. */
export function plainTextOf(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * The part of `text` around the first of `words` found (case-insensitive), cut at `radius` characters each side
 * with an ellipsis, and where the match sits in it. No match (the words sat in Markdown the snippet leaves out):
 * the start of the text, nothing marked.
 */
export function snippetOf(
  text: string,
  words: string[],
  radius = chatSearchSnippetRadius,
): { snippet: string; matchStart: number; matchLength: number } {
  const plain = plainTextOf(text)
  const pattern = new RegExp(words.map(escapeRegExp).join('|'), 'iu')
  const found = pattern.exec(plain)
  if (!found) {
    const cut = [...plain].slice(0, radius * 2).join('')
    return { snippet: cut.length < plain.length ? `${cut}…` : cut, matchStart: 0, matchLength: 0 }
  }
  let start = Math.max(0, found.index - radius)
  let end = Math.min(plain.length, found.index + found[0].length + radius)
  // Never cut a surrogate pair in two.
  if (start > 0 && /[\uDC00-\uDFFF]/.test(plain.charAt(start))) start -= 1
  if (end < plain.length && /[\uDC00-\uDFFF]/.test(plain.charAt(end))) end += 1
  const before = start > 0 ? '…' : ''
  const after = end < plain.length ? '…' : ''
  return {
    snippet: `${before}${plain.slice(start, end)}${after}`,
    matchStart: before.length + found.index - start,
    matchLength: found[0].length,
  }
}

/** The words searched for: as typed and, when it differs, in Traditional characters. */
export function searchWordsOf(text: string): string[] {
  const typed = text.trim().replace(/\s+/g, ' ')
  const traditional = toTraditional(typed)
  return traditional === typed ? [typed] : [typed, traditional]
}

export function createChatSearch(deps: { db: Db; clock: Clock; timeZone: string }) {
  const { db } = deps

  /**
   * The reader's conversations holding the words: for each, its newest matching message (or its title), newest
   * first. Nobody else's conversation is read.
   */
  async function searchConversations(
    query: ConversationSearchQuery,
    reader: Reader,
  ): Promise<ChatSearchResult> {
    const owner = ownerOf(reader)
    const words = searchWordsOf(query.text)
    const [messages, titled] = await Promise.all([
      findOwnedMessagesContaining(db, owner, words, chatSearchResultsMax * 5),
      findOwnedConversationsTitled(db, owner, words, chatSearchResultsMax),
    ])
    const byConversation = new Map<string, ChatSearchMatch>()
    for (const row of messages) {
      if (byConversation.has(row.conversationId)) continue
      byConversation.set(row.conversationId, {
        conversationId: row.conversationId,
        title: row.title,
        messageId: row.messageId,
        ...snippetOf(row.text, words),
        at: row.createdAt.toISOString(),
      })
    }
    for (const row of titled) {
      if (byConversation.has(row.id)) continue
      byConversation.set(row.id, {
        conversationId: row.id,
        title: row.title,
        messageId: null,
        ...snippetOf(row.title, words),
        at: row.updatedAt.toISOString(),
      })
    }
    const matches = [...byConversation.values()]
      .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
      .slice(0, chatSearchResultsMax)
    return { text: query.text, matches }
  }

  /** Monday of the week `weeks - 1` weeks before this one, on the firm's calendar. */
  function firstMondayOf(weeks: number): string {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: deps.timeZone }).format(deps.clock.now())
    const date = new Date(`${today}T00:00:00Z`)
    const sinceMonday = (date.getUTCDay() + 6) % 7
    date.setUTCDate(date.getUTCDate() - sinceMonday - 7 * (weeks - 1))
    return date.toISOString().slice(0, 10)
  }

  /** Declined and voted-down answers of the last `weeks` weeks: counts per week and reason, and the questions. */
  async function listGaps(query: ChatGapsQuery): Promise<ChatGaps> {
    const from = firstMondayOf(query.weeks)
    const since = instantOfFirmTime(from, deps.timeZone) ?? new Date(`${from}T00:00:00Z`)
    const { counts, rows } = await listChatGaps(db, {
      since,
      timeZone: deps.timeZone,
      limit: chatGapsRowsMax,
      ...(query.reason ? { reason: query.reason } : {}),
    })
    const weeks = new Map<string, ChatGaps['weeks'][number]>()
    for (const { week, reason, n } of counts) {
      const entry = weeks.get(week) ?? { week, counts: {}, total: 0 }
      entry.counts[reason as ChatGapReason] = n
      entry.total += n
      weeks.set(week, entry)
    }
    return {
      from,
      weeks: [...weeks.values()].sort((a, b) => (a.week < b.week ? 1 : -1)),
      rows: rows.map((row) => ({
        answerId: row.answerId,
        week: row.week,
        askedAt: row.createdAt.toISOString(),
        reason: row.declined ?? 'down_voted',
        downVoted: row.vote === 'down',
        note: row.vote === 'down' ? row.voteNote : null,
        question: row.question ?? '',
        locale: row.locale,
        assistant: row.assistant === 'offline' || row.assistant === 'model' ? row.assistant : null,
      })),
    }
  }

  return { searchConversations, listGaps }
}
