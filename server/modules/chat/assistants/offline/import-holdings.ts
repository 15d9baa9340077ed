/**
 * "Import this file into my portfolio" (issue 25): the offline assistant previews the import of a holdings file the
 * reader uploaded — the portfolio's own mapping and preview (through `MyStocks.previewImport`; nothing saved) — and
 * writes what would be saved, every rejected row with its reason, and a confirm button. Only the button imports
 * (`POST /ai/importToPortfolio`, chat-files.service.ts), all rows or none. The button is a link of the form
 * `#import-portfolio/<file id>/<table>[/skip]`, which the page draws as a button (app/features/chat/markdown.tsx).
 */
import { type ImportField, type ImportPreview, portfolioLimits } from '#contracts/portfolio-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { ConversationFiles } from '../../assistant.ts'
import { findHoldingsFile, previewHoldingsFile } from '../../files/holdings-import.ts'
import { importButtonHref, importButtonLabel } from '../../tools/import-preview-tools.ts'
import type { MyStocks } from '../../tools/my-stocks-tools.ts'
import { portfolioPath } from '../../tools/my-stocks-tools.ts'
import { toTraditional } from '../../tools/simplified-chinese.ts'
import { displayCode } from '../../tools/tool-format.ts'
import { quoteFileText } from '../offline-file-answers.ts'
import { table } from './answer-writer.ts'

const importWords = /\bimport(s|ing)?\b|匯入|導入|轉入/
const portfolioWords = /\bportfolio\b|\bholdings?\b|投資組合|持倉|組合/

/** Whether the question asks to import (a file, or into the portfolio). */
export function importAsked(question: string, hasFiles: boolean): boolean {
  const text = toTraditional(question).toLowerCase()
  if (!importWords.test(text)) return false
  return hasFiles || portfolioWords.test(text)
}

const layoutNames: Record<ImportPreview['layout'], Record<Locale, string>> = {
  generic: { en: 'a generic export', 'zh-Hant': '通用格式' },
  'interactive-brokers': {
    en: 'an Interactive Brokers export',
    'zh-Hant': '盈透證券（Interactive Brokers）格式',
  },
  futu: { en: 'a Futu / moomoo export', 'zh-Hant': '富途／moomoo 格式' },
  unknown: {
    en: 'an unrecognised layout (columns guessed from their names)',
    'zh-Hant': '未能辨認的格式（按欄名推斷）',
  },
}

const fieldNames: Record<ImportField, Record<Locale, string>> = {
  date: { en: 'date', 'zh-Hant': '日期' },
  stock: { en: 'stock', 'zh-Hant': '股票' },
  market: { en: 'market', 'zh-Hant': '市場' },
  action: { en: 'buy/sell', 'zh-Hant': '買賣' },
  quantity: { en: 'quantity', 'zh-Hant': '數量' },
  price: { en: 'price', 'zh-Hant': '價格' },
  currency: { en: 'currency', 'zh-Hant': '貨幣' },
  fee: { en: 'fee', 'zh-Hant': '費用' },
  amount: { en: 'amount', 'zh-Hant': '金額' },
}

const kindNames = {
  buy: { en: 'Buy', 'zh-Hant': '買入' },
  sell: { en: 'Sell', 'zh-Hant': '賣出' },
  dividend: { en: 'Dividend', 'zh-Hant': '股息' },
  split: { en: 'Split', 'zh-Hant': '拆股' },
} as const

export interface ImportAnswerRequest {
  files: ConversationFiles | undefined
  reader: Reader
  locale: Locale
  mine: MyStocks | undefined
}

/** The answer's lines: the preview and the button, or why there is nothing to import. Nothing is saved here. */
export async function writeImportPreview({
  files,
  reader,
  locale,
  mine,
}: ImportAnswerRequest): Promise<string[]> {
  const zh = locale === 'zh-Hant'
  const nothing = zh ? '尚未匯入任何資料。' : 'Nothing has been imported.'
  const portfolioLink = zh ? `[我的投資組合](${portfolioPath})` : `[your portfolio](${portfolioPath})`
  if (!reader.memberId)
    return [
      zh
        ? `匯入投資組合需要會員帳戶：請先登入，再請我匯入這個檔案。${nothing}`
        : `Importing into a portfolio needs an account: log in, then ask me again to import this file. ${nothing}`,
    ]
  const file = files ? findHoldingsFile(files) : undefined
  if (!files || !file || !mine)
    return [
      zh
        ? `請先用 📎 上傳您的持倉或交易檔案（CSV 或 Excel），再請我把它匯入投資組合；也可以在${portfolioLink}直接匯入 CSV。${nothing}`
        : `Upload your holdings or transactions file (CSV or Excel) with 📎 first, then ask me to import it into your portfolio; you can also import a CSV on ${portfolioLink}. ${nothing}`,
    ]
  const name = quoteFileText(file.name)
  const chosen = await previewHoldingsFile(files, file, (text) => mine.previewImport(reader, text, locale))
  if (!chosen)
    return [
      zh
        ? `我在 **${name}** 中找不到可以匯入的交易表：匯入需要日期、股票、數量和價格欄。${nothing}`
        : `I could not find a list of transactions to import in **${name}**: the import needs a date, a stock, a quantity and a price column. ${nothing}`,
    ]
  if ('tooLarge' in chosen) {
    const most = portfolioLimits.importRowsMax.toLocaleString('en-US')
    return [
      zh
        ? `**${name}** 的交易太多，一次最多匯入 ${most} 行。請把檔案分成幾個較小的檔案，再逐一上傳匯入。${nothing}`
        : `**${name}** holds more transactions than one import takes (up to ${most} rows at once). Split it into smaller files and import them one by one. ${nothing}`,
    ]
  }
  const { preview, index } = chosen
  const lines: string[] = []
  const mapped = (Object.entries(preview.mapping) as [ImportField, number | null][])
    .filter(([, column]) => column !== null)
    .map(
      ([field, column]) =>
        `${quoteFileText(preview.columns[column as number] ?? '')} → ${fieldNames[field][locale]}`,
    )
  lines.push(
    zh
      ? `我把 **${name}** 讀作${layoutNames[preview.layout][locale]}：${mapped.join('、')}。共 ${preview.rowCount} 行，其中 **${preview.acceptedCount} 行可以匯入**。`
      : `I read **${name}** as ${layoutNames[preview.layout][locale]}: ${mapped.join(', ')}. Of its ${preview.rowCount} rows, **${preview.acceptedCount} can be imported**.`,
  )
  if (preview.accepted.length > 0)
    lines.push(
      table(
        zh
          ? ['行', '類型', '股票', '日期', '數量', '價格', '貨幣']
          : ['Line', 'Kind', 'Stock', 'Date', 'Quantity', 'Price', 'Currency'],
        preview.accepted.map((row) => [
          String(row.line),
          kindNames[row.kind][locale],
          `${quoteFileText(row.name)} (${displayCode(row.code, row.market)})`,
          row.tradeDate,
          row.quantity.toLocaleString('en-US', { maximumFractionDigits: 6 }),
          row.kind === 'dividend'
            ? row.amount.toLocaleString('en-US', { maximumFractionDigits: 6 })
            : row.price.toLocaleString('en-US', { maximumFractionDigits: 6 }),
          row.currency,
        ]),
      ),
    )
  if (preview.acceptedCount > preview.accepted.length)
    lines.push(
      zh
        ? `以上為前 ${preview.accepted.length} 行。`
        : `The first ${preview.accepted.length} rows are shown.`,
    )
  if (preview.rejected.length > 0)
    lines.push(
      [
        zh
          ? `以下 ${preview.rejected.length} 行不會匯入：`
          : `These ${preview.rejected.length} rows will not be imported:`,
        ...preview.rejected.map((r) =>
          zh ? `- 第 ${r.line} 行：${r.message}` : `- Line ${r.line}: ${r.message}`,
        ),
      ].join('\n'),
    )
  if (preview.acceptedCount === 0) {
    lines.push(
      zh
        ? `沒有可以匯入的行。${nothing}請修正檔案後再上傳，或在${portfolioLink}調整欄位對應。`
        : `No row can be imported. ${nothing} Correct the file and upload it again, or map its columns on ${portfolioLink}.`,
    )
    return lines
  }
  const skip = preview.rejected.length > 0
  const n = preview.acceptedCount
  const label = importButtonLabel(n, preview.rejected.length, locale)
  lines.push(
    zh
      ? `${nothing}確認無誤後，按下按鈕一次過匯入全部 ${n} 筆（全部成功或全部不匯入）：`
      : `${nothing} If this is right, confirm to import all ${n} at once (every row or none):`,
  )
  lines.push(`[${label}](${importButtonHref(file.id, index, skip)})`)
  return lines
}
