import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditPage } from '#contracts/console-rules.ts'
import type {
  ConsoleExpertQuestion,
  ConsoleExpertQueue,
  ExpertAskAnswer,
  ExpertFileChoice,
  ExpertQuestion,
  ExpertQuestionPage,
} from '#contracts/expert-rules.ts'
import { chatConversations } from '#server/modules/chat/chat.sql.ts'
import { chatFiles } from '#server/modules/chat/files/chat-files.sql.ts'
import type { FileStorage } from '#server/providers/file-storage/file-storage.ts'
import { createLocalFileStorage } from '#server/providers/file-storage/local-file-storage.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { expectFailure, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

/** Small allowances, so each tier's limit is reached in a few questions. */
const allowances = { base: 2, plus: 3, premium: 4 }

const clients = createConsoleClients({ ipPrefix: '10.75', phonePrefix: '9175' })
const readers = clients.readers
let runtime: TestRuntime
let storage: FileStorage
let dataDir: string
let analyst: StaffClient
let otherAnalyst: StaffClient
let admin: StaffClient

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'expert-'))
  storage = createLocalFileStorage({ dataDir })
  runtime = await createTestRuntime(
    {
      DATA_DIR: dataDir,
      EXPERT_QUESTIONS_BASE: String(allowances.base),
      EXPERT_QUESTIONS_PLUS: String(allowances.plus),
      EXPERT_QUESTIONS_PREMIUM: String(allowances.premium),
      EXPERT_QUESTIONS_RATE_PER_HOUR: '100',
    },
    { smsSender: clients.smsSender, fileStorage: storage },
  )
  clients.bind(runtime)
  analyst = await clients.newStaff(['analyst'])
  otherAnalyst = await clients.newStaff(['analyst'])
  admin = await clients.newStaff(['admin'])
})
afterAll(async () => {
  await runtime.close()
  await rm(dataDir, { recursive: true, force: true })
})

const aQuestion = {
  market: 'us',
  code: 'AAPL',
  question: '  Is the margin of safety still there after the last quarter?  ',
}

function ask(client: ReaderClient, body: Record<string, unknown> = aQuestion) {
  return readers.send(client, 'POST', '/member/expert/questions', body)
}

async function asked(
  client: ReaderClient,
  body: Record<string, unknown> = aQuestion,
): Promise<ExpertAskAnswer> {
  const response = await ask(client, body)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data
}

async function myQuestions(client: ReaderClient): Promise<ExpertQuestionPage> {
  const response = await readers.get(client, '/member/expert/questions')
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data
}

async function memberInfoOf(client: ReaderClient) {
  const response = await readers.get(client, '/home/memberInfo')
  expect(response.statusCode).toBe(200)
  return response.json().data as { memberId: string; expertAnswersUnseen?: number }
}

/** A chat upload of the member, as the chat leaves it: in one of their conversations, its bytes in storage. */
async function chatFileOf(
  client: ReaderClient,
  { status = 'ready', name = 'holdings.txt' }: { status?: 'ready' | 'reading'; name?: string } = {},
): Promise<string> {
  const { memberId } = await memberInfoOf(client)
  const db = runtime.database.db
  const now = new Date()
  const [conversation] = await db
    .insert(chatConversations)
    .values({ owner: `member:${memberId}`, createdAt: now, updatedAt: now })
    .returning()
  const bytes = Buffer.from(`Holdings of ${name}\nAAPL 40%\n`)
  const storageKey = `chat/${randomUUID()}`
  await storage.put(storageKey, { stream: Readable.from([bytes]) }, { contentType: 'text/plain' })
  const [file] = await db
    .insert(chatFiles)
    .values({
      conversationId: conversation?.id as string,
      name,
      size: bytes.length,
      kind: 'txt',
      status,
      storageKey,
      createdAt: now,
      readAt: status === 'ready' ? now : null,
    })
    .returning()
  return file?.id as string
}

describe('who may ask', () => {
  it('answers a visitor 401 and refuses a member without a plan with the subscribe code', async () => {
    const visitor = await readers.newVisitor()
    expectFailure(await readers.get(visitor, '/member/expert/questions'), 401, 'UNAUTHENTICATED')
    expectFailure(await ask(visitor), 401, 'UNAUTHENTICATED')

    const member = await readers.newMember()
    const refused = await ask(member)
    expectFailure(refused, 403, 'EXPERT_SUBSCRIBE_REQUIRED')
    expect(refused.json().message).toContain('subscribe')
    const page = await myQuestions(member)
    expect(page.rows).toEqual([])
    expect(page.allowance).toMatchObject({ isIncluded: false, total: 0, left: 0, moreWith: 'base' })
  })

  it.each([
    ['base', allowances.base, 'EXPERT_ALLOWANCE_USED_UPGRADE', 'plus'],
    ['plus', allowances.plus, 'EXPERT_ALLOWANCE_USED_UPGRADE', 'premium'],
    ['premium', allowances.premium, 'EXPERT_ALLOWANCE_USED', null],
  ] as const)(
    'lets a %s subscriber ask %i questions a month, then says when they renew',
    async (tier, total, code, moreWith) => {
      const subscriber = await readers.newMember(tier)
      for (let i = 1; i <= total; i++) {
        const answer = await asked(subscriber)
        expect(answer.allowance).toMatchObject({
          isIncluded: true,
          tier,
          total,
          used: i,
          left: total - i,
          moreWith,
        })
      }
      const refused = await ask(subscriber)
      expectFailure(refused, 429, code)
      const { renewsOn } = (await myQuestions(subscriber)).allowance
      expect(renewsOn).toMatch(/^\d{4}-\d{2}-01$/)
      expect(refused.json().message).toContain(renewsOn)
      if (moreWith) expect(refused.json().message).toContain(moreWith)
    },
  )

  it('does not count a withdrawn question against the month', async () => {
    const subscriber = await readers.newMember('base')
    const first = await asked(subscriber)
    await asked(subscriber)
    expectFailure(await ask(subscriber), 429, 'EXPERT_ALLOWANCE_USED_UPGRADE')

    const withdrawn = await readers.send(
      subscriber,
      'POST',
      `/member/expert/questions/${first.question.id}/withdraw`,
    )
    expect(withdrawn.statusCode).toBe(200)
    expect(withdrawn.json().data).toMatchObject({ state: 'withdrawn' })
    expect((await myQuestions(subscriber)).allowance).toMatchObject({ used: 1, left: 1 })
    await asked(subscriber)
    // A withdrawn question cannot be withdrawn again.
    expectFailure(
      await readers.send(subscriber, 'POST', `/member/expert/questions/${first.question.id}/withdraw`),
      409,
      'EXPERT_QUESTION_NOT_WAITING',
    )
  })

  it('keeps the question trimmed, the stock as the universe writes it, and refuses what is not ours', async () => {
    const subscriber = await readers.newMember('premium')
    const { question } = await asked(subscriber, {
      market: 'hk',
      code: '700',
      question: '  Why did the payout drop?  ',
    })
    expect(question).toMatchObject({
      state: 'waiting',
      question: 'Why did the payout drop?',
      stock: { market: 'hk', code: '0700' },
      fileName: null,
      answer: null,
      isNew: false,
    })
    expect(question.stock.nameEn).not.toBe('0700')

    const short = await ask(subscriber, { ...aQuestion, question: '   too short    ' })
    // The field's own code travels in x-error-code: the page shows that sentence.
    expect(short.statusCode).toBe(400)
    expect(short.headers['x-error-code']).toBe('EXPERT_QUESTION_TOO_SHORT')
    expect(short.json().fields).toEqual([{ field: 'question', code: 'EXPERT_QUESTION_TOO_SHORT' }])
    const long = await ask(subscriber, { ...aQuestion, question: 'x'.repeat(2001) })
    expect(long.json().fields).toEqual([{ field: 'question', code: 'EXPERT_QUESTION_TOO_LONG' }])
    expectFailure(await ask(subscriber, { ...aQuestion, code: 'NOPE' }), 404, 'EXPERT_STOCK_NOT_FOUND')
    expectFailure(
      await ask(subscriber, { ...aQuestion, question: 'Any view on\u0000 this?' }),
      400,
      'INVALID_CHARACTERS',
    )
    // Refusals cost nothing.
    expect((await myQuestions(subscriber)).allowance.used).toBe(1)
  })

  it('lists my questions newest first, paged, with the allowance', async () => {
    const subscriber = await readers.newMember('premium')
    const codes = ['AAPL', 'MSFT', 'NVDA']
    for (const code of codes) await asked(subscriber, { ...aQuestion, code })
    const page = (
      await readers.get(subscriber, '/member/expert/questions', { page: '1', pageSize: '2' })
    ).json().data as ExpertQuestionPage
    expect(page.rows.map((row) => row.stock.code)).toEqual(['NVDA', 'MSFT'])
    expect(page).toMatchObject({ total: 3, hasMore: true, allowance: { used: 3, left: 1 } })
  })
})

describe('whose a question is', () => {
  it("answers another member's question as one that does not exist", async () => {
    const owner = await readers.newMember('base')
    const stranger = await readers.newMember('base')
    const { question } = await asked(owner)
    const path = `/member/expert/questions/${question.id}`
    expect((await readers.get(owner, path)).statusCode).toBe(200)
    expectFailure(await readers.get(stranger, path), 404, 'EXPERT_QUESTION_NOT_FOUND')
    expectFailure(await readers.send(stranger, 'POST', `${path}/withdraw`), 404, 'EXPERT_QUESTION_NOT_FOUND')
    expectFailure(await readers.send(stranger, 'POST', `${path}/seen`), 404, 'EXPERT_QUESTION_NOT_FOUND')
    expect((await myQuestions(stranger)).rows).toEqual([])
    expect((await myQuestions(owner)).rows[0]?.state).toBe('waiting')
  })

  it("sends one of my read chat uploads with a question, never another member's or an unread one", async () => {
    const owner = await readers.newMember('plus')
    const stranger = await readers.newMember('plus')
    const readFile = await chatFileOf(owner, { name: 'my holdings.txt' })
    const readingFile = await chatFileOf(owner, { status: 'reading', name: 'still reading.txt' })

    const choices = (await readers.get(owner, '/member/expert/files')).json().data as ExpertFileChoice[]
    expect(choices.map((choice) => choice.name)).toEqual(['my holdings.txt'])
    expect((await readers.get(stranger, '/member/expert/files')).json().data).toEqual([])

    expectFailure(await ask(stranger, { ...aQuestion, fileId: readFile }), 404, 'EXPERT_FILE_NOT_FOUND')
    expectFailure(await ask(owner, { ...aQuestion, fileId: readingFile }), 409, 'EXPERT_FILE_NOT_READ')
    const { question } = await asked(owner, { ...aQuestion, fileId: readFile })
    expect(question.fileName).toBe('my holdings.txt')
    expect((await myQuestions(stranger)).allowance.used).toBe(0)
  })
})

describe('the burst guard', () => {
  it('refuses more questions an hour than EXPERT_QUESTIONS_RATE_PER_HOUR, whatever the allowance', async () => {
    const guarded = createConsoleClients({ ipPrefix: '10.76', phonePrefix: '9176' })
    const limited = await createTestRuntime(
      { EXPERT_QUESTIONS_PREMIUM: '50', EXPERT_QUESTIONS_RATE_PER_HOUR: '2' },
      { smsSender: guarded.smsSender },
    )
    try {
      guarded.bind(limited)
      const subscriber = await guarded.readers.newMember('premium')
      for (let i = 0; i < 2; i++)
        expect(
          (await guarded.readers.send(subscriber, 'POST', '/member/expert/questions', aQuestion)).statusCode,
        ).toBe(200)
      const refused = await guarded.readers.send(subscriber, 'POST', '/member/expert/questions', aQuestion)
      expectFailure(refused, 429, 'EXPERT_RATE_LIMITED')
      expect(refused.json().message).toMatch(/in \d+ minutes?/)
      // Another member is not held back by the first one's burst.
      const other = await guarded.readers.newMember('premium')
      expect(
        (await guarded.readers.send(other, 'POST', '/member/expert/questions', aQuestion)).statusCode,
      ).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('the console queue', () => {
  it('is open to analysts (and admins), closed to editors and support, 401 to a visitor', async () => {
    const editor = await clients.newStaff(['editor'])
    const support = await clients.newStaff(['support'])
    expect((await clients.call(analyst, 'GET', '/expert')).statusCode).toBe(200)
    expect((await clients.call(admin, 'GET', '/expert')).statusCode).toBe(200)
    expectFailure(await clients.call(editor, 'GET', '/expert'), 403, 'CONSOLE_ROLE_REQUIRED')
    expectFailure(await clients.call(support, 'GET', '/expert'), 403, 'CONSOLE_ROLE_REQUIRED')
    expectFailure(await clients.call(null, 'GET', '/expert'), 401, 'UNAUTHENTICATED')
    const subscriber = await readers.newMember('base')
    const { question } = await asked(subscriber)
    expectFailure(
      await clients.call(editor, 'POST', `/expert/${question.id}/claim`),
      403,
      'CONSOLE_ROLE_REQUIRED',
    )
  })

  it('lists waiting questions oldest first with the counts, the asker masked', async () => {
    const first = await asked(await readers.newMember('base'), { ...aQuestion, code: 'MSFT' })
    const second = await asked(await readers.newMember('base'), { ...aQuestion, code: 'NVDA' })
    const queue = (await clients.call(analyst, 'GET', '/expert', { query: { pageSize: '50' } })).json()
      .data as ConsoleExpertQueue
    const ids = queue.rows.map((row) => row.id)
    expect(ids.indexOf(first.question.id)).toBeLessThan(ids.indexOf(second.question.id))
    expect(queue.rows.every((row) => row.state === 'waiting')).toBe(true)
    expect(queue.counts.waiting).toBe(queue.total)
    expect(queue.counts.all).toBeGreaterThanOrEqual(queue.counts.waiting + queue.counts.answered)
    expect(queue.rows[0]?.askerMaskedPhone).toMatch(/^\+852 \*{4}\d{4}$/)
  })

  it('lets one analyst claim and answer; another gets 409 naming who; the reader is told until they open it', async () => {
    const subscriber = await readers.newMember('base')
    const fileId = await chatFileOf(subscriber, { name: 'portfolio.txt' })
    const { question } = await asked(subscriber, { ...aQuestion, fileId })
    expect((await memberInfoOf(subscriber)).expertAnswersUnseen).toBe(0)

    const detail = (await clients.call(analyst, 'GET', `/expert/${question.id}`)).json()
      .data as ConsoleExpertQuestion
    expect(detail).toMatchObject({
      state: 'waiting',
      question: aQuestion.question.trim(),
      stock: { market: 'us', code: 'AAPL' },
      file: { name: 'portfolio.txt', kind: 'txt', isAvailable: true },
      claimedBy: null,
    })
    const download = await clients.call(analyst, 'GET', `/expert/${question.id}/file`)
    expect(download.statusCode).toBe(200)
    expect(download.body).toContain('Holdings of portfolio.txt')
    expect(download.headers['content-disposition']).toContain('attachment')

    const claimed = await clients.call(analyst, 'POST', `/expert/${question.id}/claim`)
    expect(claimed.statusCode).toBe(200)
    expect(claimed.json().data.claimedBy.memberId).toBe(analyst.memberId)
    const conflict = await clients.call(otherAnalyst, 'POST', `/expert/${question.id}/claim`)
    expectFailure(conflict, 409, 'EXPERT_CLAIMED_BY_OTHER')
    expect(conflict.json().message).toContain(analyst.phone.slice(-4))
    expectFailure(
      await clients.call(otherAnalyst, 'POST', `/expert/${question.id}/answer`, {
        body: { answer: 'My own answer to this question.' },
      }),
      409,
      'EXPERT_CLAIMED_BY_OTHER',
    )
    const short = await clients.call(analyst, 'POST', `/expert/${question.id}/answer`, {
      body: { answer: 'Short' },
    })
    expect(short.json().fields).toEqual([{ field: 'answer', code: 'EXPERT_ANSWER_TOO_SHORT' }])

    const answerText = '**Yes.** The margin of safety is about 12% at today’s price.'
    const answered = await clients.call(analyst, 'POST', `/expert/${question.id}/answer`, {
      body: { answer: answerText },
    })
    expect(answered.statusCode, answered.body).toBe(200)
    expect(answered.json().data).toMatchObject({ state: 'answered', answer: answerText, answerSeenAt: null })
    expectFailure(
      await clients.call(analyst, 'POST', `/expert/${question.id}/answer`, { body: { answer: answerText } }),
      409,
      'EXPERT_ALREADY_ANSWERED',
    )
    expectFailure(
      await readers.send(subscriber, 'POST', `/member/expert/questions/${question.id}/withdraw`),
      409,
      'EXPERT_QUESTION_NOT_WAITING',
    )

    // The reader: the header's count goes up, the list shows it as new, opening it makes it seen.
    expect((await memberInfoOf(subscriber)).expertAnswersUnseen).toBe(1)
    const [row] = (await myQuestions(subscriber)).rows
    expect(row).toMatchObject({ state: 'answered', answer: answerText, isNew: true, answeredBy: null })
    expect(JSON.stringify(row)).not.toContain(analyst.phone.slice(-8))
    const opened = (await readers.get(subscriber, `/member/expert/questions/${question.id}`)).json()
      .data as ExpertQuestion
    expect(opened.isNew).toBe(false)
    expect((await memberInfoOf(subscriber)).expertAnswersUnseen).toBe(0)
    expect((await myQuestions(subscriber)).rows[0]?.isNew).toBe(false)
    const seenByConsole = (await clients.call(analyst, 'GET', `/expert/${question.id}`)).json().data
    expect(seenByConsole.answerSeenAt).not.toBeNull()

    // Every change is in the audit log, by whom.
    const audit = (
      await clients.call(admin, 'GET', '/audit', {
        query: { entity: 'expert_question', entityId: question.id },
      })
    ).json().data as AuditPage
    expect(audit.rows.map((entry) => entry.action).sort()).toEqual([
      'expert_question.answer',
      'expert_question.claim',
    ])
    expect(audit.rows.every((entry) => entry.actor?.memberId === analyst.memberId)).toBe(true)
  })

  it('refuses to claim or answer a withdrawn question; a claim can be released by its analyst or an admin', async () => {
    const subscriber = await readers.newMember('plus')
    const withdrawn = (await asked(subscriber)).question
    await readers.send(subscriber, 'POST', `/member/expert/questions/${withdrawn.id}/withdraw`)
    expectFailure(
      await clients.call(analyst, 'POST', `/expert/${withdrawn.id}/claim`),
      409,
      'EXPERT_QUESTION_WITHDRAWN',
    )

    const waiting = (await asked(subscriber)).question
    await clients.call(analyst, 'POST', `/expert/${waiting.id}/claim`)
    expectFailure(
      await clients.call(otherAnalyst, 'POST', `/expert/${waiting.id}/release`),
      409,
      'EXPERT_CLAIMED_BY_OTHER',
    )
    const released = await clients.call(admin, 'POST', `/expert/${waiting.id}/release`)
    expect(released.json().data.claimedBy).toBeNull()
    const claimed = await clients.call(otherAnalyst, 'POST', `/expert/${waiting.id}/claim`)
    expect(claimed.json().data.claimedBy.memberId).toBe(otherAnalyst.memberId)
    expectFailure(
      await clients.call(analyst, 'GET', `/expert/${randomUUID()}`),
      404,
      'EXPERT_QUESTION_NOT_FOUND',
    )
  })
})
