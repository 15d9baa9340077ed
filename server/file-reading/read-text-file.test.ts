import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSectionCollector, type FileReading, rowsFromDelimitedLines, tidyText } from './file-reading.ts'
import { readTextFile } from './read-text-file.ts'

let folder: string

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'read-text-file-'))
})

afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

async function readText(bytes: Uint8Array | string, maxTextChars = 1_000_000): Promise<FileReading | null> {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.txt`)
  await writeFile(file, bytes)
  const collector = createSectionCollector(maxTextChars)
  return (await readTextFile(file, collector, maxTextChars)) ? collector.finish() : null
}

const sectionOf = (reading: FileReading | null) => (reading?.ok ? reading.sections[0] : undefined)

describe('reading a text file as a stream', () => {
  it('keeps the text and rows that reading the whole file at once would give, across many blocks', async () => {
    const page = [
      '  Portfolio notes\t ',
      '',
      '',
      '',
      'Ticker\tName\tWeight',
      '2330\t台積電\t35.2%',
      'AAPL\tApple   Inc.\t9.3%',
      'Cash  Bank   deposit',
      'One\u3000line   with  runs\u00a0of spaces.  ',
      '',
    ].join('\r\n')
    // Far more than one read block (32 KB), so lines and \r\n pairs fall across block ends.
    const raw = page.repeat(400)
    const reading = await readText(raw)
    const normalised = raw.replace(/\r\n?/g, '\n')
    expect(sectionOf(reading)?.text).toBe(tidyText(normalised))
    expect(sectionOf(reading)?.rows).toEqual(rowsFromDelimitedLines(normalised))
    expect(reading).toMatchObject({ ok: true, truncated: false })
  })

  it('reads a file whose first blocks are plain ASCII and whose later text is Big5', async () => {
    const english = 'Quarterly holdings report, figures in thousands.\n'.repeat(2000)
    const chinese = '本季投資組合檢討：持股、權重與每項調整的理由。\n'.repeat(200)
    const reading = await readText(Buffer.concat([Buffer.from(english), iconv.encode(chinese, 'big5')]))
    const text = sectionOf(reading)?.text ?? ''
    expect(text.startsWith('Quarterly holdings report')).toBe(true)
    expect(text.endsWith('本季投資組合檢討：持股、權重與每項調整的理由。')).toBe(true)
  })

  it('keeps only its text budget of a long file, and says it is truncated', async () => {
    const reading = await readText('Dividends were reinvested.\n'.repeat(40_000), 5000)
    expect(reading).toMatchObject({ ok: true, truncated: true })
    expect(sectionOf(reading)?.text.length).toBeLessThanOrEqual(5000)
    expect(sectionOf(reading)?.text.startsWith('Dividends were reinvested.\nDividends')).toBe(true)
  })

  it('reads a table of a million tab-separated lines (its rows capped), where a whole-file read overflowed', async () => {
    const reading = await readText('2330\tTSMC\t1000\t35.2%\n'.repeat(1_000_000))
    expect(reading).toMatchObject({ ok: true, truncated: true })
    const rows = sectionOf(reading)?.rows ?? []
    expect(rows.length).toBeGreaterThan(1000)
    expect(rows.length).toBeLessThanOrEqual(20_000)
    expect(rows[0]).toEqual(['2330', 'TSMC', '1000', '35.2%'])
  })

  it('says a file is not text when binary bytes come after a text start', async () => {
    const start = Buffer.from('Plain text to begin with.\n'.repeat(20_000))
    const binary = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 256))
    expect(await readText(Buffer.concat([start, binary]))).toBeNull()
  })
})
