/**
 * Saved searches (spec §4, §5): kept in this browser's localStorage, newest first, at most 10; searching a term
 * again moves it to the top. Each regional site is its own origin, so each keeps its own history.
 */
import { searchHistoryMax, searchTextMaxLength } from '#contracts/article-limits.ts'

export const searchHistoryStorageKey = 'tickerwise.searchHistory'

/** The history after searching `term`: it goes to the top, once, and the oldest entries beyond 10 drop off. */
export function addToHistory(history: readonly string[], term: string): string[] {
  const trimmed = term.trim()
  if (!trimmed) return [...history]
  return [trimmed, ...history.filter((entry) => entry !== trimmed)].slice(0, searchHistoryMax)
}

export function removeFromHistory(history: readonly string[], term: string): string[] {
  return history.filter((entry) => entry !== term)
}

/** Whatever is stored, only a list of distinct non-empty strings of at most 100 characters comes back. */
export function parseStoredHistory(stored: string | null): string[] {
  if (!stored) return []
  try {
    const value: unknown = JSON.parse(stored)
    if (!Array.isArray(value)) return []
    const terms = value.filter(
      (entry): entry is string => typeof entry === 'string' && entry.trim().length > 0,
    )
    return [...new Set(terms.map((entry) => entry.trim().slice(0, searchTextMaxLength)))].slice(
      0,
      searchHistoryMax,
    )
  } catch {
    return []
  }
}

export function readSearchHistory(): string[] {
  try {
    return parseStoredHistory(window.localStorage.getItem(searchHistoryStorageKey))
  } catch {
    return []
  }
}

export function writeSearchHistory(history: readonly string[]): void {
  try {
    if (history.length === 0) window.localStorage.removeItem(searchHistoryStorageKey)
    else window.localStorage.setItem(searchHistoryStorageKey, JSON.stringify(history))
  } catch {
    // Storage may be full or disabled (private windows); search works without history.
  }
}
