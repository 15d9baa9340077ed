/**
 * Text files: which encoding they are in, and their text. UTF-8 (with or without a BOM) and UTF-16 with a BOM are
 * known for sure; otherwise chardet's frequency analysis decides between Big5 (Taiwan, Hong Kong) and GB18030
 * (mainland; a superset of GBK and GB2312), and a few other encodings it names; a short text it cannot place is
 * tried as Big5, then GB18030, before the Western default (windows-1252). Bytes that are not text — a NUL, too many
 * control characters, too many undecodable sequences — make it "not a text file". A file is read as a stream: its
 * encoding told from its first 256 KB, its text kept to the reading's budget, never the whole file held (a 50 MB
 * file once took several copies of itself: over 500 MB).
 */
import { open } from 'node:fs/promises'
import chardet from 'chardet'
import iconv from 'iconv-lite'
import { createDelimitedRows, type SectionCollector } from './file-reading.ts'
import { readCsvRows } from './read-csv.ts'

export interface DecodedText {
  text: string
  encoding: string
}

/** Encodings taken when chardet names them (iconv-lite's names). */
const namedEncodings = new Map<string, string>([
  ['Big5', 'big5'],
  ['GB18030', 'gb18030'],
  ['Shift_JIS', 'shift_jis'],
  ['EUC-JP', 'euc-jp'],
  ['EUC-KR', 'euc-kr'],
  ['windows-1252', 'windows-1252'],
  ['ISO-8859-1', 'windows-1252'],
])
const cjkEncodings = new Set(['big5', 'gb18030', 'shift_jis', 'euc-jp', 'euc-kr'])
/** The start of a file the encoding is told from. */
const sampleBytes = 256 * 1024

/**
 * The encoding of a text that starts with `bytes`, or null when they are not text. With `partial`, `bytes` are the
 * start of a longer file and may end inside a character; with `notUtf8`, UTF-8 is known not to be it (a later part
 * of the file did not decode).
 */
export function detectEncoding(
  bytes: Uint8Array,
  options: { partial?: boolean; notUtf8?: boolean } = {},
): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8'
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le'
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be'
  const body = options.partial ? bytes.subarray(0, Math.max(0, bytes.length - 3)) : bytes
  if (body.includes(0)) return null
  if (!options.notUtf8 && decodeUtf8(bytes, options.partial) !== null) return 'utf-8'

  const sample = body.length > sampleBytes ? body.subarray(0, sampleBytes) : body
  const candidates = chardet.analyse(sample)
  const top = candidates[0]
  const named = top ? namedEncodings.get(top.name) : undefined
  if (named && cjkEncodings.has(named) && top!.confidence >= 50) return named
  for (const encoding of ['big5', 'gb18030']) {
    if (looksLikeCjk(decodeAs(sample, encoding).text)) return encoding
  }
  return named ?? 'windows-1252'
}

/**
 * The text of `bytes`, or null when they are not text. With `partial`, `bytes` are the start of a longer file and
 * may end inside a character.
 */
export function decodeTextBytes(bytes: Uint8Array, options: { partial?: boolean } = {}): DecodedText | null {
  const encoding = detectEncoding(bytes, options)
  if (encoding === null) return null
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    const even = bytes.subarray(2, 2 + Math.floor((bytes.length - 2) / 2) * 2)
    return plausible({ text: new TextDecoder(encoding).decode(even), encoding })
  }
  if (encoding === 'utf-8') {
    const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf
    return plausible({
      text: decodeUtf8(hasBom ? bytes.subarray(3) : bytes, options.partial) ?? '',
      encoding,
    })
  }
  const body = options.partial ? bytes.subarray(0, Math.max(0, bytes.length - 3)) : bytes
  return plausible(decodeAs(body, encoding))
}

function decodeUtf8(bytes: Uint8Array, partial = false): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial })
  } catch {
    return null
  }
}

function decodeAs(bytes: Uint8Array, encoding: string): DecodedText {
  return {
    text: iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding),
    encoding,
  }
}

/** Mostly Han characters, CJK punctuation and ASCII, with (almost) no undecodable sequence. */
function looksLikeCjk(text: string): boolean {
  let han = 0
  let other = 0
  for (const char of text) {
    if (/[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u.test(char)) han++
    else if (char === '\ufffd' || char.charCodeAt(0) > 0x7f) other++
  }
  return han > 0 && other <= Math.max(1, han / 50)
}

/** Text has few control characters and undecodable sequences; a binary file decoded by force has many. */
function plausible(decoded: DecodedText): DecodedText | null {
  const { text } = decoded
  if (text.length === 0) return decoded
  let bad = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 0xfffd || (code < 0x20 && code !== 9 && code !== 10 && code !== 13 && code !== 12)) bad++
  }
  return bad <= Math.max(2, text.length / 100) ? decoded : null
}

/** What a text file's reading keeps: its tidied text (to the budget) and the rows of its delimited lines. */
interface KeptText {
  text: string
  rows: string[][]
}

/**
 * Keeps the text written into it line by line, tidied as `tidyText` would tidy the whole (spaces squeezed, lines
 * trimmed at the end, blank lines made one, the whole trimmed), until a little more than `maxChars` characters are
 * kept; what comes after is only counted, to tell text from a binary file decoded by force. A line longer than the
 * budget is never held whole: its runs of spaces are squeezed as it comes, and it ends the kept text.
 */
function createTextKeeper(maxChars: number) {
  const lines: string[] = []
  const rows = createDelimitedRows()
  let keptChars = 0
  let isFull = false
  let hasStarted = false
  let hasBlankBefore = false
  let pending = ''
  let isPendingSqueezed = false
  let carriageReturn = false
  let decodedChars = 0
  let badChars = 0

  function keepLine(raw: string, squeezed: boolean) {
    // Rows first: tidying squeezes the runs of spaces that align columns. A squeezed line is not a row.
    rows.addLine(squeezed ? '' : raw)
    let line = raw.replace(/[^\S\n\t]+/g, ' ').replace(/[ \t]+$/, '')
    if (!hasStarted) {
      line = line.trimStart()
      if (!line) return
      hasStarted = true
    } else if (!line) {
      hasBlankBefore = true
      return
    }
    if (hasBlankBefore) {
      lines.push('')
      keptChars += 1
      hasBlankBefore = false
    }
    keptChars += line.length + (lines.length > 0 ? 1 : 0)
    lines.push(line)
    if (keptChars > maxChars) isFull = true
  }

  function count(text: string) {
    decodedChars += text.length
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i)
      if (code === 0xfffd || (code < 0x20 && code !== 9 && code !== 10 && code !== 13 && code !== 12))
        badChars++
    }
  }

  return {
    write(decoded: string) {
      count(decoded)
      if (isFull || decoded === '') return
      // \r\n and a lone \r end a line; a \r at the end of a piece waits to see whether \n follows.
      let text = carriageReturn ? `\r${decoded}` : decoded
      carriageReturn = text.endsWith('\r')
      if (carriageReturn) text = text.slice(0, -1)
      text = text.replace(/\r\n?/g, '\n')
      let from = 0
      for (let at = text.indexOf('\n'); at >= 0 && !isFull; at = text.indexOf('\n', from)) {
        keepLine(pending + text.slice(from, at), isPendingSqueezed)
        pending = ''
        isPendingSqueezed = false
        from = at + 1
      }
      if (isFull) return
      pending += text.slice(from)
      const room = maxChars - keptChars + 64 * 1024
      if (pending.length > room) {
        pending = pending.replace(/[^\S\n\t]+/g, ' ')
        isPendingSqueezed = true
        if (pending.length > room) {
          keepLine(pending, true)
          pending = ''
          isFull = true
        }
      }
    },
    /** Whether what was written reads as text: few control characters and undecodable sequences. */
    get isPlausible() {
      return badChars <= Math.max(2, decodedChars / 100)
    },
    finish(): KeptText {
      if (!isFull && (pending || carriageReturn)) keepLine(pending, isPendingSqueezed)
      pending = ''
      return { text: lines.join('\n'), rows: rows.finish() }
    },
  }
}

/** Decodes a file's bytes piece by piece: no piece ends inside a character. Throws on bad UTF-8 when `fatal`. */
function createDecoder(encoding: string): { write(bytes: Buffer): string; end(): string } {
  if (encoding === 'utf-8' || encoding === 'utf-16le' || encoding === 'utf-16be') {
    // UTF-8 was chosen from the file's start: a later byte that is not UTF-8 throws, and the file is read again in
    // the encoding its bytes from there tell.
    const decoder = new TextDecoder(encoding, { fatal: encoding === 'utf-8' })
    return {
      write: (bytes) => decoder.decode(bytes, { stream: true }),
      end: () => decoder.decode(),
    }
  }
  const decoder = iconv.getDecoder(encoding)
  return { write: (bytes) => decoder.write(bytes), end: () => decoder.end() ?? '' }
}

/**
 * Small blocks, read into one buffer: each decoded piece is a short-lived string the young generation frees at once.
 * Pieces past 128 KB would be V8 "large objects", kept until a full collection — tens of them at a time on a 50 MB
 * file, the peak this reading exists to avoid.
 */
const blockBytes = 32 * 1024

/** The file's bytes, block by block; each block is only valid until the next is asked for. */
async function* blocksOf(filePath: string): AsyncGenerator<Buffer> {
  const handle = await open(filePath, 'r')
  const block = Buffer.allocUnsafe(blockBytes)
  try {
    for (;;) {
      const { bytesRead } = await handle.read(block, 0, blockBytes, null)
      if (bytesRead === 0) return
      yield block.subarray(0, bytesRead)
    }
  } finally {
    await handle.close()
  }
}

class NotUtf8 extends Error {
  /** Where the block that did not decode starts: the bytes from there tell the file's real encoding. */
  readonly position: number

  constructor(position: number) {
    super('not UTF-8')
    this.position = position
  }
}

/** Reads the file through in `encoding`; null when it is not text. Throws NotUtf8 when UTF-8 turns out wrong. */
async function readAs(filePath: string, encoding: string, maxChars: number): Promise<KeptText | null> {
  const keeper = createTextKeeper(maxChars)
  const decoder = createDecoder(encoding)
  const isUtf16 = encoding.startsWith('utf-16')
  let isFirst = true
  let hasBom = false
  let position = 0
  for await (const block of blocksOf(filePath)) {
    if (isFirst) hasBom = encoding === 'utf-8' && block[0] === 0xef && block[1] === 0xbb && block[2] === 0xbf
    isFirst = false
    // A NUL byte is no character of a text in an 8-bit or multi-byte encoding.
    if (!isUtf16 && !hasBom && block.includes(0)) return null
    let decoded: string
    try {
      decoded = decoder.write(block)
    } catch {
      throw new NotUtf8(position)
    }
    position += block.length
    keeper.write(decoded)
  }
  try {
    keeper.write(decoder.end())
  } catch {
    throw new NotUtf8(Math.max(0, position - 4))
  }
  if (!keeper.isPlausible) return null
  const kept = keeper.finish()
  return { text: kept.text.replace(/^\ufeff/, ''), rows: kept.rows }
}

/** Up to `sampleBytes` bytes of the file from `position`, and whether they run to its end. */
async function readSample(filePath: string, position: number): Promise<{ bytes: Buffer; isWhole: boolean }> {
  const handle = await open(filePath, 'r')
  try {
    const bytes = Buffer.alloc(sampleBytes)
    const { bytesRead } = await handle.read(bytes, 0, sampleBytes, position)
    return { bytes: bytes.subarray(0, bytesRead), isWhole: bytesRead < sampleBytes }
  } finally {
    await handle.close()
  }
}

/**
 * A text file as one section (its tab-, `|`- or space-aligned lines as rows; a CSV's rows as CSV quotes them), or
 * false when it is not text. Read as
 * a stream, a block at a time: its encoding told from its first 256 KB, its text kept to about `maxChars`
 * characters (the collector cuts it there) and the rest only checked to be text, so a 50 MB file takes a few MB of
 * memory, not several copies of itself.
 */
export async function readTextFile(
  filePath: string,
  collector: SectionCollector,
  maxChars: number,
  options: { isCsv?: boolean } = {},
): Promise<boolean> {
  const start = await readSample(filePath, 0)
  const encoding = detectEncoding(start.bytes, { partial: !start.isWhole })
  if (encoding === null) return false
  let kept: KeptText | null
  try {
    kept = await readAs(filePath, encoding, maxChars)
  } catch (error) {
    if (!(error instanceof NotUtf8)) throw error
    // Its start was UTF-8 (plain ASCII, say) and a later part is not: that part tells the encoding.
    const rest = await readSample(filePath, error.position)
    const other = detectEncoding(rest.bytes, { partial: !rest.isWhole, notUtf8: true })
    kept = other === null ? null : await readAs(filePath, other, maxChars)
  }
  if (!kept) return false
  const place = { kind: 'text' as const, number: 1 }
  const rows = options.isCsv ? readCsvRows(kept.text) : kept.rows
  collector.add(rows.length > 0 ? { place, text: kept.text, rows } : { place, text: kept.text })
  return true
}
