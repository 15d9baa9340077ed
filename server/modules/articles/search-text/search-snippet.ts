/**
 * The short extract shown under a search result: the window of the text that holds the most of the query, with
 * each match wrapped in `<mark>` and everything else HTML-escaped, so the result can be inserted as HTML as is.
 *
 * Matches follow the search terms' rules: a Chinese run of the query matches wherever that exact run, or another
 * region's spelling of it (chinese-variants.ts), occurs (inside longer words too), any other query word matches
 * whole words, both after NFKC and lower case, so a
 * full-width or upper-case spelling in the text is still marked. Window edges are moved to word boundaries of
 * the article's language (Intl.Segmenter) so a snippet does not start or end in the middle of a word.
 */
import type { Locale } from '#contracts/regions.ts'
import { variantSpellingsOf } from './chinese-variants.ts'
import { foldSearchText, tokenizeFoldedText } from './search-terms.ts'

interface Interval {
  start: number
  end: number
  patterns: Set<number>
}

/** How far a window edge may move to reach a word boundary. */
const maxEdgeShift = 12

const ellipsis = '…'

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character]!)
}

/**
 * The text folded per code point, with, for each folded code unit, where its source code point starts and ends.
 * Folding one code point at a time keeps the mapping exact even when NFKC or lower case changes lengths.
 */
function foldWithSourceMap(source: string): { folded: string; sourceStart: number[]; sourceEnd: number[] } {
  let folded = ''
  const sourceStart: number[] = []
  const sourceEnd: number[] = []
  let index = 0
  for (const character of source) {
    const piece = foldSearchText(character)
    for (let unit = 0; unit < piece.length; unit += 1) {
      sourceStart.push(index)
      sourceEnd.push(index + character.length)
    }
    folded += piece
    index += character.length
  }
  return { folded, sourceStart, sourceEnd }
}

/** Match intervals in folded text, one pattern id per distinct query run or word. */
function findFoldedMatches(folded: string, query: string): Interval[] {
  const foldedQuery = foldSearchText(query)
  const queryTokens = tokenizeFoldedText(foldedQuery)
  const chineseRuns = [...new Set(queryTokens.filter((t) => t.kind === 'chinese').map((t) => t.text))]
  const words = [...new Set(queryTokens.filter((t) => t.kind === 'word').map((t) => t.text))]
  const intervals: Interval[] = []
  chineseRuns.forEach((run, pattern) => {
    // Any regional spelling of the run is the same part of the query (通脹 marks 通膨 too).
    for (const spelling of variantSpellingsOf(run)) {
      let from = folded.indexOf(spelling)
      while (from !== -1) {
        intervals.push({ start: from, end: from + spelling.length, patterns: new Set([pattern]) })
        from = folded.indexOf(spelling, from + spelling.length)
      }
    }
  })
  if (words.length > 0) {
    const wordPatterns = new Map(words.map((word, offset) => [word, chineseRuns.length + offset]))
    for (const token of tokenizeFoldedText(folded)) {
      const pattern = token.kind === 'word' ? wordPatterns.get(token.text) : undefined
      if (pattern !== undefined) {
        intervals.push({
          start: token.index,
          end: token.index + token.text.length,
          patterns: new Set([pattern]),
        })
      }
    }
  }
  return intervals
}

function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start || b.end - a.end)
  const merged: Interval[] = []
  for (const interval of sorted) {
    const last = merged.at(-1)
    if (last && interval.start <= last.end) {
      last.end = Math.max(last.end, interval.end)
      for (const pattern of interval.patterns) last.patterns.add(pattern)
    } else {
      merged.push({ start: interval.start, end: interval.end, patterns: new Set(interval.patterns) })
    }
  }
  return merged
}

/** The window of `maxLength` that covers the most distinct query parts, then the most matches; earliest wins ties. */
function chooseWindow(
  intervals: Interval[],
  textLength: number,
  maxLength: number,
): { start: number; end: number } {
  if (intervals.length === 0 || textLength <= maxLength)
    return { start: 0, end: Math.min(textLength, maxLength) }
  let best = { start: 0, end: maxLength, score: -1 }
  for (const anchor of intervals) {
    const lead = Math.max(0, Math.floor((maxLength - (anchor.end - anchor.start)) / 4))
    let start = Math.max(0, anchor.start - lead)
    const end = Math.min(textLength, start + maxLength)
    start = Math.max(0, end - maxLength)
    const covered = new Set<number>()
    let count = 0
    for (const interval of intervals) {
      if (interval.start >= start && interval.end <= end) {
        count += 1
        for (const pattern of interval.patterns) covered.add(pattern)
      }
    }
    const score = covered.size * 1000 + count
    if (score > best.score) best = { start, end, score }
  }
  return { start: best.start, end: best.end }
}

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index)
  return code >= 0xdc00 && code <= 0xdfff
}

/** Moves the edges inwards to the nearest word boundary (never past a match, never more than maxEdgeShift). */
function snapToWordBoundaries(
  text: string,
  window: { start: number; end: number },
  intervals: Interval[],
  locale: Locale,
): { start: number; end: number } {
  const firstMatchStart = intervals.find((i) => i.end > window.start)?.start ?? window.end
  const lastMatchEnd = intervals.findLast((i) => i.start < window.end)?.end ?? window.start
  const from = Math.max(0, window.start - 1)
  const region = text.slice(from, Math.min(text.length, window.end + 1))
  const boundaries = new Set<number>()
  for (const segment of new Intl.Segmenter(locale, { granularity: 'word' }).segment(region)) {
    boundaries.add(from + segment.index)
    boundaries.add(from + segment.index + segment.segment.length)
  }
  let { start, end } = window
  if (start > 0 && !boundaries.has(start)) {
    for (
      let shift = 1;
      shift <= maxEdgeShift && start + shift <= Math.min(firstMatchStart, end);
      shift += 1
    ) {
      if (boundaries.has(start + shift)) {
        start += shift
        break
      }
    }
  }
  if (end < text.length && !boundaries.has(end)) {
    for (let shift = 1; shift <= maxEdgeShift && end - shift >= Math.max(lastMatchEnd, start); shift += 1) {
      if (boundaries.has(end - shift)) {
        end -= shift
        break
      }
    }
  }
  if (start < text.length && isLowSurrogate(text, start)) start += 1
  if (end < text.length && end > start && isLowSurrogate(text, end)) end -= 1
  while (text[start] === ' ' && start < end) start += 1
  while (text[end - 1] === ' ' && end > start) end -= 1
  return { start, end }
}

/**
 * A snippet of at most `maxLength` characters of `text` (plain text, e.g. from extractPlainText) around the best
 * match of `query`, safe to insert as HTML. Without a match it is the beginning of the text. An ellipsis marks
 * each cut edge.
 */
export function highlightSnippet(text: string, query: string, locale: Locale, maxLength = 160): string {
  const source = text.replace(/\s+/g, ' ').trim()
  if (source.length === 0) return ''
  const { folded, sourceStart, sourceEnd } = foldWithSourceMap(source)
  const intervals = mergeIntervals(
    findFoldedMatches(folded, query).map((match) => ({
      start: sourceStart[match.start]!,
      end: sourceEnd[match.end - 1]!,
      patterns: match.patterns,
    })),
  )
  const window = snapToWordBoundaries(
    source,
    chooseWindow(intervals, source.length, Math.max(1, maxLength)),
    intervals,
    locale,
  )
  let html = window.start > 0 ? ellipsis : ''
  let cursor = window.start
  for (const interval of intervals) {
    const start = Math.max(interval.start, window.start)
    const end = Math.min(interval.end, window.end)
    if (end <= start) continue
    html += `${escapeHtml(source.slice(cursor, start))}<mark>${escapeHtml(source.slice(start, end))}</mark>`
    cursor = end
  }
  html += escapeHtml(source.slice(cursor, window.end))
  if (window.end < source.length) html += ellipsis
  return html
}
