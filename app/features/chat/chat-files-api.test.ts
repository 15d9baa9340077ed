import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configureApiClient } from '#app/api/api-client.ts'
import { onUnauthenticated } from '#app/api/session-events.ts'
import type { ChatFile } from '#contracts/chat-file-rules.ts'
import { buildUploadRequest, uploadChatFile } from './chat-files-api.ts'
import { FakeXhr } from './testing/fake-xhr.ts'

const file = new File(['Q3 revenue grew 12%'], 'results.txt', { type: 'text/plain' })

const served: ChatFile = {
  id: '7a0b5f3e-3f43-4d59-8f0a-2b8c9c1d2e3f',
  conversationId: 'c1',
  name: 'results.txt',
  size: file.size,
  kind: 'txt',
  status: 'reading',
  failure: null,
  sections: 1,
  attached: false,
  createdAt: '2026-11-26T10:00:00.000Z',
}

function upload(onProgress = vi.fn()) {
  const handle = uploadChatFile({
    conversationId: 'c1',
    file,
    onProgress,
  })
  const xhr = FakeXhr.sent.at(-1)
  if (!xhr) throw new Error('nothing was sent')
  return { handle, xhr, onProgress }
}

beforeEach(() => {
  FakeXhr.reset()
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  // The page's language, as the shell configures the client: the Traditional Chinese site.
  configureApiClient({ apiBase: '/api/portal', locale: 'zh-Hant' })
})

afterEach(() => {
  vi.unstubAllGlobals()
  configureApiClient({ apiBase: '/api/portal', locale: 'en' })
})

describe('the upload request', () => {
  it('is multipart with the conversation field first, then the file under its name', () => {
    const request = buildUploadRequest('c1', file)
    expect(request.url).toBe('/api/portal/ai/uploadFiles')
    const parts = [...request.body.entries()]
    expect(parts.map(([name]) => name)).toEqual(['subSessionId', 'file'])
    expect(parts[0]?.[1]).toBe('c1')
    const sent = parts[1]?.[1] as File
    expect(sent.name).toBe('results.txt')
    expect(sent.size).toBe(file.size)
  })

  it('carries the API client’s headers and no content type of its own (the browser writes the boundary)', () => {
    const request = buildUploadRequest('c1', file)
    expect(request.headers).toEqual({ Lang: 'hk' })
    const { xhr } = upload()
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toBe('/api/portal/ai/uploadFiles')
    expect(xhr.withCredentials).toBe(true)
    expect(xhr.headers).toEqual({ Lang: 'hk' })
    expect(xhr.body).toBeInstanceOf(FormData)
  })
})

describe('uploading one file', () => {
  it('reports the bytes sent and resolves with the server’s outcome for the file', async () => {
    const { handle, xhr, onProgress } = upload()
    xhr.progress(5, 19)
    xhr.progress(19, 19)
    expect(onProgress.mock.calls).toEqual([
      [5, 19],
      [19, 19],
    ])
    xhr.respond(200, { code: 200, data: { files: [{ name: 'results.txt', file: served }] } })
    await expect(handle.result).resolves.toEqual({ name: 'results.txt', file: served })
  })

  it('resolves with a refusal of the file itself (its content is not what its name says)', async () => {
    const { handle, xhr } = upload()
    xhr.respond(200, {
      code: 200,
      data: { files: [{ name: 'results.txt', error: 'CHAT_FILE_TYPE_MISMATCH' }] },
    })
    await expect(handle.result).resolves.toEqual({ name: 'results.txt', error: 'CHAT_FILE_TYPE_MISMATCH' })
  })

  it('turns an HTTP refusal into its stable code, discarding the body', async () => {
    const { handle, xhr } = upload()
    xhr.respond(429, null, { 'x-error-code': 'CHAT_FILE_LIMIT_VISITOR' })
    await expect(handle.result).rejects.toMatchObject({ status: 429, code: 'CHAT_FILE_LIMIT_VISITOR' })
    const tooLarge = upload()
    tooLarge.xhr.respond(413, null)
    await expect(tooLarge.handle.result).rejects.toMatchObject({ code: 'CHAT_FILE_TOO_LARGE' })
  })

  it('reports a network failure, and a cancelled upload as an abort', async () => {
    const failed = upload()
    failed.xhr.fail()
    await expect(failed.handle.result).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' })
    const cancelled = upload()
    cancelled.handle.abort()
    expect(cancelled.xhr.isAborted).toBe(true)
    await expect(cancelled.handle.result).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('logs out on a 401, in the status or in the envelope', async () => {
    const listener = vi.fn()
    const stopListening = onUnauthenticated(listener)
    const byStatus = upload()
    byStatus.xhr.respond(401, null)
    await expect(byStatus.handle.result).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
    const byEnvelope = upload()
    byEnvelope.xhr.respond(200, { code: 401, data: null, error: 'UNAUTHENTICATED', message: 'x' })
    await expect(byEnvelope.handle.result).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
    expect(listener).toHaveBeenCalledTimes(2)
    stopListening()
  })
})
