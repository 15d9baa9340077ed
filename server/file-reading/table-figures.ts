/**
 * Reading the figures in the tables of a reader's files, so an offline answer can list them or rank them ("what is my largest
 * position?"). A table is a block of rows (an empty row ends one); its header is the first row that is mostly
 * words; a column is numeric when most of its cells read as numbers; what a numeric column measures — market
 * value, weight, quantity, price — comes from its header, in English or Chinese. Rows that are totals are kept
 * apart. Numbers are read as people write them: 1,234.56, (1,234) for a negative, 12.5%, $ / NT$ / HK$ / ¥ / 元,
 * 萬 and 億, K / M / B, and full-width digits (１，２３４).
 */

export type FigureMeasure = 'value' | 'weight' | 'quantity' | 'price' | 'other'

export interface Figure {
  value: number
  /** `%`, or the currency written with it (`$`, `NT$`, `HKD`, `元`…). */
  unit?: string
}

export interface FigureColumn {
  index: number
  name: string
  measure: FigureMeasure
  unit?: string
}

export interface FigureRow {
  /** What the row is about: its identifier and name cells (`NVDA Nvidia`, `2330 台積電`). */
  label: string
  cells: string[]
  /** The numbers of the row's numeric columns, by column index (null where the cell is not a number). */
  values: (number | null)[]
}

export interface FigureTable<T> {
  /** The section or stored table the rows came from. */
  source: T
  header: string[]
  columns: FigureColumn[]
  rows: FigureRow[]
  /** Rows labelled total, subtotal, 合計… */
  totals: FigureRow[]
}

const currencies = [
  'US$',
  'HK$',
  'NT$',
  'S$',
  'A$',
  'C$',
  'USD',
  'HKD',
  'TWD',
  'NTD',
  'CNY',
  'RMB',
  'JPY',
  'KRW',
  'EUR',
  'GBP',
  '$',
  '¥',
  '€',
  '£',
  '₩',
  '新台幣',
  '新臺幣',
  '台幣',
  '臺幣',
  '港幣',
  '港元',
  '美元',
  '人民幣',
  '人民币',
  '日圓',
  '日元',
  '韓元',
  '元',
  '円',
  '원',
]
const currencyPrefix = new RegExp(`^(${currencies.map(escapeRegExp).join('|')})\\s*`, 'i')
const currencySuffix = new RegExp(`\\s*(${currencies.map(escapeRegExp).join('|')})$`, 'i')
const multipliers: Record<string, number> = {
  萬: 1e4,
  万: 1e4,
  億: 1e8,
  亿: 1e8,
  千: 1e3,
  k: 1e3,
  m: 1e6,
  mn: 1e6,
  b: 1e9,
  bn: 1e9,
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The number a cell shows, or null when it is not one. */
export function parseFigure(cell: string): Figure | null {
  let text = cell.normalize('NFKC').replace(/\s+/g, ' ').trim()
  if (!text || text.length > 40) return null
  let sign = 1
  const parenthesised = /^\((.*)\)$/.exec(text)
  if (parenthesised) {
    sign = -1
    text = parenthesised[1]!.trim()
  }
  let unit: string | undefined
  for (let pass = 0; pass < 2; pass++) {
    if (/^[-−–]/.test(text)) {
      sign = -sign
      text = text.slice(1).trim()
    }
    const prefix = currencyPrefix.exec(text)
    if (prefix) {
      unit ??= prefix[1]
      text = text.slice(prefix[0].length)
    }
  }
  if (text.endsWith('%')) {
    unit = '%'
    text = text.slice(0, -1).trim()
  }
  const suffix = currencySuffix.exec(text)
  if (suffix) {
    unit ??= suffix[1]
    text = text.slice(0, suffix.index).trim()
  }
  let scale = 1
  const multiplier = /(萬|万|億|亿|千|k|mn|m|bn|b)$/i.exec(text)
  if (multiplier && /\d/.test(text.slice(0, multiplier.index))) {
    scale = multipliers[multiplier[1]!.toLowerCase()] ?? 1
    text = text.slice(0, multiplier.index).trim()
  }
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^\.\d+$/.test(text)) return null
  const value = sign * Number(text.replace(/,/g, '')) * scale
  if (!Number.isFinite(value)) return null
  return unit ? { value, unit } : { value }
}

const measures: [FigureMeasure, RegExp][] = [
  ['weight', /weight|allocation|% of|percent|portion|比重|權重|权重|占比|佔比|比例|配置/i],
  [
    'value',
    /market\s*value|mkt\.?\s*val|value|amount|balance|worth|市值|金額|金额|價值|价值|現值|现值|總值|总值|餘額|余额/i,
  ],
  ['quantity', /quantity|qty|shares|units|holding|數量|数量|股數|股数|持股|張數|张数|持有/i],
  ['price', /price|cost|nav|close|價格|价格|股價|股价|成本|單價|单价|淨值|净值|收盤|收盘/i],
]
const identifierHeader = /ticker|symbol|code|isin|cusip|sedol|代號|代号|代碼|代码|股號|股号|證券|证券/i
const totalLabel = /^(grand\s+)?(sub)?totals?\b|^sum\b|^(合計|合计|總計|总计|小計|小计|總和|总和|共計|共计)/i

function measureOf(header: string): FigureMeasure {
  return measures.find(([, pattern]) => pattern.test(header))?.[0] ?? 'other'
}

/** Blocks of rows between empty rows. */
function blocksOf(rows: string[][]): string[][][] {
  const blocks: string[][][] = []
  let block: string[][] = []
  for (const row of rows) {
    if (row.every((cell) => !cell.trim())) {
      if (block.length > 0) blocks.push(block)
      block = []
    } else block.push(row)
  }
  if (block.length > 0) blocks.push(block)
  return blocks
}

function tableOf<T>(source: T, block: string[][]): FigureTable<T> | undefined {
  // The header is the first row (of the first three) whose filled cells are mostly words.
  const headerIndex = block.slice(0, 3).findIndex((row) => {
    const filled = row.filter((cell) => cell.trim())
    return (
      filled.length >= 2 && filled.filter((cell) => parseFigure(cell) === null).length > filled.length / 2
    )
  })
  if (headerIndex === -1) return undefined
  const header = block[headerIndex]!.map((cell) => cell.trim())
  const body = block.slice(headerIndex + 1)
  if (body.length === 0) return undefined
  const width = Math.max(header.length, ...body.map((row) => row.length))

  const columns: FigureColumn[] = []
  const labelColumns: number[] = []
  for (let index = 0; index < width; index++) {
    const name = header[index] ?? ''
    const cells = body.map((row) => row[index]?.trim() ?? '').filter(Boolean)
    const figures = cells.map(parseFigure)
    const numbers = figures.filter((figure): figure is Figure => figure !== null)
    const isIdentifier = identifierHeader.test(name)
    if (!isIdentifier && cells.length > 0 && numbers.length >= cells.length * 0.6) {
      const units = numbers.map((figure) => figure.unit).filter(Boolean)
      const column: FigureColumn = { index, name: name || `#${index + 1}`, measure: measureOf(name) }
      if (units[0]) column.unit = units[0]
      columns.push(column)
    } else if (cells.length > 0 && labelColumns.length < 2) labelColumns.push(index)
  }
  if (columns.length === 0) return undefined

  const rows: FigureRow[] = []
  const totals: FigureRow[] = []
  for (const cells of body) {
    const label = labelColumns
      .map((index) => cells[index]?.trim() ?? '')
      .filter(Boolean)
      .join(' ')
    const values: (number | null)[] = Array.from({ length: width }, () => null)
    for (const column of columns) values[column.index] = parseFigure(cells[column.index] ?? '')?.value ?? null
    const row = { label, cells, values }
    if (totalLabel.test(label) || (!label && cells.some((cell) => totalLabel.test(cell.trim()))))
      totals.push(row)
    else if (label || values.some((value) => value !== null)) rows.push(row)
  }
  return { source, header, columns, rows, totals }
}

/** The tables with numeric columns found in `tables` (sections, or stored tables with their rows). */
export function readFigureTables<T extends { rows?: string[][] | undefined }>(
  tables: readonly T[],
): FigureTable<T>[] {
  const found: FigureTable<T>[] = []
  for (const source of tables) {
    if (!source.rows || source.rows.length < 2) continue
    for (const block of blocksOf(source.rows)) {
      if (block.length < 2) continue
      const table = tableOf(source, block)
      if (table) found.push(table)
    }
  }
  return found
}

const measurePreference: FigureMeasure[] = ['value', 'weight', 'quantity', 'price', 'other']

/** The column a table is best ranked by: market value, else weight, else quantity, else price, else the first. */
export function mainColumnOf<T>(table: FigureTable<T>): { column: FigureColumn; preference: number } {
  for (const [preference, measure] of measurePreference.entries()) {
    const column = table.columns.find((each) => each.measure === measure)
    if (column) return { column, preference }
  }
  return { column: table.columns[0]!, preference: measurePreference.length }
}
