import { describe, expect, it } from 'vitest'
import { type CsvRecord, createCsvRecordReader, readCsvText } from './csv-records.ts'

/** Feeds the bytes of `text` in pieces of `chunkSize`, as a file stream would, and collects the records. */
async function readInChunks(text: string | Buffer, chunkSize: number) {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text
  const reader = createCsvRecordReader()
  const records: CsvRecord[] = []
  for (let i = 0; i < bytes.length; i += chunkSize)
    records.push(...(await reader.push(bytes.subarray(i, i + chunkSize))))
  records.push(...(await reader.end()))
  return { records, unclosedQuoteLine: reader.unclosedQuoteLine() }
}

describe('csv records', () => {
  const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""",3\r\n\r\n"two\r\nlines",,last\nend'

  it('reads quoted commas, doubled quotes, CRLF, blank lines and line breaks inside quotes', () => {
    expect(readCsvText(text).records).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'say "hi"', '3'] },
      { line: 4, fields: ['two\nlines', '', 'last'] },
      { line: 6, fields: ['end'] },
    ])
  })

  it('gives the same records whatever the chunk boundaries, inside a character or a CRLF too', async () => {
    const whole = readCsvText(text).records
    for (const size of [1, 2, 3, 7]) expect((await readInChunks(text, size)).records).toEqual(whole)
    const chinese = '代號,名稱\r\n"0700","騰訊\r\n控股"\r\n'
    for (const size of [1, 2, 4]) {
      expect((await readInChunks(chinese, size)).records).toEqual([
        { line: 1, fields: ['代號', '名稱'] },
        { line: 2, fields: ['0700', '騰訊\n控股'] },
      ])
    }
  })

  it('reports a quoted field that is never closed, on the line where it starts', async () => {
    const open = 'a,b\n1,"open\nstill open'
    expect(readCsvText(open)).toEqual({ records: [{ line: 1, fields: ['a', 'b'] }], unclosedQuoteLine: 2 })
    expect((await readInChunks(open, 3)).unclosedQuoteLine).toBe(2)
    expect(readCsvText(text).unclosedQuoteLine).toBeNull()
  })

  it('ends records at CR, LF or CRLF mixed in one file, and counts lines after blank ones of each kind', () => {
    expect(readCsvText('a\rb\r\n\r\n\nc\n\rd').records).toEqual([
      { line: 1, fields: ['a'] },
      { line: 2, fields: ['b'] },
      { line: 5, fields: ['c'] },
      { line: 7, fields: ['d'] },
    ])
  })

  it('keeps a stray quote inside an unquoted value as text, and a quoted empty value as a record', () => {
    expect(readCsvText('5"6,a "b"\n""\n').records).toEqual([
      { line: 1, fields: ['5"6', 'a "b"'] },
      { line: 2, fields: [''] },
    ])
  })

  it('keeps text after a closing quote together with the quotes, so the cell fails its check instead of being joined', () => {
    expect(readCsvText('"AA"PL,us').records).toEqual([{ line: 1, fields: ['"AA"PL', 'us'] }])
  })

  it('leaves the cell count to the reader of the rows', () => {
    expect(readCsvText('a,b,c\n1,2\n1,2,3,4').records.map((record) => record.fields.length)).toEqual([
      3, 2, 4,
    ])
  })

  it('reads a file whose byte-order mark says UTF-16 (a spreadsheet\'s "Unicode" save) as UTF-16', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('代號,名稱\r\n0700,騰訊\r\n', 'utf16le'),
    ])
    expect((await readInChunks(utf16, 5)).records).toEqual([
      { line: 1, fields: ['代號', '名稱'] },
      { line: 2, fields: ['0700', '騰訊'] },
    ])
  })

  it('reads an empty text as no records', () => {
    expect(readCsvText('')).toEqual({ records: [], unclosedQuoteLine: null })
  })
})
