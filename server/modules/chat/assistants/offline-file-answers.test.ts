import { describe, expect, it } from 'vitest'
import { chunkSections, findPassages } from '#server/file-reading/chunk-text.ts'
import type { FileSection } from '#server/file-reading/file-reading.ts'
import type { ConversationFiles } from '../assistant.ts'
import { quoteFileText, readsAsFileQuestion, writeFileAnswer } from './offline-file-answers.ts'

/** The files of a conversation as the chat files service gives them, from sections read in memory. */
function filesOf(
  files: { id: string; name: string; sections: FileSection[] }[],
  options: { attached?: string[]; unreadable?: ConversationFiles['unreadable'] } = {},
): ConversationFiles {
  const chunks = files.flatMap((file) =>
    chunkSections(file.sections).map((chunk) => ({ ...chunk, fileId: file.id, fileName: file.name })),
  )
  return {
    files: files.map((file) => ({
      id: file.id,
      name: file.name,
      kind: 'txt',
      sections: file.sections.length,
    })),
    attachedToQuestion: options.attached ?? [],
    unreadable: options.unreadable ?? [],
    findPassages: async (question, limit) =>
      question === ''
        ? chunks.slice(0, limit).map((chunk) => ({ ...chunk, score: 0 }))
        : findPassages(chunks, question, limit),
    tables: async () =>
      files.flatMap((file) =>
        file.sections.flatMap((section) =>
          section.rows
            ? [{ fileId: file.id, fileName: file.name, place: section.place, rows: section.rows }]
            : [],
        ),
      ),
  }
}

const letter = {
  id: 'f1',
  name: 'letter.pdf',
  sections: [
    {
      place: { kind: 'page' as const, number: 1 },
      text: 'Quarterly letter. Our portfolio gained 4% this quarter.',
    },
    {
      place: { kind: 'page' as const, number: 2 },
      text: 'Risks: a concentrated position in semiconductor makers; a downturn in chip demand would hurt returns.',
    },
  ],
}

const portfolio = {
  id: 'f2',
  name: '持倉.xlsx',
  sections: [
    {
      place: { kind: 'sheet' as const, number: 1, name: '持倉' },
      text: '',
      rows: [
        ['代號', '名稱', '數量', '市值'],
        ['2330', '台積電', '1,000', 'NT$1,050,000'],
        ['0700', '騰訊', '200', 'NT$ 320,500'],
        ['AAPL', 'Apple', '50', 'NT$ 290,000'],
        ['', '合計', '', 'NT$1,660,500'],
      ],
    },
  ],
}

describe('which questions are about the files', () => {
  const files = filesOf([letter])
  it.each([
    ['What does the report say about risks?', true],
    ['Summarise this', true],
    ['這份文件的重點是什麼？', true],
    ['Is Tencent undervalued?', false],
  ])('%s → %s', (question, expected) => {
    const companies = question.includes('Tencent') ? 1 : 0
    expect(readsAsFileQuestion(question, files, { companies, recognised: companies > 0 })).toBe(expected)
  })

  it('uses the file when the question points at it, even naming a company', () => {
    for (const question of ['What does my file say about Tencent?', '我的檔案中關於騰訊寫了什麼？'])
      expect(readsAsFileQuestion(question, files, { companies: 1, recognised: true }), question).toBe(true)
  })

  it('never when the conversation has no files', () => {
    expect(readsAsFileQuestion('Summarise the file', filesOf([]), { companies: 0, recognised: false })).toBe(
      false,
    )
  })
})

describe('answers from the files', () => {
  it('quotes the passage that answers, with its file and page', async () => {
    const lines = await writeFileAnswer('What risks does it mention?', filesOf([letter]), 'en')
    const answer = lines.join('\n\n')
    expect(answer).toContain('**letter.pdf**, page 2')
    expect(answer).toContain('semiconductor makers')
    expect(answer).not.toContain('gained 4%')
  })

  it('names the largest position from a portfolio sheet, in Chinese, leaving the total out', async () => {
    const answer = (await writeFileAnswer('我最大的持倉是哪一隻？', filesOf([portfolio]), 'zh-Hant')).join(
      '\n\n',
    )
    expect(answer).toContain('最大的持倉是 **2330 台積電**')
    expect(answer).toContain('NT$1,050,000')
    expect(answer).toContain('工作表「持倉」')
    expect(answer).not.toContain('合計')
  })

  it('adds up the main column for a total, written as the cells are, without the file’s own total row', async () => {
    const answer = (await writeFileAnswer('市值總額是多少？', filesOf([portfolio]), 'zh-Hant')).join('\n\n')
    // 1,050,000 + 320,500 + 290,000: the file's 合計 row (1,660,500) is not counted twice.
    expect(answer).toContain('的總和：**1,660,500')
    expect(answer).toContain('由 3 行計算')
    const sheet = {
      id: 'f3',
      name: 'cash.csv',
      sections: [
        {
          place: { kind: 'sheet' as const, number: 1, name: 'Cash' },
          text: '',
          rows: [
            ['Account', 'Market value'],
            ['A', '19,293.33'],
            ['B', '19,293.33'],
            ['C', '19,293.33'],
          ],
        },
      ],
    }
    const english = (await writeFileAnswer('What is the total?', filesOf([sheet]), 'en')).join('\n\n')
    expect(english).toContain('**57,879.99**')
    expect(english).not.toContain('57879.99999')
  })

  it('says which attached file is still being read', async () => {
    const files = filesOf([], { unreadable: [{ id: 'f9', name: 'scan.png', status: 'reading' }] })
    expect((await writeFileAnswer('What is in it?', files, 'en')).join(' ')).toContain(
      '“scan.png” is still being read',
    )
  })

  it('warns, in the reader’s language, that figures from an image read with low confidence may be misread', async () => {
    const photo = (confidence: number) => ({
      id: 'f7',
      name: 'photo.jpg',
      sections: [
        { place: { kind: 'image' as const, number: 1, confidence }, text: 'Net margin 185% in 2025' },
      ],
    })
    const tilted = (
      await writeFileAnswer('What is the net margin in my photo?', filesOf([photo(41)]), 'en')
    ).join('\n')
    expect(tilted).toContain('185%')
    expect(tilted).toContain('“photo.jpg” was recognised from an image with low confidence (41/100)')
    const tiltedZh = (
      await writeFileAnswer('我的照片中淨利率是多少？ margin', filesOf([photo(41)]), 'zh-Hant')
    ).join('\n')
    expect(tiltedZh).toContain('「photo.jpg」的文字由圖片辨識而來，辨識信心偏低（41/100）')
    const clean = (
      await writeFileAnswer('What is the net margin in my photo?', filesOf([photo(93)]), 'en')
    ).join('\n')
    expect(clean).toContain('185%')
    expect(clean).not.toContain('low confidence')
  })

  it('says so when nothing in the files matches', async () => {
    const answer = (await writeFileAnswer('What about zebras?', filesOf([letter]), 'en')).join(' ')
    expect(answer).toContain('I found nothing about that in your files')
  })
})

describe('file text inside the answer', () => {
  it('cannot format the answer or make a link', () => {
    const hostile = '[click me](https://evil.example) **bold** <img src=x> # heading | cell'
    const quoted = quoteFileText(hostile)
    expect(quoted).toBe(
      '\\[click me\\]\\(https://evil.example\\) \\*\\*bold\\*\\* ‹img src=x\\> \\# heading \\| cell',
    )
  })
})

describe('a question in the other language than its file', () => {
  it('finds the passage of an English letter asked about in Chinese, quoted as written', async () => {
    const answer = (await writeFileAnswer('我的信件關於風險說了什麼？', filesOf([letter]), 'zh-Hant')).join(
      '\n',
    )
    expect(answer).toContain('semiconductor makers')
    expect(answer).not.toContain('gained 4%')
  })
})
