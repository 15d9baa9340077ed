/**
 * PowerPoint 97–2003 presentations (the `PowerPoint Document` stream of records). The current edit is found the
 * way PowerPoint finds it — `Current User` → the last UserEditAtom → its persist directory, following earlier
 * edits — so text replaced by a later save is not read. The slides come in the order of the document's slide
 * list; a slide's text is the placeholder text kept in that list plus the text boxes drawn on the slide itself.
 * A file whose persist directory cannot be followed is read by walking its slide records in stream order. An
 * encrypted presentation (CryptSession10Container, or an `EncryptedSummary` stream) is refused as such.
 */
import { refuseEncrypted, refuseUnreadable, type SectionCollector, tidyText } from './file-reading.ts'
import type { OleFile } from './read-ole.ts'

const type = {
  document: 0x03e8,
  slide: 0x03ee,
  slideListWithText: 0x0ff0,
  slidePersistAtom: 0x03f3,
  textChars: 0x0fa0,
  textBytes: 0x0fa8,
  userEdit: 0x0ff5,
  persistDirectory: 0x1772,
  cryptSession: 0x2f14,
  currentUser: 0x0ff6,
} as const

interface PptRecord {
  version: number
  instance: number
  type: number
  /** Offset of the record body. */
  body: number
  length: number
}

function recordAt(stream: Buffer, offset: number): PptRecord | undefined {
  if (offset < 0 || offset + 8 > stream.length) return undefined
  const versionInstance = stream.readUInt16LE(offset)
  const length = stream.readUInt32LE(offset + 4)
  if (offset + 8 + length > stream.length) return undefined
  return {
    version: versionInstance & 0x0f,
    instance: versionInstance >> 4,
    type: stream.readUInt16LE(offset + 2),
    body: offset + 8,
    length,
  }
}

function* childrenOf(stream: Buffer, container: PptRecord): Generator<PptRecord> {
  let at = container.body
  const end = container.body + container.length
  while (at + 8 <= end) {
    const child = recordAt(stream, at)
    if (!child || child.body + child.length > end) return
    yield child
    at = child.body + child.length
  }
}

/** Text atoms anywhere inside `container` (depth-limited: a hostile nesting ends the walk, not the process). */
function textsIn(stream: Buffer, container: PptRecord, found: string[], depth = 0): void {
  if (depth > 32) return
  for (const child of childrenOf(stream, container)) {
    if (child.type === type.cryptSession) throw refuseEncrypted('PowerPoint presentation is encrypted')
    const text = textOf(stream, child)
    if (text !== undefined) found.push(text)
    else if (child.version === 0x0f) textsIn(stream, child, found, depth + 1)
  }
}

function textOf(stream: Buffer, atom: PptRecord): string | undefined {
  const end = atom.body + atom.length
  let raw: string
  if (atom.type === type.textChars) raw = stream.toString('utf16le', atom.body, end - (atom.length % 2))
  else if (atom.type === type.textBytes) raw = stream.toString('latin1', atom.body, end)
  else return undefined
  // \r ends a paragraph, \v breaks a line inside one.
  return raw.replace(/[\r\v]/g, '\n')
}

interface SlideText {
  persistId: number
  texts: string[]
}

export function readPpt(ole: OleFile, collector: SectionCollector): void {
  if (ole.stream('EncryptedSummary')) throw refuseEncrypted('PowerPoint presentation is encrypted')
  const stream = ole.stream('PowerPoint Document')
  if (!stream) throw refuseUnreadable('no PowerPoint Document stream')
  const slides = slidesByPersistDirectory(stream, ole.stream('Current User')) ?? slidesInStreamOrder(stream)
  for (const [index, texts] of slides.entries()) {
    if (collector.full) {
      collector.markTruncated()
      break
    }
    collector.add({ place: { kind: 'slide', number: index + 1 }, text: tidyText(dedupe(texts).join('\n')) })
  }
}

function dedupe(texts: string[]): string[] {
  const seen = new Set<string>()
  return texts.filter((text) => {
    const key = text.trim()
    if (!key || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Each slide's texts, through the persist directory of the current edit; undefined when it cannot be followed. */
function slidesByPersistDirectory(stream: Buffer, currentUser: Buffer | undefined): string[][] | undefined {
  if (!currentUser || currentUser.length < 20) return undefined
  const header = recordAt(currentUser, 0)
  if (!header || header.type !== type.currentUser) return undefined
  let editOffset = currentUser.readUInt32LE(header.body + 8)
  const offsets = new Map<number, number>()
  let documentPersistId: number | undefined
  const visited = new Set<number>()
  // Newest edit first; an offset seen twice is a loop in a damaged file.
  while (editOffset > 0 && !visited.has(editOffset) && visited.size < 1000) {
    visited.add(editOffset)
    const edit = recordAt(stream, editOffset)
    if (!edit || edit.type !== type.userEdit || edit.length < 0x1c) return undefined
    if (edit.length >= 0x20 && stream.readUInt32LE(edit.body + 0x1c) !== 0) {
      throw refuseEncrypted('PowerPoint presentation is encrypted')
    }
    documentPersistId ??= stream.readUInt32LE(edit.body + 0x10)
    const directory = recordAt(stream, stream.readUInt32LE(edit.body + 0x0c))
    if (!directory || directory.type !== type.persistDirectory) return undefined
    let at = directory.body
    const end = directory.body + directory.length
    while (at + 4 <= end) {
      const entry = stream.readUInt32LE(at)
      const firstId = entry & 0xfffff
      const count = entry >>> 20
      at += 4
      for (let i = 0; i < count && at + 4 <= end; i++, at += 4) {
        if (!offsets.has(firstId + i)) offsets.set(firstId + i, stream.readUInt32LE(at))
      }
    }
    editOffset = stream.readUInt32LE(edit.body + 0x08)
  }
  if (documentPersistId === undefined) return undefined
  const document = recordAt(stream, offsets.get(documentPersistId) ?? -1)
  if (!document || document.type !== type.document) return undefined

  const slides: SlideText[] = []
  for (const child of childrenOf(stream, document)) {
    if (child.type === type.cryptSession) throw refuseEncrypted('PowerPoint presentation is encrypted')
    if (child.type !== type.slideListWithText || child.instance !== 0) continue
    for (const atom of childrenOf(stream, child)) {
      if (atom.type === type.slidePersistAtom && atom.length >= 4) {
        slides.push({ persistId: stream.readUInt32LE(atom.body), texts: [] })
        continue
      }
      const text = textOf(stream, atom)
      if (text !== undefined) slides.at(-1)?.texts.push(text)
    }
  }
  return slides.map((slide) => {
    const record = recordAt(stream, offsets.get(slide.persistId) ?? -1)
    if (record?.type === type.slide) textsIn(stream, record, slide.texts)
    return slide.texts
  })
}

/** Every slide record of the stream, in order, with the text drawn on it. */
function slidesInStreamOrder(stream: Buffer): string[][] {
  const slides: string[][] = []
  let at = 0
  while (at + 8 <= stream.length) {
    const record = recordAt(stream, at)
    if (!record) break
    if (record.type === type.cryptSession) throw refuseEncrypted('PowerPoint presentation is encrypted')
    if (record.type === type.slide) {
      const texts: string[] = []
      textsIn(stream, record, texts)
      slides.push(texts)
    }
    at = record.body + record.length
  }
  if (slides.length === 0) throw refuseUnreadable('no slides found')
  return slides
}
