/**
 * Text files: which encoding they are in, and their text. UTF-8 (with or without a BOM) and UTF-16 with a BOM are
 * known for sure; otherwise chardet's frequency analysis decides between Big5 (Taiwan, Hong Kong) and GB18030
 * (mainland; a superset of GBK and GB2312), and a few other encodings it names; a short text it cannot place is
 * tried as Big5, then GB18030, before the Western default (windows-1252). Bytes that are not text — a NUL, too many
 * control characters, too many undecodable sequences — make it "not a text file".
 */
import chardet from 'chardet'
import iconv from 'iconv-lite'
import { rowsFromDelimitedLines, type SectionCollector, tidyText } from './file-reading.ts'

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

/**
 * The text of `bytes`, or null when they are not text. With `partial`, `bytes` are the start of a longer file and
 * may end inside a character.
 */
export function decodeTextBytes(bytes: Uint8Array, options: { partial?: boolean } = {}): DecodedText | null {
  const body = options.partial ? bytes.subarray(0, Math.max(0, bytes.length - 3)) : bytes
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return plausible({ text: decodeUtf8(bytes.subarray(3), options.partial) ?? '', encoding: 'utf-8' })
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    const encoding = bytes[0] === 0xff ? 'utf-16le' : 'utf-16be'
    const even = bytes.subarray(2, 2 + Math.floor((bytes.length - 2) / 2) * 2)
    return plausible({ text: new TextDecoder(encoding).decode(even), encoding })
  }
  if (body.includes(0)) return null
  const utf8 = decodeUtf8(bytes, options.partial)
  if (utf8 !== null) return plausible({ text: utf8, encoding: 'utf-8' })

  const sample = body.length > 256 * 1024 ? body.subarray(0, 256 * 1024) : body
  const candidates = chardet.analyse(sample)
  const top = candidates[0]
  const named = top ? namedEncodings.get(top.name) : undefined
  if (named && cjkEncodings.has(named) && top!.confidence >= 50) return plausible(decodeAs(body, named))
  for (const encoding of ['big5', 'gb18030']) {
    const decoded = decodeAs(body, encoding)
    if (looksLikeCjk(decoded.text)) return plausible(decoded)
  }
  return plausible(decodeAs(body, named ?? 'windows-1252'))
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

/** A text file as one section (its tab-, `|`- or space-aligned lines as rows), or false when it is not text. */
export function readTextFile(bytes: Uint8Array, collector: SectionCollector): boolean {
  const decoded = decodeTextBytes(bytes)
  if (!decoded) return false
  const raw = decoded.text.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n')
  // Rows first: tidying squeezes the runs of spaces that align columns.
  const rows = rowsFromDelimitedLines(raw)
  const text = tidyText(raw)
  const place = { kind: 'text' as const, number: 1 }
  collector.add(rows.length > 0 ? { place, text, rows } : { place, text })
  return true
}
