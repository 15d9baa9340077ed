import { describe, expect, it } from 'vitest'
import { csvField, csvLine } from './csv-text.ts'

describe('CSV fields', () => {
  it('quotes only what needs it, doubling quotes', () => {
    expect(csvField('plain@example.com')).toBe('plain@example.com')
    expect(csvField('陳大文, "Big" Man')).toBe('"陳大文, ""Big"" Man"')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField(null)).toBe('')
  })

  it('keeps a spreadsheet from running what a reader typed', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
    expect(csvField('@SUM(1)')).toBe("'@SUM(1)")
    expect(csvField('+852 9123 4567', true)).toBe('+852 9123 4567')
  })

  it('ends lines in CRLF', () => {
    expect(csvLine(['a', '"b,c"'])).toBe('a,"b,c"\r\n')
  })
})
