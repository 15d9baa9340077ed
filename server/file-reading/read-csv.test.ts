import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { detectFileKind } from './detect-file-kind.ts'
import { type ReadLimits, readFileTask } from './extract-text.task.ts'
import { csvDelimiterOf, readCsvRows } from './read-csv.ts'
import { defaultZipLimits } from './zip-entries.ts'

let folder: string

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'read-csv-'))
})

afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

const limits: ReadLimits = {
  maxFileBytes: 50 * 1024 * 1024,
  maxTextChars: 1_000_000,
  zip: defaultZipLimits,
  maxPdfPages: 10,
  maxImagePixels: 40_000_000,
  maxSheetRows: 100_000,
}

async function readCsvFile(bytes: Uint8Array | string) {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.csv`)
  await writeFile(file, bytes)
  return readFileTask({ filePath: file, kind: 'csv', limits })
}

describe('a CSV file uploaded in the chat', () => {
  it('is a csv by its name when its content is text, and never when its content is not', () => {
    const text = new Uint8Array(Buffer.from('Date,Symbol,Quantity\n2024-01-05,AAPL,10\n'))
    expect(detectFileKind(text, 'holdings.csv')).toEqual({ kind: 'csv' })
    expect(detectFileKind(text, 'holdings.txt')).toEqual({ kind: 'txt' })
    expect(detectFileKind(text, 'holdings')).toEqual({ kind: 'txt' })
    const pdf = new Uint8Array(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'))
    expect(detectFileKind(pdf, 'holdings.csv')).toEqual({ error: 'CHAT_FILE_TYPE_MISMATCH' })
    const program = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0])
    expect(detectFileKind(program, 'holdings.csv')).toEqual({ error: 'CHAT_FILE_TYPE_NOT_ALLOWED' })
    expect(detectFileKind(new Uint8Array(), 'holdings.csv')).toEqual({ error: 'CHAT_FILE_EMPTY' })
  })

  it('reads quoted cells, doubled quotes and commas inside quotes as one cell each', async () => {
    const reading = await readCsvFile(
      'Date,Symbol,Name,Quantity,Price\r\n2024-01-05,AAPL,"Apple, Inc.",10,150\r\n2024-02-01,BRK.B,"Berkshire ""B""",2,"1,200.50"\r\n',
    )
    expect(reading.ok).toBe(true)
    if (!reading.ok) return
    expect(reading.sections[0]?.rows).toEqual([
      ['Date', 'Symbol', 'Name', 'Quantity', 'Price'],
      ['2024-01-05', 'AAPL', 'Apple, Inc.', '10', '150'],
      ['2024-02-01', 'BRK.B', 'Berkshire "B"', '2', '1,200.50'],
    ])
    expect(reading.sections[0]?.text).toContain('Apple, Inc.')
  })

  it('reads a Big5 export with semicolons as a spreadsheet saved it', async () => {
    const bytes = iconv.encode(
      '日期;代碼;數量;價格\n2024-01-05;0700.HK;100;300\n2024-03-01;9988.HK;50;80\n',
      'big5',
    )
    const reading = await readCsvFile(bytes)
    expect(reading.ok && reading.sections[0]?.rows).toEqual([
      ['日期', '代碼', '數量', '價格'],
      ['2024-01-05', '0700.HK', '100', '300'],
      ['2024-03-01', '9988.HK', '50', '80'],
    ])
  })

  it('keeps the rows before a quote left open, and at most the rows a table may hold', () => {
    expect(readCsvRows('a,b\n1,2\n3,"4\n5,6')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ])
    const long = ['x,y', ...Array.from({ length: 50 }, (_, i) => `${i},${i}`)].join('\n')
    expect(readCsvRows(long, 10)).toHaveLength(10)
    expect(csvDelimiterOf('"a,b";c;d\n1;2;3')).toBe(';')
    expect(csvDelimiterOf('a\tb\tc')).toBe('\t')
    expect(csvDelimiterOf('single')).toBe(',')
  })
})
