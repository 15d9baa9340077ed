import { describe, expect, it } from 'vitest'
import { fundamentalsColumns, parseStockOption, priceColumns } from './csv-format.ts'
import { NULL_PRICES_REASON, parseCsv, type Rejection } from './csv-parser.ts'

/** What the operator reads for each rejection: line, column and reason. */
function reasons(rejections: readonly Rejection[]) {
  return rejections.map(({ line, column, reason }) => ({ line, column, reason }))
}

const priceHeader = priceColumns.join(',')

describe('prices csv', () => {
  it('accepts good rows and writes codes and markets as the universe does', () => {
    const result = parseCsv(
      'prices',
      [
        priceHeader,
        'AAPL,us,2026-11-19,268.9,272.1,267.5,271.49,45210331',
        '700,HK,2026-11-19,505,514,503.5,512.5,14820311',
        '5930,kr,2026-11-19,70400,71500,70100,71200,15002871',
      ].join('\n'),
    )
    expect(result.rejected).toEqual([])
    expect(result.records).toBe(3)
    expect(result.accepted[0]).toEqual({
      code: 'AAPL',
      market: 'us',
      date: '2026-11-19',
      open: 268.9,
      high: 272.1,
      low: 267.5,
      close: 271.49,
      volume: 45210331,
    })
    expect(result.accepted.map((row) => `${row.market}:${row.code}`)).toEqual([
      'us:AAPL',
      'hk:0700',
      'kr:005930',
    ])
  })

  it('rejects each bad row with its line, column and reason, and keeps the good ones', () => {
    const result = parseCsv(
      'prices',
      [
        priceHeader,
        'AAPL,us,2026-11-19,268.9,272.1,267.5,271.49,45210331',
        'AAPL,us,2026-11-18,"1,268.90",272.1,267.5,271.49,100',
        'AAPL,us,2026-11-17,268.9,270,267.5,271.49,100',
        'AAPL,us,2026-11-21,268.9,272.1,267.5,271.49,100',
        'AAPL,us,2026-02-30,268.9,272.1,267.5,271.49,100',
        'ZZZZ,us,2026-11-19,1,1,1,1,1',
        '7203,jp,2026-11-19,2962,2990,2950,2984.5',
        'AAPL,us,2026-11-19,268.9,272.1,267.5,271.49,100',
        'AAPL,xx,2026-11-16,268.9,272.1,267.5,271.49,-5',
        '0700,hk,2026-11-16,505,514,503.5,512.5,0',
      ].join('\n'),
    )
    expect(result.records).toBe(10)
    expect(result.accepted.map((row) => `${row.code} ${row.date}`)).toEqual([
      'AAPL 2026-11-19',
      '0700 2026-11-16',
    ])
    expect(reasons(result.rejected)).toEqual([
      {
        line: 3,
        column: 'open',
        reason: 'not a plain decimal number (digits, optional minus and dot; no separators or exponents)',
      },
      { line: 4, column: 'high', reason: '270 is below the open, close or low' },
      { line: 5, column: 'date', reason: 'falls on a weekend, when no market trades' },
      { line: 6, column: 'date', reason: 'not a date written YYYY-MM-DD' },
      { line: 7, column: 'code', reason: 'ZZZZ is not a us company in the universe' },
      { line: 8, column: '', reason: 'has 7 cells, the header has 8' },
      { line: 9, column: 'date', reason: 'duplicates line 2 for the same company' },
      { line: 10, column: 'market', reason: 'must be one of us, hk, jp, kr' },
      { line: 10, column: 'volume', reason: 'not a whole number' },
    ])
  })

  it('rejects the whole file when a required column is missing or unknown', () => {
    const result = parseCsv(
      'prices',
      'code,market,date,open,high,low,price,volume\nAAPL,us,2026-11-19,1,1,1,1,1',
    )
    expect(result.accepted).toEqual([])
    expect(reasons(result.rejected)).toEqual([
      { line: 1, column: 'close', reason: 'required column is missing' },
      {
        line: 1,
        column: 'price',
        reason: `unknown column (expected ${priceHeader}; or, for one stock named with --stock, Date,Open,High,Low,Close,Adj Close,Volume)`,
      },
    ])
    expect(reasons(parseCsv('prices', '').rejected)).toEqual([
      { line: 1, column: '', reason: 'the file is empty: no header line' },
    ])
  })

  it('rejects a quoted field left open at the end, naming the line on which its row starts', () => {
    const result = parseCsv(
      'prices',
      `${priceHeader}\nAAPL,us,2026-11-19,268.9,272.1,267.5,271.49,45210331\n"AAPL,us`,
    )
    expect(result.accepted).toHaveLength(1)
    expect(reasons(result.rejected)).toEqual([
      { line: 3, column: '', reason: 'a quoted field is never closed' },
    ])
  })

  it('accepts the columns in any order', () => {
    const result = parseCsv(
      'prices',
      'date,code,market,volume,close,low,high,open\n2026-11-19,AAPL,us,5,2,1,3,2',
    )
    expect(result.rejected).toEqual([])
    expect(result.accepted[0]).toMatchObject({ code: 'AAPL', open: 2, high: 3, low: 1, close: 2, volume: 5 })
  })
})

/** Apple's daily prices as Yahoo Finance's download writes them: BOM, CRLF, Adj Close, `null` on a holiday. */
const yahooDownload = [
  '\uFEFFDate,Open,High,Low,Close,Adj Close,Volume',
  '2024-12-23,254.770004,255.649994,253.449997,255.270004,254.367035,40858800',
  '2024-12-24,255.490005,258.209991,255.289993,258.200012,257.286682,23234700',
  '2024-12-25,null,null,null,null,null,null',
  '2024-12-26,258.190002,260.100006,257.630005,259.019989,258.103760,27237100',
  '2024-12-27,257.829987,258.700012,253.059998,255.589996,254.685928,42355300',
  '2024-12-27,257.829987,258.700012,253.059998,255.589996,254.685928,42355300',
  '2024-12-30,252.229996,253.5O,250.75,252.199997,251.307877,35557500',
].join('\r\n')

describe('one-stock prices csv (the Date,Open,High,Low,Close,Adj Close,Volume download)', () => {
  const apple = { market: 'us' as const, code: 'AAPL' }

  it('reads the download for the stock named on the command line, ignoring the adjusted close', () => {
    const result = parseCsv('prices', yahooDownload, { stock: apple })
    expect(result.records).toBe(7)
    expect(result.accepted.map((row) => `${row.market}:${row.code} ${row.date}`)).toEqual([
      'us:AAPL 2024-12-23',
      'us:AAPL 2024-12-24',
      'us:AAPL 2024-12-26',
      'us:AAPL 2024-12-27',
    ])
    expect(result.accepted[0]).toEqual({
      code: 'AAPL',
      market: 'us',
      date: '2024-12-23',
      open: 254.770004,
      high: 255.649994,
      low: 253.449997,
      close: 255.270004,
      volume: 40858800,
    })
  })

  it('rejects the holiday row of nulls, a repeated date and a bad number, each with its line and reason', () => {
    const result = parseCsv('prices', yahooDownload, { stock: apple })
    expect(result.rejected).toEqual([
      { line: 4, column: '', reason: NULL_PRICES_REASON, rule: NULL_PRICES_REASON },
      {
        line: 7,
        column: 'date',
        reason: 'duplicates line 6 for the same company',
        rule: 'duplicates an earlier line for the same company',
      },
      {
        line: 8,
        column: 'high',
        reason: 'not a plain decimal number (digits, optional minus and dot; no separators or exponents)',
        rule: 'not a plain decimal number (digits, optional minus and dot; no separators or exponents)',
      },
    ])
  })

  it('reads LF line ends and a file without a byte-order mark the same way', () => {
    const plain = yahooDownload.replace('\uFEFF', '').replaceAll('\r\n', '\n')
    const a = parseCsv('prices', yahooDownload, { stock: apple })
    const b = parseCsv('prices', plain, { stock: apple })
    expect(b.accepted).toEqual(a.accepted)
    expect(b.rejected).toEqual(a.rejected)
  })

  it('refuses the download when no stock is named, and names the option to use', () => {
    const result = parseCsv('prices', yahooDownload)
    expect(result.accepted).toEqual([])
    expect(reasons(result.rejected)).toEqual([
      {
        line: 1,
        column: '',
        reason:
          'the file has no code and market columns: name the stock it is about with --stock market:code (for example --stock us:AAPL)',
      },
    ])
  })

  it('refuses a named stock for a file that names its companies itself', () => {
    const result = parseCsv(
      'prices',
      `${priceHeader}\nAAPL,us,2026-11-19,268.9,272.1,267.5,271.49,45210331`,
      {
        stock: apple,
      },
    )
    expect(result.accepted).toEqual([])
    expect(reasons(result.rejected)).toEqual([
      {
        line: 1,
        column: 'code',
        reason: 'the file names its companies in code and market columns; leave out --stock',
      },
    ])
  })

  it('reads the stock as market:code of a company in the universe', () => {
    expect(parseStockOption('us:aapl')).toEqual({ stock: { market: 'us', code: 'AAPL' } })
    expect(parseStockOption('HK:700')).toEqual({ stock: { market: 'hk', code: '0700' } })
    expect(parseStockOption('us:ZZZZ')).toEqual({
      problem:
        '--stock us:ZZZZ: not market:code of a company in the universe (for example us:AAPL, hk:0700, jp:7203, kr:005930)',
    })
    expect(parseStockOption('AAPL')).toHaveProperty('problem')
  })
})

describe('fundamentals csv', () => {
  const header = fundamentalsColumns.join(',')
  const values: Record<string, string> = {
    code: 'AAPL',
    market: 'us',
    fiscalYear: '2025',
    periodEnd: '2025-09-30',
    currency: 'USD',
    revenue: '416161000000',
    costOfRevenue: '220960000000',
    grossProfit: '195201000000',
    operatingIncome: '133050000000',
    netIncome: '112010000000',
    totalAssets: '359241000000',
    totalLiabilities: '285508000000',
    shareholdersEquity: '73733000000',
    retainedEarnings: '-14264000000',
    capitalExpenditure: '12715000000',
    dividendsPaid: '15421000000',
    shareRepurchases: '90711000000',
    sharesOutstanding: '14776353000',
  }
  const row = (changes: Record<string, string> = {}) =>
    fundamentalsColumns.map((column) => ({ ...values, ...changes })[column] ?? '').join(',')

  it('accepts a row with every field, reading empty cells as no figure', () => {
    const result = parseCsv('fundamentals', `${header}\n${row()}`)
    expect(result.rejected).toEqual([])
    expect(result.accepted[0]).toMatchObject({
      code: 'AAPL',
      fiscalYear: 2025,
      revenue: 416161000000,
      retainedEarnings: -14264000000,
      ebit: null,
      dilutedShares: null,
    })
  })

  it('accepts files that leave optional columns out', () => {
    const result = parseCsv(
      'fundamentals',
      'code,market,fiscalYear,periodEnd,currency,revenue\n7203,jp,2025,2025-03-31,JPY,48036704000000',
    )
    expect(result.rejected).toEqual([])
    expect(result.accepted[0]).toMatchObject({ code: '7203', revenue: 48036704000000, netIncome: null })
  })

  it('rejects negative outflows, a fiscal year that is not the period-end year, a gross profit that does not add up, and unknown currencies', () => {
    const result = parseCsv(
      'fundamentals',
      [
        header,
        row({ capitalExpenditure: '-12715000000' }),
        row({ fiscalYear: '2024' }),
        row({ fiscalYear: '2024', periodEnd: '2024-09-28', grossProfit: '200000000000' }),
        row({ fiscalYear: '2023', periodEnd: '2023-09-30', currency: 'EUR' }),
      ].join('\n'),
    )
    expect(result.accepted).toEqual([])
    expect(reasons(result.rejected)).toEqual([
      {
        line: 2,
        column: 'capitalExpenditure',
        reason: 'outflows are positive amounts here; drop the minus sign',
      },
      {
        line: 3,
        column: 'fiscalYear',
        reason: 'fiscal year 2024 must be the calendar year in which the period ends (2025-09-30)',
      },
      {
        line: 4,
        column: 'grossProfit',
        reason:
          '200000000000 differs from revenue − costOfRevenue (195201000000) by more than 1 % of revenue',
      },
      { line: 5, column: 'currency', reason: 'must be one of USD, HKD, JPY, KRW' },
    ])
  })
})

describe('earnings csv (the calendar)', () => {
  it('reads a results date with its local time, period and whether it is announced', () => {
    const result = parseCsv(
      'earnings',
      [
        'code,market,date,time,periodEnd,confirmed',
        'AAPL,us,2027-01-28,16:30,2026-12-31,yes',
        '700,hk,2027-03-18,,,no',
        '7203,jp,2027-02-05,,2026-12-31,',
      ].join('\n'),
    )
    expect(result.rejected).toEqual([])
    expect(result.accepted).toEqual([
      {
        code: 'AAPL',
        market: 'us',
        date: '2027-01-28',
        time: '16:30',
        periodEnd: '2026-12-31',
        confirmed: true,
      },
      { code: '0700', market: 'hk', date: '2027-03-18', time: null, periodEnd: null, confirmed: false },
      {
        code: '7203',
        market: 'jp',
        date: '2027-02-05',
        time: null,
        periodEnd: '2026-12-31',
        confirmed: true,
      },
    ])
  })

  it('takes the short layout (code, market, date) and names each bad cell', () => {
    expect(parseCsv('earnings', 'code,market,date\nMSFT,us,2027-01-27').accepted).toHaveLength(1)
    const result = parseCsv(
      'earnings',
      [
        'code,market,date,time,periodEnd,confirmed',
        'AAPL,us,2027-01-28,4pm,,',
        'AAPL,us,2027-04-30,,2027-05-31,',
        'AAPL,us,2027-07-30,,,maybe',
        'AAPL,us,2027-01-28,,,',
      ].join('\n'),
    )
    expect(reasons(result.rejected)).toEqual([
      { line: 2, column: 'time', reason: 'not a time written HH:MM (24-hour)' },
      {
        line: 3,
        column: 'periodEnd',
        reason: 'the period 2027-05-31 must end before its results (2027-04-30)',
      },
      { line: 4, column: 'confirmed', reason: 'must be yes or no (empty: yes)' },
    ])
    // Line 5 repeats the date line 2 was meant to hold; line 2 was rejected, so it is the first.
    expect(result.accepted).toHaveLength(1)
  })
})

describe('dividends csv (the calendar)', () => {
  it('reads ex-date, pay date, amount per share and currency', () => {
    const result = parseCsv(
      'dividends',
      [
        'code,market,exDate,payDate,amount,currency',
        'AAPL,us,2026-11-10,2026-11-13,0.27,usd',
        '5,hk,2026-08-21,,0.1,USD',
      ].join('\n'),
    )
    expect(result.rejected).toEqual([])
    expect(result.accepted).toEqual([
      {
        code: 'AAPL',
        market: 'us',
        exDate: '2026-11-10',
        payDate: '2026-11-13',
        amount: 0.27,
        currency: 'USD',
      },
      { code: '0005', market: 'hk', exDate: '2026-08-21', payDate: null, amount: 0.1, currency: 'USD' },
    ])
  })

  it('refuses a missing amount column, a non-positive amount, a pay date before the ex-date and a repeated ex-date', () => {
    expect(
      reasons(parseCsv('dividends', 'code,market,exDate,currency\nAAPL,us,2026-11-10,USD').rejected),
    ).toEqual([{ line: 1, column: 'amount', reason: 'required column is missing' }])
    const result = parseCsv(
      'dividends',
      [
        'code,market,exDate,payDate,amount,currency',
        'AAPL,us,2026-11-10,2026-11-13,0,USD',
        'AAPL,us,2026-08-11,2026-08-01,0.26,USD',
        'AAPL,us,2026-05-11,,0.26,dollars',
        'AAPL,us,2026-02-09,,0.26,USD',
        'AAPL,us,2026-02-09,,0.25,USD',
      ].join('\n'),
    )
    expect(reasons(result.rejected)).toEqual([
      { line: 2, column: 'amount', reason: 'must be greater than 0' },
      { line: 3, column: 'payDate', reason: 'paid 2026-08-01, before its ex-date 2026-08-11' },
      { line: 4, column: 'currency', reason: 'not a three-letter currency code (USD, HKD, JPY, KRW…)' },
      { line: 6, column: 'exDate', reason: 'duplicates line 5 for the same company' },
    ])
  })
})
