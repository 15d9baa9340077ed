/**
 * What the sample files say, in English and in Traditional Chinese: a short portfolio review (three paragraphs on
 * distinct subjects, so a question about one finds it) and a holdings table whose largest position is known. Every
 * format's sample carries the same content, so tests can ask the same questions of each.
 */

export interface SampleDocument {
  title: string
  paragraphs: string[]
  tableTitle: string
  /** Header row first; the last row is a total. */
  table: string[][]
  /** Words any reading of the file must find (OCR included). */
  keyWords: string[]
  /** The holding with the largest market value, and that value. */
  largestPosition: { label: string; value: number }
}

export const englishSample: SampleDocument = {
  title: 'Portfolio review, third quarter',
  paragraphs: [
    'Dividend policy: the company pays a quarterly dividend of 0.24 dollars per share and has raised it twice in five years.',
    'Currency risk: revenue earned in Japanese yen and euros is exposed to exchange rate swings, and the fund hedges half of it.',
    'Outlook: management expects cloud revenue to grow faster than hardware sales next year.',
  ],
  tableTitle: 'Holdings',
  table: [
    ['Ticker', 'Name', 'Quantity', 'Market value', 'Weight'],
    ['AAPL', 'Apple', '120', '$28,450.00', '35.4%'],
    ['MSFT', 'Microsoft', '40', '$16,900.50', '21.0%'],
    ['NVDA', 'Nvidia', '25', '$35,120.75', '43.6%'],
    ['Total', '', '', '$80,471.25', '100%'],
  ],
  keyWords: ['Dividend', 'quarterly', 'Currency', 'NVDA'],
  largestPosition: { label: 'NVDA', value: 35_120.75 },
}

export const chineseSample: SampleDocument = {
  title: '第三季投資組合檢討',
  paragraphs: [
    '股利政策：公司每季配發現金股利每股新台幣二點七五元，五年內調高兩次。',
    '匯率風險：以日圓及歐元計價的營收受匯率波動影響，基金已避險一半部位。',
    '展望：經營團隊預期明年雲端營收成長將快於硬體銷售。',
  ],
  tableTitle: '持股明細',
  table: [
    ['代號', '名稱', '數量', '市值', '比重'],
    ['2330', '台積電', '1,000', 'NT$１，０５０，０００', '52.5%'],
    ['2317', '鴻海', '5,000', 'NT$650,000', '32.5%'],
    ['2454', '聯發科', '250', 'NT$300,000', '15.0%'],
    ['合計', '', '', 'NT$2,000,000', '100%'],
  ],
  keyWords: ['股利政策', '匯率風險', '台積電'],
  largestPosition: { label: '2330', value: 1_050_000 },
}

/** Simplified Chinese, for the GB18030 text file (the encoding of mainland China). */
export const simplifiedSample: SampleDocument = {
  title: '第三季度投资组合回顾',
  paragraphs: [
    '股息政策：公司每季度派发现金股息，五年内提高两次。',
    '汇率风险：以日元及欧元计价的收入受汇率波动影响，基金已对冲一半头寸。',
  ],
  tableTitle: '持仓明细',
  table: [
    ['代码', '名称', '数量', '市值'],
    ['600519', '贵州茅台', '100', '¥168,000'],
    ['601318', '中国平安', '2,000', '¥96,000'],
  ],
  keyWords: ['股息政策', '汇率风险', '贵州茅台'],
  largestPosition: { label: '600519', value: 168_000 },
}

/** The document as plain text: title, paragraphs, then the table with tab-separated cells. */
export function sampleText(content: SampleDocument): string {
  return [
    content.title,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    content.tableTitle,
    ...content.table.map((row) => row.join('\t')),
    '',
  ].join('\n')
}

/** Lines short enough to draw in an image for OCR. */
export function sampleImageLines(content: SampleDocument): string[] {
  if (content === chineseSample) {
    return [
      '股利政策：公司每季配發現金股利',
      '匯率風險：基金已避險一半部位',
      '最大持股：台積電 市值 1,050,000',
    ]
  }
  return [
    'Dividend policy: a quarterly dividend of 0.24 dollars',
    'Currency risk: the fund hedges half of it',
    'Largest position: NVDA, market value 35,120.75',
  ]
}
