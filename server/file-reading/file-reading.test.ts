import { describe, expect, it } from 'vitest'
import {
  createSectionCollector,
  cutText,
  isFileReading,
  joinCjkSpacing,
  rowsFromDelimitedLines,
  showNumber,
} from './file-reading.ts'

describe('the section collector', () => {
  it('keeps sections whole within the budget, cuts the one that crosses it with its rows, drops the rest', () => {
    const collector = createSectionCollector(30)
    collector.add({ place: { kind: 'page', number: 1 }, text: 'x'.repeat(20) })
    collector.add({
      place: { kind: 'sheet', number: 2, name: 'S' },
      text: 'a\tb\ncc\tdd\neee\tfff',
      rows: [
        ['a', 'b'],
        ['cc', 'dd'],
        ['eee', 'fff'],
      ],
    })
    expect(collector.full).toBe(true)
    collector.add({ place: { kind: 'page', number: 3 }, text: 'never kept' })
    expect(collector.finish()).toEqual({
      ok: true,
      truncated: true,
      sections: [
        { place: { kind: 'page', number: 1 }, text: 'x'.repeat(20) },
        {
          place: { kind: 'sheet', number: 2, name: 'S' },
          text: 'a\tb\ncc\tdd',
          rows: [
            ['a', 'b'],
            ['cc', 'dd'],
          ],
        },
      ],
    })
  })

  it('never cuts a character made of two UTF-16 units in half', () => {
    expect(cutText('ab😀', 3)).toBe('ab')
  })
})

describe('telling a reading from what a damaged reading process might answer', () => {
  it('takes whole readings and refusals', () => {
    expect(
      isFileReading({
        ok: true,
        truncated: false,
        sections: [
          { place: { kind: 'sheet', number: 1, name: 'Holdings' }, text: 'a\tb', rows: [['a', 'b'], []] },
          { place: { kind: 'page', number: 2 }, text: '' },
        ],
      }),
    ).toBe(true)
    expect(isFileReading({ ok: false, error: 'CHAT_FILE_ENCRYPTED', detail: 'needs a password' })).toBe(true)
  })

  it.each([
    ['nothing', undefined],
    ['a string', 'ok'],
    ['no sections', { ok: true, truncated: false }],
    ['no truncated', { ok: true, sections: [] }],
    [
      'a section without text',
      { ok: true, truncated: false, sections: [{ place: { kind: 'page', number: 1 } }] },
    ],
    [
      'a place of no known kind',
      { ok: true, truncated: false, sections: [{ place: { kind: 'cell', number: 1 }, text: '' }] },
    ],
    [
      'a place without a whole number',
      { ok: true, truncated: false, sections: [{ place: { kind: 'page', number: 1.5 }, text: '' }] },
    ],
    [
      'a cell that is not text',
      {
        ok: true,
        truncated: false,
        sections: [{ place: { kind: 'page', number: 1 }, text: '', rows: [[1]] }],
      },
    ],
    ['an error code of another kind', { ok: false, error: 'CHAT_FILE_TOO_LARGE', detail: '' }],
    ['a refusal without a detail', { ok: false, error: 'CHAT_FILE_UNREADABLE' }],
  ])('refuses %s', (_, value) => {
    expect(isFileReading(value)).toBe(false)
  })
})

describe('rows from delimited lines', () => {
  it('reads tab, pipe and space-aligned tables of two or more lines, an empty row between tables', () => {
    const text = [
      'Intro line',
      'Ticker\tValue',
      'AAPL\t1,000',
      '',
      '| Name | Weight |',
      '|------|--------|',
      '| KO   | 30%    |',
      'prose',
      'Fund       Return',
      'Alpha      5.2%',
    ].join('\n')
    expect(rowsFromDelimitedLines(text)).toEqual([
      ['Ticker', 'Value'],
      ['AAPL', '1,000'],
      [],
      ['Name', 'Weight'],
      ['KO', '30%'],
      [],
      ['Fund', 'Return'],
      ['Alpha', '5.2%'],
    ])
  })

  it('takes no single delimited line for a table', () => {
    expect(rowsFromDelimitedLines('one\ttwo\nplain')).toEqual([])
  })
})

describe('small helpers', () => {
  it('joins Chinese characters that OCR spaced apart, but not words', () => {
    expect(joinCjkSpacing('股 利 政 策 and NVDA 市 值')).toBe('股利政策 and NVDA 市值')
  })

  it('shows spreadsheet numbers as percentages and dates as Excel would', () => {
    expect(showNumber(0.354, 'percent', false)).toBe('35.4%')
    expect(showNumber(45382, 'date', false)).toBe('2024-03-31')
    expect(showNumber(43920, 'date', true)).toBe('2024-03-31')
    expect(showNumber(0.1 + 0.2, 'number', false)).toBe('0.3')
  })
})
