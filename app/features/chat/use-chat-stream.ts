/**
 * The streamed answer's lifetime on the chat page: the stream opened for a question or a regenerate, its events
 * handed to the conversation's reducer (chat-state.ts), its end when the server never said `done`, a refusal before
 * it opened, and stopping it. Where the answer's conversation goes — the list, the address — is the page's
 * (`onStart`, `onTitle`).
 */
import { type Dispatch, useCallback, useRef } from 'react'
import { ApiError } from '#app/api/api-client.ts'
import { cancelAnswer } from './chat-api.ts'
import type { ChatAction, ChatState } from './chat-state.ts'
import { streamChatAnswer } from './chat-stream.ts'

export interface StreamParams {
  question?: string
  regenerate?: string
  fileIds?: string | undefined
}

export function useChatStream({
  stateRef,
  dispatch,
  onStart,
  onTitle,
}: {
  /** The conversation as it is now (read when the stream starts and stops, not when the hook was made). */
  stateRef: { readonly current: ChatState }
  dispatch: Dispatch<ChatAction>
  /** The server named the answer's conversation (`startedIn` is the one open when it was asked). */
  onStart(conversationId: string, startedIn: string | null): void
  onTitle(conversationId: string, title: string): void
}) {
  const abortRef = useRef<AbortController | null>(null)
  const handlers = useRef({ onStart, onTitle })
  handlers.current = { onStart, onTitle }

  const stop = useCallback(() => {
    const controller = abortRef.current
    const conversationId = stateRef.current.conversationId
    if (!controller) return
    // The server stops writing and stores the part written (it also does when the connection closes, but a proxy
    // may keep that open). The reader's copy stops at once, without waiting for the server's answer.
    if (conversationId) void cancelAnswer(conversationId).catch(() => undefined)
    controller.abort()
  }, [stateRef])

  /** Resolves true when the server refused before the stream opened (nothing of the question was kept). */
  const run = useCallback(
    async (params: StreamParams) => {
      const controller = new AbortController()
      abortRef.current = controller
      const startedIn = stateRef.current.conversationId
      let hasEnded = false
      let wasRefused = false
      try {
        await streamChatAnswer({
          subSessionId: startedIn ?? undefined,
          ...params,
          signal: controller.signal,
          onEvent(event) {
            if (event.name === 'start') handlers.current.onStart(event.data.conversationId, startedIn)
            else if (event.name === 'title')
              handlers.current.onTitle(event.data.conversationId, event.data.title)
            else if (event.name === 'done' || event.name === 'error') hasEnded = true
            dispatch({ type: 'event', event })
          },
        })
        if (!hasEnded) dispatch({ type: 'ended', reason: controller.signal.aborted ? 'stopped' : 'failed' })
      } catch (error) {
        if (controller.signal.aborted) dispatch({ type: 'ended', reason: 'stopped' })
        else if (error instanceof ApiError) {
          wasRefused = true
          dispatch({ type: 'refused', code: error.code, retryAfterSeconds: error.retryAfterSeconds })
        } else dispatch({ type: 'ended', reason: 'failed' })
      } finally {
        if (abortRef.current === controller) abortRef.current = null
      }
      return wasRefused
    },
    [stateRef, dispatch],
  )

  /** Whether an answer is being streamed (stopping it first is the caller's choice). */
  const isRunning = useCallback(() => abortRef.current !== null, [])

  return { run, stop, isRunning }
}
