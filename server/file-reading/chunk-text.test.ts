import { describe, expect, it } from 'vitest'
import { chunkSections, findPassages, findTableFigures, termsOf } from './chunk-text.ts'
import type { FileSection } from './file-reading.ts'
import { chineseSample, englishSample } from './testing/sample-content.ts'

const page = (number: number, text: string): FileSection => ({ place: { kind: 'page', number }, text })

/** A report of several pages on distinct subjects, each paragraph long enough that chunks hold one or two. */
function report(content: typeof englishSample, filler: string): FileSection[] {
  return content.paragraphs.map((paragraph, i) => page(i + 1, `${paragraph}\n\n${filler.repeat(6)}`))
}

const englishFiller =
  'The committee met four times during the period and reviewed the minutes of earlier meetings. '
const chineseFiller = '委員會於本期間召開四次會議，並審閱先前會議紀錄。'

describe('chunks', () => {
  it('keeps chunks near 800 characters, within 1,000, and never across sections', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Paragraph ${i}: ${englishFiller}`).join('\n\n')
    const chunks = chunkSections([page(1, long), page(2, 'A short second page.')])
    expect(chunks.length).toBeGreaterThan(3)
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(1000)
    const firstPage = chunks.filter((chunk) => chunk.place.number === 1)
    for (const chunk of firstPage.slice(0, -1)) expect(chunk.text.length).toBeGreaterThan(600)
    expect(chunks.at(-1)).toEqual({ place: { kind: 'page', number: 2 }, text: 'A short second page.' })
  })

  it('cuts between paragraphs, so no paragraph starts in the middle of a chunk line', () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) => `Point ${i}. ${englishFiller.repeat(2)}`.trim())
    const chunks = chunkSections([page(1, paragraphs.join('\n\n'))])
    const lines = chunks.flatMap((chunk) => chunk.text.split('\n'))
    expect(lines).toEqual(paragraphs)
  })

  it('cuts a long Chinese paragraph after a full stop (。), not inside a sentence', () => {
    const sentence = `${chineseFiller.replace('。', '')}，${'並'.repeat(10)}說明未來展望。`
    const chunks = chunkSections([page(1, sentence.repeat(60))])
    expect(chunks.length).toBeGreaterThan(1)
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(1000)
      expect(chunk.text.endsWith('。')).toBe(true)
    }
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(sentence.repeat(60))
  })

  it('cuts a run of text without any boundary at the limit rather than leaving it whole', () => {
    const chunks = chunkSections([page(1, 'x'.repeat(2500))])
    expect(chunks.map((chunk) => chunk.text.length)).toEqual([1000, 1000, 500])
  })

  it('repeats a sheet’s header row at the top of each of its chunks', () => {
    const header = 'Ticker\tName\tQuantity\tMarket value'
    const rows = Array.from({ length: 80 }, (_, i) => `T${i}\tCompany number ${i}\t${i * 10}\t${i * 1000}.00`)
    const chunks = chunkSections([
      { place: { kind: 'sheet', number: 1, name: 'Holdings' }, text: [header, ...rows].join('\n') },
    ])
    expect(chunks.length).toBeGreaterThan(2)
    for (const chunk of chunks) {
      expect(chunk.text.split('\n')[0]).toBe(header)
      expect(chunk.place).toEqual({ kind: 'sheet', number: 1, name: 'Holdings' })
    }
    const bodyLines = chunks.flatMap((chunk) => chunk.text.split('\n').slice(1))
    expect(bodyLines).toEqual(rows)
  })

  it('gives no chunk for an empty section', () => {
    expect(chunkSections([page(1, ''), page(2, ' \n ')])).toEqual([])
  })
})

describe('terms', () => {
  it('takes English words lower case without plural s, numbers whole, and Chinese as character pairs', () => {
    expect(termsOf('Dividends of $35,120.75 for NVDA')).toEqual(['dividend', 'of', '35120.75', 'for', 'nvda'])
    expect(termsOf('股利政策')).toEqual(['股利', '利政', '政策'])
    expect(termsOf('ＮＶＤＡ 市值 １，０５０，０００')).toEqual(['nvda', '市值', '1050000'])
  })

  it('drops question words from a question, in English and Chinese', () => {
    expect(termsOf('What does the file say about the dividend policy?', true)).toEqual(['dividend', 'policy'])
    expect(termsOf('這份文件關於股利政策說了什麼？', true)).toEqual(['股利', '利政', '政策'])
  })
})

describe('passages', () => {
  const english = chunkSections(report(englishSample, englishFiller))
  const chinese = chunkSections(report(chineseSample, chineseFiller))

  it.each([
    ['What does the file say about the dividend?', 'Dividend policy'],
    ['Is there any currency risk from the yen?', 'Currency risk'],
    ['what is the outlook for cloud revenue', 'Outlook'],
  ])('ranks the chunk that answers “%s” first', (question, expected) => {
    const passages = findPassages(english, question, 3)
    expect(passages[0]!.text).toContain(expected)
    expect(passages[0]!.score).toBeGreaterThan(passages[1]?.score ?? 0)
  })

  it.each([
    ['這份文件關於股利政策說了什麼？', '股利政策'],
    ['匯率風險如何？', '匯率風險'],
    ['雲端營收的展望', '展望'],
  ])('ranks the chunk that answers 「%s」 first', (question, expected) => {
    const passages = findPassages(chinese, question, 3)
    expect(passages[0]!.text.startsWith(expected)).toBe(true)
  })

  it('keeps what each chunk carries (its file, its place) and adds a score', () => {
    const stored = english.map((chunk, seq) => ({ ...chunk, fileId: 'f1', seq }))
    const [best] = findPassages(stored, 'dividend', 1)
    expect(best).toMatchObject({ fileId: 'f1', place: { kind: 'page', number: 1 } })
    expect(best!.score).toBeGreaterThan(0)
  })

  it('finds nothing for a question that shares no word with the file, or has only question words', () => {
    expect(findPassages(english, 'bitcoin mining difficulty')).toEqual([])
    expect(findPassages(english, 'what is it about?')).toEqual([])
    expect(findPassages([], 'dividend')).toEqual([])
  })
})

describe('table figures', () => {
  const sheet = (rows: string[][], name = 'Holdings'): FileSection => ({
    place: { kind: 'sheet', number: 1, name },
    text: rows.map((row) => row.join('\t')).join('\n'),
    rows,
  })

  it('ranks the holdings by market value, totals left out: the largest position comes first', () => {
    const [best] = findTableFigures([sheet(englishSample.table)])
    expect(best).toMatchObject({
      valueColumn: 'Market value',
      measure: 'value',
      unit: '$',
      place: { name: 'Holdings' },
    })
    expect(best!.rows.map((row) => row.label)).toEqual(['NVDA Nvidia', 'AAPL Apple', 'MSFT Microsoft'])
    expect(best!.rows[0]).toMatchObject({ value: 35_120.75, valueText: '$35,120.75' })
  })

  it('reads a Chinese table with an identifier column, full-width digits and NT$', () => {
    const [best] = findTableFigures([sheet(chineseSample.table, '持股')])
    expect(best).toMatchObject({ valueColumn: '市值', measure: 'value', unit: 'NT$' })
    expect(best!.rows[0]).toMatchObject({
      label: '2330 台積電',
      value: 1_050_000,
      valueText: 'NT$１，０５０，０００',
    })
  })

  it('falls back to weight, then quantity, and ranks tables with a value column first', () => {
    const weights = sheet([
      ['Fund', 'Weight'],
      ['Bond fund', '60%'],
      ['Equity fund', '40%'],
    ])
    const quantities = sheet([
      ['Stock', 'Shares'],
      ['KO', '300'],
      ['PEP', '500'],
    ])
    const figures = findTableFigures([quantities, weights, sheet(englishSample.table)])
    expect(figures.map((table) => table.measure)).toEqual(['value', 'weight', 'quantity'])
    expect(figures[2]!.rows[0]).toMatchObject({ label: 'PEP', value: 500 })
  })

  it('reads two tables of one section apart (an empty row between them) and skips tables without figures', () => {
    const rows = [
      ['Name', 'Sector'],
      ['Apple', 'Technology'],
      [],
      ['Ticker', 'Value'],
      ['KO', '(1,200)'],
      ['PEP', '2.5萬'],
    ]
    const figures = findTableFigures([sheet(rows)])
    expect(figures).toHaveLength(1)
    expect(figures[0]!.rows.map((row) => [row.label, row.value])).toEqual([
      ['PEP', 25_000],
      ['KO', -1200],
    ])
  })
})
