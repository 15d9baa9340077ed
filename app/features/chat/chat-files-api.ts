/**
 * The chat's file calls (contracts/chat-file-rules.ts), and making a conversation for them. An upload goes by
 * XMLHttpRequest, one file a request, because fetch cannot tell how many bytes have been sent (the chip's progress
 * bar). It sends what the API client sends (the client's URL and headers: `Lang`, attribution, cookies) and its
 * failure goes through the client's failure reader (`apiErrorOf`): the body is discarded, the stable code comes from
 * `x-error-code`, and a 401 logs out (spec §8). Listing and deleting go through the API client itself.
 */
import { ApiError, api, apiErrorOf, dataOf, receivedEnvelope } from '#app/api/api-client.ts'
import {
  type ChatFile,
  ChatFileErrorCode,
  type ChatFileUploadAnswer,
  type ChatFileUploadOutcome,
} from '#contracts/chat-file-rules.ts'
import type { Envelope } from '#contracts/envelope.ts'

export interface UploadRequest {
  url: string
  headers: Record<string, string>
  body: FormData
}

/**
 * `POST /ai/uploadFiles` for one file: the conversation's field first, so the server knows where the file goes (and
 * may refuse it) before it reads the file's bytes, then the file part under its own name.
 */
export function buildUploadRequest(conversationId: string, file: File): UploadRequest {
  const body = new FormData()
  body.append('subSessionId', conversationId)
  body.append('file', file, file.name)
  return { ...api.requestOf('/ai/uploadFiles'), body }
}

/** A refused upload whose answer names no code (a proxy's 413, say) was too large for a chat file. */
const uploadCodesByStatus = { 413: ChatFileErrorCode.tooLarge }

export interface UploadHandle {
  /** The server's outcome for the file; rejects with an ApiError, or an AbortError once aborted. */
  result: Promise<ChatFileUploadOutcome>
  abort(): void
}

export function uploadChatFile(request: {
  conversationId: string
  file: File
  onProgress(loaded: number, total: number): void
}): UploadHandle {
  const { url, headers, body } = buildUploadRequest(request.conversationId, request.file)
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
      if (xhr.status < 200 || xhr.status >= 300) {
        const headers = { get: (name: string) => xhr.getResponseHeader(name) }
        reject(apiErrorOf({ status: xhr.status, headers }, uploadCodesByStatus))
        return
      }
      try {
        const envelope = receivedEnvelope(JSON.parse(xhr.responseText) as Envelope<ChatFileUploadAnswer>)
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
