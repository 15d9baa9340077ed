/**
 * Opens the streamed answer (`GET /ai/chatSearch`) through the API client, as any call is sent (the `Lang` header,
 * the attribution headers, cookies), and hands over its events. Before the stream opens the server may answer an
 * ordinary failure (a 429 quota code, a 404 conversation, a 401): the client's failure reader makes it an ApiError
 * with the stable code, and a 401 logs out (spec §8).
 */
import { api, envelopeErrorOf, receivedEnvelope } from '#app/api/api-client.ts'
import { type ChatStreamEvent, readChatEvents } from './sse-parser.ts'

export interface ChatStreamRequest {
  subSessionId?: string | undefined
  question?: string | undefined
  regenerate?: string | undefined
  /** The ready files the question carries, comma-separated ids (contracts/chat-file-rules.ts). */
  fileIds?: string | undefined
  signal: AbortSignal
  onEvent(event: ChatStreamEvent): void
}

export async function streamChatAnswer(request: ChatStreamRequest): Promise<void> {
  const response = await api.send('GET', '/ai/chatSearch', {
    params: {
      subSessionId: request.subSessionId,
      question: request.question,
      regenerate: request.regenerate,
      fileIds: request.fileIds || undefined,
    },
    headers: { Accept: 'text/event-stream' },
    signal: request.signal,
  })
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('text/event-stream') || !response.body) {
    // An envelope where a stream was expected carries its failure in the body (a 401 there logs out too).
    const envelope = (await response.json().catch(() => null)) as { code?: number; error?: string } | null
    throw envelopeErrorOf(receivedEnvelope(envelope))
  }
  await readChatEvents(response.body, request.onEvent)
}
