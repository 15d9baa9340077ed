/**
 * The chat's file calls (contracts/chat-file-rules.ts), and making a conversation for them. An upload goes by XMLHttpRequest, one file a request, because
 * fetch cannot tell how many bytes have been sent (the chip's progress bar). It sends what the API client sends (the
 * `Lang` and attribution headers, cookies) and reads a failure the same way: the body is discarded, the stable code
 * comes from `x-error-code`, and a 401 logs out (spec §8). Listing and deleting go through the API client itself.
 */
import { ApiError, api, dataOf, requestHeaders } from '#app/api/api-client.ts'
import { notifyUnauthenticated } from '#app/features/account/session-events.ts'
import {
  type ChatFile,
  ChatFileErrorCode,
  type ChatFileUploadAnswer,
  type ChatFileUploadOutcome,
} from '#contracts/chat-file-rules.ts'
import type { Envelope } from '#contracts/envelope.ts'
import type { Locale } from '#contracts/regions.ts'
import { retryAfterSecondsOf } from '#contracts/retry-wait.ts'

export interface UploadRequest {
  url: string
  headers: Record<string, string>
  body: FormData
}

/**
 * `POST /ai/uploadFiles` for one file: the conversation's field first, so the server knows where the file goes (and
 * may refuse it) before it reads the file's bytes, then the file part under its own name.
 */
export function buildUploadRequest(
  apiBase: string,
  locale: Locale,
  conversationId: string,
  file: File,
): UploadRequest {
  const body = new FormData()
  body.append('subSessionId', conversationId)
  body.append('file', file, file.name)
  return { url: `${apiBase}/ai/uploadFiles`, headers: requestHeaders(locale), body }
}

/** The code of a refused upload whose answer carries no `x-error-code` (a proxy's 413, say). */
function codeOfStatus(status: number): string {
  if (status === 413) return ChatFileErrorCode.tooLarge
  if (status === 429) return 'RATE_LIMITED'
  if (status === 404) return 'NOT_FOUND'
  if (status >= 400 && status < 500) return 'VALIDATION_FAILED'
  return 'INTERNAL_ERROR'
}

export interface UploadHandle {
  /** The server's outcome for the file; rejects with an ApiError, or an AbortError once aborted. */
  result: Promise<ChatFileUploadOutcome>
  abort(): void
}

export function uploadChatFile(request: {
  apiBase: string
  locale: Locale
  conversationId: string
  file: File
  onProgress(loaded: number, total: number): void
}): UploadHandle {
  const { url, headers, body } = buildUploadRequest(
    request.apiBase,
    request.locale,
    request.conversationId,
    request.file,
  )
  const xhr = new XMLHttpRequest()
  const result = new Promise<ChatFileUploadOutcome>((resolve, reject) => {
    xhr.open('POST', url)
    xhr.withCredentials = true
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress(event.loaded, event.total)
    }
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR'))
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
    xhr.onload = () => {
      const errorCode = xhr.getResponseHeader('x-error-code')
      if (xhr.status === 401) {
        notifyUnauthenticated()
        reject(new ApiError(401, errorCode ?? 'UNAUTHENTICATED'))
        return
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(
          new ApiError(
            xhr.status,
            errorCode ?? codeOfStatus(xhr.status),
            retryAfterSecondsOf(xhr.getResponseHeader('retry-after')),
          ),
        )
        return
      }
      try {
        const envelope = JSON.parse(xhr.responseText) as Envelope<ChatFileUploadAnswer>
        if (envelope.code === 401) notifyUnauthenticated()
        const outcome = dataOf(envelope).files[0]
        if (outcome) resolve(outcome)
        else reject(new ApiError(500, 'INTERNAL_ERROR'))
      } catch (error) {
        reject(error instanceof ApiError ? error : new ApiError(500, 'INTERNAL_ERROR'))
      }
    }
    xhr.send(body)
  })
  return { result, abort: () => xhr.abort() }
}

/**
 * An empty conversation (`POST /ai/newSubSessionId`), made when files are attached in a new chat: a file goes into
 * a conversation. Here rather than in chat-api.ts because only the upload code, fetched on demand, makes one.
 */
export async function startConversation(): Promise<string> {
  return dataOf(await api.post<{ subSessionId: string }>('/ai/newSubSessionId', {})).subSessionId
}

/** The conversation's files, oldest first: how reading them is going. */
export async function listChatFiles(conversationId: string): Promise<ChatFile[]> {
  return dataOf(await api.get<ChatFile[]>('/ai/listFiles', { subSessionId: conversationId }))
}

/** Deletes a file no question carries yet. */
export async function deleteChatFile(fileId: string): Promise<void> {
  dataOf(await api.delete<{ deleted: true }>('/ai/deleteFile', { fileId }))
}
