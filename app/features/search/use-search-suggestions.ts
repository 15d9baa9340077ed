/**
 * Suggestions for the text being typed (spec §4, §5): asked for only when the text is 1 to 100 characters, after a
 * short pause, the previous question cancelled; answers are remembered for the visit. Failures show nothing. One
 * call answers stocks, article titles and tags (one round trip on a phone); stocks and titles together are at most
 * 10 rows.
 */
import { useEffect, useState } from 'react'
import { api, dataOf } from '#app/api/api-client.ts'
import { searchTextMaxLength, suggestedStocksMax, suggestionRowsMax } from '#contracts/article-limits.ts'
import type { ArticleTag, NamedStock, SuggestAnswer } from '#contracts/articles.ts'
import { suggestionDelayMs } from './suggestion-pause.ts'

export interface SuggestionState {
  /** The text the rows and tags answer. */
  term: string
  isLoading: boolean
  /** Stocks the text names; shown first. */
  stocks: NamedStock[]
  rows: SuggestAnswer['rows']
  tags: ArticleTag[]
}

const idle: SuggestionState = { term: '', isLoading: false, stocks: [], rows: [], tags: [] }

/** The state an answer shows: at most 10 rows in all, stocks first (an older server may send no stocks). */
export function suggestionStateOf(term: string, answer: SuggestAnswer): SuggestionState {
  const stocks = (answer.stocks ?? []).slice(0, suggestedStocksMax)
  return {
    term,
    isLoading: false,
    stocks,
    rows: answer.rows.slice(0, suggestionRowsMax - stocks.length),
    tags: answer.other.tagList,
  }
}
const answered = new Map<string, SuggestAnswer>()

/** Whether text may be sent for suggestions: 1 to 100 characters once trimmed. */
export function isSuggestible(text: string): boolean {
  const term = text.trim()
  return term.length >= 1 && term.length <= searchTextMaxLength
}

export function useSearchSuggestions(text: string, isEnabled: boolean): SuggestionState {
  const [state, setState] = useState<SuggestionState>(idle)
  useEffect(() => {
    const term = text.trim()
    if (!isEnabled || !isSuggestible(term)) {
      setState(idle)
      return
    }
    const known = answered.get(term)
    if (known) {
      setState(suggestionStateOf(term, known))
      return
    }
    setState((previous) => ({ ...previous, isLoading: true }))
    const controller = new AbortController()
    const timer = window.setTimeout(async () => {
      try {
        const answer = dataOf(
          await api.get<SuggestAnswer>('/article/suggest', { searchValue: term }, controller.signal),
        )
        if (answered.size > 200) answered.clear()
        answered.set(term, answer)
        setState(suggestionStateOf(term, answer))
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setState({ ...idle, term })
      }
    }, suggestionDelayMs)
    return () => {
      window.clearTimeout(timer)
      controller.abort()
    }
  }, [text, isEnabled])
  return state
}
