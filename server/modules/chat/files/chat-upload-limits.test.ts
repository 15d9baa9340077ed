import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatFileUploadOutcome } from '#contracts/chat.ts'
import zhErrors from '#contracts/messages/zh-Hant/errors.json' with { type: 'json' }
import {
  firstAnswerOf,
  openRawConnection,
  portOf,
  type RawConnection,
  serverClosing,
} from '#server/testing/raw-connections.ts'
import { createReaderClients, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

// Short limits, so that "longer than an ordinary request" takes seconds: every request 1.5 s; an authorised upload
// must bring 2,000 bytes a second over each 1.5 s.
const clients = createReaderClients({ ipPrefix: '10.42', phonePrefix: '6242' })
let runtime: TestRuntime
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'chat-upload-limits-'))
  runtime = await createTestRuntime(
    {
      DATA_DIR: dataDir,
      HTTP_HEADERS_TIMEOUT_MS: '500',
      HTTP_REQUEST_TIMEOUT_MS: '1500',
      CHAT_UPLOAD_MIN_BYTES_PER_SECOND: '2000',
      QUOTA_VISITORS_PER_NETWORK: '1000',
      CHAT_UPLOAD_RATE_PER_MINUTE: '1000',
    },
    { smsSender: clients.smsSender },
  )
  clients.bind(runtime)
  await runtime.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await runtime.close()
  await rm(dataDir, { recursive: true, force: true })
})

const boundary = '----tickerwiseslow'
const line = 'Our portfolio gained 4% this quarter; dividends were reinvested in March.\n'

/** A text file of `chunks` × `chunkBytes` readable bytes. */
function textChunk(chunkBytes: number): string {
  return line.repeat(Math.ceil(chunkBytes / line.length)).slice(0, chunkBytes)
}

/** The multipart upload as a browser's FormData sends it, cut where the file's bytes go. */
function uploadParts(conversationId: string) {
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="subSessionId"\r\n\r\n${conversationId}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="letter.txt"\r\n` +
    'Content-Type: text/plain\r\n\r\n'
  const tail = `\r\n--${boundary}--\r\n`
  return { head, tail }
}

/** Opens a connection and sends the upload's headers and its start; the file's bytes are the caller's to send. */
async function startUpload(
  conversationId: string,
  options: { reader?: ReaderClient; fileBytes: number; lang?: string },
): Promise<{ connection: RawConnection; tail: string }> {
  const { head, tail } = uploadParts(conversationId)
  const connection = await openRawConnection(portOf(runtime.app))
  const headers = [
    'POST /api/portal/ai/uploadFiles HTTP/1.1',
    'Host: en.localhost:3000',
    'Origin: http://en.localhost:3000',
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    `Content-Length: ${Buffer.byteLength(head) + options.fileBytes + Buffer.byteLength(tail)}`,
    ...(options.reader ? [`Cookie: tw_device=${options.reader.device}`] : []),
    ...(options.lang ? [`Lang: ${options.lang}`] : []),
  ]
  connection.socket.write(`${headers.join('\r\n')}\r\n\r\n${head}`)
  return { connection, tail }
}

async function newConversation(client: ReaderClient): Promise<string> {
  const response = await clients.send(client, 'POST', '/ai/newSubSessionId', {})
  expect(response.statusCode).toBe(200)
  return response.json().data.subSessionId
}

describe('uploads that are not the reader’s', () => {
  it('answers an upload without a cookie at once and closes it while the file is still trickling', async () => {
    const { connection } = await startUpload('00000000-0000-4000-8000-000000000000', { fileBytes: 1_000_000 })
    connection.trickle('1', 100)
    await serverClosing(connection)
    const answer = firstAnswerOf(connection.received())
    expect(answer.status).toBe(404)
    expect(answer.headers['x-error-code']).toBe('CHAT_CONVERSATION_NOT_FOUND')
    expect(answer.headers.connection).toBe('close')
    expect(connection.closedByServer()).toBe(true)
  })

  it('answers an upload into a made-up conversation at once and closes it while the file is still trickling', async () => {
    const visitor = await clients.newVisitor()
    await newConversation(visitor)
    const { connection } = await startUpload('00000000-0000-4000-8000-000000000001', {
      reader: visitor,
      fileBytes: 1_000_000,
    })
    connection.trickle('1', 100)
    await serverClosing(connection)
    const answer = firstAnswerOf(connection.received())
    expect(answer.status).toBe(404)
    expect(answer.headers['x-error-code']).toBe('CHAT_CONVERSATION_NOT_FOUND')
    expect(connection.closedByServer()).toBe(true)
  })
})

describe('uploads into the reader’s own conversation', () => {
  it('accepts an upload that takes longer than an ordinary request while it keeps above the least rate', async () => {
    const visitor = await clients.newVisitor()
    const conversationId = await newConversation(visitor)
    // 24 × 1,000 bytes every 200 ms: 5,000 bytes a second for about 5 s, past the 1.5 s of an ordinary request.
    const chunks = 24
    const chunk = textChunk(1000)
    const { connection, tail } = await startUpload(conversationId, {
      reader: visitor,
      fileBytes: chunks * 1000,
    })
    await new Promise<void>((done) => {
      let sent = 0
      const sending = setInterval(() => {
        connection.socket.write(chunk)
        sent += 1
        if (sent < chunks) return
        clearInterval(sending)
        connection.socket.write(tail)
        done()
      }, 200)
    })
    await new Promise<void>((done) => {
      const answered = () => (firstAnswerOf(connection.received()).status ? done() : undefined)
      connection.socket.on('data', answered)
      connection.closed.then(done)
    })
    const answer = firstAnswerOf(connection.received())
    expect(answer.status).toBe(200)
    const [outcome] = (answer.body as { data: { files: ChatFileUploadOutcome[] } }).data.files
    expect(outcome).toMatchObject({ name: 'letter.txt', file: { size: chunks * 1000 } })
    connection.giveUp()
  })

  it('cuts an upload that falls below the least rate, saying so in the reader’s language', async () => {
    const visitor = await clients.newVisitor('hant')
    const conversationId = await newConversation(visitor)
    const { connection } = await startUpload(conversationId, {
      reader: visitor,
      fileBytes: 1_000_000,
      lang: 'hk',
    })
    // 50 bytes a second: moving, but far below 2,000.
    connection.trickle(textChunk(10), 200)
    await serverClosing(connection)
    const answer = firstAnswerOf(connection.received())
    expect(answer.status).toBe(408)
    expect(answer.headers['x-error-code']).toBe('CHAT_UPLOAD_TOO_SLOW')
    expect(answer.body).toMatchObject({
      error: 'CHAT_UPLOAD_TOO_SLOW',
      message: zhErrors.CHAT_UPLOAD_TOO_SLOW,
    })
    expect(connection.closedByServer()).toBe(true)
    const files = await clients.get(visitor, '/ai/listFiles', { subSessionId: conversationId })
    expect(files.json().data).toEqual([])
  })
})
