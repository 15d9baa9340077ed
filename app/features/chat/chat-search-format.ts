/** What the conversation search's results decide without the server (loaded with them, never on first paint). */
import type { ChatSearchMatch } from '#contracts/chat-rules.ts'

/**
 * A search match's snippet cut where the match sits, for the page to draw the match in a `<mark>`: the server's
 * offsets are kept within the snippet, so a bad offset marks nothing rather than the wrong text.
 */
export function snippetParts(match: Pick<ChatSearchMatch, 'snippet' | 'matchStart' | 'matchLength'>): {
  before: string
  match: string
  after: string
} {
  const { snippet } = match
  const start = Math.min(Math.max(0, match.matchStart), snippet.length)
  const end = Math.min(snippet.length, start + Math.max(0, match.matchLength))
  return { before: snippet.slice(0, start), match: snippet.slice(start, end), after: snippet.slice(end) }
}
