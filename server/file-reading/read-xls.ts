/**
 * Excel 97–2003 workbooks (BIFF8, the `Workbook` stream): sheet names, the shared strings and the cells' shown
 * values — text, numbers (with percentage and date styles), booleans and the values saved with formulas (never
 * evaluated). A workbook with a FILEPASS record is encrypted. Excel 5/95 workbooks (the `Book` stream, BIFF5) are
 * not read. Records are walked within the stream's bounds, so a damaged length ends the walk instead of looping.
 */
import {
  type NumberStyle,
  numberStyleOf,
  refuseEncrypted,
  refuseUnreadable,
  type SectionCollector,
  showNumber,
} from './file-reading.ts'
import type { OleFile, OleOptions } from './read-ole.ts'

const record = {
  bof: 0x0809,
  eof: 0x000a,
  filePass: 0x002f,
  boundSheet: 0x0085,
  sst: 0x00fc,
  continue: 0x003c,
  dateMode: 0x0022,
  format: 0x041e,
  xf: 0x00e0,
  labelSst: 0x00fd,
  label: 0x0204,
  number: 0x0203,
  rk: 0x027e,
  mulRk: 0x00bd,
  boolErr: 0x0205,
  formula: 0x0006,
  string: 0x0207,
} as const

interface XlsRecord {
  type: number
  data: Buffer
  /** Offset of the record's header in the stream. */
  offset: number
}

function* recordsFrom(stream: Buffer, start: number): Generator<XlsRecord> {
  let at = start
  while (at + 4 <= stream.length) {
    const type = stream.readUInt16LE(at)
    const size = stream.readUInt16LE(at + 2)
    if (at + 4 + size > stream.length) return
    yield { type, data: stream.subarray(at + 4, at + 4 + size), offset: at }
    at += 4 + size
  }
}

interface Globals {
  sheets: { name: string; offset: number; kind: number }[]
  strings: string[]
  styles: NumberStyle[]
  date1904: boolean
}

export function readXls(ole: OleFile, collector: SectionCollector, options: OleOptions): void {
  const stream = ole.stream('Workbook')
  if (!stream) throw refuseUnreadable('Excel 5/95 workbook (BIFF5) is not read')
  const globals = readGlobals(stream)
  for (const [index, sheet] of globals.sheets.entries()) {
    if (collector.full) {
      collector.markTruncated()
      break
    }
    if (sheet.kind !== 0) continue // charts, macro sheets
    const { rows, cut } = readSheet(stream, sheet.offset, globals, options.maxSheetRows)
    if (cut) collector.markTruncated()
    collector.add({
      place: { kind: 'sheet', number: index + 1, name: sheet.name },
      text: rows.map((row) => row.join('\t')).join('\n'),
      rows,
    })
  }
}

function readGlobals(stream: Buffer): Globals {
  const globals: Globals = { sheets: [], strings: [], styles: [], date1904: false }
  const formats = new Map<number, string>()
  const records = recordsFrom(stream, 0)
  const first = records.next()
  if (first.done || first.value.type !== record.bof || first.value.data.readUInt16LE(0) !== 0x0600) {
    throw refuseUnreadable('not a BIFF8 workbook')
  }
  const sst: Buffer[] = []
  let inSst = false
  for (const { type, data } of records) {
    if (type === record.eof) break
    if (type === record.continue && inSst) {
      sst.push(data)
      continue
    }
    inSst = false
    switch (type) {
      case record.filePass:
        throw refuseEncrypted('Excel workbook is encrypted (FILEPASS)')
      case record.boundSheet:
        globals.sheets.push({
          offset: data.readUInt32LE(0),
          kind: data.readUInt8(5),
          name: readShortString(data, 6),
        })
        break
      case record.sst:
        sst.push(data)
        inSst = true
        break
      case record.dateMode:
        globals.date1904 = data.readUInt16LE(0) === 1
        break
      case record.format:
        formats.set(data.readUInt16LE(0), readLongString(data, 2).text)
        break
      case record.xf: {
        const id = data.readUInt16LE(2)
        globals.styles.push(numberStyleOf(id, formats.get(id)))
        break
      }
    }
  }
  if (sst.length > 0) globals.strings = readSharedStrings(sst)
  return globals
}

/** ShortXLUnicodeString: 8-bit count, flags, characters (BOUNDSHEET names). */
function readShortString(data: Buffer, at: number): string {
  const count = data.readUInt8(at)
  const wide = data.readUInt8(at + 1) & 1
  const start = at + 2
  return wide
    ? data.toString('utf16le', start, Math.min(data.length, start + count * 2))
    : data.toString('latin1', start, Math.min(data.length, start + count))
}

/** XLUnicodeString: 16-bit count, flags, characters (LABEL, FORMAT, STRING). */
function readLongString(data: Buffer, at: number): { text: string; end: number } {
  const count = data.readUInt16LE(at)
  const wide = data.readUInt8(at + 2) & 1
  const start = at + 3
  const end = Math.min(data.length, start + count * (wide ? 2 : 1))
  return { text: wide ? data.toString('utf16le', start, end) : data.toString('latin1', start, end), end }
}

/**
 * The shared string table, which runs on in CONTINUE records: a string's characters may break across records,
 * and each piece after a break starts with its own flags byte (8-bit or 16-bit characters).
 */
function readSharedStrings(parts: Buffer[]): string[] {
  let part = 0
  let at = 0
  // A string's header never breaks across records: at the end of one, the next begins.
  const ensure = (bytes: number) => {
    if (part < parts.length && at >= parts[part]!.length) {
      part++
      at = 0
    }
    if (part >= parts.length || at + bytes > parts[part]!.length) throw new RangeError('SST ends early')
  }
  const u8 = () => {
    ensure(1)
    return parts[part]!.readUInt8(at++)
  }
  const u16 = () => {
    ensure(2)
    const value = parts[part]!.readUInt16LE(at)
    at += 2
    return value
  }
  const u32 = () => {
    ensure(4)
    const value = parts[part]!.readUInt32LE(at)
    at += 4
    return value
  }
  const skip = (bytes: number) => {
    let left = bytes
    while (left > 0 && part < parts.length) {
      const room = parts[part]!.length - at
      if (left < room) {
        at += left
        return
      }
      left -= room
      part++
      at = 0
    }
  }

  const total = u32()
  const unique = u32()
  const strings: string[] = []
  try {
    for (let i = 0; i < unique && i < total + 1 && strings.length < 1_000_000; i++) {
      const count = u16()
      const flags = u8()
      let wide = flags & 1
      const runs = flags & 0x08 ? u16() : 0
      const extended = flags & 0x04 ? u32() : 0
      let text = ''
      let left = count
      while (left > 0) {
        if (at >= parts[part]!.length) {
          part++
          at = 0
          if (part >= parts.length) break
          wide = u8() & 1
        }
        const room = parts[part]!.length - at
        const take = Math.min(left, Math.floor(room / (wide ? 2 : 1)))
        if (take === 0) throw new RangeError('SST string cut')
        const end = at + take * (wide ? 2 : 1)
        text += wide ? parts[part]!.toString('utf16le', at, end) : parts[part]!.toString('latin1', at, end)
        at = end
        left -= take
      }
      skip(runs * 4 + extended)
      strings.push(text)
    }
  } catch (error) {
    if (!(error instanceof RangeError)) throw error
    // A table that ends early keeps the strings read so far.
  }
  return strings
}

const maxColumns = 500

function readSheet(
  stream: Buffer,
  offset: number,
  globals: Globals,
  maxRows: number,
): { rows: string[][]; cut: boolean } {
  const grid = new Map<number, string[]>()
  let cut = false
  const set = (row: number, column: number, value: string) => {
    if (column >= maxColumns || value === '') return
    let cells = grid.get(row)
    if (!cells) {
      if (grid.size >= maxRows) {
        cut = true
        return
      }
      cells = []
      grid.set(row, cells)
    }
    while (cells.length < column) cells.push('')
    cells[column] = value
  }
  const show = (value: number, xf: number) => showNumber(value, globals.styles[xf], globals.date1904)
  const records = recordsFrom(stream, offset)
  const first = records.next()
  if (first.done || first.value.type !== record.bof) return { rows: [], cut }
  let formulaCell: { row: number; column: number } | null = null
  for (const { type, data } of records) {
    if (type === record.eof) break
    if (data.length < 6 && type !== record.string) continue
    switch (type) {
      case record.labelSst:
        set(data.readUInt16LE(0), data.readUInt16LE(2), globals.strings[data.readUInt32LE(6)] ?? '')
        break
      case record.label:
        set(data.readUInt16LE(0), data.readUInt16LE(2), readLongString(data, 6).text)
        break
      case record.number:
        set(data.readUInt16LE(0), data.readUInt16LE(2), show(data.readDoubleLE(6), data.readUInt16LE(4)))
        break
      case record.rk:
        set(
          data.readUInt16LE(0),
          data.readUInt16LE(2),
          show(decodeRk(data.readUInt32LE(6)), data.readUInt16LE(4)),
        )
        break
      case record.mulRk: {
        const row = data.readUInt16LE(0)
        const firstColumn = data.readUInt16LE(2)
        const count = Math.floor((data.length - 6) / 6)
        for (let i = 0; i < count; i++) {
          const at = 4 + i * 6
          set(row, firstColumn + i, show(decodeRk(data.readUInt32LE(at + 2)), data.readUInt16LE(at)))
        }
        break
      }
      case record.boolErr:
        if (data.readUInt8(7) === 0)
          set(data.readUInt16LE(0), data.readUInt16LE(2), data.readUInt8(6) ? 'TRUE' : 'FALSE')
        break
      case record.formula: {
        const row = data.readUInt16LE(0)
        const column = data.readUInt16LE(2)
        if (data.length < 14) break
        if (data.readUInt16LE(12) !== 0xffff) {
          set(row, column, show(data.readDoubleLE(6), data.readUInt16LE(4)))
        } else if (data.readUInt8(6) === 0) {
          formulaCell = { row, column } // its text follows in a STRING record
        } else if (data.readUInt8(6) === 1) {
          set(row, column, data.readUInt8(8) ? 'TRUE' : 'FALSE')
        }
        break
      }
      case record.string:
        if (formulaCell && data.length >= 3)
          set(formulaCell.row, formulaCell.column, readLongString(data, 0).text)
        formulaCell = null
        break
    }
  }
  const rows: string[][] = []
  let previous = -1
  for (const number of [...grid.keys()].sort((a, b) => a - b)) {
    const cells = grid.get(number)!
    while (cells.length > 0 && cells.at(-1) === '') cells.pop()
    if (cells.length === 0) continue
    if (previous >= 0 && number - previous > 1) rows.push([])
    rows.push(cells)
    previous = number
  }
  return { rows, cut }
}

/** An RK number: 30 bits of either an integer or the top of a double, perhaps to be divided by 100. */
function decodeRk(rk: number): number {
  let value: number
  if (rk & 0x02) value = rk >> 2
  else {
    const bytes = Buffer.alloc(8)
    bytes.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4)
    value = bytes.readDoubleLE(0)
  }
  return rk & 0x01 ? value / 100 : value
}
