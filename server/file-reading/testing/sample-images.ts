/**
 * Images with text in them, for OCR tests: lines of text drawn with a system font by resvg (PNG), and the same
 * pixels written as a 24-bit BMP and as a baseline greyscale JPEG by the small encoders below (no image package
 * is a dependency). Chinese needs a CJK font on the machine (Debian: fonts-noto-cjk, which scripts/ensure-chromium.sh
 * installs); `cjkFontFile()` says whether there is one. Also a "pixel bomb": a tiny PNG declaring a huge canvas.
 */
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { Resvg } from '@resvg/resvg-js'

const fontFolders = ['/usr/share/fonts', '/usr/local/share/fonts']

function findFontFiles(pattern: RegExp): string[] {
  const found: string[] = []
  const visit = (folder: string, depth: number) => {
    if (depth > 4 || !existsSync(folder)) return
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) visit(full, depth + 1)
      else if (pattern.test(entry.name)) found.push(full)
    }
  }
  for (const folder of fontFolders) visit(folder, 0)
  return found.sort()
}

/** A font file with Traditional Chinese glyphs, or undefined when the machine has none. */
export function cjkFontFile(): string | undefined {
  return findFontFiles(
    /^(NotoSansCJK-Regular\.ttc|NotoSansCJKtc-Regular\.otf|NotoSerifCJK-Regular\.ttc|wqy-(zenhei|microhei)\.ttc|uming\.ttc)$/i,
  )[0]
}

function latinFontFile(): string | undefined {
  return findFontFiles(/^(DejaVuSans\.ttf|LiberationSans-Regular\.ttf|NotoSans-Regular\.ttf)$/i)[0]
}

export interface Bitmap {
  width: number
  height: number
  /** One byte per pixel, 0 black – 255 white. */
  grey: Uint8Array
  png: Uint8Array
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** `lines` drawn black on white, 40 px type, one line per 64 px. */
export function renderTextLines(lines: string[], options: { cjk: boolean }): Bitmap {
  const fontFile = options.cjk ? cjkFontFile() : (latinFontFile() ?? cjkFontFile())
  if (!fontFile) {
    throw new Error(
      options.cjk
        ? 'no CJK font on this machine (apt-get install fonts-noto-cjk)'
        : 'no font on this machine',
    )
  }
  const width = 1100
  const height = 64 * lines.length + 48
  const family = options.cjk ? 'Noto Sans CJK TC' : 'DejaVu Sans'
  const text = lines
    .map((line, i) => `<text x="32" y="${64 + i * 64}" font-size="40" fill="#000">${escapeXml(line)}</text>`)
    .join('')
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`
  const rendered = new Resvg(svg, {
    font: { loadSystemFonts: false, fontFiles: [fontFile], defaultFontFamily: family },
    background: '#ffffff',
  }).render()
  const rgba = rendered.pixels
  const grey = new Uint8Array(rendered.width * rendered.height)
  for (let i = 0; i < grey.length; i++) {
    grey[i] = Math.round(0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!)
  }
  return { width: rendered.width, height: rendered.height, grey, png: new Uint8Array(rendered.asPng()) }
}

/** A 24-bit uncompressed BMP (BITMAPINFOHEADER, rows bottom-up, each padded to 4 bytes). */
export function encodeBmp({ width, height, grey }: Pick<Bitmap, 'width' | 'height' | 'grey'>): Uint8Array {
  const rowBytes = Math.ceil((width * 3) / 4) * 4
  const size = 54 + rowBytes * height
  const bytes = Buffer.alloc(size)
  bytes.write('BM', 0, 'latin1')
  bytes.writeUInt32LE(size, 2)
  bytes.writeUInt32LE(54, 10)
  bytes.writeUInt32LE(40, 14)
  bytes.writeInt32LE(width, 18)
  bytes.writeInt32LE(height, 22)
  bytes.writeUInt16LE(1, 26)
  bytes.writeUInt16LE(24, 28)
  bytes.writeUInt32LE(rowBytes * height, 34)
  bytes.writeInt32LE(2835, 38) // 72 dpi
  bytes.writeInt32LE(2835, 42)
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * rowBytes
    for (let x = 0; x < width; x++) {
      const value = grey[y * width + x]!
      bytes[row + x * 3] = value
      bytes[row + x * 3 + 1] = value
      bytes[row + x * 3 + 2] = value
    }
  }
  return new Uint8Array(bytes)
}

// ——— baseline JPEG (greyscale), ITU T.81 with the Annex K tables ————————————————————————————————————

const zigzag = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7,
  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46,
  53, 60, 61, 54, 47, 55, 62, 63,
]
const luminanceQuantisation = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22,
  29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103,
  121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
]
const dcBits = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
const dcValues = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
const acBits = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d]
const acValues = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71,
  0x14, 0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72,
  0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37,
  0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59,
  0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83,
  0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3,
  0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3,
  0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2,
  0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
]

function huffmanCodes(bits: number[], values: number[]): Map<number, { code: number; length: number }> {
  const codes = new Map<number, { code: number; length: number }>()
  let code = 0
  let k = 0
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < bits[length - 1]!; i++) codes.set(values[k++]!, { code: code++, length })
    code <<= 1
  }
  return codes
}

class BitWriter {
  readonly bytes: number[] = []
  private current = 0
  private count = 0

  write(value: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit--) {
      this.current = (this.current << 1) | ((value >> bit) & 1)
      if (++this.count === 8) this.flushByte()
    }
  }

  private flushByte(): void {
    this.bytes.push(this.current)
    if (this.current === 0xff) this.bytes.push(0x00) // byte stuffing
    this.current = 0
    this.count = 0
  }

  finish(): number[] {
    while (this.count !== 0) this.write(1, 1)
    return this.bytes
  }
}

const cosines = Array.from({ length: 8 }, (_, x) =>
  Array.from({ length: 8 }, (_, u) => Math.cos(((2 * x + 1) * u * Math.PI) / 16)),
)

/** A baseline JPEG of one greyscale component. */
export function encodeGreyJpeg(
  { width, height, grey }: Pick<Bitmap, 'width' | 'height' | 'grey'>,
  quality = 90,
): Uint8Array {
  const scale = quality < 50 ? 5000 / quality : 200 - quality * 2
  const table = luminanceQuantisation.map((q) =>
    Math.min(255, Math.max(1, Math.floor((q * scale + 50) / 100))),
  )
  const dc = huffmanCodes(dcBits, dcValues)
  const ac = huffmanCodes(acBits, acValues)
  const writer = new BitWriter()
  const category = (value: number) => (value === 0 ? 0 : Math.floor(Math.log2(Math.abs(value))) + 1)
  const writeValue = (value: number, size: number) =>
    writer.write(value < 0 ? value + (1 << size) - 1 : value, size)
  let previousDc = 0
  const block = new Float64Array(64)
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      for (let y = 0; y < 8; y++) {
        for (let x = 0; x < 8; x++) {
          const px = Math.min(width - 1, bx + x)
          const py = Math.min(height - 1, by + y)
          block[y * 8 + x] = grey[py * width + px]! - 128
        }
      }
      const coefficients: number[] = []
      for (let v = 0; v < 8; v++) {
        for (let u = 0; u < 8; u++) {
          let sum = 0
          for (let y = 0; y < 8; y++)
            for (let x = 0; x < 8; x++) sum += block[y * 8 + x]! * cosines[x]![u]! * cosines[y]![v]!
          const cu = u === 0 ? Math.SQRT1_2 : 1
          const cv = v === 0 ? Math.SQRT1_2 : 1
          coefficients[v * 8 + u] = Math.round((0.25 * cu * cv * sum) / table[v * 8 + u]!)
        }
      }
      const ordered = zigzag.map((index) => coefficients[index]!)
      const difference = ordered[0]! - previousDc
      previousDc = ordered[0]!
      const dcSize = category(difference)
      const dcCode = dc.get(dcSize)!
      writer.write(dcCode.code, dcCode.length)
      if (dcSize) writeValue(difference, dcSize)
      let run = 0
      for (let i = 1; i < 64; i++) {
        const value = ordered[i]!
        if (value === 0) {
          run++
          continue
        }
        while (run > 15) {
          const zeroRun = ac.get(0xf0)!
          writer.write(zeroRun.code, zeroRun.length)
          run -= 16
        }
        const size = category(value)
        const code = ac.get((run << 4) | size)!
        writer.write(code.code, code.length)
        writeValue(value, size)
        run = 0
      }
      if (run > 0) {
        const endOfBlock = ac.get(0x00)!
        writer.write(endOfBlock.code, endOfBlock.length)
      }
    }
  }
  const data = writer.finish()
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ]
  const bytes = [
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0x00, ...zigzag.map((index) => table[index]!)]),
    ...segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...segment(0xc4, [0x00, ...dcBits, ...dcValues, 0x10, ...acBits, ...acValues]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
  ]
  return new Uint8Array([...bytes, ...data, 0xff, 0xd9])
}

// ——— hostile images ——————————————————————————————————————————————————————————————————————————————————

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** A PNG of a few hundred bytes that declares `width` × `height` pixels (a decompression bomb for decoders). */
export function pixelBombPng(width = 100_000, height = 100_000): Uint8Array {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 0 // greyscale
  const rows = deflateSync(Buffer.alloc(1024), { level: 9 })
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', rows),
      pngChunk('IEND', new Uint8Array(0)),
    ]),
  )
}

/** A PNG whose header is sound and whose pixel data is not zlib at all (a damaged or truncated image). */
export function damagedPng(): Uint8Array {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(320, 0)
  header.writeUInt32BE(200, 4)
  header[8] = 8
  header[9] = 0
  const noise = Buffer.alloc(2048)
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 131 + 7) & 0xff
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', noise),
      pngChunk('IEND', new Uint8Array(0)),
    ]),
  )
}
