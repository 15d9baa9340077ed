/**
 * Text seen in an image (JPEG, PNG, BMP), by OCR: Tesseract (tesseract.js, WebAssembly) with its English and
 * Traditional Chinese models, offline (ocr-thread.ts). Before any decoding the image's size is read from its header,
 * and an image of more than `maxPixels` pixels is refused: a small file can declare a huge canvas (a pixel bomb)
 * and decoding it would take gigabytes. One OCR engine is kept per reading thread and reused; it dies with the
 * thread when a reading runs over its time.
 */
import { fileURLToPath } from 'node:url'
import { createWorker, type Worker as OcrEngine } from 'tesseract.js'
import { joinCjkSpacing, refuseUnreadable, type SectionCollector, tidyText } from './file-reading.ts'

export interface ImageOptions {
  maxPixels: number
}

export interface ImageSize {
  width: number
  height: number
}

/** Width and height from a PNG, JPEG or BMP header; undefined when the header does not say. */
export function readImageSize(bytes: Uint8Array): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50) {
    return { width: view.getUint32(16), height: view.getUint32(20) }
  }
  if (bytes.length >= 26 && bytes[0] === 0x42 && bytes[1] === 0x4d) {
    return { width: Math.abs(view.getInt32(18, true)), height: Math.abs(view.getInt32(22, true)) }
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return undefined
      const marker = bytes[at + 1]!
      if (marker === 0xff) {
        at++
        continue
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        at += 2
        continue
      }
      // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) }
      }
      at += 2 + view.getUint16(at + 2)
    }
  }
  return undefined
}

let engine: Promise<OcrEngine> | null = null

function ocrEngine(): Promise<OcrEngine> {
  if (engine) return engine
  // tesseract.js reports a failure to load its language data only to `errorHandler` (its promise would never
  // settle): that failure ends the engine's promise here.
  let failStart: (error: Error) => void = () => undefined
  const startFailed = new Promise<never>((_, reject) => {
    failStart = reject
  })
  const started = createWorker(['eng', 'chi_tra'], 1 /* LSTM only */, {
    workerPath: fileURLToPath(new URL('./ocr-thread.ts', import.meta.url)),
    // Not a URL: the thread reads `<langPath>/<lang>.traineddata.gz` through our adapter, from the packages.
    langPath: 'packaged',
    cacheMethod: 'none',
    gzip: true,
    // Failures of a recognition reach its own promise too; without a handler tesseract.js would also throw them.
    errorHandler: (error: unknown) => failStart(new Error(String(error))),
  })
  engine = Promise.race([started, startFailed]).catch((error: unknown) => {
    engine = null
    void started.then((unused) => unused.terminate()).catch(() => undefined)
    throw error
  })
  return engine
}

export async function readImage(
  bytes: Uint8Array,
  collector: SectionCollector,
  options: ImageOptions,
): Promise<void> {
  const size = readImageSize(bytes)
  if (!size || size.width === 0 || size.height === 0) throw refuseUnreadable('image size unknown')
  if (size.width * size.height > options.maxPixels) {
    throw refuseUnreadable(`image of ${size.width}×${size.height} pixels (limit ${options.maxPixels})`)
  }
  const ocr = await ocrEngine()
  let result: Awaited<ReturnType<OcrEngine['recognize']>>
  try {
    result = await ocr.recognize(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  } catch (error) {
    // An image Leptonica cannot decode is refused cleanly and the engine stays usable. (An engine that died instead
    // would leave this reading hanging: the time limit then ends the whole thread, engine included.)
    throw refuseUnreadable(`OCR: ${error instanceof Error ? error.message : String(error)}`)
  }
  collector.add({
    place: { kind: 'image', number: 1, confidence: Math.round(result.data.confidence ?? 0) },
    text: tidyText(joinCjkSpacing(result.data.text ?? '')),
  })
}
