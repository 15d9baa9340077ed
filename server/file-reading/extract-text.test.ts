import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ChatFileKind } from '#contracts/chat-file-rules.ts'
import { createFileReader, type FileReader, listReadingProcesses } from './extract-text.ts'
import type { FileReading, FileSection } from './file-reading.ts'
import { chineseSample, englishSample, sampleText, simplifiedSample } from './testing/sample-content.ts'
import { type SampleName, sampleExpectations, writeSampleFile } from './testing/sample-files.ts'
import { lastGlossaryEntry } from './testing/sample-legacy-office.ts'

let folder: string
let reader: FileReader

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'chat-files-reading-'))
  reader = createFileReader({ workers: 1, timeoutMs: 30_000 })
})

afterAll(async () => {
  await reader.close()
  await rm(folder, { recursive: true, force: true })
})

async function readSample(name: SampleName, kind: ChatFileKind = sampleExpectations[name].read.kind) {
  return reader.read(await writeSampleFile(folder, name), kind)
}

function sectionsOf(reading: FileReading): FileSection[] {
  if (!reading.ok) throw new Error(`${reading.error}: ${reading.detail}`)
  return reading.sections
}

const textOf = (reading: FileReading) =>
  sectionsOf(reading)
    .map((section) => section.text)
    .join('\n')

const documentFormats = [
  'txt-en',
  'txt-zh',
  'pdf-en',
  'pdf-zh',
  'docx-en',
  'docx-zh',
  'xlsx-en',
  'xlsx-zh',
  'pptx-en',
  'pptx-zh',
  'doc-en',
  'doc-zh',
  'xls-en',
  'xls-zh',
  'ppt-en',
  'ppt-zh',
] as const satisfies readonly SampleName[]

describe('reading every format', () => {
  it.each(documentFormats)('reads the words of %s', async (name) => {
    const reading = await readSample(name)
    const expected = sampleExpectations[name].read
    const text = textOf(reading)
    if (!('words' in expected)) throw new Error('a sample that reads')
    for (const word of expected.words) expect(text).toContain(word)
    expect(reading.ok && reading.truncated).toBe(false)
  })

  it.each(documentFormats)('finds the holdings table of %s as rows', async (name) => {
    const content = sampleExpectations[name].content!
    const rows = sectionsOf(await readSample(name)).flatMap((section) => section.rows ?? [])
    if (name.startsWith('ppt-')) {
      // A legacy .ppt keeps its table as lines of a text box: no cells to tell.
      expect(rows).toEqual([])
      return
    }
    const header = rows.find((row) => row[0] === content.table[0]![0])
    expect(header).toEqual(content.table[0])
    const largest = rows.find((row) => row[0] === content.largestPosition.label)
    expect(largest?.[1]).toBe(content.table.find((row) => row[0] === content.largestPosition.label)![1])
  })

  it('decodes Big5 and GB18030 text files to exactly their text', async () => {
    expect(textOf(await readSample('txt-big5-zh'))).toBe(sampleText(chineseSample).trim())
    expect(textOf(await readSample('txt-gb18030-zh'))).toBe(sampleText(simplifiedSample).trim())
  })

  it('places PDF text on its pages and finds the table on page 2 with the total under its column', async () => {
    const sections = sectionsOf(await readSample('pdf-en'))
    expect(sections.map((section) => section.place)).toEqual([
      { kind: 'page', number: 1 },
      { kind: 'page', number: 2 },
    ])
    expect(sections[0]!.text).toContain('Dividend policy')
    expect(sections[1]!.rows).toContainEqual(['Total', '', '', '$80,471.25', '100%'])
  })

  it('reads a Chinese PDF through its ToUnicode map, characters in order', async () => {
    const sections = sectionsOf(await readSample('pdf-zh'))
    expect(sections[0]!.text).toContain(chineseSample.paragraphs[0]!.slice(0, 18))
    expect(sections[1]!.rows).toContainEqual(['2330', '台積電', '1,000', 'NT$１，０５０，０００', '52.5%'])
  })

  it('reads a .docx body by page, without deleted text or field codes', async () => {
    const sections = sectionsOf(await readSample('docx-en'))
    expect(sections.map((section) => section.place.number)).toEqual([1, 2])
    const text = textOf(await readSample('docx-en'))
    expect(text).not.toContain('withdrawn wording')
    expect(text).not.toContain('PAGE')
    expect(sections[1]!.text).toContain('NVDA\tNvidia\t25\t$35,120.75\t43.6%')
  })

  it('reads .pptx slides in the order of the slide list, text in alternate content once', async () => {
    const sections = sectionsOf(await readSample('pptx-en'))
    expect(sections.map((section) => section.place)).toEqual([
      { kind: 'slide', number: 1 },
      { kind: 'slide', number: 2 },
    ])
    expect(sections[0]!.text.startsWith(englishSample.title)).toBe(true)
    expect(sections[0]!.text.match(/Q3 2026/g)).toHaveLength(1)
    expect(sections[1]!.rows?.[0]).toEqual(englishSample.table[0])
  })

  it('names .xlsx sheets and shows percentages, and formulas by their saved values', async () => {
    const sections = sectionsOf(await readSample('xlsx-zh'))
    expect(sections.map((section) => section.place)).toEqual([
      { kind: 'sheet', number: 1, name: '持股' },
      { kind: 'sheet', number: 2, name: '備註' },
    ])
    expect(sections[0]!.rows).toContainEqual(['2330', '台積電', '1000', '1050000', '52.5%'])
    expect(sections[0]!.rows).toContainEqual(['合計', '', '', '2000000', '100%'])
    expect(sections[1]!.text).toContain(chineseSample.paragraphs[1])
  })

  it('reads a BIFF8 workbook: RK and NUMBER cells, percentages, formulas, and strings past a CONTINUE record', async () => {
    const sections = sectionsOf(await readSample('xls-en'))
    expect(sections.map((section) => section.place.name)).toEqual(['Holdings', 'Notes', 'Glossary'])
    expect(sections[0]!.rows).toEqual([
      ['Ticker', 'Name', 'Quantity', 'Market value', 'Weight'],
      ['AAPL', 'Apple', '120', '28450', '35.4%'],
      ['MSFT', 'Microsoft', '40', '16900.5', '21%'],
      ['NVDA', 'Nvidia', '25', '35120.75', '43.6%'],
      ['Total', '', '', '80471.25', '100%'],
    ])
    expect(sections[2]!.rows).toHaveLength(400)
    expect(sections[2]!.rows!.at(-1)).toEqual([lastGlossaryEntry(englishSample)])
    const chinese = sectionsOf(await readSample('xls-zh'))
    expect(chinese[2]!.rows!.at(-1)).toEqual([lastGlossaryEntry(chineseSample)])
  })

  it('reads a legacy .ppt through its persist directory: placeholder text and text boxes, slide by slide', async () => {
    const sections = sectionsOf(await readSample('ppt-zh'))
    expect(sections.map((section) => section.place)).toEqual([
      { kind: 'slide', number: 1 },
      { kind: 'slide', number: 2 },
    ])
    expect(sections[0]!.text).toContain(chineseSample.paragraphs[2])
    expect(sections[1]!.text).toContain(chineseSample.tableTitle)
    expect(sections[1]!.text).toContain('2330 台積電 1,000')
  })

  it('reads a legacy .doc table row by row', async () => {
    const sections = sectionsOf(await readSample('doc-zh'))
    expect(sections[0]!.rows).toContainEqual(['合計', '', '', 'NT$2,000,000', '100%'])
  })
})

describe('limits', () => {
  it('cuts the text at maxTextChars and says it is truncated', async () => {
    const small = createFileReader({ maxTextChars: 100 })
    try {
      const reading = await small.read(await writeSampleFile(folder, 'docx-en'), 'docx')
      expect(reading.ok && reading.truncated).toBe(true)
      expect(textOf(reading).length).toBeLessThanOrEqual(100)
    } finally {
      await small.close()
    }
  })

  it('reads a 45 MB text file of one endless line within a 160 MB reading process, keeping its text budget', async () => {
    const tight = createFileReader({ maxMemoryMb: 160 })
    const big = path.join(folder, 'big.txt')
    // Under the 50 MB upload limit, with no line break: held whole, its string and copies took several times that.
    await writeFile(big, 'holdings and dividends '.repeat(1_950_000))
    try {
      const reading = await tight.read(big, 'txt')
      expect(reading).toMatchObject({ ok: true, truncated: true })
      const text = textOf(reading)
      expect(text.length).toBe(1_000_000)
      expect(text.startsWith('holdings and dividends holdings')).toBe(true)
      const [child] = listReadingProcesses(tight)
      const status = existsSync(`/proc/${child!.pid}/status`)
        ? readFileSync(`/proc/${child!.pid}/status`, 'utf8')
        : ''
      const peakMb = Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024
      expect(peakMb).toBeLessThanOrEqual(160)
    } finally {
      await tight.close()
      await rm(big, { force: true })
    }
  })

  // The resident memory is read from /proc (Linux); elsewhere only the heap's ceiling holds, and OCR lives outside it.
  it.skipIf(!existsSync('/proc/self/status'))(
    'refuses a file that needs more memory than a reading process may use, and the next reading gets a new process',
    async () => {
      // OCR alone (its engine and models) takes more than 200 MB; a text file takes far less.
      const tight = createFileReader({ maxMemoryMb: 200 })
      try {
        await tight.read(await writeSampleFile(folder, 'txt-en'), 'txt')
        const [first] = listReadingProcesses(tight)
        const reading = await tight.read(await writeSampleFile(folder, 'png-en'), 'png')
        expect(reading).toMatchObject({ ok: false, error: 'CHAT_FILE_TOO_BIG_TO_READ' })
        expect(reading.ok ? '' : reading.detail).toMatch(/200 MB|memory/)
        expect(listReadingProcesses(tight)).toEqual([])
        const next = await tight.read(await writeSampleFile(folder, 'txt-en'), 'txt')
        expect(next.ok).toBe(true)
        expect(listReadingProcesses(tight).map((child) => child.pid)).not.toContain(first!.pid)
      } finally {
        await tight.close()
      }
    },
  )

  it('answers readings still waiting when the reader is closed, without throwing', async () => {
    const closing = createFileReader({ workers: 1 })
    const file = await writeSampleFile(folder, 'pdf-en')
    const readings = [closing.read(file, 'pdf'), closing.read(file, 'pdf'), closing.read(file, 'pdf')]
    await closing.close()
    const outcomes = await Promise.all(readings)
    expect(outcomes.some((outcome) => !outcome.ok && /closed/.test(outcome.detail))).toBe(true)
    expect(await closing.read(file, 'pdf')).toMatchObject({ ok: false, error: 'CHAT_FILE_UNREADABLE' })
  })

  it('answers a file that is gone as unreadable', async () => {
    expect(await reader.read(path.join(folder, 'missing.pdf'), 'pdf')).toMatchObject({
      ok: false,
      error: 'CHAT_FILE_UNREADABLE',
    })
  })
})

/** Whether process `pid` still runs (a zombie waiting to be reaped has ended). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2))
  } catch {
    if (existsSync('/proc')) return false
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
}

describe('reading processes', () => {
  it('keeps a healthy process for the next readings, and ends it once idle', async () => {
    const steady = createFileReader({ idleTimeoutMs: 500 })
    try {
      await steady.read(await writeSampleFile(folder, 'txt-en'), 'txt')
      const first = listReadingProcesses(steady)
      expect(first).toHaveLength(1)
      expect((await steady.read(await writeSampleFile(folder, 'docx-en'), 'docx')).ok).toBe(true)
      expect((await steady.read(await writeSampleFile(folder, 'pdf-en'), 'pdf')).ok).toBe(true)
      expect(listReadingProcesses(steady)).toEqual(first)
      await vi.waitFor(() => expect(listReadingProcesses(steady)).toEqual([]), { timeout: 5000 })
      expect(isRunning(first[0]!.pid)).toBe(false)
    } finally {
      await steady.close()
    }
  })

  it.each(['SIGABRT', 'SIGKILL'] as const)(
    'answers a reading whose process dies of %s as unreadable, and the next reading gets a new process',
    async (signal) => {
      const fragile = createFileReader({ timeoutMs: 30_000 })
      try {
        await fragile.read(await writeSampleFile(folder, 'txt-en'), 'txt')
        // Starting OCR and reading an image takes most of a second or more: the signal lands mid-reading.
        const pending = fragile.read(await writeSampleFile(folder, 'png-en'), 'png')
        const busy = await vi.waitFor(() => {
          const found = listReadingProcesses(fragile).find((child) => child.isReading)
          if (!found) throw new Error('no process reading yet')
          return found
        })
        process.kill(busy.pid, signal)
        const reading = await pending
        expect(reading).toMatchObject({ ok: false, error: 'CHAT_FILE_UNREADABLE' })
        expect(reading.ok ? '' : reading.detail).toContain(`ended by ${signal}`)
        const next = await fragile.read(await writeSampleFile(folder, 'txt-en'), 'txt')
        expect(next.ok).toBe(true)
        expect(listReadingProcesses(fragile).map((child) => child.pid)).not.toContain(busy.pid)
      } finally {
        await fragile.close()
      }
    },
  )

  it('ends its processes when the server process dies, and reads from a plain `node` run of the sources', async () => {
    // A server of its own (no vitest around it): reads one file, says which process read it, then waits.
    const script = `
      const { createFileReader, listReadingProcesses } = await import(${JSON.stringify(new URL('./extract-text.ts', import.meta.url).href)})
      const reader = createFileReader()
      const reading = await reader.read(process.argv[1], 'txt')
      console.log(JSON.stringify({ ok: reading.ok, processes: listReadingProcesses(reader) }))
      setInterval(() => undefined, 1000)
    `
    const server = spawn(
      process.execPath,
      ['--input-type=module', '-e', script, await writeSampleFile(folder, 'txt-en')],
      { env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let pid: number | undefined
    try {
      const [line] = (await once(createInterface({ input: server.stdout! }), 'line')) as [string]
      const said = JSON.parse(line) as { ok: boolean; processes: Array<{ pid: number }> }
      expect(said.ok).toBe(true)
      expect(said.processes).toHaveLength(1)
      pid = said.processes[0]!.pid
      expect(isRunning(pid)).toBe(true)
      server.kill('SIGKILL')
      await vi.waitFor(() => expect(isRunning(pid!)).toBe(false), { timeout: 5000 })
    } finally {
      server.kill('SIGKILL')
      // Left behind only if the test failed: not left running.
      if (pid !== undefined && isRunning(pid)) process.kill(pid, 'SIGKILL')
    }
  })
})
