import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ChatGaps, ChatSearchResult } from '#contracts/chat-rules.ts'
import { createManualClock } from '#server/clock.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { expectFailure, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { parseEventStream } from './testing/event-stream.ts'
import { createScriptedAssistant, type ScriptStep, textSteps } from './testing/scripted-assistant.ts'

// A Wednesday, 10:00 in Hong Kong: the firm's week began on Monday 23 November.
const clock = createManualClock('2026-11-25T02:00:00Z')
const assistant = createScriptedAssistant()
assistant.titleOf = async (question) => question.slice(0, 60)
const clients = createConsoleClients({ ipPrefix: '10.231', phonePrefix: '6231' })
const readers = clients.readers
let runtime: TestRuntime
let editor: StaffClient
let support: StaffClient

beforeAll(async () => {
  runtime = await createTestRuntime(
    {
      LIMITS_TIME_ZONE: 'Asia/Hong_Kong',
      JOBS_ENABLED: 'false',
      QUOTA_VISITORS_PER_NETWORK: '1000',
      QUOTA_CHAT_PER_DAY: '50,50,50,75,100',
      QUOTA_CHAT_PER_MONTH: '400,400,400,600,1200',
      CHAT_SEARCH_RATE_PER_MINUTE: '30',
    },
    { assistant, smsSender: clients.smsSender, clock },
  )
  clients.bind(runtime)
  editor = await clients.newStaff(['editor'])
  support = await clients.newStaff(['support'])
})
afterAll(() => runtime.close())
beforeEach(() => {
  assistant.script = textSteps('Here is what the data says. ')
  assistant.titleOf = async (question) => question.slice(0, 60)
})

async function ask(
  client: ReaderClient,
  question: string,
  script: ScriptStep[],
  subSessionId?: string,
): Promise<{ conversationId: string; answerId: string; questionId: string }> {
  assistant.script = script
  const response = await readers.get(client, '/ai/chatSearch', {
    question,
    ...(subSessionId ? { subSessionId } : {}),
  })
  expect(response.statusCode).toBe(200)
  const start = parseEventStream(response.body).find((e) => e.event === 'start')
  if (!start) throw new Error('no start event')
  return start.data as { conversationId: string; answerId: string; questionId: string }
}

/** The contract's refusal: the field's own code travels in x-error-code and in `fields`. */
function expectFieldFailure(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(400)
  expect(response.headers['x-error-code']).toBe('CHAT_SEARCH_TEXT_INVALID')
  expect(response.json().fields).toEqual([expect.objectContaining({ code: 'CHAT_SEARCH_TEXT_INVALID' })])
}

async function search(client: ReaderClient, text: string, lang = 'en'): Promise<ChatSearchResult> {
  const response = await readers.get(client, '/ai/searchHis', { text }, { lang })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data
}

describe('searching the reader’s own conversations', () => {
  let reader: ReaderClient
  let stranger: ReaderClient
  let microsoft: { conversationId: string; answerId: string; questionId: string }
  let dividends: { conversationId: string; answerId: string; questionId: string }

  beforeAll(async () => {
    reader = await readers.newVisitor()
    stranger = await readers.newVisitor()
    microsoft = await ask(reader, '微軟的市盈率是多少？', textSteps('微軟（MSFT）的市盈率為 35.2 倍。'))
    dividends = await ask(
      reader,
      'Which Hong Kong stocks pay the highest DIVIDEND yield?',
      textSteps('**HSBC (0005)** has a dividend yield of 6.1%, the 100% safe_bet of our list. '),
    )
    await ask(stranger, 'Is Microsoft a good stock? 微軟股息', textSteps('微軟股息率 0.8%。'))
  })

  it('finds a Chinese word inside a sentence written without spaces, with the match marked', async () => {
    const result = await search(reader, '微軟', 'zh-Hant')
    expect(result.matches).toHaveLength(1)
    const [match] = result.matches
    expect(match).toMatchObject({ conversationId: microsoft.conversationId, title: '微軟的市盈率是多少？' })
    expect(match?.messageId).toBe(microsoft.answerId)
    expect(match?.snippet.slice(match.matchStart, match.matchStart + match.matchLength)).toBe('微軟')
    expect(match?.at.slice(0, 16)).toBe('2026-11-25T02:00')
  })

  it('matches a Simplified query against the Traditional text', async () => {
    const result = await search(reader, '微软', 'zh-Hant')
    expect(result.matches.map((m) => m.conversationId)).toEqual([microsoft.conversationId])
  })

  it('matches English whatever its case, and reads the answer as the reader saw it (no Markdown marks)', async () => {
    const result = await search(reader, 'Dividend Yield')
    expect(result.matches).toHaveLength(1)
    const [match] = result.matches
    expect(match?.conversationId).toBe(dividends.conversationId)
    expect(match?.snippet).not.toContain('**')
    expect(match?.snippet.slice(match.matchStart, match.matchStart + match.matchLength).toLowerCase()).toBe(
      'dividend yield',
    )
  })

  it('takes % and _ literally', async () => {
    expect((await search(reader, '100%')).matches.map((m) => m.conversationId)).toEqual([
      dividends.conversationId,
    ])
    expect((await search(reader, 'safe_bet')).matches).toHaveLength(1)
    expect((await search(reader, '1_0')).matches).toHaveLength(0)
    expect((await search(reader, '%')).matches).toHaveLength(1)
  })

  it('finds a title the reader gave', async () => {
    expect(
      (
        await readers.send(reader, 'POST', '/ai/changeTitle', {
          subSessionId: microsoft.conversationId,
          title: 'Software giants',
        })
      ).statusCode,
    ).toBe(200)
    const result = await search(reader, 'giants')
    expect(result.matches).toEqual([
      expect.objectContaining({
        conversationId: microsoft.conversationId,
        messageId: null,
        title: 'Software giants',
        snippet: 'Software giants',
        matchStart: 9,
        matchLength: 6,
      }),
    ])
  })

  it('never shows another reader’s conversations', async () => {
    const mine = await search(reader, '股息')
    expect(mine.matches).toHaveLength(0)
    const theirs = await search(stranger, '股息')
    expect(theirs.matches).toHaveLength(1)
    expect((await search(stranger, '微軟')).matches.map((m) => m.conversationId)).not.toContain(
      microsoft.conversationId,
    )
    const member = await readers.newMember()
    expect((await search(member, '微軟')).matches).toHaveLength(0)
  })

  it('refuses an empty or too long search in the reader’s language', async () => {
    const empty = await readers.get(reader, '/ai/searchHis', { text: '   ' }, { lang: 'zh-Hant' })
    expectFieldFailure(empty)
    expect(empty.json().message).toBe('請輸入 1 至 100 個字元以搜尋您的對話')
    const missing = await readers.get(reader, '/ai/searchHis', {}, { lang: 'en' })
    expectFieldFailure(missing)
    expect(missing.json().message).toBe('Type 1 to 100 characters to search your conversations')
    expectFieldFailure(await readers.get(reader, '/ai/searchHis', { text: 'x'.repeat(101) }))
  })

  it('refuses more than CHAT_SEARCH_RATE_PER_MINUTE searches a minute from one address', async () => {
    const burst = await readers.newVisitor()
    const statuses: number[] = []
    for (let i = 0; i < 31; i++)
      statuses.push((await readers.get(burst, '/ai/searchHis', { text: 'apple' })).statusCode)
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true)
    expect(statuses[30]).toBe(429)
  })
})

describe('the console’s view of what the chat could not answer', () => {
  let gapsBefore: ChatGaps

  async function gaps(client: StaffClient, query: Record<string, string> = {}): Promise<ChatGaps> {
    const response = await clients.call(client, 'GET', '/chat/gaps', { query })
    expect(response.statusCode, response.body).toBe(200)
    return response.json().data
  }

  beforeAll(async () => {
    gapsBefore = await gaps(editor)
  })

  it('counts declined and voted-down answers by the firm’s week and reason, with the question', async () => {
    const reader = await readers.newMember()
    // Last week (Monday 16 November, Hong Kong): one declined as not covered.
    clock.set('2026-11-17T03:00:00Z')
    await ask(reader, 'Is Palantir undervalued?', [
      ...textSteps('We do not cover Palantir. '),
      { type: 'declined', reason: 'not_covered' },
    ])
    // This week: crypto, advice, an answer voted down, one answered well (not listed).
    clock.set('2026-11-24T03:00:00Z')
    await ask(reader, '比特幣現在多少錢？', [
      ...textSteps('抱歉，我無法回答加密貨幣的問題。'),
      { type: 'declined', reason: 'crypto' },
    ])
    clock.set('2026-11-24T03:01:00Z')
    await ask(reader, 'Should I buy Apple?', [
      ...textSteps('We don’t tell you to buy or sell. '),
      { type: 'declined', reason: 'advice' },
    ])
    clock.set('2026-11-24T03:02:00Z')
    const voted = await ask(reader, 'What is Sony’s RSI?', textSteps('Sony scores 60. '))
    expect(
      (await readers.send(reader, 'POST', '/ai/vote', { messageId: voted.answerId, vote: 'down' }))
        .statusCode,
    ).toBe(200)
    // The reader says why, after the vote; a reason without a down-vote, or too long, is refused.
    const note = 'It gave a score, not the RSI I asked for'
    for (const refused of [
      await readers.send(reader, 'POST', '/ai/vote', { messageId: voted.answerId, vote: 'up', note }),
      await readers.send(reader, 'POST', '/ai/vote', {
        messageId: voted.answerId,
        vote: 'down',
        note: 'x'.repeat(301),
      }),
    ]) {
      expect(refused.statusCode).toBe(400)
      expect(refused.headers['x-error-code']).toBe('CHAT_VOTE_NOTE_INVALID')
    }
    expect(
      (await readers.send(reader, 'POST', '/ai/vote', { messageId: voted.answerId, vote: 'down', note }))
        .statusCode,
    ).toBe(200)
    clock.set('2026-11-24T03:03:00Z')
    await ask(reader, 'Is Tencent undervalued?', textSteps('Tencent is fairly valued. '))
    clock.set('2026-11-25T02:00:00Z')

    const view = await gaps(editor)
    const weekOf = (week: string) => view.weeks.find((w) => w.week === week)
    const countBefore = (week: string, reason: string) =>
      (gapsBefore.weeks.find((w) => w.week === week)?.counts as Record<string, number> | undefined)?.[
        reason
      ] ?? 0
    expect(view.from).toBe('2026-10-05')
    expect(weekOf('2026-11-16')?.counts.not_covered).toBe(countBefore('2026-11-16', 'not_covered') + 1)
    expect(weekOf('2026-11-23')?.counts).toMatchObject({
      crypto: countBefore('2026-11-23', 'crypto') + 1,
      advice: countBefore('2026-11-23', 'advice') + 1,
      down_voted: countBefore('2026-11-23', 'down_voted') + 1,
    })
    const rows = view.rows.slice(0, 4)
    expect(
      rows.map((row) => [row.week, row.reason, row.question, row.locale, row.downVoted, row.note]),
    ).toEqual([
      [
        '2026-11-23',
        'down_voted',
        'What is Sony’s RSI?',
        'en',
        true,
        'It gave a score, not the RSI I asked for',
      ],
      ['2026-11-23', 'advice', 'Should I buy Apple?', 'en', false, null],
      ['2026-11-23', 'crypto', '比特幣現在多少錢？', 'en', false, null],
      ['2026-11-16', 'not_covered', 'Is Palantir undervalued?', 'en', false, null],
    ])
    expect(view.rows.some((row) => row.question === 'Is Tencent undervalued?')).toBe(false)
    // Nothing of who asked.
    expect(JSON.stringify(view)).not.toContain(reader.phone as string)
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
        'answerId',
        'askedAt',
        'assistant',
        'downVoted',
        'locale',
        'note',
        'question',
        'reason',
        'week',
      ].sort(),
    )

    const crypto = await gaps(editor, { reason: 'crypto', weeks: '1' })
    expect(crypto.from).toBe('2026-11-23')
    expect(crypto.rows.every((row) => row.reason === 'crypto' && row.week === '2026-11-23')).toBe(true)
    expect(crypto.weeks.map((w) => w.week)).toEqual(['2026-11-23'])
  })

  it('is for editors and admins; other staff are refused, and bad filters are 400', async () => {
    expectFailure(await clients.call(support, 'GET', '/chat/gaps'), 403, 'CONSOLE_ROLE_REQUIRED')
    expect((await clients.call(editor, 'GET', '/chat/gaps', { query: { weeks: '27' } })).statusCode).toBe(400)
    expect((await clients.call(editor, 'GET', '/chat/gaps', { query: { reason: 'nope' } })).statusCode).toBe(
      400,
    )
  })
})
