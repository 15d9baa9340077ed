import { describe, expect, it } from 'vitest'
import type { ChatMessage, ChatSource } from '#contracts/chat-rules.ts'
import { type ChatAction, type ChatState, chatReducer, emptyChatState } from './chat-state.ts'

const now = '2026-11-26T10:00:00.000Z'
const source: ChatSource = {
  kind: 'diagnosis',
  title: 'Tencent (0700.HK) — AI diagnosis',
  href: '/ai-stock-diagnosis?code=0700&market=hk',
  asOf: '2026-11-25',
  code: '0700',
  isDemo: true,
}

function run(actions: ChatAction[], state: ChatState = emptyChatState): ChatState {
  return actions.reduce(chatReducer, state)
}

const ask: ChatAction = {
  type: 'asked',
  question: 'Is Tencent undervalued?',
  locale: 'en',
  localId: '1',
  now,
}
const start: ChatAction = {
  type: 'event',
  event: {
    name: 'start',
    data: { conversationId: 'c1', questionId: 'q1', answerId: 'a1', assistant: 'offline' },
  },
}
const text = (delta: string): ChatAction => ({ type: 'event', event: { name: 'text', data: { delta } } })

describe('the conversation state', () => {
  it('streams an answer: ids from start, tool status, text, sources, then done', () => {
    let state = run([ask, start])
    expect(state.conversationId).toBe('c1')
    expect(state.messages.map((m) => [m.id, m.role, m.status])).toEqual([
      ['q1', 'question', 'complete'],
      ['a1', 'answer', 'streaming'],
    ])
    state = run(
      [{ type: 'event', event: { name: 'tool', data: { name: 'diagnosis', label: 'Looking up Tencent…' } } }],
      state,
    )
    expect(state.streaming?.toolLabel).toBe('Looking up Tencent…')
    state = run(
      [
        text('Tencent '),
        { type: 'event', event: { name: 'source', data: source } },
        { type: 'event', event: { name: 'source', data: source } },
        text('looks cheap.'),
      ],
      state,
    )
    expect(state.streaming?.toolLabel).toBeNull()
    const answer = state.messages[1] as ChatMessage
    expect(answer.text).toBe('Tencent looks cheap.')
    expect(answer.sources).toEqual([source])
    expect(answer.assistant).toBe('offline')
    state = run(
      [
        {
          type: 'event',
          event: { name: 'done', data: { answerId: 'a1', status: 'complete', isDemo: true, remaining: 3 } },
        },
      ],
      state,
    )
    expect(state.streaming).toBeNull()
    expect(state.messages[1]).toMatchObject({ status: 'complete', isDemo: true })
    expect(state.finishedAnswerId).toBe('a1')
  })

  it('shows the files a question carries under it at once, and keeps them when the server names it', () => {
    const attachment = { id: 'f1', name: 'results.txt', size: 120, kind: 'txt' }
    const state = run([{ ...ask, attachments: [attachment] }, start])
    expect(state.messages[0]).toMatchObject({ id: 'q1', attachments: [attachment] })
    expect(state.messages[1]?.attachments).toEqual([])
    expect(run([ask]).messages[0]?.attachments).toEqual([])
  })

  it('keeps the written part of an answer the reader stopped, marked stopped', () => {
    const state = run([ask, start, text('Tencent'), { type: 'ended', reason: 'stopped' }])
    expect(state.messages[1]).toMatchObject({ text: 'Tencent', status: 'stopped' })
    expect(state.streaming).toBeNull()
  })

  it('marks an answer whose connection dropped before any text as failed', () => {
    const state = run([ask, start, { type: 'ended', reason: 'failed' }])
    expect(state.messages[1]?.status).toBe('failed')
  })

  it('takes back a question the server refused before streaming and gives its text back', () => {
    const state = run([ask, { type: 'refused', code: 'CHAT_LIMIT_VISITOR' }])
    expect(state.messages).toEqual([])
    expect(state.failure).toEqual({
      code: 'CHAT_LIMIT_VISITOR',
      question: 'Is Tencent undervalued?',
      retryAfterSeconds: null,
    })
  })

  it('shows a failure the stream reported, on the answer and as a message', () => {
    const state = run([
      ask,
      start,
      { type: 'event', event: { name: 'error', data: { code: 'CHAT_ASSISTANT_FAILED', message: 'x' } } },
    ])
    expect(state.messages[1]?.status).toBe('failed')
    expect(state.failure?.code).toBe('CHAT_ASSISTANT_FAILED')
  })

  it('writes a regenerated answer in place, and puts the old one back when refused', () => {
    const done: ChatAction = {
      type: 'event',
      event: { name: 'done', data: { answerId: 'a1', status: 'complete', isDemo: false, remaining: 3 } },
    }
    const answered = run([ask, start, text('First answer'), done])
    const regenerating = run([{ type: 'regenerating', answerId: 'a1' }], answered)
    expect(regenerating.messages[1]).toMatchObject({ text: '', status: 'streaming' })
    const refused = run([{ type: 'refused', code: 'CHAT_LIMIT_DAILY' }], regenerating)
    expect(refused.messages).toEqual(answered.messages)
    expect(refused.failure?.question).toBe('')
    const rewritten = run(
      [
        {
          type: 'event',
          event: {
            name: 'start',
            data: { conversationId: 'c1', questionId: 'q1', answerId: 'a2', assistant: 'offline' },
          },
        },
        text('Second'),
      ],
      regenerating,
    )
    expect(rewritten.messages.map((m) => [m.id, m.text])).toEqual([
      ['q1', 'Is Tencent undervalued?'],
      ['a2', 'Second'],
    ])
  })

  it('keeps a down-vote’s reason, and any other vote clears it', () => {
    const noted = run([ask, start, { type: 'voted', messageId: 'a1', vote: 'down', note: 'Not the P/E' }])
    expect(noted.messages[1]).toMatchObject({ vote: 'down', voteNote: 'Not the P/E' })
    expect(run([{ type: 'voted', messageId: 'a1', vote: 'up' }], noted).messages[1]).toMatchObject({
      vote: 'up',
      voteNote: null,
    })
    expect(run([{ type: 'voted', messageId: 'a1', vote: 'down' }], noted).messages[1]?.voteNote).toBeNull()
  })

  it('records a vote and its withdrawal', () => {
    const voted = run([ask, start, { type: 'voted', messageId: 'a1', vote: 'up' }])
    expect(voted.messages[1]?.vote).toBe('up')
    expect(run([{ type: 'voted', messageId: 'a1', vote: null }], voted).messages[1]?.vote).toBeNull()
  })
})
