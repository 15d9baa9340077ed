/**
 * The results of a search of the reader's own conversations (`GET /ai/searchHis`), drawn in place of the list while
 * the search box holds words: each conversation's title, the words around the match with the match marked (React
 * escapes the text; only the `<mark>` is ours) and the date. Choosing one opens the conversation at that message.
 * Fetched once the reader starts typing, so the chat's first paint carries none of it.
 */
import { useEffect, useState } from 'react'
import { ApiError, api, dataOf } from '#app/api/api-client.ts'
import { Spinner } from '#app/components/spinner.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ChatSearchMatch, ChatSearchResult } from '#contracts/chat-rules.ts'
import { snippetParts } from './chat-search-format.ts'

/** The reader's own conversations whose title or messages hold `text` (`GET /ai/searchHis`). */
async function searchConversations(text: string, signal?: AbortSignal): Promise<ChatSearchResult> {
  return dataOf(await api.get<ChatSearchResult>('/ai/searchHis', { text }, signal))
}

function codeOf(error: unknown): string {
  return error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
}

/** How long typing pauses before the search is sent: one call per pause, not per key. */
const typingPauseMs = 250

export interface ConversationSearchProps {
  text: string
  timeZone: string
  displayLocale: string
  onOpen(conversationId: string, messageId: string | null): void
}

type SearchState =
  | { status: 'searching' }
  | { status: 'done'; text: string; matches: ChatSearchMatch[] }
  | { status: 'failed'; code: string }

export function ConversationSearch({ text, timeZone, displayLocale, onOpen }: ConversationSearchProps) {
  const { t } = useTranslation(['chat', 'errors'])
  const [state, setState] = useState<SearchState>({ status: 'searching' })

  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'searching' })
    const timer = setTimeout(() => {
      searchConversations(text, controller.signal).then(
        (result) => {
          if (!controller.signal.aborted)
            setState({ status: 'done', text: result.text, matches: result.matches })
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ status: 'failed', code: codeOf(error) })
        },
      )
    }, typingPauseMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [text])

  const dateFormat = new Intl.DateTimeFormat(displayLocale, { dateStyle: 'medium', timeZone })

  return (
    <div data-testid="conversation-search-results" aria-busy={state.status === 'searching' || undefined}>
      <p className="sr-only" aria-live="polite">
        {state.status === 'done'
          ? state.matches.length > 0
            ? t('chat:search.results', { count: state.matches.length })
            : t('chat:search.none', { text: state.text })
          : ''}
      </p>
      {state.status === 'searching' ? (
        <Spinner size="sm" label={t('chat:search.searching')} className="px-2" />
      ) : state.status === 'failed' ? (
        <p role="alert" className="px-2 text-sm text-loss" data-testid="conversation-search-error">
          {t([`errors:${state.code}`, 'errors:INTERNAL_ERROR'])}
        </p>
      ) : state.matches.length === 0 ? (
        <p className="px-2 text-sm text-ink-700" data-testid="conversation-search-none">
          {t('chat:search.none', { text: state.text })}
        </p>
      ) : (
        <ul className="flex flex-col gap-0.5">
          {state.matches.map((match) => {
            const parts = snippetParts(match)
            const title = match.title || t('chat:list.untitled')
            return (
              <li key={match.conversationId} data-testid="conversation-search-result">
                <a
                  href={`/ai-qna?id=${match.conversationId}`}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
                    event.preventDefault()
                    onOpen(match.conversationId, match.messageId)
                  }}
                  className="flex flex-col gap-0.5 rounded-lg px-2 py-2 text-sm hover:bg-ink-100"
                >
                  <span className="flex items-baseline gap-2">
                    <span className="min-w-0 flex-1 truncate font-medium text-ink-950">{title}</span>
                    <time dateTime={match.at} className="shrink-0 text-xs text-ink-700">
                      {dateFormat.format(new Date(match.at))}
                    </time>
                  </span>
                  <span className="line-clamp-2 text-xs break-words text-ink-700">
                    {match.messageId === null ? (
                      <span className="sr-only">{t('chat:search.inTitle')}: </span>
                    ) : null}
                    {parts.before}
                    {parts.match ? (
                      <mark className="rounded-sm bg-gold-500/25 px-0.5 text-ink-950">{parts.match}</mark>
                    ) : null}
                    {parts.after}
                  </span>
                </a>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}

/**
 * Scrolls the conversation to a found message and marks it (`data-found`), once it is drawn (the messages' view is
 * fetched on demand); `onShown` when done. Returns what stops waiting.
 */
export function revealMessage(scroller: HTMLElement, messageId: string, onShown: () => void): () => void {
  const show = () => {
    const target = scroller.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(messageId)}"]`)
    if (!target) return false
    target.scrollIntoView({ block: 'center' })
    target.dataset.found = 'true'
    onShown()
    return true
  }
  if (show()) return () => {}
  const observer = new MutationObserver(() => {
    if (show()) observer.disconnect()
  })
  observer.observe(scroller, { childList: true, subtree: true })
  return () => observer.disconnect()
}
