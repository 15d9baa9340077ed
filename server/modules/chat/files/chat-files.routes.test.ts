import { mkdtemp, readdir, rm } from 'node:fs/promises'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ChatFile, ChatFileUploadOutcome, ChatMessage } from '#contracts/chat.ts'
import {
  buildSampleFile,
  canBuildCjkImages,
  type SampleName,
  sampleExpectations,
  sampleNames,
} from '#server/file-reading/testing/sample-files.ts'
import { createReaderClients, expectFailure, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { parseEventStream } from '../testing/event-stream.ts'

const pngBytes = Buffer.from((await buildSampleFile('png-en')).bytes)
const clients = createReaderClients({ ipPrefix: '10.41', phonePrefix: '6241' })
let runtime: TestRuntime
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'chat-files-'))
  runtime = await createTestRuntime(
    {
      DATA_DIR: dataDir,
      QUOTA_VISITORS_PER_NETWORK: '1000',
      QUOTA_UPLOAD_PER_DAY: '8,1000,1000,1000,1000',
      QUOTA_UPLOAD_PER_MONTH: '10,1000,1000,1000,1000',
      CHAT_UPLOAD_RATE_PER_MINUTE: '1000',
    },
    { smsSender: clients.smsSender },
  )
  clients.bind(runtime)
})
afterAll(async () => {
  await runtime.close()
  await rm(dataDir, { recursive: true, force: true })
})

type Part = { field: string; value: string } | { fileName: string; bytes: Buffer | Readable; type?: string }

/** A multipart/form-data body, as a browser's FormData sends it. */
function multipart(parts: Part[]): { payload: Readable; contentType: string } {
  const boundary = `----tickerwise${Math.random().toString(16).slice(2)}`
  async function* body() {
    for (const part of parts) {
      if ('field' in part) {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`,
        )
        continue
      }
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.fileName}"\r\n` +
          `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
      )
      if (Buffer.isBuffer(part.bytes)) yield part.bytes
      else for await (const chunk of part.bytes) yield chunk
      yield Buffer.from('\r\n')
    }
    yield Buffer.from(`--${boundary}--\r\n`)
  }
  return { payload: Readable.from(body()), contentType: `multipart/form-data; boundary=${boundary}` }
}

async function upload(client: ReaderClient, parts: Part[]) {
  const { payload, contentType } = multipart(parts)
  return runtime.app.inject({
    method: 'POST',
    url: '/api/portal/ai/uploadFiles',
    headers: clients.sameSiteHeadersOf(client, { 'content-type': contentType }),
    remoteAddress: client.ip,
    payload,
  })
}

async function newConversation(client: ReaderClient): Promise<string> {
  const response = await clients.send(client, 'POST', '/ai/newSubSessionId', {})
  expect(response.statusCode).toBe(200)
  return response.json().data.subSessionId
}

async function uploadOne(client: ReaderClient, conversationId: string, fileName: string, bytes: Buffer) {
  const response = await upload(client, [
    { field: 'subSessionId', value: conversationId },
    { fileName, bytes },
  ])
  expect(response.statusCode).toBe(200)
  const [outcome] = response.json().data.files as ChatFileUploadOutcome[]
  if (!outcome) throw new Error('no outcome')
  return outcome
}

async function filesOf(client: ReaderClient, conversationId: string): Promise<ChatFile[]> {
  await runtime.services.chatFiles.whenReadingsDone()
  const response = await clients.get(client, '/ai/listFiles', { subSessionId: conversationId })
  expect(response.statusCode).toBe(200)
  return response.json().data
}

async function uploadsLeft(client: ReaderClient): Promise<number> {
  return (await clients.get(client, '/member/quota', { kind: 'upload' })).json().data.remaining
}

async function storedFiles(): Promise<string[]> {
  try {
    return await readdir(path.join(dataDir, 'files', 'chat'))
  } catch {
    return []
  }
}

const report = Buffer.from(
  'Quarterly letter\n\nOur portfolio gained 4% this quarter.\n\n' +
    'Risks: the fund holds a concentrated position in semiconductor makers; a downturn in chip demand would hurt returns.\n\n' +
    'Dividends were reinvested in March.\n',
)

describe('uploading files into a conversation', () => {
  it('takes a text file, reads it in the background, and counts one upload', async () => {
    const reader = await clients.newVisitor()
    const conversationId = await newConversation(reader)
    const before = await uploadsLeft(reader)
    const outcome = await uploadOne(reader, conversationId, 'letter.txt', report)
    expect(outcome).toMatchObject({
      name: 'letter.txt',
      file: { kind: 'txt', size: report.length, attached: false },
    })
    expect(await uploadsLeft(reader)).toBe(before - 1)
    const [file] = await filesOf(reader, conversationId)
    expect(file).toMatchObject({ name: 'letter.txt', status: 'ready', failure: null, sections: 1 })
  })

  it('answers a question about the file by quoting it, and keeps the file with the question', async () => {
    const reader = await clients.newVisitor('hant')
    const conversationId = await newConversation(reader)
    const outcome = await uploadOne(reader, conversationId, 'letter.txt', report)
    if (!('file' in outcome)) throw new Error(outcome.error)
    await runtime.services.chatFiles.whenReadingsDone()
    const response = await clients.get(reader, '/ai/chatSearch', {
      subSessionId: conversationId,
      question: 'What risks does the file mention?',
      fileIds: outcome.file.id,
    })
    expect(response.statusCode).toBe(200)
    const text = parseEventStream(response.body)
      .filter((event) => event.event === 'text')
      .map((event) => (event.data as { delta: string }).delta)
      .join('')
    expect(text).toContain('letter.txt')
    expect(text).toContain('semiconductor')

    const messages: ChatMessage[] = (
      await clients.get(reader, '/ai/listHis', { subSessionId: conversationId })
    ).json().data.rows
    expect(messages[0]?.attachments).toEqual([
      { id: outcome.file.id, name: 'letter.txt', size: report.length, kind: 'txt' },
    ])
    const [file] = await filesOf(reader, conversationId)
    expect(file?.attached).toBe(true)
    expectFailure(
      await clients.send(reader, 'DELETE', '/ai/deleteFile', undefined, { fileId: outcome.file.id }),
      409,
      'CHAT_FILE_IN_USE',
    )
  })

  it('summarises a file by quoting its opening when the question names nothing in it', async () => {
    const reader = await clients.newVisitor('hant')
    const conversationId = await newConversation(reader)
    const outcome = await uploadOne(reader, conversationId, 'letter.txt', report)
    if (!('file' in outcome)) throw new Error(outcome.error)
    await runtime.services.chatFiles.whenReadingsDone()
    const response = await clients.get(reader, '/ai/chatSearch', {
      subSessionId: conversationId,
      question: '請摘要這份檔案',
      fileIds: outcome.file.id,
    })
    const text = parseEventStream(response.body)
      .filter((event) => event.event === 'text')
      .map((event) => (event.data as { delta: string }).delta)
      .join('')
    expect(text).toContain('以下是檔案中的主要段落')
    expect(text).toContain('Quarterly letter')
  })

  it('reads the files the question carries, not every file the conversation ever had', async () => {
    const reader = await clients.newVisitor()
    const conversationId = await newConversation(reader)
    const letter = await uploadOne(reader, conversationId, 'letter.txt', report)
    const memo = await uploadOne(
      reader,
      conversationId,
      'memo.txt',
      Buffer.from('Board memo\n\nRisks: a new competitor in payments; margins under pressure.\n'),
    )
    const tray = await uploadOne(
      reader,
      conversationId,
      'draft.txt',
      Buffer.from('Draft\n\nRisks: a lawsuit over the old factory site.\n'),
    )
    if (!('file' in letter && 'file' in memo && 'file' in tray)) throw new Error('upload refused')
    await runtime.services.chatFiles.whenReadingsDone()
    const ask = async (question: string, fileIds?: string) => {
      const response = await clients.get(reader, '/ai/chatSearch', {
        subSessionId: conversationId,
        question,
        ...(fileIds ? { fileIds } : {}),
      })
      expect(response.statusCode).toBe(200)
      return parseEventStream(response.body)
        .filter((event) => event.event === 'text')
        .map((event) => (event.data as { delta: string }).delta)
        .join('')
    }

    const first = await ask('What risks does my file mention?', letter.file.id)
    expect(first).toContain('semiconductor')
    expect(first).not.toContain('competitor')

    const second = await ask('What risks does my file mention?', memo.file.id)
    expect(second).toContain('competitor')
    expect(second).not.toContain('semiconductor')
    // The file still waiting in the tray is not read by any question that does not carry it.
    expect(second).not.toContain('lawsuit')

    // A question carrying none reads the files of the latest question that carried some.
    const followUp = await ask('And what does my file say about margins?')
    expect(followUp).toContain('memo.txt')
    expect(followUp).not.toContain('letter.txt')

    // …and an earlier file the question names.
    const named = await ask('What risks does letter.txt mention?')
    expect(named).toContain('semiconductor')
    expect(named).not.toContain('lawsuit')
  })

  it('refuses a question carrying a file of another conversation', async () => {
    const reader = await clients.newVisitor()
    const first = await newConversation(reader)
    const second = await newConversation(reader)
    const outcome = await uploadOne(reader, first, 'letter.txt', report)
    if (!('file' in outcome)) throw new Error(outcome.error)
    expectFailure(
      await clients.get(reader, '/ai/chatSearch', {
        subSessionId: second,
        question: 'What does it say?',
        fileIds: outcome.file.id,
      }),
      404,
      'CHAT_FILE_NOT_FOUND',
    )
  })

  it('lets the reader remove a file before sending, storage included', async () => {
    const reader = await clients.newVisitor()
    const conversationId = await newConversation(reader)
    const outcome = await uploadOne(reader, conversationId, 'notes.txt', report)
    if (!('file' in outcome)) throw new Error(outcome.error)
    await runtime.services.chatFiles.whenReadingsDone()
    const storedBefore = (await storedFiles()).length
    const response = await clients.send(reader, 'DELETE', '/ai/deleteFile', undefined, {
      fileId: outcome.file.id,
    })
    expect(response.statusCode).toBe(200)
    expect(await filesOf(reader, conversationId)).toEqual([])
    expect((await storedFiles()).length).toBe(storedBefore - 1)
  })

  it('deletes the files with the conversation, and their bytes at the next housekeeping', async () => {
    const reader = await clients.newVisitor()
    const conversationId = await newConversation(reader)
    await uploadOne(reader, conversationId, 'a.txt', report)
    await uploadOne(reader, conversationId, 'b.txt', report)
    await runtime.services.chatFiles.whenReadingsDone()
    const storedBefore = (await storedFiles()).length
    const deleted = await clients.send(reader, 'DELETE', '/ai/deleteSubSession', undefined, {
      subSessionId: conversationId,
    })
    expect(deleted.statusCode).toBe(200)
    expectFailure(
      await clients.get(reader, '/ai/listFiles', { subSessionId: conversationId }),
      404,
      'CHAT_CONVERSATION_NOT_FOUND',
    )
    // RETENTION_DELETED_CHAT_FILES_DAYS is 0 by default: the next run removes them.
    await runtime.services.retention.applyRetention()
    expect((await storedFiles()).length).toBe(storedBefore - 2)
  })
})

describe('every sample file, real and hostile, through the API', () => {
  const expectation = (name: SampleName) =>
    sampleExpectations[name] as (typeof sampleExpectations)[SampleName] & { needsCjkFont?: boolean }
  const names = sampleNames.filter((name) => !expectation(name).needsCjkFont || canBuildCjkImages())

  it.each(names)('%s gets the right state and message, never a server error', async (name) => {
    const { detect, read } = expectation(name)
    const sample = await buildSampleFile(name)
    const reader = await clients.newMember()
    const conversationId = await newConversation(reader)
    const outcome = await uploadOne(reader, conversationId, sample.fileName, Buffer.from(sample.bytes))
    if ('error' in detect) {
      expect(outcome).toEqual({ name: sample.fileName, error: detect.error })
      return
    }
    expect(outcome).toMatchObject({ file: { kind: detect.kind, status: 'reading' } })
    const [file] = await filesOf(reader, conversationId)
    if ('error' in read) expect(file).toMatchObject({ status: 'failed', failure: read.error })
    else expect(file).toMatchObject({ status: 'ready', failure: null })
  })
})

describe('a member deleting their account', () => {
  it('takes their conversations and uploaded files with it', async () => {
    const member = await clients.newMember()
    const conversationId = await newConversation(member)
    await uploadOne(member, conversationId, 'statement.txt', report)
    await runtime.services.chatFiles.whenReadingsDone()
    const storedBefore = (await storedFiles()).length
    const response = await clients.send(member, 'DELETE', '/member/account')
    expect(response.statusCode).toBe(200)
    await runtime.services.retention.applyRetention()
    expect((await storedFiles()).length).toBe(storedBefore - 1)
  })
})

describe('what is refused', () => {
  it.each([
    ['an empty file', 'empty.txt', Buffer.alloc(0), 'CHAT_FILE_EMPTY'],
    [
      'a program renamed as a PDF',
      'statement.pdf',
      Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000)]),
      'CHAT_FILE_TYPE_NOT_ALLOWED',
    ],
    [
      'a program under its own name',
      'setup.exe',
      Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000)]),
      'CHAT_FILE_TYPE_NOT_ALLOWED',
    ],
    ['an image renamed as text', 'notes.txt', pngBytes, 'CHAT_FILE_TYPE_MISMATCH'],
    ['an image renamed as a CSV', 'holdings.csv', pngBytes, 'CHAT_FILE_TYPE_MISMATCH'],
    [
      'a program renamed as a CSV',
      'holdings.csv',
      Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000)]),
      'CHAT_FILE_TYPE_NOT_ALLOWED',
    ],
    [
      'a kind not on the list',
      'page.html',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'CHAT_FILE_TYPE_NOT_ALLOWED',
    ],
  ])(
    'refuses %s with its reason, storing nothing and counting no upload',
    async (_label, fileName, bytes, code) => {
      const reader = await clients.newVisitor()
      const conversationId = await newConversation(reader)
      const before = await uploadsLeft(reader)
      const storedBefore = (await storedFiles()).length
      expect(await uploadOne(reader, conversationId, fileName, bytes)).toEqual({
        name: fileName,
        error: code,
      })
      expect(await uploadsLeft(reader)).toBe(before)
      expect((await storedFiles()).length).toBe(storedBefore)
      expect(await filesOf(reader, conversationId)).toEqual([])
    },
  )

  it('cuts a file of 50 MB and one byte at 50 MB and refuses it as too large', async () => {
    const reader = await clients.newVisitor()
    const conversationId = await newConversation(reader)
    const size = 50 * 1024 * 1024 + 1
    const bytes = Readable.from(
      (function* () {
        const block = Buffer.alloc(1024 * 1024, 0x61)
        let left = size
        while (left > 0) {
          const n = Math.min(left, block.length)
          left -= n
          yield block.subarray(0, n)
        }
      })(),
    )
    const response = await upload(reader, [
      { field: 'subSessionId', value: conversationId },
      { fileName: 'big.txt', bytes },
    ])
    expect(response.statusCode).toBe(200)
    expect(response.json().data.files).toEqual([{ name: 'big.txt', error: 'CHAT_FILE_TOO_LARGE' }])
    expect(await filesOf(reader, conversationId)).toEqual([])
  })

  it('leaves no temporary file behind when the client goes away mid-upload', async () => {
    const reader = await clients.newVisitor()
    const conversationId = await newConversation(reader)
    // A real connection, cut by the client after 1 MB of the file (inject cannot drop a socket).
    const address = await runtime.app.listen({ port: 0, host: '127.0.0.1' })
    const boundary = '----tickerwise-cut'
    const request = http.request(`${address}/api/portal/ai/uploadFiles`, {
      method: 'POST',
      headers: clients.sameSiteHeadersOf(reader, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      }),
    })
    request.on('error', () => undefined)
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="subSessionId"\r\n\r\n${conversationId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notes.txt"\r\n\r\n`,
    )
    request.write(Buffer.alloc(1024 * 1024, 0x61))
    const uploads = path.join(dataDir, 'uploads-in-progress')
    await vi.waitFor(async () => expect((await readdir(uploads).catch(() => [])).length).toBe(1), {
      timeout: 10_000,
      interval: 20,
    })
    request.destroy()
    await vi.waitFor(async () => expect(await readdir(uploads)).toEqual([]), {
      timeout: 10_000,
      interval: 50,
    })
    expect(await filesOf(reader, conversationId)).toEqual([])
  })

  it('takes five files of one upload and refuses the sixth as too many', async () => {
    const reader = await clients.newMember()
    const conversationId = await newConversation(reader)
    const files = Array.from({ length: 6 }, (_, i) => ({ fileName: `part-${i + 1}.txt`, bytes: report }))
    const response = await upload(reader, [{ field: 'subSessionId', value: conversationId }, ...files])
    expect(response.statusCode).toBe(200)
    const outcomes = response.json().data.files as ChatFileUploadOutcome[]
    expect(outcomes.filter((outcome) => 'file' in outcome)).toHaveLength(5)
    expect(outcomes[5]).toEqual({ name: 'part-6.txt', error: 'CHAT_FILE_TOO_MANY' })
  })

  it('keeps only the base name of a path and drops control characters', async () => {
    const reader = await clients.newVisitor()
    const conversationId = await newConversation(reader)
    const outcome = await uploadOne(reader, conversationId, '../../etc/pass\u0007wd\u202e.txt', report)
    expect(outcome).toMatchObject({ file: { name: 'passwd.txt' } })
  })

  it('refuses an upload into a conversation that is not the reader’s', async () => {
    const owner = await clients.newVisitor()
    const stranger = await clients.newVisitor()
    const conversationId = await newConversation(owner)
    expectFailure(
      await upload(stranger, [
        { field: 'subSessionId', value: conversationId },
        { fileName: 'x.txt', bytes: report },
      ]),
      404,
      'CHAT_CONVERSATION_NOT_FOUND',
    )
    expectFailure(
      await clients.get(stranger, '/ai/listFiles', { subSessionId: conversationId }),
      404,
      'CHAT_CONVERSATION_NOT_FOUND',
    )
  })

  it('refuses another reader’s file as if it did not exist', async () => {
    const owner = await clients.newVisitor()
    const stranger = await clients.newVisitor()
    const conversationId = await newConversation(owner)
    const outcome = await uploadOne(owner, conversationId, 'letter.txt', report)
    if (!('file' in outcome)) throw new Error(outcome.error)
    expectFailure(
      await clients.send(stranger, 'DELETE', '/ai/deleteFile', undefined, { fileId: outcome.file.id }),
      404,
      'CHAT_FILE_NOT_FOUND',
    )
  })

  it('refuses a body without the conversation first', async () => {
    const reader = await clients.newVisitor()
    expectFailure(await upload(reader, [{ fileName: 'x.txt', bytes: report }]), 400, 'VALIDATION_FAILED')
  })

  it('stops at the day’s allowance, telling a visitor to log in', async () => {
    const reader = await clients.newVisitor()
    const conversationId = await newConversation(reader)
    const left = await uploadsLeft(reader)
    const files = Array.from({ length: left }, (_, i) => ({ fileName: `f${i}.txt`, bytes: report }))
    for (let start = 0; start < files.length; start += 5) {
      await upload(reader, [
        { field: 'subSessionId', value: conversationId },
        ...files.slice(start, start + 5),
      ])
    }
    expect(await uploadOne(reader, conversationId, 'one-more.txt', report)).toEqual({
      name: 'one-more.txt',
      error: 'CHAT_FILE_LIMIT_VISITOR',
    })
  })
})

describe('the upload rate limit', () => {
  let limited: TestRuntime
  const limitedClients = createReaderClients({ ipPrefix: '10.42', phonePrefix: '6242' })
  beforeAll(async () => {
    limited = await createTestRuntime({ DATA_DIR: dataDir, CHAT_UPLOAD_RATE_PER_MINUTE: '2' })
    limitedClients.bind(limited)
  })
  afterAll(() => limited.close())

  it('answers 429 past the requests a minute one address may make', async () => {
    const reader = await limitedClients.newVisitor()
    const statuses: number[] = []
    for (let i = 0; i < 3; i += 1) {
      const { payload, contentType } = multipart([
        { field: 'subSessionId', value: '00000000-0000-4000-8000-000000000000' },
      ])
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/portal/ai/uploadFiles',
        headers: limitedClients.sameSiteHeadersOf(reader, { 'content-type': contentType }),
        remoteAddress: reader.ip,
        payload,
      })
      statuses.push(response.statusCode)
    }
    expect(statuses).toEqual([404, 404, 429])
  })
})
