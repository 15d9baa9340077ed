import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ChatMessage, ChatStreamEventName, ChatStreamEvents } from '#contracts/chat-rules.ts'
import { createReaderClients, expectFailure, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { AssistantError } from './assistant.ts'
import { requestStop } from './chat.repo.ts'
import type { ChatStreamEvent } from './chat-answer.ts'
import { parseEventStream } from './testing/event-stream.ts'
import { createScriptedAssistant, demoSource, textSteps } from './testing/scripted-assistant.ts'

const assistant = createScriptedAssistant()
let runtime: TestRuntime
const readers = createReaderClients({ ipPrefix: '10.30', phonePrefix: '6140' })

const defaultScript = [
  { type: 'tool' as const, name: 'diagnosis', label: "Looking up Tencent's diagnosis" },
  { type: 'source' as const, source: demoSource() },
  ...textSteps('Tencent scores 72 of 100. '),
]

beforeAll(async () => {
  runtime = await createTestRuntime(
    {
      QUOTA_VISITORS_PER_NETWORK: '1000',
      QUOTA_CHAT_PER_DAY: '20,20,50,75,100',
      QUOTA_CHAT_PER_MONTH: '40,40,300,600,1200',
    },
    { assistant, smsSender: readers.smsSender },
  )
  readers.bind(runtime)
})
afterAll(() => runtime.close())
beforeEach(() => {
  assistant.script = defaultScript
  assistant.titleOf = async (question) => `About: ${question}`.slice(0, 60)
})

/** A browser: its address, the device cookie the API gave it, and a session token once logged in. */
type Client = ReaderClient
const { get, send, newVisitor, newMember, newMobile, codeSentTo, headersOf } = readers

function ask(client: Client, query: Record<string, string>, extra: Record<string, string> = {}) {
  return get(client, '/ai/chatSearch', query, extra)
}

function eventsOf(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(200)
  return parseEventStream(response.body)
}

function dataOf<K extends ChatStreamEventName>(events: ChatStreamEvent[], name: K): ChatStreamEvents[K][] {
  return events.filter((e) => e.event === name).map((e) => e.data as ChatStreamEvents[K])
}

function startOf(events: ChatStreamEvent[]): ChatStreamEvents['start'] {
  const [start] = dataOf(events, 'start')
  if (!start) throw new Error('the stream did not start')
  return start
}

async function messagesOf(client: Client, subSessionId: string): Promise<ChatMessage[]> {
  const response = await get(client, '/ai/listHis', { subSessionId })
  expect(response.statusCode).toBe(200)
  return response.json().data.rows
}

async function remainingChat(client: Client): Promise<number> {
  return (await get(client, '/member/quota', { kind: 'chat' })).json().data.remaining
}

/** A contract's refusal: the field's own code travels in x-error-code and in `fields`. */
function expectFieldFailure(response: LightMyRequestResponse, code: string) {
  expect(response.statusCode).toBe(400)
  expect(response.headers['x-error-code']).toBe(code)
  expect(response.json().fields).toEqual([expect.objectContaining({ code })])
}

const unknownId = '00000000-0000-4000-8000-000000000000'

describe('asking a question', () => {
  it('streams the answer as named events and stores the question, the answer and a title', async () => {
    const reader = await newVisitor()
    const before = await remainingChat(reader)
    const response = await ask(reader, { question: 'Is Tencent undervalued?' })
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(response.headers['x-accel-buffering']).toBe('no')
    const events = eventsOf(response)
    expect(events.map((e) => e.event)).toEqual([
      'start',
      'tool',
      'source',
      'text',
      'text',
      'text',
      'text',
      'text',
      'title',
      'done',
    ])
    const start = startOf(events)
    expect(start?.assistant).toBe('offline')
    expect(dataOf(events, 'title')).toEqual([
      { conversationId: start?.conversationId, title: 'About: Is Tencent undervalued?' },
    ])
    expect(dataOf(events, 'done')).toEqual([
      { answerId: start?.answerId, status: 'complete', isDemo: true, remaining: before - 1 },
    ])
    expect(await remainingChat(reader)).toBe(before - 1)

    const messages = await messagesOf(reader, start?.conversationId ?? '')
    expect(messages.map((m) => [m.role, m.status, m.text])).toEqual([
      ['question', 'complete', 'Is Tencent undervalued?'],
      ['answer', 'complete', 'Tencent scores 72 of 100. '],
    ])
    expect(messages[1]).toMatchObject({
      id: start?.answerId,
      sources: [demoSource()],
      isDemo: true,
      assistant: 'offline',
      vote: null,
      attachments: [],
      locale: 'en',
    })
    const list = (await get(reader, '/ai/listTitleHis')).json().data
    expect(list.rows).toEqual([
      expect.objectContaining({ id: start?.conversationId, title: 'About: Is Tencent undervalued?' }),
    ])
  })

  it('is not compressed, whatever the browser accepts', async () => {
    const reader = await newVisitor()
    const response = await ask(
      reader,
      { question: 'Is Tencent undervalued?' },
      { 'accept-encoding': 'br, gzip' },
    )
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(eventsOf(response).at(-1)?.event).toBe('done')
  })

  it('continues a conversation with its earlier turns and keeps the first title', async () => {
    const reader = await newVisitor()
    const { subSessionId } = (await send(reader, 'POST', '/ai/newSubSessionId', {})).json().data
    eventsOf(await ask(reader, { subSessionId, question: 'Is Tencent undervalued?' }))
    const second = eventsOf(await ask(reader, { subSessionId, question: 'And Alibaba?' }))
    expect(second.some((e) => e.event === 'title')).toBe(false)
    expect(assistant.requests.at(-1)?.history).toEqual([
      { role: 'question', text: 'Is Tencent undervalued?' },
      { role: 'answer', text: 'Tencent scores 72 of 100. ' },
    ])
    expect((await messagesOf(reader, subSessionId)).map((m) => m.text)).toEqual([
      'Is Tencent undervalued?',
      'Tencent scores 72 of 100. ',
      'And Alibaba?',
      'Tencent scores 72 of 100. ',
    ])
    const [conversation] = (await get(reader, '/ai/listTitleHis')).json().data.rows
    expect(conversation.title).toBe('About: Is Tencent undervalued?')
  })

  it('falls back to the question cut at 60 characters when the assistant gives no title', async () => {
    const reader = await newVisitor()
    assistant.titleOf = async () => {
      throw new AssistantError('timeout', 'no title')
    }
    const question = 'Compare the gross margins and operating margins of Apple and Microsoft over five years'
    const events = eventsOf(await ask(reader, { question }))
    const [title] = dataOf(events, 'title') as Array<{ title: string }>
    expect(title?.title.length).toBeLessThanOrEqual(60)
    expect(title?.title).toMatch(/^Compare the gross margins and operating margins of Apple\S*…$/)
  })

  it('keeps the title the reader gave before the first question', async () => {
    const reader = await newVisitor()
    const { subSessionId } = (await send(reader, 'POST', '/ai/newSubSessionId')).json().data
    expect(
      (await send(reader, 'POST', '/ai/changeTitle', { subSessionId, title: '  My Tencent notes ' })).json()
        .data.title,
    ).toBe('My Tencent notes')
    const events = eventsOf(await ask(reader, { subSessionId, question: 'Is Tencent undervalued?' }))
    expect(events.some((e) => e.event === 'title')).toBe(false)
    expect((await get(reader, '/ai/listTitleHis')).json().data.rows[0].title).toBe('My Tencent notes')
  })

  it("answers in the reader's language with the welcome suggestions of the site", async () => {
    const reader = await newVisitor('hant')
    const welcome = (await get(reader, '/ai/welcome')).json().data
    expect(welcome).toEqual({ questions: ['騰訊被低估了嗎？'], assistant: 'offline' })
    eventsOf(await ask(reader, { question: '騰訊被低估了嗎？' }))
    expect(assistant.requests.at(-1)).toMatchObject({ locale: 'zh-Hant', region: 'hant' })
  })

  it('writes an answer again in place of the one regenerated, for the question before it', async () => {
    const reader = await newVisitor()
    const first = eventsOf(await ask(reader, { question: 'Is Tencent undervalued?' }))
    const { conversationId, answerId } = startOf(first)
    expect((await send(reader, 'POST', '/ai/vote', { messageId: answerId, vote: 'down' })).statusCode).toBe(
      200,
    )
    assistant.script = textSteps('A better answer.')
    const again = eventsOf(await ask(reader, { regenerate: answerId }))
    expect(dataOf(again, 'start')[0]).toMatchObject({ conversationId, answerId })
    expect(assistant.requests.at(-1)?.question).toBe('Is Tencent undervalued?')
    const messages = await messagesOf(reader, conversationId)
    expect(messages.map((m) => [m.id, m.text, m.vote])).toEqual([
      [messages[0]?.id, 'Is Tencent undervalued?', null],
      [answerId, 'A better answer.', null],
    ])
  })
})

describe('validation', () => {
  it('refuses an empty or too long question before anything is used', async () => {
    const reader = await newVisitor()
    const before = await remainingChat(reader)
    expectFieldFailure(await ask(reader, { question: '   ' }), 'CHAT_QUESTION_EMPTY')
    expectFieldFailure(await ask(reader, {}), 'CHAT_QUESTION_EMPTY')
    expectFieldFailure(await ask(reader, { question: 'x'.repeat(2001) }), 'CHAT_QUESTION_TOO_LONG')
    expect(await remainingChat(reader)).toBe(before)
    expect((await get(reader, '/ai/listTitleHis')).json().data.total).toBe(0)
  })

  it('refuses a title that is empty, longer than 60 characters or holds control characters', async () => {
    const reader = await newVisitor()
    const { subSessionId } = (await send(reader, 'POST', '/ai/newSubSessionId')).json().data
    expectFieldFailure(
      await send(reader, 'POST', '/ai/changeTitle', { subSessionId, title: '   ' }),
      'CHAT_TITLE_INVALID',
    )
    expectFieldFailure(
      await send(reader, 'POST', '/ai/changeTitle', { subSessionId, title: 'x'.repeat(61) }),
      'CHAT_TITLE_INVALID',
    )
    expectFieldFailure(
      await send(reader, 'POST', '/ai/changeTitle', { subSessionId, title: 'a\u0007b' }),
      'INVALID_CHARACTERS',
    )
    expect(
      (await send(reader, 'POST', '/ai/changeTitle', { subSessionId, title: 'x'.repeat(60) })).statusCode,
    ).toBe(200)
  })

  it('refuses ids that are not ids, and answers 404 for ids that name nothing', async () => {
    const reader = await newVisitor()
    expect((await get(reader, '/ai/listHis', { subSessionId: 'abc' })).statusCode).toBe(400)
    expect((await ask(reader, { subSessionId: 'abc', question: 'Hi' })).statusCode).toBe(400)
    expect((await send(reader, 'POST', '/ai/vote', { messageId: 'abc', vote: 'up' })).statusCode).toBe(400)
    expect(
      (await send(reader, 'POST', '/ai/vote', { messageId: unknownId, vote: 'sideways' })).statusCode,
    ).toBe(400)
    expectFailure(
      await get(reader, '/ai/listHis', { subSessionId: unknownId }),
      404,
      'CHAT_CONVERSATION_NOT_FOUND',
    )
    expectFailure(
      await ask(reader, { subSessionId: unknownId, question: 'Hi' }),
      404,
      'CHAT_CONVERSATION_NOT_FOUND',
    )
    expectFailure(await ask(reader, { regenerate: unknownId }), 404, 'CHAT_MESSAGE_NOT_FOUND')
    expectFailure(
      await send(reader, 'POST', '/ai/vote', { messageId: unknownId, vote: 'up' }),
      404,
      'CHAT_MESSAGE_NOT_FOUND',
    )
  })
})

describe('conversations and messages', () => {
  it('lists conversations with the latest question first, a page at a time', async () => {
    const reader = await newVisitor()
    const ids: string[] = []
    for (const question of ['First?', 'Second?', 'Third?']) {
      const events = eventsOf(await ask(reader, { question }))
      ids.push(startOf(events).conversationId)
    }
    eventsOf(await ask(reader, { subSessionId: ids[0] ?? '', question: 'First again?' }))
    const page1 = (await get(reader, '/ai/listTitleHis', { page: '1', pageSize: '2' })).json().data
    const page2 = (await get(reader, '/ai/listTitleHis', { page: '2', pageSize: '2' })).json().data
    expect(page1.total).toBe(3)
    expect([...page1.rows, ...page2.rows].map((c: { id: string }) => c.id)).toEqual([ids[0], ids[2], ids[1]])
    expect((await get(reader, '/ai/listTitleHis', { pageSize: '101' })).statusCode).toBe(400)
  })

  it('lists messages oldest first, a page at a time', async () => {
    const reader = await newVisitor()
    const events = eventsOf(await ask(reader, { question: 'One?' }))
    const subSessionId = startOf(events).conversationId
    eventsOf(await ask(reader, { subSessionId, question: 'Two?' }))
    const page2 = (await get(reader, '/ai/listHis', { subSessionId, page: '2', pageSize: '2' })).json().data
    expect(page2.total).toBe(4)
    expect(page2.rows.map((m: ChatMessage) => [m.role, m.text])).toEqual([
      ['question', 'Two?'],
      ['answer', 'Tencent scores 72 of 100. '],
    ])
  })

  it('takes a vote on an answer, changes it and takes it back; a question takes none', async () => {
    const reader = await newVisitor()
    const events = eventsOf(await ask(reader, { question: 'Is Tencent undervalued?' }))
    const { answerId, questionId } = startOf(events)
    expect(
      (await send(reader, 'POST', '/ai/vote', { messageId: answerId, vote: 'up' })).json().data.vote,
    ).toBe('up')
    expect(
      (await send(reader, 'POST', '/ai/vote', { messageId: answerId, vote: 'down' })).json().data.vote,
    ).toBe('down')
    expect(
      (await send(reader, 'POST', '/ai/vote', { messageId: answerId, vote: null })).json().data.vote,
    ).toBeNull()
    expectFailure(
      await send(reader, 'POST', '/ai/vote', { messageId: questionId, vote: 'up' }),
      404,
      'CHAT_MESSAGE_NOT_FOUND',
    )
  })

  it('gives back the reason of a down-vote with the conversation’s messages; another vote clears it', async () => {
    const reader = await newVisitor()
    const events = eventsOf(await ask(reader, { question: 'Is Tencent undervalued?' }))
    const { answerId, conversationId } = startOf(events)
    const answerOf = async () =>
      (await get(reader, '/ai/listHis', { subSessionId: conversationId })).json().data.rows as ChatMessage[]
    expect((await answerOf()).map((m) => m.voteNote)).toEqual([null, null])
    const note = 'I asked for the P/E, not a score'
    const voted = (await send(reader, 'POST', '/ai/vote', { messageId: answerId, vote: 'down', note })).json()
    expect(voted.data).toMatchObject({ id: answerId, vote: 'down', voteNote: note })
    // After a reload: the messages' answer carries the reason the reader gave.
    expect((await answerOf()).find((m) => m.id === answerId)).toMatchObject({ vote: 'down', voteNote: note })
    // A down-vote without a reason, or an up-vote, takes the reason away.
    await send(reader, 'POST', '/ai/vote', { messageId: answerId, vote: 'up' })
    expect((await answerOf()).find((m) => m.id === answerId)).toMatchObject({ vote: 'up', voteNote: null })
  })

  it('deletes a conversation with its messages', async () => {
    const reader = await newVisitor()
    const events = eventsOf(await ask(reader, { question: 'Is Tencent undervalued?' }))
    const { conversationId, answerId } = startOf(events)
    const deleted = await send(reader, 'DELETE', '/ai/deleteSubSession', undefined, {
      subSessionId: conversationId,
    })
    expect(deleted.json()).toEqual({ code: 200, data: { deleted: true } })
    expectFailure(
      await get(reader, '/ai/listHis', { subSessionId: conversationId }),
      404,
      'CHAT_CONVERSATION_NOT_FOUND',
    )
    expectFailure(
      await send(reader, 'POST', '/ai/vote', { messageId: answerId, vote: 'up' }),
      404,
      'CHAT_MESSAGE_NOT_FOUND',
    )
    expect((await get(reader, '/ai/listTitleHis')).json().data.total).toBe(0)
  })
})

describe('ownership', () => {
  it("tells another visitor and another member that a reader's conversation does not exist", async () => {
    const owner = await newVisitor()
    const events = eventsOf(await ask(owner, { question: 'Is Tencent undervalued?' }))
    const { conversationId: subSessionId, answerId } = startOf(events)
    for (const stranger of [await newVisitor(), await newMember()]) {
      const before = await remainingChat(stranger)
      expectFailure(await get(stranger, '/ai/listHis', { subSessionId }), 404, 'CHAT_CONVERSATION_NOT_FOUND')
      expectFailure(
        await send(stranger, 'POST', '/ai/changeTitle', { subSessionId, title: 'Mine' }),
        404,
        'CHAT_CONVERSATION_NOT_FOUND',
      )
      expectFailure(
        await send(stranger, 'POST', '/ai/vote', { messageId: answerId, vote: 'down' }),
        404,
        'CHAT_MESSAGE_NOT_FOUND',
      )
      expectFailure(
        await send(stranger, 'DELETE', '/ai/deleteSubSession', undefined, { subSessionId }),
        404,
        'CHAT_CONVERSATION_NOT_FOUND',
      )
      expectFailure(await get(stranger, '/ai/cancel', { subSessionId }), 404, 'CHAT_CONVERSATION_NOT_FOUND')
      expectFailure(
        await ask(stranger, { subSessionId, question: 'Hello?' }),
        404,
        'CHAT_CONVERSATION_NOT_FOUND',
      )
      expectFailure(await ask(stranger, { regenerate: answerId }), 404, 'CHAT_MESSAGE_NOT_FOUND')
      expect((await get(stranger, '/ai/listTitleHis')).json().data.total).toBe(0)
      expect(await remainingChat(stranger)).toBe(before)
    }
    const messages = await messagesOf(owner, subSessionId)
    expect(messages.map((m) => [m.text, m.vote])).toEqual([
      ['Is Tencent undervalued?', null],
      ['Tencent scores 72 of 100. ', null],
    ])
    expect((await get(owner, '/ai/listTitleHis')).json().data.rows[0].title).toBe(
      'About: Is Tencent undervalued?',
    )
  })

  it("moves a visitor's conversations to the member at login", async () => {
    const visitor = await newVisitor()
    const events = eventsOf(await ask(visitor, { question: 'Is Tencent undervalued?' }))
    const { conversationId } = startOf(events)
    const mobile = newMobile()
    expect((await send(visitor, 'POST', '/member/sendCode', { country: 'HK', mobile })).statusCode).toBe(200)
    const login = await send(visitor, 'POST', '/member/login', {
      country: 'HK',
      mobile,
      code: codeSentTo(`+852${mobile}`),
      agreed: true,
    })
    expect(login.statusCode).toBe(200)
    const token = login.cookies.find((c) => c.name === 'access_token')?.value ?? ''
    const member: Client = { ...visitor, token }
    expect((await get(member, '/ai/listTitleHis')).json().data.rows.map((c: { id: string }) => c.id)).toEqual(
      [conversationId],
    )
    expect((await messagesOf(member, conversationId)).length).toBe(2)
    // The same browser as a visitor again (logged out) no longer holds it; on another device the member still does.
    expect((await get(visitor, '/ai/listTitleHis')).json().data.total).toBe(0)
    const otherDevice = await newVisitor()
    expect((await get({ ...otherDevice, token }, '/ai/listTitleHis')).json().data.total).toBe(1)
  })
})

describe('stopping an answer', () => {
  const hangingScript = [...textSteps('Tencent scores '), { type: 'hang' as const }]

  it('stops the answer being written and keeps the part written as stopped', async () => {
    const reader = await newVisitor()
    const before = await remainingChat(reader)
    assistant.script = hangingScript
    const streaming = ask(reader, { question: 'Is Tencent undervalued?' })
    await assistant.reached(2)
    const conversationId = (await get(reader, '/ai/listTitleHis')).json().data.rows[0].id
    expect((await get(reader, '/ai/cancel', { subSessionId: conversationId })).json().data).toEqual({
      stopped: true,
    })
    const events = eventsOf(await streaming)
    expect(dataOf(events, 'done')[0]).toMatchObject({ status: 'stopped', isDemo: false })
    const [, answer] = await messagesOf(reader, conversationId)
    expect(answer).toMatchObject({ status: 'stopped', text: 'Tencent scores ' })
    expect(await remainingChat(reader)).toBe(before - 1)
    expect((await get(reader, '/ai/cancel', { subSessionId: conversationId })).json().data).toEqual({
      stopped: false,
    })
  })

  it('stops when another process raises the stop flag', async () => {
    const reader = await newVisitor()
    assistant.script = hangingScript
    const streaming = ask(reader, { question: 'Is Tencent undervalued?' })
    await assistant.reached(1)
    const conversation = (await get(reader, '/ai/listTitleHis')).json().data.rows[0]
    // As `GET /ai/cancel` answered by another process does: only the database is shared.
    const owner = `device:${(await runtime.services.accounts.identifyReader({ token: undefined, deviceId: reader.device, ip: reader.ip })).reader.device.key}`
    expect(await requestStop(runtime.database.db, conversation.id, owner)).not.toBeNull()
    const events = eventsOf(await streaming)
    expect(dataOf(events, 'done')[0]).toMatchObject({ status: 'stopped' })
    expect((await messagesOf(reader, conversation.id))[1]).toMatchObject({
      status: 'stopped',
      text: 'Tencent scores ',
    })
  })

  it('stops and keeps the part written when the reader disconnects', async () => {
    const reader = await newVisitor()
    assistant.script = hangingScript
    await runtime.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = runtime.app.server.address() as AddressInfo
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: `/api/portal/ai/chatSearch?question=${encodeURIComponent('Is Tencent undervalued?')}`,
          headers: headersOf(reader),
        },
        (res) => {
          if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`))
          let body = ''
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString()
            if (body.includes('event: text')) {
              req.destroy()
              resolve()
            }
          })
        },
      )
      req.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)))
      req.end()
    })
    await assistant.finished()
    const conversationId = (await get(reader, '/ai/listTitleHis')).json().data.rows[0].id
    let answer: ChatMessage | undefined
    for (let i = 0; i < 60 && answer?.status !== 'stopped'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      answer = (await messagesOf(reader, conversationId))[1]
    }
    expect(answer).toMatchObject({ status: 'stopped' })
    expect(answer?.text.startsWith('Tencent ')).toBe(true)
    // The conversation is free again.
    assistant.script = defaultScript
    expect(
      eventsOf(await ask(reader, { subSessionId: conversationId, question: 'Again?' })).at(-1)?.event,
    ).toBe('done')
  })

  it('refuses a second answer in a conversation while one is being written', async () => {
    const reader = await newVisitor()
    assistant.script = hangingScript
    const streaming = ask(reader, { question: 'Is Tencent undervalued?' })
    await assistant.reached(1)
    const conversationId = (await get(reader, '/ai/listTitleHis')).json().data.rows[0].id
    const before = await remainingChat(reader)
    expectFailure(
      await ask(reader, { subSessionId: conversationId, question: 'And now?' }),
      409,
      'CHAT_ANSWER_IN_PROGRESS',
    )
    expect(await remainingChat(reader)).toBe(before)
    await get(reader, '/ai/cancel', { subSessionId: conversationId })
    await streaming
  })

  it('accepts the stop and the question only from the site itself', async () => {
    const reader = await newVisitor()
    const crossSite = { origin: 'https://evil.example' }
    expectFailure(await ask(reader, { question: 'Hi' }, crossSite), 403, 'CROSS_SITE_REQUEST')
    expectFailure(
      await ask(reader, { question: 'Hi' }, { 'sec-fetch-site': 'cross-site' }),
      403,
      'CROSS_SITE_REQUEST',
    )
    expectFailure(
      await get(reader, '/ai/cancel', { subSessionId: unknownId }, crossSite),
      403,
      'CROSS_SITE_REQUEST',
    )
    expect((await ask(reader, { question: 'Hi' }, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200)
  })
})

describe('when the assistant fails', () => {
  it("says so in the reader's language, gives the use back and keeps no half-written answer", async () => {
    const reader = await newVisitor()
    const before = await remainingChat(reader)
    assistant.script = [
      ...textSteps('Tencent scores '),
      { type: 'fail', error: new AssistantError('unavailable', 'upstream 500') },
    ]
    const events = eventsOf(await ask(reader, { question: 'Is Tencent undervalued?' }))
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: {
        code: 'CHAT_ASSISTANT_FAILED',
        message: 'The AI assistant could not answer just now. This reply was not counted; please try again.',
      },
    })
    expect(events.some((e) => e.event === 'done')).toBe(false)
    expect(await remainingChat(reader)).toBe(before)
    const conversationId = startOf(events).conversationId
    const [question, answer] = await messagesOf(reader, conversationId)
    expect(question?.text).toBe('Is Tencent undervalued?')
    expect(answer).toMatchObject({ status: 'failed', text: '', sources: [] })
  })

  it('tells a rate-limited model apart, in Chinese on the Chinese site', async () => {
    const reader = await newVisitor('hant')
    const before = await remainingChat(reader)
    assistant.script = [{ type: 'fail', error: new AssistantError('rate_limited', 'upstream 429') }]
    const events = eventsOf(await ask(reader, { question: '騰訊被低估了嗎？' }))
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { code: 'CHAT_ASSISTANT_BUSY', message: 'AI 助理目前忙碌中，本次回覆不計入次數，請稍後再試。' },
    })
    expect(await remainingChat(reader)).toBe(before)
  })

  it('treats an unexpected error as a failure on our side', async () => {
    const reader = await newVisitor()
    const before = await remainingChat(reader)
    assistant.script = [{ type: 'fail', error: new TypeError('bug') }]
    const events = eventsOf(await ask(reader, { question: 'Is Tencent undervalued?' }))
    expect(dataOf(events, 'error')).toEqual([expect.objectContaining({ code: 'CHAT_ASSISTANT_FAILED' })])
    expect(await remainingChat(reader)).toBe(before)
  })
})
