import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { detectFileKind } from './detect-file-kind.ts'
import { createFileReader, type FileReader } from './extract-text.ts'
import { type SampleName, sampleExpectations, writeSampleFile } from './testing/sample-files.ts'

let folder: string
let reader: FileReader

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'chat-files-hostile-'))
  reader = createFileReader({ workers: 1, timeoutMs: 20_000 })
})

afterAll(async () => {
  await reader.close()
  await rm(folder, { recursive: true, force: true })
})

const hostile = [
  'empty-txt',
  'exe-renamed-pdf',
  'elf-renamed-txt',
  'script-renamed-txt',
  'polyglot-pdf-zip',
  'polyglot-png-zip',
  'png-named-jpg',
  'docx-named-xlsx',
  'zip-nested-renamed-docx',
  'docx-nested-zip',
  'docx-ratio-bomb',
  'docx-entities',
  'docx-encrypted',
  'doc-encrypted',
  'xls-encrypted',
  'ppt-encrypted',
  'pdf-encrypted',
  'pdf-circular',
  'pdf-damaged',
  'png-pixel-bomb',
  'png-damaged',
] as const satisfies readonly SampleName[]

describe('hostile files', () => {
  it.each(hostile)('%s: detection and reading give what they must, nothing thrown', async (name) => {
    const filePath = await writeSampleFile(folder, name)
    const expected = sampleExpectations[name]
    const head = (await readFile(filePath)).subarray(0, 64 * 1024)
    expect(detectFileKind(head, path.basename(filePath))).toEqual(expected.detect)
    const reading = await reader.read(filePath, expected.read.kind)
    if ('error' in expected.read) {
      expect(reading).toMatchObject({ ok: false, error: expected.read.error })
    } else {
      const text = reading.ok ? reading.sections.map((section) => section.text).join('\n') : ''
      for (const word of expected.read.words) expect(text).toContain(word)
    }
  })

  it('refuses the zip bombs from their central directory, before inflating anything', async () => {
    for (const name of ['docx-ratio-bomb', 'docx-nested-zip'] as const) {
      const filePath = await writeSampleFile(folder, name)
      const started = performance.now()
      const reading = await reader.read(filePath, 'docx')
      expect(reading.ok).toBe(false)
      expect(performance.now() - started).toBeLessThan(1500)
    }
    const ratio = await reader.read(await writeSampleFile(folder, 'docx-ratio-bomb'), 'docx')
    expect(ratio.ok ? '' : ratio.detail).toMatch(/inflates \d+ times/)
    const nested = await reader.read(await writeSampleFile(folder, 'docx-nested-zip'), 'docx')
    expect(nested.ok ? '' : nested.detail).toMatch(/holds an archive/)
  })

  it('refuses an OOXML part that declares entities, never expanding them', async () => {
    const reading = await reader.read(await writeSampleFile(folder, 'docx-entities'), 'docx')
    expect(reading.ok ? '' : reading.detail).toMatch(/DOCTYPE/)
  })

  it('reads the page of a PDF whose page tree loops, and says the rest was left out', async () => {
    const reading = await reader.read(await writeSampleFile(folder, 'pdf-circular'), 'pdf')
    expect(reading.ok && reading.truncated).toBe(true)
  })

  it('cuts a reading that runs over its time: the process is killed and the next reading is served', async () => {
    const hasty = createFileReader({ timeoutMs: 200 })
    try {
      // A cold process loads the OCR engine and its language model before it reads a pixel: far more than 200 ms.
      // It stands for any file that keeps a process busy. The text file afterwards gets the default minute, so a
      // busy machine cannot make it the second reading cut short.
      const reading = await hasty.read(await writeSampleFile(folder, 'png-en'), 'png')
      expect(reading).toMatchObject({ ok: false, error: 'CHAT_FILE_UNREADABLE' })
      expect(reading.ok ? '' : reading.detail).toMatch(/longer than 200 ms/)
      const next = await hasty.read(await writeSampleFile(folder, 'txt-en'), 'txt', { timeoutMs: 60_000 })
      expect(next.ok).toBe(true)
    } finally {
      await hasty.close()
    }
  })
})
