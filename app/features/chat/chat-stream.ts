/**
 * Opens the streamed answer (`GET /ai/chatSearch`) the way the API client sends any call (the `Lang` header, the
 * attribution headers, cookies) and hands over its events. Before the stream opens the server may answer an ordinary
 * failure (a 429 quota code, a 404 conversation, a 401): that becomes an ApiError with the stable code, as the API
 * client's errors are, and a 401 logs out (spec §8).
 */
import { ApiError, buildQueryString, requestHeaders } from '#app/api/api-client.ts'
import { notifyUnauthenticated } from '#app/features/account/session-events.ts'
import type { Locale } from '#contracts/regions.ts'
import { retryAfterSecondsOf } from '#contracts/retry-wait.ts'
import { type ChatStreamEvent, readChatEvents } from './sse-parser.ts'

export interface ChatStreamRequest {
  apiBase: string
  locale: Locale
  subSessionId?: string | undefined
  question?: string | undefined
  regenerate?: string | undefined
  /** The ready files the question carries, comma-separated ids (contracts/chat-file-rules.ts). */
  fileIds?: string | undefined
  signal: AbortSignal
  onEvent(event: ChatStreamEvent): void
}

export async function streamChatAnswer(request: ChatStreamRequest): Promise<void> {
  const query = buildQueryString({
    subSessionId: request.subSessionId,
    question: request.question,
    regenerate: request.regenerate,
    fileIds: request.fileIds || undefined,
  })
  let response: Response
  try {
    response = await fetch(`${request.apiBase}/ai/chatSearch${query}`, {
      headers: { ...requestHeaders(request.locale), Accept: 'text/event-stream' },
      credentials: 'include',
      signal: request.signal,
    })
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error
    throw new ApiError(0, 'NETWORK_ERROR')
  }
  if (response.status === 401) {
    notifyUnauthenticated()
    throw new ApiError(401, response.headers.get('x-error-code') ?? 'UNAUTHENTICATED')
  }
  if (!response.ok) {
    void response.body?.cancel()
    throw new ApiError(
      response.status,
      response.headers.get('x-error-code') ?? (response.status === 429 ? 'RATE_LIMITED' : 'INTERNAL_ERROR'),
      retryAfterSecondsOf(response.headers.get('retry-after')),
    )
  }
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('text/event-stream') || !response.body) {
    // An envelope where a stream was expected carries its failure in the body (a 401 there logs out too).
    const envelope = (await response.json().catch(() => null)) as { code?: number; error?: string } | null
    if (envelope?.code === 401) notifyUnauthenticated()
    throw new ApiError(envelope?.code ?? 500, envelope?.error ?? 'INTERNAL_ERROR')
  }
  await readChatEvents(response.body, request.onEvent)
}
