/**
 * Reading a broker's export into transactions (issue 25), before any stock is looked up: the CSV read as the
 * market-data importer reads it (csv-parse, ADR 0020, each record with the line it starts on), the header's columns
 * mapped to what they mean (guessed from the names, or as the reader chose), and each row's cells checked. A row
 * that cannot be read is a rejection with its line and a stable code; the service translates it and looks up the
 * stocks (portfolio-import.ts). docs/portfolio.md names the layouts recognised here.
 *
 * Recognised layouts, by their header:
 * - generic: `Date,Symbol,Action,Quantity,Price,Currency` (+ `Fee`, `Market`, `Amount`), English or Chinese names;
 * - Interactive Brokers trades (Activity statement / Flex query): `Symbol, Date/Time, Quantity, T. Price,
 *   Comm/Fee, Currency` (+ `Buy/Sell`); a negative quantity is a sell;
 * - Futu / moomoo order history: `Side, Symbol, Fill Qty, Fill Price, Fill Time, Currency, Market` (or the Chinese
 *   `方向, 代碼, 成交數量, 成交價格, 成交時間, 幣種, 市場`); `HK.00700`-style symbols carry their market.
 */
import type { ImportField, ImportLayout, ImportMapping, TransactionKind } from '#contracts/portfolio-rules.ts'
import {
  importFields,
  PortfolioErrorCode,
  portfolioLimits,
  requiredImportFields,
} from '#contracts/portfolio-rules.ts'
import { type Market, markets } from '#contracts/regions.ts'
import { AppError } from '#server/http/app-error.ts'
import { readCsvText } from '#server/providers/market-data/csv/csv-records.ts'

/** A header name or a word as compared: `Date/Time`, `date_time` and `DATE TIME` are all `datetime`. */
export function columnKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
}

/** Header names each field is recognised by (as `columnKey` writes them), best first. */
const synonyms: Record<ImportField, readonly string[]> = {
  date: [
    'date',
    'tradedate',
    'datetime',
    'filltime',
    'transactiondate',
    'time',
    'ordertime',
    '日期',
    '交易日期',
    '成交時間',
    '成交时间',
  ],
  stock: [
    'symbol',
    'ticker',
    'code',
    'stock',
    'stockcode',
    'underlyingsymbol',
    '代碼',
    '代码',
    '股票代碼',
    '股票代码',
    '股票',
  ],
  market: ['market', 'markets', '市場', '市场'],
  action: [
    'action',
    'buysell',
    'side',
    'direction',
    'type',
    'transactiontype',
    '方向',
    '交易方向',
    '買賣',
    '买卖',
    '類型',
    '类型',
  ],
  quantity: [
    'quantity',
    'qty',
    'fillqty',
    'filledqty',
    'shares',
    'units',
    '數量',
    '数量',
    '成交數量',
    '成交数量',
    '股數',
  ],
  price: [
    'price',
    'tprice',
    'tradeprice',
    'fillprice',
    'filledprice',
    'avgprice',
    'unitprice',
    '價格',
    '价格',
    '成交價格',
    '成交价格',
    '成交價',
    '成交均價',
  ],
  currency: ['currency', 'ccy', '幣種', '币种', '貨幣', '货币', '幣別'],
  fee: [
    'fee',
    'fees',
    'commfee',
    'ibcommission',
    'commission',
    'totalfee',
    '手續費',
    '手续费',
    '合計費用',
    '合计费用',
  ],
  amount: ['amount', 'dividend', 'dividendamount', '金額', '金额'],
}

/** What tells each broker's layout apart (any one of the keys). */
function layoutOf(keys: readonly string[]): ImportLayout {
  const has = (...names: string[]) => names.some((name) => keys.includes(name))
  if (has('tprice', 'commfee', 'ibcommission') || (has('datetime') && has('symbol')))
    return 'interactive-brokers'
  if (has('fillqty', 'filledqty', 'fillprice', '方向', '成交數量', '成交数量')) return 'futu'
  return 'unknown'
}

export function emptyMapping(): ImportMapping {
  return Object.fromEntries(importFields.map((field) => [field, null])) as ImportMapping
}

/** The columns each field most likely is, from the header's names. */
export function guessMapping(header: readonly string[]): { layout: ImportLayout; mapping: ImportMapping } {
  const keys = header.map(columnKey)
  const mapping = emptyMapping()
  const taken = new Set<number>()
  for (const field of importFields) {
    for (const name of synonyms[field]) {
      const index = keys.findIndex((key, i) => key === name && !taken.has(i))
      if (index >= 0) {
        mapping[field] = index
        taken.add(index)
        break
      }
    }
  }
  const complete = requiredImportFields.every((field) => mapping[field] !== null)
  const layout = layoutOf(keys)
  return { layout: layout === 'unknown' && complete ? 'generic' : layout, mapping }
}

export interface CsvRow {
  line: number
  kind: TransactionKind
  stockText: string
  market: Market | null
  tradeDate: string
  quantity: number
  price: number
  fee: number
  amount: number
  currency: string | null
}

export interface CsvRowRejection {
  line: number
  code: string
}

const actionWords: Record<string, TransactionKind> = {
  buy: 'buy',
  bought: 'buy',
  b: 'buy',
  bot: 'buy',
  purchase: 'buy',
  買入: 'buy',
  买入: 'buy',
  買: 'buy',
  买: 'buy',
  sell: 'sell',
  sold: 'sell',
  s: 'sell',
  sld: 'sell',
  sale: 'sell',
  賣出: 'sell',
  卖出: 'sell',
  賣: 'sell',
  卖: 'sell',
  dividend: 'dividend',
  div: 'dividend',
  cashdividend: 'dividend',
  dividends: 'dividend',
  股息: 'dividend',
  派息: 'dividend',
  現金股息: 'dividend',
  split: 'split',
  stocksplit: 'split',
  拆股: 'split',
  分拆: 'split',
  拆細: 'split',
}

const marketWords: Record<string, Market> = {
  us: 'us',
  usa: 'us',
  nasdaq: 'us',
  nyse: 'us',
  arca: 'us',
  美股: 'us',
  美國: 'us',
  hk: 'hk',
  sehk: 'hk',
  hkex: 'hk',
  港股: 'hk',
  香港: 'hk',
  jp: 'jp',
  tse: 'jp',
  tyo: 'jp',
  日股: 'jp',
  日本: 'jp',
  kr: 'kr',
  krx: 'kr',
  kosdaq: 'kr',
  kospi: 'kr',
  韓股: 'kr',
  韩股: 'kr',
  韓國: 'kr',
}

/** A number as exports write it: `1,234.50`, ` -12 `, `(12.5)` (negative); null when it is not one. */
export function readNumber(cell: string | undefined): number | null {
  if (cell === undefined) return null
  let text = cell.trim().replace(/[,\s]/g, '')
  let sign = 1
  if (/^\(.*\)$/.test(text)) {
    sign = -1
    text = text.slice(1, -1)
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return null
  const value = Number(text) * sign
  return Number.isFinite(value) ? value : null
}

/** A day written year first (`2024-01-05`, `2024/1/5`, `20240105`, with or without a time after it). */
export function readDate(cell: string | undefined, today: string): string | null {
  const match =
    /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ ,T;].*)?$/.exec(cell?.trim() ?? '') ??
    /^(\d{4})(\d{2})(\d{2})(?:[ ,T;].*)?$/.exec(cell?.trim() ?? '')
  if (!match) return null
  const day = `${match[1]}-${(match[2] as string).padStart(2, '0')}-${(match[3] as string).padStart(2, '0')}`
  const parsed = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) return null
  return day >= '1970-01-01' && day <= today ? day : null
}

function readMarket(cell: string | undefined): Market | null {
  const key = columnKey(cell ?? '')
  if ((markets as readonly string[]).includes(key)) return key as Market
  return marketWords[key] ?? null
}

/** The header and the rows of a CSV text, under a mapping (the guessed one when none is given). */
export function readPortfolioCsv(
  text: string,
  chosen: Partial<Record<ImportField, number | null | undefined>> | undefined,
  today: string,
): {
  layout: ImportLayout
  columns: string[]
  mapping: ImportMapping
  rows: CsvRow[]
  rejected: CsvRowRejection[]
  rowCount: number
} {
  let reading: ReturnType<typeof readCsvText>
  try {
    reading = readCsvText(text)
  } catch {
    // What csv-parse cannot read even leniently (e.g. a byte-order mark of an encoding it does not know).
    throw new AppError('invalid', PortfolioErrorCode.importEmpty)
  }
  const { records, unclosedQuoteLine } = reading
  const [header, ...data] = records
  if (!header || data.length === 0) throw new AppError('invalid', PortfolioErrorCode.importEmpty)
  if (data.length > portfolioLimits.importRowsMax)
    throw new AppError('invalid', PortfolioErrorCode.importTooLarge)
  const columns = header.fields.map((name) => name.trim())
  const guessed = guessMapping(columns)
  const mapping = emptyMapping()
  for (const field of importFields) mapping[field] = chosen ? (chosen[field] ?? null) : guessed.mapping[field]
  for (const field of importFields) {
    const index = mapping[field]
    if (index !== null && index >= columns.length) mapping[field] = null
  }
  if (requiredImportFields.some((field) => mapping[field] === null))
    throw new AppError('invalid', PortfolioErrorCode.importMappingIncomplete)
  const cell = (fields: string[], field: ImportField) => {
    const index = mapping[field]
    return index === null ? undefined : fields[index]
  }
  const rows: CsvRow[] = []
  const rejected: CsvRowRejection[] = []
  for (const { line, fields } of data) {
    const reject = (code: string) => rejected.push({ line, code })
    const stockText = (cell(fields, 'stock') ?? '').trim()
    const dateCell = cell(fields, 'date')
    if (!stockText || !dateCell?.trim()) {
      reject(PortfolioErrorCode.rowColumnsMissing)
      continue
    }
    const tradeDate = readDate(dateCell, today)
    if (!tradeDate) {
      reject(PortfolioErrorCode.dateInvalid)
      continue
    }
    let kind: TransactionKind | undefined
    const actionCell = cell(fields, 'action')
    if (actionCell?.trim()) {
      kind = actionWords[columnKey(actionCell)]
      if (!kind) {
        reject(PortfolioErrorCode.rowActionUnknown)
        continue
      }
    }
    const signedQuantity = readNumber(cell(fields, 'quantity'))
    if (signedQuantity === null && kind !== 'dividend') {
      reject(PortfolioErrorCode.quantityInvalid)
      continue
    }
    // Without an action (Interactive Brokers' trades), the sign says: a negative quantity is a sell.
    kind ??= (signedQuantity ?? 0) < 0 ? 'sell' : 'buy'
    const quantity = Math.abs(signedQuantity ?? 0)
    const price = readNumber(cell(fields, 'price')) ?? (kind === 'split' || kind === 'dividend' ? 0 : null)
    if (price === null || price < 0 || price > portfolioLimits.amountMax) {
      reject(PortfolioErrorCode.priceInvalid)
      continue
    }
    if ((kind !== 'dividend' && !(quantity > 0)) || quantity > portfolioLimits.amountMax) {
      reject(PortfolioErrorCode.quantityInvalid)
      continue
    }
    const fee = Math.abs(readNumber(cell(fields, 'fee')) ?? 0)
    let amount = 0
    if (kind === 'dividend') {
      amount = Math.abs(readNumber(cell(fields, 'amount')) ?? quantity * price)
      if (!(amount > 0) || amount > portfolioLimits.amountMax) {
        reject(PortfolioErrorCode.amountInvalid)
        continue
      }
    }
    const currency = cell(fields, 'currency')?.trim().toUpperCase() || null
    rows.push({
      line,
      kind,
      stockText,
      market: readMarket(cell(fields, 'market')),
      tradeDate,
      quantity: kind === 'dividend' ? 0 : quantity,
      price: kind === 'split' || kind === 'dividend' ? 0 : price,
      fee: kind === 'split' || kind === 'dividend' ? 0 : fee,
      amount,
      currency,
    })
  }
  if (unclosedQuoteLine !== null)
    rejected.push({ line: unclosedQuoteLine, code: PortfolioErrorCode.rowQuoteOpen })
  return {
    layout: guessed.layout,
    columns,
    mapping,
    rows,
    rejected,
    rowCount: data.length + (unclosedQuoteLine !== null ? 1 : 0),
  }
}
