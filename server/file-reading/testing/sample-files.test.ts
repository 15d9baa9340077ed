import { createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatFileExtensions, chatFileMaxBytes } from '#contracts/chat-file-rules.ts'
import { kindOfName } from '../detect-file-kind.ts'
import { createFileReader, type FileReader } from '../extract-text.ts'
import { readImageSize } from '../read-image.ts'
import {
  buildSampleFile,
  buildTenPageSample,
  sampleExpectations,
  sampleFileName,
  sampleNames,
  sizedTextFileChunks,
  sizedTextFileStream,
  tenPageSampleKinds,
} from './sample-files.ts'

let folder: string
let reader: FileReader

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'chat-files-samples-'))
  reader = createFileReader({ timeoutMs: 60_000 })
})

afterAll(async () => {
  await reader.close()
  await rm(folder, { recursive: true, force: true })
})

describe('sample files', () => {
  it('name every sample with the extension of the kind it is read as, but the renamed ones', () => {
    for (const name of sampleNames) {
      const fileName = sampleFileName(name)
      const renamed = /renamed|named|polyglot/.test(name)
      if (!renamed) expect(kindOfName(fileName), name).toBe(sampleExpectations[name].read.kind)
    }
  })

  it('hand out a copy: changing one does not change the next', async () => {
    const first = await buildSampleFile('txt-en')
    first.bytes.fill(0)
    const second = await buildSampleFile('txt-en')
    expect(second.bytes.some((byte) => byte !== 0)).toBe(true)
  })

  it('make a text file of exactly 50 MB + 1 byte a megabyte at a time', async () => {
    let total = 0
    let largest = 0
    let chunks = 0
    for await (const chunk of sizedTextFileChunks(chatFileMaxBytes + 1)) {
      total += chunk.length
      largest = Math.max(largest, chunk.length)
      chunks++
    }
    expect(total).toBe(chatFileMaxBytes + 1)
    expect(largest).toBeLessThanOrEqual(1024 * 1024)
    expect(chunks).toBe(51)
  })

  it('stream a sized file that reads as text, its lines unbroken across chunks', async () => {
    const filePath = path.join(folder, 'sized.txt')
    await pipeline(sizedTextFileStream(1024 * 1024 + 1, 64 * 1024), createWriteStream(filePath))
    expect((await stat(filePath)).size).toBe(1024 * 1024 + 1)
    const reading = await reader.read(filePath, 'txt')
    expect(reading.ok).toBe(true)
    const text = reading.ok ? reading.sections[0]!.text : ''
    const lines = text.split('\n')
    expect(new Set(lines.slice(0, -1))).toEqual(new Set([lines[0]]))
  })

  it.each(tenPageSampleKinds.filter((kind) => kind !== 'png'))(
    'build a ten-page %s that reads in full',
    async (kind) => {
      const sample = await buildTenPageSample(kind)
      expect(chatFileExtensions[sample.kind]).toContain(sample.extension)
      const filePath = path.join(folder, `ten-pages.${sample.extension}`)
      await writeFile(filePath, sample.bytes)
      const reading = await reader.read(filePath, sample.kind)
      if (!reading.ok) throw new Error(reading.detail)
      const expected = { pdf: 10, docx: 10, xlsx: 10, pptx: 10, txt: 1 }[kind]
      expect(reading.sections).toHaveLength(expected)
      expect(reading.sections.map((section) => section.text).join('\n')).toContain('Dividend')
    },
  )

  it('build a screenshot of a whole page for the OCR benchmark (read in read-image.test.ts’s way)', async () => {
    const sample = await buildTenPageSample('png')
    const size = readImageSize(sample.bytes)
    expect(size?.width).toBe(1100)
    expect(size!.height).toBeGreaterThan(1000)
  })
})
