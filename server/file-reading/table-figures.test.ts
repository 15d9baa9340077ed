import { describe, expect, it } from 'vitest'
import { parseFigure, readFigureTables } from './table-figures.ts'

describe('reading a number as people write it', () => {
  it.each([
    ['1,234.56', { value: 1234.56 }],
    ['1234', { value: 1234 }],
    ['.5', { value: 0.5 }],
    ['(1,234)', { value: -1234 }],
    ['-12.5', { value: -12.5 }],
    ['−3', { value: -3 }],
    ['35.4%', { value: 35.4, unit: '%' }],
    ['(2.1%)', { value: -2.1, unit: '%' }],
    ['$28,450.00', { value: 28_450, unit: '$' }],
    ['US$ 1,000', { value: 1000, unit: 'US$' }],
    ['NT$１，０５０，０００', { value: 1_050_000, unit: 'NT$' }],
    ['HK$ 112,800', { value: 112_800, unit: 'HK$' }],
    ['¥168,000', { value: 168_000, unit: '¥' }],
    ['-$500', { value: -500, unit: '$' }],
    ['1,050,000元', { value: 1_050_000, unit: '元' }],
    ['2.5萬', { value: 25_000 }],
    ['3億元', { value: 300_000_000, unit: '元' }],
    ['1.2M', { value: 1_200_000 }],
    ['４５６', { value: 456 }],
    ['１２．５％', { value: 12.5, unit: '%' }],
  ])('%s', (cell, figure) => {
    expect(parseFigure(cell)).toEqual(figure)
  })

  it.each(['', 'AAPL', 'Apple', '12 apples', '1,23', '2024-03-31', 'N/A', '—', '1.2.3', '$'])(
    '%s is not a number',
    (cell) => {
      expect(parseFigure(cell)).toBeNull()
    },
  )
})

describe('reading tables', () => {
  it('finds the header below a title row, the numeric columns and what they measure, and the totals', () => {
    const [table] = readFigureTables([
      {
        rows: [
          ['Portfolio at 30 September', '', '', ''],
          ['Symbol', 'Quantity', 'Price', 'Allocation'],
          ['KO', '300', '60.10', '30%'],
          ['PEP', '500', '170.00', '70%'],
          ['Grand total', '', '', '100%'],
        ],
      },
    ])
    expect(table!.header).toEqual(['Symbol', 'Quantity', 'Price', 'Allocation'])
    expect(table!.columns.map((column) => [column.name, column.measure])).toEqual([
      ['Quantity', 'quantity'],
      ['Price', 'price'],
      ['Allocation', 'weight'],
    ])
    expect(table!.rows.map((row) => row.label)).toEqual(['KO', 'PEP'])
    expect(table!.totals.map((row) => row.label)).toEqual(['Grand total'])
  })

  it('takes a column of mostly numbers as numeric despite a dash or two', () => {
    const [table] = readFigureTables([
      {
        rows: [
          ['名稱', '金額'],
          ['甲', '1,000'],
          ['乙', '—'],
          ['丙', '3,000'],
          ['丁', '2,000'],
        ],
      },
    ])
    expect(table!.columns).toEqual([{ index: 1, name: '金額', measure: 'value' }])
    expect(table!.rows.map((row) => row.values[1])).toEqual([1000, null, 3000, 2000])
  })
})
