import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFileReader, type FileReader } from './extract-text.ts'
import { ocrConfidenceFloor } from './file-reading.ts'
import { readImageSize } from './read-image.ts'
import {
  buildSampleFile,
  canBuildCjkImages,
  type SampleName,
  sampleExpectations,
  writeSampleFile,
} from './testing/sample-files.ts'
import { pixelBombPng } from './testing/sample-images.ts'

let folder: string
let reader: FileReader

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'chat-files-ocr-'))
  reader = createFileReader({ workers: 1, timeoutMs: 60_000 })
})

afterAll(async () => {
  await reader.close()
  await rm(folder, { recursive: true, force: true })
})

const englishImages = ['png-en', 'jpg-en', 'bmp-en'] as const satisfies readonly SampleName[]
const chineseImages = ['png-zh', 'jpg-zh', 'bmp-zh'] as const satisfies readonly SampleName[]

/** OCR reads `0` for `O` now and then: compare letters and digits only, and forgive one wrong character. */
function looselyContains(text: string, word: string): boolean {
  const squeeze = (value: string) =>
    value
      .normalize('NFKC')
      .replace(/[\s:：,，.]/g, '')
      .toLowerCase()
  const haystack = squeeze(text)
  const needle = squeeze(word)
  if (haystack.includes(needle)) return true
  for (let at = 0; at + needle.length <= haystack.length; at++) {
    let misses = 0
    for (let i = 0; i < needle.length && misses <= 1; i++) if (haystack[at + i] !== needle[i]) misses++
    if (misses <= 1 && needle.length >= 4) return true
  }
  return false
}

describe('text in images (OCR, offline)', () => {
  it.each(englishImages)('finds the English key words in %s', async (name) => {
    const reading = await reader.read(await writeSampleFile(folder, name), sampleExpectations[name].read.kind)
    expect(reading.ok).toBe(true)
    const text = reading.ok ? reading.sections.map((section) => section.text).join('\n') : ''
    const expected = sampleExpectations[name].read
    for (const word of 'words' in expected ? expected.words : [])
      expect(looselyContains(text, word), `${word} in ${text}`).toBe(true)
    // A clean screenshot is read with a confidence no warning is needed for.
    expect(reading.ok && reading.sections[0]!.place).toMatchObject({ kind: 'image', number: 1 })
    const confidence = reading.ok ? reading.sections[0]!.place.confidence : undefined
    expect(confidence).toBeGreaterThanOrEqual(ocrConfidenceFloor)
    expect(confidence).toBeLessThanOrEqual(100)
  })

  it.skipIf(!canBuildCjkImages()).each(chineseImages)(
    'finds the Traditional Chinese key words in %s',
    async (name) => {
      const reading = await reader.read(
        await writeSampleFile(folder, name),
        sampleExpectations[name].read.kind,
      )
      const text = reading.ok ? reading.sections.map((section) => section.text).join('\n') : ''
      const expected = sampleExpectations[name].read
      for (const word of 'words' in expected ? expected.words : []) expect(text, text).toContain(word)
      // Tesseract spaces Chinese characters apart; the reading joins them back.
      expect(text).not.toMatch(/\p{Script=Han} \p{Script=Han}/u)
    },
  )

  it('reads the size of PNG, JPEG and BMP images from their headers', async () => {
    const size = { width: 1100, height: 48 + 64 * 3 }
    for (const name of englishImages) expect(readImageSize((await buildSampleFile(name)).bytes)).toEqual(size)
    expect(readImageSize(pixelBombPng(70_000, 80_000))).toEqual({ width: 70_000, height: 80_000 })
  })

  it('refuses an image with more pixels than allowed before decoding it', async () => {
    const small = createFileReader({ maxImagePixels: 1000 })
    try {
      const reading = await small.read(await writeSampleFile(folder, 'png-en'), 'png')
      expect(reading).toMatchObject({ ok: false, error: 'CHAT_FILE_UNREADABLE' })
      expect(reading.ok ? '' : reading.detail).toMatch(/1100×240 pixels/)
    } finally {
      await small.close()
    }
  })

  it('never reaches the network for OCR data: asked for a URL, the OCR thread refuses at once', async () => {
    // Tesseract's own protocol, straight to the thread: load a language from a web address.
    const thread = new Worker(fileURLToPath(new URL('./ocr-thread.ts', import.meta.url)))
    try {
      // Progress messages come first; the job ends with `resolve` or `reject`.
      const answer = new Promise<{ status: string; data: unknown }>((resolve) =>
        thread.on('message', (message: { status: string; data: unknown }) => {
          if (message.status !== 'progress') resolve(message)
        }),
      )
      thread.postMessage({
        workerId: 'test',
        jobId: 'load-1',
        action: 'loadLanguage',
        payload: {
          langs: 'eng',
          options: { langPath: 'https://tessdata.example.invalid/4.0.0', cacheMethod: 'none' },
        },
      })
      const { status, data } = await answer
      expect(status).toBe('reject')
      expect(String(data)).toMatch(/tried to reach the network .* refused/)
    } finally {
      await thread.terminate()
    }
  })
})
