/**
 * The offline assistant's answers about the reader's own files: which questions are about them, and the answer —
 * passages quoted with their file and place, figures read from their tables ("what is my largest position?").
 * File text is data: every character of it is escaped before it enters the answer's Markdown, so a file can neither
 * format the answer nor put a link in it. Leaves finding passages and table figures to the chat files' reading
 * (`ConversationFiles`, chunk-text.ts).
 */
import type { Locale } from '#contracts/regions.ts'
import { findTableFigures, type TableFigures } from '#server/file-reading/chunk-text.ts'
import { ocrConfidenceFloor } from '#server/file-reading/file-reading.ts'
import type { ConversationFiles, FilePlace, FileTable } from '../assistant.ts'
import { toTraditional } from '../tools/simplified-chinese.ts'

const fileWords =
  /\b(files?|documents?|docs?|reports?|statements?|attach\w*|upload\w*|spreadsheets?|sheets?|slides?|decks?|pdfs?|screenshots?|images?|pictures?|excel|word|powerpoint|portfolio|positions?|holdings?|this|it)\b|檔案|文件|報告|附件|上傳|試算表|工作表|投影片|簡報|截圖|圖片|持倉|持股|部位|倉位|組合|結單|月結單|這份|此份|裡面|內容/

const largestWords =
  /\b(largest|biggest|top|main|heaviest|most)\b.*\b(positions?|holdings?|stocks?|investments?|weights?)\b|\b(positions?|holdings?)\b.*\b(largest|biggest)\b|最大.*(持倉|持股|部位|倉位|投資|比重)|(持倉|持股|部位|倉位).*最(大|多|重)|佔比最(高|大)/

const figureWords =
  /\b(figures?|numbers?|tables?|amounts?|values?|totals?|sum|list)\b|數字|數據|表格|金額|數值|總額|總和|合計|加總|列出|清單/

/** "The total", "合計": the sum of the table's main column, computed here rather than read from a total row. */
const totalWords = /\b(totals?|sum|add up|altogether|in all)\b|總額|總和|合計|加總|一共|總共/

/** The reader points at their own file: the file answers, even when the question names a company. */
const ownFileWords =
  /\bmy (files?|spreadsheets?|sheets?|documents?|reports?|letters?|uploads?|pdfs?|holdings|portfolio|statements?)\b|我的(檔案|文件|試算表|工作表|報告|信件|附件|持倉|結單)|(檔案|文件|試算表|工作表)(中|裡|裏|內)/

const summaryWords =
  /\b(summari[sz]e|summary|overview|main points?|key points?|gist|tl;?dr|what is (it|this) about)\b|摘要|總結|概要|重點|大意|主要內容|講什麼|說什麼/

/** The `tool` event's label while the files are read. */
export const readingFilesLabel: Record<Locale, string> = {
  en: 'Reading your files',
  'zh-Hant': '正在閱讀您的檔案',
}

/** Whether a question is about the reader's files rather than our market data. */
export function readsAsFileQuestion(
  question: string,
  files: ConversationFiles,
  context: { companies: number; recognised: boolean },
): boolean {
  if (files.files.length === 0 && files.unreadable.length === 0) return false
  const text = toTraditional(question).toLowerCase()
  if (files.attachedToQuestion.length > 0 && context.companies === 0) return true
  if (ownFileWords.test(text)) return true
  if (largestWords.test(text) || summaryWords.test(text)) return true
  if (fileWords.test(text) && context.companies === 0) return true
  // A question we cannot read as one about the market may still be answered by the files' text.
  return !context.recognised && context.companies === 0
}

/** File text inside the answer's Markdown: every character that could format or link is escaped. */
export function quoteFileText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]()#|>-]/g, (character) => `\\${character}`)
    .replace(/</g, '‹')
}

export function placeLabel(place: FilePlace, locale: Locale): string {
  const zh = locale === 'zh-Hant'
  const named = place.name ? quoteFileText(place.name) : null
  switch (place.kind) {
    case 'page':
      return zh ? `第 ${place.number} 頁` : `page ${place.number}`
    case 'sheet':
      return zh ? `工作表「${named ?? place.number}」` : `sheet “${named ?? place.number}”`
    case 'slide':
      return zh ? `第 ${place.number} 張投影片` : `slide ${place.number}`
    case 'image':
      return zh ? '圖片文字' : 'text in the image'
    default:
      return zh ? `第 ${place.number} 段` : `part ${place.number}`
  }
}

/**
 * The reader's warning for text an image gave with low recognition confidence: its figures may be misread (a tilted
 * photo's "18.5%" read as "185%"). One line per image quoted.
 */
export function lowConfidenceWarnings(
  used: ReadonlyArray<{ fileName: string; place: FilePlace }>,
  locale: Locale,
): string[] {
  const doubtful = new Map<string, number>()
  for (const { fileName, place } of used)
    if (place.kind === 'image' && place.confidence !== undefined && place.confidence < ocrConfidenceFloor)
      doubtful.set(fileName, Math.min(place.confidence, doubtful.get(fileName) ?? 100))
  return [...doubtful].map(([fileName, confidence]) =>
    locale === 'zh-Hant'
      ? `⚠️ 「${quoteFileText(fileName)}」的文字由圖片辨識而來，辨識信心偏低（${confidence}/100）：數字與小數點可能讀錯，請對照原圖核對。`
      : `⚠️ The text of “${quoteFileText(fileName)}” was recognised from an image with low confidence (${confidence}/100): its figures and decimal points may be misread, so check them against the picture.`,
  )
}

function fileRef(fileName: string, place: FilePlace, locale: Locale): string {
  return `**${quoteFileText(fileName)}**, ${placeLabel(place, locale)}`
}

const passagesShown = 3
const passageMaxChars = 600

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= passageMaxChars ? flat : `${flat.slice(0, passageMaxChars).trimEnd()}…`
}

function writeLargest(lines: string[], figures: TableFigures<FileTable>[], locale: Locale): boolean {
  const zh = locale === 'zh-Hant'
  const ranked = figures.filter((table) => table.rows.length > 0)
  const best = ranked[0]
  if (!best) return false
  const top = best.rows.slice(0, 5)
  const leader = top[0]
  if (!leader) return false
  lines.push(
    zh
      ? `根據 ${fileRef(best.fileName, best.place, locale)}，按「${quoteFileText(best.valueColumn)}」計，最大的持倉是 **${quoteFileText(leader.label)}**（${quoteFileText(leader.valueText)}）。`
      : `According to ${fileRef(best.fileName, best.place, locale)}, by “${quoteFileText(best.valueColumn)}” the largest position is **${quoteFileText(leader.label)}** (${quoteFileText(leader.valueText)}).`,
  )
  if (top.length > 1) {
    const header = zh
      ? ['名次', '項目', quoteFileText(best.valueColumn)]
      : ['Rank', 'Item', quoteFileText(best.valueColumn)]
    const rows = top.map((row, index) => [
      String(index + 1),
      quoteFileText(row.label),
      quoteFileText(row.valueText),
    ])
    lines.push(
      [
        `| ${header.join(' | ')} |`,
        '| --- | --- | ---: |',
        ...rows.map((row) => `| ${row.join(' | ')} |`),
      ].join('\n'),
    )
  }
  return true
}

/** Decimals as the cells write them ("35,120.75" → 2), so a sum reads as the file does, not 57879.99999999999. */
function decimalsOf(valueText: string): number {
  return valueText.replace(/[^\d.,]/g, '').match(/\.(\d+)$/)?.[1]?.length ?? 0
}

function writeTotal(lines: string[], table: TableFigures<FileTable>, locale: Locale): void {
  const decimals = Math.max(0, ...table.rows.map((row) => decimalsOf(row.valueText)))
  const sum = table.rows.reduce((total, row) => total + row.value, 0)
  const text = sum.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  })
  const unit = table.unit ? ` ${quoteFileText(table.unit)}` : ''
  lines.push(
    locale === 'zh-Hant'
      ? `${fileRef(table.fileName, table.place, locale)} 中「${quoteFileText(table.valueColumn)}」的總和：**${text}${unit}**（由 ${table.rows.length} 行計算，不含檔案中的合計行）。`
      : `The total of “${quoteFileText(table.valueColumn)}” in ${fileRef(table.fileName, table.place, locale)}: **${text}${unit}** (the sum of its ${table.rows.length} rows, computed here; a total row in the file is left out).`,
  )
}

function writeFigures(
  lines: string[],
  figures: TableFigures<FileTable>[],
  locale: Locale,
  wantsTotal = false,
): boolean {
  const zh = locale === 'zh-Hant'
  const shown = figures.filter((table) => table.rows.length > 0).slice(0, 2)
  if (shown.length === 0) return false
  if (wantsTotal && shown[0]) writeTotal(lines, shown[0], locale)
  for (const table of shown) {
    lines.push(
      zh
        ? `${fileRef(table.fileName, table.place, locale)} 的「${quoteFileText(table.valueColumn)}」：`
        : `“${quoteFileText(table.valueColumn)}” in ${fileRef(table.fileName, table.place, locale)}:`,
    )
    const rows = table.rows.slice(0, 10)
    lines.push(
      [
        `| ${zh ? '項目' : 'Item'} | ${quoteFileText(table.valueColumn)} |`,
        '| --- | ---: |',
        ...rows.map((row) => `| ${quoteFileText(row.label)} | ${quoteFileText(row.valueText)} |`),
      ].join('\n'),
    )
  }
  return true
}

/**
 * A reader asks in Chinese about an English file (a broker's letter, an annual report) or the other way round: the
 * common investing words of the question in the other language, so a passage matches across languages. A short
 * reviewed list, not a translator: a word outside it matches only as written.
 */
const bilingualTerms: Array<[RegExp, string]> = [
  [/風險|risks?\b/i, 'risk 風險'],
  [/股息|派息|dividends?\b/i, 'dividend 股息 派息'],
  [/收入|營收|營業額|revenues?\b|sales\b/i, 'revenue sales 收入 營收'],
  [/利潤|盈利|profits?\b|earnings\b/i, 'profit earnings 利潤 盈利'],
  [/現金流|cash flow/i, 'cash flow 現金流'],
  [/負債|債務|debts?\b/i, 'debt 負債 債務'],
  [/指示|指令|instructions?\b/i, 'instructions 指示 指令'],
  [/持倉|持股|holdings?\b|positions?\b/i, 'holdings position 持倉 持股'],
  [/回報|報酬|收益率|returns?\b/i, 'return gained 回報 報酬'],
  [/增長|成長|growth\b/i, 'growth 增長 成長'],
  [/季度|本季|quarter/i, 'quarter quarterly 季度'],
  [/展望|前景|outlook\b/i, 'outlook 展望 前景'],
  [/策略|strategy|strategies/i, 'strategy 策略'],
  [/半導體|晶片|芯片|semiconductors?\b|chips?\b/i, 'semiconductor chip 半導體 晶片'],
  [/估值|valuation\b/i, 'valuation 估值'],
  [/費用|開支|fees?\b|expenses?\b/i, 'fees expenses 費用 開支'],
  [/目標價|target price/i, 'target price 目標價'],
  [/利率|interest rates?/i, 'interest rate 利率'],
]

export function withOtherLanguageTerms(question: string): string {
  const text = toTraditional(question)
  const added = bilingualTerms.filter(([pattern]) => pattern.test(text)).map(([, terms]) => terms)
  return added.length > 0 ? `${question} ${added.join(' ')}` : question
}

/**
 * The answer's Markdown lines for a question about the files: a figure from their tables when it asks for one,
 * else the passages that match it (or each file's opening for a summary), quoted with file and place.
 */
export async function writeFileAnswer(
  question: string,
  files: ConversationFiles,
  locale: Locale,
): Promise<string[]> {
  const zh = locale === 'zh-Hant'
  const lines: string[] = []
  const text = toTraditional(question).toLowerCase()
  for (const file of files.unreadable) {
    lines.push(
      file.status === 'reading'
        ? zh
          ? `「${quoteFileText(file.name)}」仍在讀取中，請稍候再問。`
          : `“${quoteFileText(file.name)}” is still being read; ask again in a moment.`
        : zh
          ? `無法讀取「${quoteFileText(file.name)}」。`
          : `“${quoteFileText(file.name)}” could not be read.`,
    )
  }
  if (files.files.length === 0) return lines

  const wantsLargest = largestWords.test(text)
  const wantsFigures = figureWords.test(text)
  if (wantsLargest || wantsFigures) {
    const figures = findTableFigures(await files.tables())
    const written = wantsLargest
      ? writeLargest(lines, figures, locale)
      : writeFigures(lines, figures, locale, totalWords.test(text))
    if (written) return lines
    if (wantsLargest) {
      lines.push(
        zh
          ? '在您上傳的檔案中找不到含有金額或市值欄位的表格，無法判斷最大的持倉。以下是與問題最相關的內容：'
          : 'I found no table with a value or amount column in your files, so I cannot tell the largest position. The passages closest to your question:',
      )
    }
  }

  let passages = await files.findPassages(withOtherLanguageTerms(question), passagesShown)
  const summary = summaryWords.test(text)
  if (passages.length === 0 && summary) passages = await files.findPassages('', passagesShown)
  if (passages.length === 0) {
    lines.push(
      zh
        ? `您上傳的檔案（${files.files.map((file) => `「${quoteFileText(file.name)}」`).join('、')}）中找不到與問題相關的內容。請換個說法，或問檔案中出現的字詞。`
        : `I found nothing about that in your files (${files.files.map((file) => `“${quoteFileText(file.name)}”`).join(', ')}). Try other words, ones that appear in the file.`,
    )
    return lines
  }
  lines.push(
    summary
      ? zh
        ? '以下是檔案中的主要段落（原文引述）：'
        : 'The main passages of your file, quoted as written:'
      : zh
        ? '您的檔案中與問題最相關的段落（原文引述）：'
        : 'What your files say about it, quoted as written:',
  )
  for (const passage of passages) {
    lines.push(
      `${fileRef(passage.fileName, passage.place, locale)}:\n> ${quoteFileText(shorten(passage.text))}`,
    )
  }
  lines.push(...lowConfidenceWarnings(passages, locale))
  lines.push(
    zh
      ? '以上內容引自您上傳的檔案，本站未核實其準確性。'
      : 'These are quotes from your own files; we have not checked them.',
  )
  return lines
}
