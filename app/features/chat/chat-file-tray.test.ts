import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChatFile } from '#contracts/chat-file-rules.ts'
import { createFileTray, readingPollMs } from './chat-file-tray.ts'
import { FakeXhr } from './testing/fake-xhr.ts'

function served(id: string, name: string, status: ChatFile['status'] = 'reading'): ChatFile {
  return {
    id,
    conversationId: 'c1',
    name,
    size: 12,
    kind: 'txt',
    status,
    failure: null,
    sections: 1,
    attached: false,
    createdAt: '2026-11-26T10:00:00.000Z',
  }
}

const textFile = (name: string) => new File(['hello, world'], name, { type: 'text/plain' })

/** The API as the tray's calls through the API client see it: listing, deleting, making a conversation. */
function serveFiles(listed: () => ChatFile[] = () => []) {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`)
      if (url.includes('/ai/listFiles')) return Response.json({ code: 200, data: listed() })
      if (url.includes('/ai/newSubSessionId'))
        return Response.json({ code: 200, data: { subSessionId: 'c-new' } })
      return Response.json({ code: 200, data: { deleted: true } })
    }),
  )
  return calls
}

function makeTray(open: { id: string | null; isAnswering: boolean } = { id: 'c1', isAnswering: false }) {
  const onConversationMade = vi.fn()
  const onWaitingChange = vi.fn()
  const tray = createFileTray({
    openConversation: () => open,
    onConversationMade,
    onWaitingChange,
  })
  return { tray, onConversationMade, onWaitingChange }
}

/** The conversation an upload was sent into. */
const conversationOf = (xhr: FakeXhr) => (xhr.body as FormData).get('subSessionId')

/** Lets the tray's awaited promises run. */
const settle = () => vi.advanceTimersByTimeAsync(0)

beforeEach(() => {
  vi.useFakeTimers()
  FakeXhr.reset()
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the file tray', () => {
  it('uploads each file on its own request into one conversation, then follows reading until done', async () => {
    let listed = [served('f1', 'a.txt'), served('f2', 'b.txt')]
    const calls = serveFiles(() => listed)
    const { tray, onWaitingChange } = makeTray()
    const changes = vi.fn()
    tray.subscribe(changes)

    tray.add([textFile('a.txt'), textFile('b.txt')])
    await settle()
    expect(FakeXhr.sent).toHaveLength(2)
    expect(FakeXhr.sent.map(conversationOf)).toEqual(['c1', 'c1'])
    expect(tray.getState().files.map((f) => f.status)).toEqual(['uploading', 'uploading'])
    expect(onWaitingChange.mock.calls).toEqual([[true]])
    FakeXhr.sent[0]?.progress(6, 12)
    expect(tray.getState().files[0]?.progress).toBe(0.5)
    expect(changes).toHaveBeenCalled()

    FakeXhr.sent[0]?.respond(200, { code: 200, data: { files: [{ name: 'a.txt', file: listed[0] }] } })
    FakeXhr.sent[1]?.respond(200, { code: 200, data: { files: [{ name: 'b.txt', file: listed[1] }] } })
    await settle()
    expect(tray.getState().files.map((f) => f.status)).toEqual(['reading', 'reading'])

    await vi.advanceTimersByTimeAsync(readingPollMs)
    expect(calls).toEqual(['GET /api/portal/ai/listFiles?subSessionId=c1'])
    listed = [served('f1', 'a.txt', 'ready'), served('f2', 'b.txt', 'reading')]
    await vi.advanceTimersByTimeAsync(readingPollMs)
    expect(tray.getState().files.map((f) => f.status)).toEqual(['ready', 'reading'])
    listed = [
      served('f1', 'a.txt', 'ready'),
      { ...served('f2', 'b.txt', 'failed'), failure: 'CHAT_FILE_UNREADABLE' },
    ]
    await vi.advanceTimersByTimeAsync(readingPollMs)
    expect(tray.getState().files.map((f) => [f.status, f.failure])).toEqual([
      ['ready', null],
      ['failed', 'CHAT_FILE_UNREADABLE'],
    ])
    expect(onWaitingChange.mock.calls).toEqual([[true], [false]])
    // Nothing is being read any more: no more asking.
    await vi.advanceTimersByTimeAsync(readingPollMs * 3)
    expect(calls).toHaveLength(3)
  })

  it('makes one conversation for the files of a new chat and hands it to the page', async () => {
    const calls = serveFiles()
    const { tray, onConversationMade } = makeTray({ id: null, isAnswering: false })
    tray.add([textFile('a.txt'), textFile('b.txt')])
    await settle()
    expect(calls).toEqual(['POST /api/portal/ai/newSubSessionId'])
    expect(onConversationMade.mock.calls).toEqual([['c-new']])
    expect(FakeXhr.sent.map(conversationOf)).toEqual(['c-new', 'c-new'])
  })

  it('makes no conversation while a new chat’s first answer is being written, and none the reader left', async () => {
    const calls = serveFiles()
    const answering = makeTray({ id: null, isAnswering: true })
    answering.tray.add([textFile('a.txt')])
    await settle()
    expect(answering.tray.getState().files[0]).toMatchObject({
      status: 'failed',
      failure: 'CHAT_ANSWER_IN_PROGRESS',
    })
    const left = makeTray({ id: null, isAnswering: false })
    left.tray.add([textFile('a.txt')])
    left.tray.clear()
    await settle()
    expect(calls).toEqual(['POST /api/portal/ai/newSubSessionId'])
    expect(left.onConversationMade).not.toHaveBeenCalled()
    expect(FakeXhr.sent).toHaveLength(0)
  })

  it('sends nothing for a file the browser refuses', async () => {
    const calls = serveFiles()
    const { tray } = makeTray({ id: null, isAnswering: false })
    tray.add([textFile('setup.exe')])
    await settle()
    expect(FakeXhr.sent).toHaveLength(0)
    expect(calls).toEqual([])
    expect(tray.getState().files[0]).toMatchObject({
      status: 'failed',
      failure: 'CHAT_FILE_TYPE_NOT_ALLOWED',
    })
  })

  it('cancels the upload of a removed chip, and deletes a removed file the server has', async () => {
    const calls = serveFiles(() => [])
    const { tray } = makeTray()
    tray.add([textFile('a.txt'), textFile('b.txt')])
    await settle()
    const [first, second] = tray.getState().files
    tray.remove(first?.key ?? '')
    expect(FakeXhr.sent[0]?.isAborted).toBe(true)
    FakeXhr.sent[1]?.respond(200, {
      code: 200,
      data: { files: [{ name: 'b.txt', file: served('f2', 'b.txt', 'ready') }] },
    })
    await settle()
    expect(tray.getState().files.map((f) => [f.name, f.status])).toEqual([['b.txt', 'ready']])
    tray.remove(second?.key ?? '')
    await settle()
    expect(calls).toEqual(['DELETE /api/portal/ai/deleteFile?fileId=f2'])
    expect(tray.getState().files).toEqual([])
  })

  it('hands the ready files to the question, drops failed chips, and takes them back when it is refused', async () => {
    serveFiles()
    const { tray } = makeTray()
    tray.add([textFile('a.txt'), textFile('bad.exe')])
    await settle()
    FakeXhr.sent[0]?.respond(200, {
      code: 200,
      data: { files: [{ name: 'a.txt', file: served('f1', 'a.txt', 'ready') }] },
    })
    await settle()
    const sent = tray.takeForQuestion()
    expect(sent.fileIds).toBe('f1')
    expect(sent.attachments).toEqual([{ id: 'f1', name: 'a.txt', size: 12, kind: 'txt' }])
    expect(tray.getState().files).toEqual([])
    sent.putBack()
    expect(tray.getState().files.map((f) => [f.name, f.status])).toEqual([['a.txt', 'ready']])
    expect(makeTray().tray.takeForQuestion().fileIds).toBeUndefined()
  })

  it('fails the chips when no conversation could be made for them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 429, headers: { 'x-error-code': 'RATE_LIMITED' } })),
    )
    const { tray } = makeTray({ id: null, isAnswering: false })
    tray.add([textFile('a.txt')])
    await settle()
    expect(FakeXhr.sent).toHaveLength(0)
    expect(tray.getState().files[0]).toMatchObject({ status: 'failed', failure: 'RATE_LIMITED' })
  })

  it('clears everything when the reader leaves the conversation, ignoring answers still on their way', async () => {
    serveFiles(() => [served('f1', 'a.txt', 'ready')])
    const { tray } = makeTray()
    tray.add([textFile('a.txt'), textFile('b.txt')])
    await settle()
    FakeXhr.sent[0]?.respond(200, {
      code: 200,
      data: { files: [{ name: 'a.txt', file: served('f1', 'a.txt') }] },
    })
    await settle()
    tray.clear()
    expect(FakeXhr.sent[1]?.isAborted).toBe(true)
    expect(tray.getState().files).toEqual([])
    await vi.advanceTimersByTimeAsync(readingPollMs * 2)
    expect(tray.getState().files).toEqual([])
  })
})
