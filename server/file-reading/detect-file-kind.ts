/**
 * What kind of file an upload is, from its first bytes (spec §4: jpg, png, bmp, txt, pdf, doc, docx, xls, xlsx,
 * ppt, pptx; and csv, issue 25), and the name it is kept under. The content decides, never the name or the browser's content type:
 * magic bytes for images and PDFs; for a zip, the Office parts it holds (a .docx has `word/…`); for an OLE
 * container, its streams (`WordDocument`, `Workbook`, `PowerPoint Document`, or `EncryptedPackage` when it is a
 * password-protected Office file); and text when there is no magic and the bytes decode as text (a CSV when its name says .csv). The name may
 * only confirm: an extension of another allowed kind is a mismatch (a renamed file), one of no allowed kind is
 * refused, and a name without extension lets the content decide. What the first bytes cannot settle (a zip whose
 * Office parts lie further in, an OLE directory at the end of a large file) is taken from the name here and
 * verified when the file is read (extract-text.ts). Executables and scripts are refused whatever they are named.
 */
import { inflateRawSync } from 'node:zlib'
import {
  ChatFileErrorCode,
  type ChatFileKind,
  chatFileExtensions,
  chatFileKinds,
  chatFileNameMaxLength,
} from '#contracts/chat-file-rules.ts'
import { decodeTextBytes } from './read-text-file.ts'

export type FileKindDecision = { kind: ChatFileKind } | { error: ChatFileErrorCode }

/** How many first bytes `detectFileKind` looks at; more are ignored. */
export const detectionHeadBytes = 64 * 1024

type OoxmlKind = 'docx' | 'xlsx' | 'pptx'
type OleKind = 'doc' | 'xls' | 'ppt'
const ooxmlKinds: readonly ChatFileKind[] = ['docx', 'xlsx', 'pptx']
const officeKinds: readonly ChatFileKind[] = ['doc', 'xls', 'ppt', 'docx', 'xlsx', 'pptx']

/** The kind the name's extension says: a kind, 'none' (no extension), or 'other' (an extension of no kind). */
export function kindOfName(fileName: string): ChatFileKind | 'none' | 'other' {
  const match = /\.([^.\s]{1,10})$/.exec(fileName.trim())
  const extension = match?.[1]?.toLowerCase()
  // "Report v1.2" has no extension: a dot followed by digits only is part of the name.
  if (!extension || !/[a-z]/.test(extension)) return 'none'
  return chatFileKinds.find((kind) => chatFileExtensions[kind].includes(extension)) ?? 'other'
}

type Content =
  | { is: 'refused' }
  | { is: 'image' | 'pdf'; kind: ChatFileKind }
  | { is: 'zip'; office: OoxmlKind | 'plain' | 'unknown' }
  | { is: 'ole'; office: OleKind | 'encrypted' | 'other' | 'unknown' }
  | { is: 'text' }
  | { is: 'binary' }

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte)

const executableSignatures: readonly (readonly number[])[] = [
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xfe, 0xed, 0xfa, 0xce], // Mach-O
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal, Java class
  [0x00, 0x61, 0x73, 0x6d], // WebAssembly
  [0x23, 0x21], // #! a script
  [0x64, 0x65, 0x78, 0x0a], // dex\n: Android
]

const oleSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const

function sniff(head: Uint8Array): Content {
  if (executableSignatures.some((signature) => startsWith(head, signature))) return { is: 'refused' }
  // MZ: Windows and DOS executables and DLLs (a DOS header has NULs; a text that starts "MZ…" has none).
  if (startsWith(head, [0x4d, 0x5a]) && head.subarray(0, 64).includes(0)) return { is: 'refused' }
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { is: 'image', kind: 'png' }
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { is: 'image', kind: 'jpg' }
  if (startsWith(head, [0x42, 0x4d]) && head.length >= 18) {
    // "BM" could start a text; a real bitmap has a known DIB header size at 14.
    const dibHeader = head[14]! | (head[15]! << 8) | (head[16]! << 16) | (head[17]! << 24)
    if ([12, 16, 40, 52, 56, 64, 108, 124].includes(dibHeader)) return { is: 'image', kind: 'bmp' }
  }
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { is: 'pdf', kind: 'pdf' }
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return { is: 'zip', office: officeKindOfZipHead(head) }
  if (startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return { is: 'zip', office: 'plain' } // an empty zip
  if (startsWith(head, oleSignature)) return { is: 'ole', office: officeKindOfOleHead(head) }
  return decodeTextBytes(head, { partial: head.length >= detectionHeadBytes })
    ? { is: 'text' }
    : { is: 'binary' }
}

/** Decides the kind of a file from its first bytes (up to `detectionHeadBytes`) and the name it came with. */
export function detectFileKind(head: Uint8Array, fileName: string): FileKindDecision {
  if (head.length === 0) return { error: ChatFileErrorCode.empty }
  const bytes = head.length > detectionHeadBytes ? head.subarray(0, detectionHeadBytes) : head
  const named = kindOfName(fileName)
  if (named === 'other') return { error: ChatFileErrorCode.typeNotAllowed }
  const content = sniff(bytes)
  const decide = (kind: ChatFileKind): FileKindDecision =>
    named === 'none' || named === kind ? { kind } : { error: ChatFileErrorCode.typeMismatch }

  switch (content.is) {
    case 'refused':
    case 'binary':
      return { error: ChatFileErrorCode.typeNotAllowed }
    case 'image':
    case 'pdf':
      return decide(content.kind)
    case 'text':
      // Text named .csv is a CSV (read as a table); text of any other allowed name is a text file.
      return named === 'csv' ? { kind: 'csv' } : decide('txt')
    case 'zip':
      if (content.office === 'plain') return { error: ChatFileErrorCode.typeNotAllowed }
      if (content.office !== 'unknown') return decide(content.office)
      // The Office parts lie past the first bytes: the name says which, reading verifies it.
      if (named === 'none') return { error: ChatFileErrorCode.typeNotAllowed }
      return ooxmlKinds.includes(named) ? { kind: named } : { error: ChatFileErrorCode.typeMismatch }
    case 'ole':
      if (content.office === 'other') return { error: ChatFileErrorCode.typeNotAllowed }
      if (content.office === 'encrypted') {
        return named === 'none' || officeKinds.includes(named)
          ? { error: ChatFileErrorCode.encrypted }
          : { error: ChatFileErrorCode.typeMismatch }
      }
      if (content.office !== 'unknown') return decide(content.office)
      if (named === 'none') return { error: ChatFileErrorCode.typeNotAllowed }
      // An .docx that is an OLE container is an encrypted one: reading tells (CHAT_FILE_ENCRYPTED).
      return officeKinds.includes(named) ? { kind: named } : { error: ChatFileErrorCode.typeMismatch }
  }
}

// ——— zip ————————————————————————————————————————————————————————————————————————————————————————————

const officeContentTypes: readonly [RegExp, OoxmlKind][] = [
  [/wordprocessingml\.(document|template)\.main|ms-word\.(document|template)\.macroEnabled/i, 'docx'],
  [/spreadsheetml\.(sheet|template)\.main|ms-excel\.(sheet|template)\.macroEnabled/i, 'xlsx'],
  [
    /presentationml\.(presentation|template|slideshow)\.main|ms-powerpoint\.(presentation|template|slideshow)\.macroEnabled/i,
    'pptx',
  ],
]

/**
 * Which Office file a zip is, from the local headers in its first bytes: the main part's content type in
 * `[Content_Types].xml` when that is whole in the head, else the folder of its parts (`word/`, `xl/`, `ppt/`).
 * 'plain' when every entry was seen and none is an Office part; 'unknown' when the head ends first.
 */
function officeKindOfZipHead(head: Uint8Array): OoxmlKind | 'plain' | 'unknown' {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
  let at = 0
  let byFolder: OoxmlKind | undefined
  for (let entries = 0; entries < 10_000; entries++) {
    if (at + 4 > head.length) break
    const signature = view.getUint32(at, true)
    if (signature === 0x02014b50 || signature === 0x06054b50) return byFolder ?? 'plain'
    if (signature !== 0x04034b50 || at + 30 > head.length) break
    const flags = view.getUint16(at + 6, true)
    const method = view.getUint16(at + 8, true)
    const compressedSize = view.getUint32(at + 18, true)
    const nameLength = view.getUint16(at + 26, true)
    const extraLength = view.getUint16(at + 28, true)
    const dataStart = at + 30 + nameLength + extraLength
    if (dataStart > head.length) break
    const name = new TextDecoder().decode(head.subarray(at + 30, at + 30 + nameLength))
    const sizeKnown = !(flags & 0x08) || compressedSize > 0
    if (name === '[Content_Types].xml' && sizeKnown && dataStart + compressedSize <= head.length) {
      const types = inflateEntry(head.subarray(dataStart, dataStart + compressedSize), method)
      const found = types && officeContentTypes.find(([pattern]) => pattern.test(types))
      if (found) return found[1]
    }
    const folder = name.split('/')[0]?.toLowerCase()
    byFolder ??= folder === 'word' ? 'docx' : folder === 'xl' ? 'xlsx' : folder === 'ppt' ? 'pptx' : undefined
    // A size only given after the data (a streamed zip), or ZIP64: the next header cannot be found from here.
    if (!sizeKnown || compressedSize === 0xffffffff) break
    at = dataStart + compressedSize
  }
  return byFolder ?? 'unknown'
}

function inflateEntry(data: Uint8Array, method: number): string | undefined {
  try {
    const bytes =
      method === 0 ? data : method === 8 ? inflateRawSync(data, { maxOutputLength: 1024 * 1024 }) : null
    return bytes ? new TextDecoder().decode(bytes) : undefined
  } catch {
    return undefined
  }
}

// ——— OLE ————————————————————————————————————————————————————————————————————————————————————————————

const endOfChain = 0xfffffffe

/**
 * Which Office file an OLE container is, from the top-level streams of its directory when the directory (and the
 * FAT sectors chaining it) lie within the head. 'other' when the whole directory was read and holds no Office
 * stream (an .msi installer, say); 'unknown' when the head does not reach it.
 */
function officeKindOfOleHead(head: Uint8Array): OleKind | 'encrypted' | 'other' | 'unknown' {
  if (head.length < 512) return 'unknown'
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength)
  const shift = view.getUint16(0x1e, true)
  if (shift !== 9 && shift !== 12) return 'unknown'
  const sectorSize = 1 << shift
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize
  const fatSectors: number[] = []
  for (let i = 0; i < 109; i++) fatSectors.push(view.getUint32(0x4c + i * 4, true))
  const perFatSector = sectorSize / 4
  const nextSector = (sector: number): number | undefined => {
    const fatSector = fatSectors[Math.floor(sector / perFatSector)]
    if (fatSector === undefined || fatSector >= 0xfffffffa) return undefined
    const at = sectorOffset(fatSector) + (sector % perFatSector) * 4
    return at + 4 <= head.length ? view.getUint32(at, true) : undefined
  }

  const entries: { name: string; type: number; left: number; right: number; child: number }[] = []
  let complete = false
  const seen = new Set<number>()
  for (let sector = view.getUint32(0x30, true); seen.size < 4096; ) {
    if (sector === endOfChain) {
      complete = true
      break
    }
    if (seen.has(sector) || sectorOffset(sector) + sectorSize > head.length) break
    seen.add(sector)
    for (let at = sectorOffset(sector); at < sectorOffset(sector) + sectorSize; at += 128) {
      const nameBytes = Math.min(view.getUint16(at + 64, true), 64)
      entries.push({
        name: new TextDecoder('utf-16le').decode(head.subarray(at, at + Math.max(0, nameBytes - 2))),
        type: head[at + 66]!,
        left: view.getUint32(at + 68, true),
        right: view.getUint32(at + 72, true),
        child: view.getUint32(at + 76, true),
      })
    }
    const next = nextSector(sector)
    if (next === undefined) break
    sector = next
  }

  // The root's children form a tree of siblings; walk it for the top-level stream names.
  const names = new Set<string>()
  const stack = [entries[0]?.child ?? 0xffffffff]
  let missing = false
  while (stack.length > 0 && names.size < 10_000) {
    const id = stack.pop()!
    if (id === 0xffffffff) continue
    const entry = entries[id]
    if (!entry) {
      missing = true
      continue
    }
    if (entry.type === 2 || entry.type === 1) names.add(entry.name.toLowerCase())
    if (names.size + stack.length > entries.length) break // a cycle in a damaged tree
    stack.push(entry.left, entry.right)
  }
  if (names.has('encryptedpackage')) return 'encrypted'
  if (names.has('worddocument')) return 'doc'
  if (names.has('workbook') || names.has('book')) return 'xls'
  if (names.has('powerpoint document')) return 'ppt'
  return complete && !missing && entries.length > 0 ? 'other' : 'unknown'
}

// ——— names ——————————————————————————————————————————————————————————————————————————————————————————

const fallbackName = 'file'

/**
 * The name a file is kept and shown under: the last part of what the browser sent (no folders, no drive), without
 * control, format (bidi overrides that make `exe.pdf` read as `fdp.exe`) or line-separator characters, on one line,
 * cut to `chatFileNameMaxLength` characters keeping the extension. Never empty.
 */
export function cleanFileName(raw: string): string {
  const lastPart = raw.split(/[\\/]/).at(-1) ?? ''
  const cleaned = lastPart
    .normalize('NFC')
    .replace(/[\t\n\v\f\r\u0085\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+$/, '')
  const name = cleaned || fallbackName
  if (name.length <= chatFileNameMaxLength) return name
  const extension = /\.[^.\s]{1,10}$/.exec(name)?.[0] ?? ''
  const stemSource = name.slice(0, name.length - extension.length)
  let stem = ''
  // Cut between characters as a reader sees them, never inside an emoji or a surrogate pair.
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(stemSource)) {
    if (stem.length + segment.length + extension.length > chatFileNameMaxLength) break
    stem += segment
  }
  return `${stem.trimEnd()}${extension}`
}
