import { describe, expect, it } from 'vitest'
import { formatFileSize, shortenFileName } from './chat-file-format.ts'

describe('a file’s name on its chip', () => {
  it('is kept whole when it fits', () => {
    expect(shortenFileName('notes.txt')).toBe('notes.txt')
    expect(shortenFileName(`${'a'.repeat(24)}.pdf`)).toBe(`${'a'.repeat(24)}.pdf`)
  })

  it('is cut in the middle, keeping the start and the extension with a little before it', () => {
    const name = 'Tencent quarterly results presentation 2026-Q3.pptx'
    const short = shortenFileName(name)
    expect(short).toBe('Tencent quarterly…6-Q3.pptx')
    expect(Array.from(short).length).toBeLessThanOrEqual(28)
  })

  it('counts Chinese characters and emoji as one each, never splitting one', () => {
    const name = `${'騰訊控股'.repeat(10)}📈報告.pdf`
    const short = shortenFileName(name, 16)
    expect(Array.from(short)).toHaveLength(16)
    expect(short.endsWith('📈報告.pdf')).toBe(true)
    expect(short.startsWith('騰訊控股')).toBe(true)
    expect(short).toContain('…')
  })

  it('keeps the start when the “extension” is long', () => {
    const short = shortenFileName(`report.${'x'.repeat(40)}`, 20)
    expect(short.startsWith('report.')).toBe(true)
    expect(Array.from(short)).toHaveLength(20)
  })
})

describe('a file’s size', () => {
  it('reads in bytes, kB or MB in the reader’s language', () => {
    expect(formatFileSize(512, 'en-US')).toBe('512 bytes')
    expect(formatFileSize(1536, 'en-US')).toBe('1.5 kB')
    expect(formatFileSize(20 * 1024, 'en-US')).toBe('20 kB')
    expect(formatFileSize(50 * 1024 * 1024, 'zh-TW')).toBe('50 MB')
    expect(formatFileSize(4.25 * 1024 * 1024, 'en-US')).toBe('4.3 MB')
  })
})
