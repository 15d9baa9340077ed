/**
 * "Import to portfolio" from a holdings file uploaded in the chat (issue 25): the answer previews the portfolio's
 * import (mapping, the rows to save, every rejected row with its reason) and offers a confirm button; nothing is
 * saved until the reader confirms (`POST /ai/importToPortfolio`), and then every row or none.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatFileUploadOutcome } from '#contracts/chat.ts'
import { type ImportResult, type PortfolioAnswer, PortfolioErrorCode } from '#contracts/portfolio-rules.ts'
import {
  createReaderClients,
  dataOf,
  expectFailure,
  type ReaderClient,
} from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { parseEventStream } from '../testing/event-stream.ts'
import { workbookOf } from '../testing/holdings-workbook.ts'

const clients = createReaderClients({ ipPrefix: '10.43', phonePrefix: '6243' })
let runtime: TestRuntime
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'chat-import-'))
  runtime = await createTestRuntime({ DATA_DIR: dataDir }, { smsSender: clients.smsSender })
  clients.bind(runtime)
})
afterAll(async () => {
  await runtime.close()
  await rm(dataDir, { recursive: true, force: true })
})

const withRejections = [
  ['Date', 'Symbol', 'Action', 'Quantity', 'Price', 'Currency'],
  ['2024-01-05', 'AAPL', 'Buy', '10', '150', 'USD'],
  ['2024-02-01', 'MSFT', 'Buy', '5', '400', 'USD'],
  ['2024-04-01', 'ZZZZ', 'Buy', '1', '10', 'USD'],
]

const clean = [
  ['Date', 'Symbol', 'Action', 'Quantity', 'Price'],
  ['2024-01-05', 'AAPL', 'Buy', '10', '150'],
  ['2024-02-01', '0700.HK', 'Buy', '100', '300'],
]

async function uploadWorkbook(client: ReaderClient, fileName: string, rows: string[][]) {
  return uploadFile(client, fileName, await workbookOf(rows))
}

async function uploadFile(client: ReaderClient, fileName: string, bytes: Uint8Array) {
  const conversation = await clients.send(client, 'POST', '/ai/newSubSessionId', {})
  const conversationId = conversation.json().data.subSessionId as string
  const boundary = '----tickerwiseImport'
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="subSessionId"\r\n\r\n${conversationId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const response = await runtime.app.inject({
    method: 'POST',
    url: '/api/portal/ai/uploadFiles',
    headers: clients.sameSiteHeadersOf(client, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    }),
    remoteAddress: client.ip,
    payload: Readable.from([body]),
  })
  const [outcome] = dataOf<{ files: ChatFileUploadOutcome[] }>(response).files
  if (!outcome || !('file' in outcome)) throw new Error(`upload refused: ${JSON.stringify(outcome)}`)
  await runtime.services.chatFiles.whenReadingsDone()
  return { conversationId, fileId: outcome.file.id }
}

async function ask(client: ReaderClient, conversationId: string, question: string, fileId: string) {
  const response = await clients.get(client, '/ai/chatSearch', {
    subSessionId: conversationId,
    question,
    fileIds: fileId,
  })
  expect(response.statusCode).toBe(200)
  return parseEventStream(response.body)
    .filter((event) => event.event === 'text')
    .map((event) => (event.data as { delta: string }).delta)
    .join('')
}

const confirm = (client: ReaderClient, body: Record<string, unknown>) =>
  clients.send(client, 'POST', '/ai/importToPortfolio', body)

async function holdingsOf(client: ReaderClient): Promise<string[]> {
  const answer = dataOf<PortfolioAnswer>(await clients.get(client, '/member/portfolio'))
  return answer.holdings.map((holding) => holding.code).sort()
}

describe('importing a holdings file from the chat', () => {
  it('previews the rows and the rejected ones with their reasons, saves nothing until confirmed, then all at once', async () => {
    const member = await clients.newMember()
    const { conversationId, fileId } = await uploadWorkbook(member, 'trades.xlsx', withRejections)
    const text = await ask(member, conversationId, 'Import this file into my portfolio', fileId)
    expect(text).toContain('I read **trades.xlsx** as a generic export')
    expect(text).toContain('Symbol → stock')
    expect(text).toContain('Of its 3 rows, **2 can be imported**')
    expect(text).toMatch(/\| 2 \| Buy \| .+ \(AAPL\) \| 2024-01-05 \| 10 \| 150 \| USD \|/)
    expect(text).toContain('These 1 rows will not be imported:\n- Line 4: ')
    expect(text).toContain(`[Import 2 transactions, skip 1 rows](#import-portfolio/${fileId}/0/skip)`)
    expect(await holdingsOf(member)).toEqual([])

    // Confirming without skipping the rejected row saves nothing: never half a file.
    expectFailure(await confirm(member, { fileId, table: 0 }), 409, PortfolioErrorCode.importHasRejections)
    expect(await holdingsOf(member)).toEqual([])
    expect(dataOf<ImportResult>(await confirm(member, { fileId, table: 0, skipRejected: true }))).toEqual({
      imported: 2,
      skipped: 1,
    })
    expect(await holdingsOf(member)).toEqual(['AAPL', 'MSFT'])
  })

  it('answers in Chinese with a button that imports every row of a clean file', async () => {
    const member = await clients.newMember(undefined, 'hant')
    const { conversationId, fileId } = await uploadWorkbook(member, '持倉.xlsx', clean)
    const text = await ask(member, conversationId, '把這個檔案匯入我的投資組合', fileId)
    expect(text).toContain('我把 **持倉.xlsx** 讀作通用格式')
    expect(text).toContain('**2 行可以匯入**')
    expect(text).toContain('尚未匯入任何資料。')
    expect(text).toContain(`[匯入 2 筆交易到我的投資組合](#import-portfolio/${fileId}/0)`)
    expect(await holdingsOf(member)).toEqual([])
    expect(dataOf<ImportResult>(await confirm(member, { fileId, table: 0 }))).toEqual({
      imported: 2,
      skipped: 0,
    })
    expect(await holdingsOf(member)).toEqual(['0700', 'AAPL'])

    // The button stays in the stored answer: a second confirm (a reload, another tab) must not add the rows again.
    expectFailure(await confirm(member, { fileId, table: 0 }), 409, 'CHAT_FILE_ALREADY_IMPORTED')
    expect(dataOf<PortfolioAnswer>(await clients.get(member, '/member/portfolio')).transactionCount).toBe(2)
  })

  it('imports only the reader’s own file, and asks a visitor to log in first', async () => {
    const owner = await clients.newMember()
    const { fileId } = await uploadWorkbook(owner, 'trades.xlsx', clean)
    const other = await clients.newMember()
    expectFailure(await confirm(other, { fileId, table: 0 }), 404, 'CHAT_FILE_NOT_FOUND')
    expect(await holdingsOf(other)).toEqual([])

    const visitor = await clients.newVisitor()
    const upload = await uploadWorkbook(visitor, 'trades.xlsx', clean)
    const text = await ask(
      visitor,
      upload.conversationId,
      'Import this file into my portfolio',
      upload.fileId,
    )
    expect(text).toContain('Importing into a portfolio needs an account: log in')
    expect(text).not.toContain('#import-portfolio')
    expectFailure(await confirm(visitor, { fileId: upload.fileId, table: 0 }), 401, 'UNAUTHENTICATED')
  })
})

describe('importing a CSV file uploaded in the chat', () => {
  const csv = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'))

  it('reads a broker’s CSV like a workbook, quoted cells and all, and imports it once on confirm', async () => {
    const member = await clients.newMember()
    const { conversationId, fileId } = await uploadFile(
      member,
      'trades.csv',
      csv(
        'Date,Symbol,Action,Quantity,Price,Currency,Note\r\n' +
          '2024-01-05,AAPL,Buy,10,150,USD,"first lot, long term"\r\n' +
          '2024-02-01,MSFT,Buy,5,"1,200",USD,\r\n' +
          '2024-04-01,ZZZZ,Buy,1,10,USD,"a ""ghost"" ticker"\r\n',
      ),
    )
    const files = dataOf<{ kind: string; status: string }[]>(
      await clients.get(member, '/ai/listFiles', { subSessionId: conversationId }),
    )
    expect(files.map((file) => [file.kind, file.status])).toEqual([['csv', 'ready']])

    const text = await ask(member, conversationId, 'Import this file into my portfolio', fileId)
    expect(text).toContain('I read **trades.csv** as a generic export')
    expect(text).toContain('Of its 3 rows, **2 can be imported**')
    expect(text).toMatch(/\| 3 \| Buy \| .+ \(MSFT\) \| 2024-02-01 \| 5 \| 1,200 \| USD \|/)
    expect(text).toContain('- Line 4: ')
    expect(text).toContain(`[Import 2 transactions, skip 1 rows](#import-portfolio/${fileId}/0/skip)`)
    expect(await holdingsOf(member)).toEqual([])

    expect(dataOf<ImportResult>(await confirm(member, { fileId, table: 0, skipRejected: true }))).toEqual({
      imported: 2,
      skipped: 1,
    })
    expect(await holdingsOf(member)).toEqual(['AAPL', 'MSFT'])
    expectFailure(
      await confirm(member, { fileId, table: 0, skipRejected: true }),
      409,
      'CHAT_FILE_ALREADY_IMPORTED',
    )
  })

  it('answers in Chinese for a CSV with Chinese headers, and says why a file too large for one import is not offered', async () => {
    const member = await clients.newMember(undefined, 'hant')
    const chinese = await uploadFile(
      member,
      '持倉.csv',
      csv('\ufeff日期,代碼,方向,數量,價格\n2024-01-05,0700.HK,買入,100,300\n'),
    )
    const text = await ask(member, chinese.conversationId, '把這個檔案匯入我的投資組合', chinese.fileId)
    expect(text).toContain('我把 **持倉.csv** 讀作')
    expect(text).toContain('**1 行可以匯入**')
    expect(text).toContain(`(#import-portfolio/${chinese.fileId}/0)`)

    const lines = Array.from({ length: 5001 }, (_, i) => `2024-01-05,AAPL,Buy,${i + 1},150`)
    const large = await uploadFile(
      member,
      'everything.csv',
      csv(['Date,Symbol,Action,Quantity,Price', ...lines].join('\n')),
    )
    const refusal = await ask(member, large.conversationId, '把這個檔案匯入我的投資組合', large.fileId)
    expect(refusal).toContain('一次最多匯入 5,000 行')
    expect(refusal).not.toContain('#import-portfolio')
    expect(await holdingsOf(member)).toEqual([])
  })
})
