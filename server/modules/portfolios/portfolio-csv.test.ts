import { describe, expect, it } from 'vitest'
import { PortfolioErrorCode } from '#contracts/portfolio-rules.ts'
import { guessMapping, readDate, readNumber, readPortfolioCsv } from './portfolio-csv.ts'

describe('reading a broker’s export', () => {
  it('recognises the generic, Interactive Brokers and Futu layouts by their headers, in English and Chinese', () => {
    expect(guessMapping(['Date', 'Symbol', 'Action', 'Quantity', 'Price', 'Currency']).layout).toBe('generic')
    expect(
      guessMapping(['Symbol', 'Date/Time', 'Quantity', 'T. Price', 'Comm/Fee', 'Currency']),
    ).toMatchObject({
      layout: 'interactive-brokers',
      mapping: { stock: 0, date: 1, quantity: 2, price: 3, fee: 4, currency: 5 },
    })
    expect(
      guessMapping(['方向', '代碼', '名稱', '成交數量', '成交價格', '成交時間', '幣種', '市場']),
    ).toMatchObject({
      layout: 'futu',
      mapping: { action: 0, stock: 1, quantity: 3, price: 4, date: 5, currency: 6, market: 7 },
    })
    expect(guessMapping(['When', 'What']).layout).toBe('unknown')
  })

  it('reads numbers and dates as exports write them, refusing what is not one', () => {
    expect([
      readNumber('1,234.50'),
      readNumber(' -12 '),
      readNumber('(2.5)'),
      readNumber('1e5'),
      readNumber('abc'),
    ]).toEqual([1234.5, -12, -2.5, null, null])
    expect(readDate('2024/1/5 10:00', '2026-01-01')).toBe('2024-01-05')
    expect(readDate('20240105', '2026-01-01')).toBe('2024-01-05')
    expect(readDate('2024-02-30', '2026-01-01')).toBeNull()
    expect(readDate('05/01/2024', '2026-01-01')).toBeNull()
    expect(readDate('2027-01-01', '2026-01-01')).toBeNull()
  })

  it('names the line of each rejected row, a quote left open included', () => {
    const text =
      'Date,Symbol,Action,Quantity,Price\n2024-01-05,AAPL,buy,x,1\n\n2024-01-05,,buy,1,1\n2024-01-05,AAPL,gift,1,1\n"2024-01-06,AAPL,buy,1,1\n'
    const read = readPortfolioCsv(text, undefined, '2026-01-01')
    expect(read.rows).toEqual([])
    expect(read.rejected).toEqual([
      { line: 2, code: PortfolioErrorCode.quantityInvalid },
      { line: 4, code: PortfolioErrorCode.rowColumnsMissing },
      { line: 5, code: PortfolioErrorCode.rowActionUnknown },
      { line: 6, code: PortfolioErrorCode.rowQuoteOpen },
    ])
  })
})
