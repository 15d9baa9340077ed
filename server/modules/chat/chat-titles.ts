/**
 * Titles of conversations: the assistant proposes one from the first question; what it proposes is cleaned and
 * kept within the contract's 60 characters, and the question itself, cut there, stands in when it proposes nothing
 * usable. Cuts fall between words (or, in Chinese, between characters), never inside a character.
 */
import { chatTitleMaxLength } from '#contracts/chat-rules.ts'

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
const words = new Intl.Segmenter(undefined, { granularity: 'word' })
const ellipsis = '…'

function squeeze(text: string): string {
  // Control characters (a model's stray newline or NUL) and runs of spaces read as one space.
  return text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** `text` cut to at most `max` UTF-16 units (the contract's length), at a word boundary when one is near. */
export function cutAtBoundary(text: string, max: number = chatTitleMaxLength): string {
  if (text.length <= max) return text
  const room = max - ellipsis.length
  let lastWordEnd = 0
  for (const segment of words.segment(text)) {
    const end = segment.index + segment.segment.length
    if (end > room) break
    if (segment.isWordLike) lastWordEnd = end
  }
  // A boundary in the last half keeps whole words; a long unbroken run (or CJK) is cut between characters.
  let cut = lastWordEnd >= room / 2 ? lastWordEnd : 0
  if (cut === 0) {
    for (const segment of graphemes.segment(text)) {
      const end = segment.index + segment.segment.length
      if (end > room) break
      cut = end
    }
  }
  return `${text.slice(0, cut).trimEnd()}${ellipsis}`
}

/** The stand-in title: the question, on one line, cut at 60 characters. */
export function fallbackTitleOf(question: string): string {
  return cutAtBoundary(squeeze(question))
}

/** What the assistant proposed, cleaned (quotes a model likes to add are dropped); the stand-in when empty. */
export function cleanTitle(proposed: string, question: string): string {
  const cleaned = squeeze(proposed)
    .replace(/^["'“”「『]+|["'“”」』]+$/g, '')
    .trim()
  return cleaned ? cutAtBoundary(cleaned) : fallbackTitleOf(question)
}
