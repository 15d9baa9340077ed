import { describe, expect, it } from 'vitest'
import type { Market } from '#contracts/regions.ts'
import type { Exchange, Sector } from './market-data.ts'
import { findCompaniesByName, findCompany, listings, normalizeName, universe } from './universe.ts'

const markets: Market[] = ['us', 'hk', 'jp', 'kr']

const sectors: Sector[] = [
  'communication_services',
  'consumer_discretionary',
  'consumer_staples',
  'energy',
  'financials',
  'health_care',
  'industrials',
  'information_technology',
  'materials',
  'real_estate',
  'utilities',
]

const codePattern: Record<Market, RegExp> = {
  us: /^[A-Z]{1,5}(\.[A-Z])?$/,
  hk: /^\d{4}$/,
  jp: /^\d{3}[0-9A-Z]$/,
  kr: /^\d{6}$/,
}

const exchangesOf: Record<Market, Exchange[]> = {
  us: ['NYSE', 'NASDAQ'],
  hk: ['HKEX'],
  jp: ['TSE'],
  kr: ['KRX', 'KOSDAQ'],
}

/** Companies Taiwan and Hong Kong media name by their Latin brand; every other Chinese name has Han characters. */
const latinChineseNames = new Set([
  'Alphabet',
  'Meta',
  'Visa',
  'KDDI',
  'NAVER',
  'Kakao',
  'KT&G',
  'HYBE',
  'EcoPro BM',
  'HLB',
  'Kakao Games',
  'CJ ENM',
])

describe('the universe', () => {
  it('holds at least 200 companies and at least 40 in each market', () => {
    expect(universe.length).toBeGreaterThanOrEqual(200)
    for (const market of markets) {
      expect(universe.filter((c) => c.market === market).length, market).toBeGreaterThanOrEqual(40)
    }
  })

  it('has unique codes within each market, written as readers type them', () => {
    for (const market of markets) {
      const codes = universe.filter((c) => c.market === market).map((c) => c.code)
      expect(new Set(codes).size, market).toBe(codes.length)
      for (const code of codes) expect(code, market).toMatch(codePattern[market])
    }
  })

  it('gives each company an exchange and currency of its market', () => {
    const currency: Record<Market, string> = { us: 'USD', hk: 'HKD', jp: 'JPY', kr: 'KRW' }
    for (const company of universe) {
      expect(exchangesOf[company.market], company.code).toContain(company.exchange)
      expect(company.currency, company.code).toBe(currency[company.market])
    }
  })

  it('writes Yahoo symbols with the suffix of the market and board', () => {
    for (const company of universe) {
      const { code, yahooSymbol } = company
      switch (company.market) {
        case 'us':
          expect(yahooSymbol).toBe(code.replace('.', '-'))
          expect(yahooSymbol).not.toContain('.')
          break
        case 'hk':
          expect(yahooSymbol).toBe(`${code}.HK`)
          break
        case 'jp':
          expect(yahooSymbol).toBe(`${code}.T`)
          break
        case 'kr':
          expect(yahooSymbol).toBe(`${code}${company.exchange === 'KOSDAQ' ? '.KQ' : '.KS'}`)
          break
      }
    }
  })

  it('names every company in English and in Traditional Chinese', () => {
    for (const company of universe) {
      expect(company.nameEn.trim(), company.code).toBe(company.nameEn)
      expect(company.nameEn.length, company.code).toBeGreaterThan(1)
      expect(company.nameZh.trim(), company.code).toBe(company.nameZh)
      expect(company.nameZh.length, company.code).toBeGreaterThan(1)
      if (!latinChineseNames.has(company.nameZh))
        expect(company.nameZh, company.code).toMatch(/\p{Script=Han}/u)
    }
  })

  it('never lets one name or alias point at two companies', () => {
    const owner = new Map<string, string>()
    for (const company of universe) {
      const id = `${company.market}:${company.code}`
      for (const name of new Set([company.nameEn, company.nameZh, ...company.aliases].map(normalizeName))) {
        expect(name.length, id).toBeGreaterThan(0)
        const previous = owner.get(name)
        expect(previous, `"${name}" is used by ${previous} and ${id}`).toBeUndefined()
        owner.set(name, id)
      }
    }
  })

  it('files each company under a GICS sector and a snake_case industry key', () => {
    for (const company of universe) {
      expect(sectors, company.code).toContain(company.sector)
      expect(company.industry, company.code).toMatch(/^[a-z]+(_[a-z]+)*$/)
    }
  })

  it('sizes every company with a plausible scale profile', () => {
    for (const { company, scale } of listings) {
      expect(scale.revenue, company.code).toBeGreaterThan(0)
      expect(scale.sharesOutstanding, company.code).toBeGreaterThan(1e6)
      expect(scale.priceLevel, company.code).toBeGreaterThan(0)
      expect(scale.netMargin, company.code).toBeLessThan(1)
      expect(scale.fiscalYearEndMonth, company.code).toBeGreaterThanOrEqual(1)
      expect(scale.fiscalYearEndMonth, company.code).toBeLessThanOrEqual(12)
      if (scale.shape === 'operating') {
        expect(scale.grossMargin, company.code).not.toBeNull()
        expect(scale.grossMargin, company.code).toBeGreaterThan(0)
      } else {
        expect(scale.grossMargin, company.code).toBeNull()
        expect(company.sector, company.code).toBe('financials')
      }
    }
  })
})

describe('universe lookups', () => {
  it('finds the companies readers ask for by code, with or without leading zeros', () => {
    expect(findCompany('us', 'AAPL')?.nameZh).toBe('蘋果')
    expect(findCompany('hk', '700')?.nameZh).toBe('騰訊控股')
    expect(findCompany('hk', '00700')?.code).toBe('0700')
    expect(findCompany('hk', '0005')?.nameEn).toBe('HSBC Holdings plc')
    expect(findCompany('jp', '7203')?.nameZh).toBe('豐田汽車')
    expect(findCompany('kr', '5930')?.nameZh).toBe('三星電子')
    expect(findCompany('us', 'BRK-B')?.yahooSymbol).toBe('BRK-B')
  })

  it('finds a company by any of its names or aliases, in either language', () => {
    expect(findCompaniesByName('騰訊').map((c) => c.code)).toEqual(['0700'])
    expect(findCompaniesByName('Tencent').map((c) => c.code)).toEqual(['0700'])
    expect(findCompaniesByName('豐田').map((c) => c.code)).toEqual(['7203'])
    expect(findCompaniesByName('samsung').map((c) => c.code)).toEqual(['005930'])
    expect(findCompaniesByName('Apple').map((c) => c.code)).toEqual(['AAPL'])
    expect(findCompaniesByName('台積電').map((c) => `${c.exchange}:${c.code}`)).toEqual(['NYSE:TSM'])
    expect(findCompaniesByName('阿里巴巴－W').map((c) => c.code)).toEqual(['9988'])
  })

  it('lists the well-known names on their real exchanges', () => {
    const expectations: Array<[Market, string, Exchange, string]> = [
      ['us', 'MSFT', 'NASDAQ', 'MSFT'],
      ['us', 'NVDA', 'NASDAQ', 'NVDA'],
      ['hk', '1299', 'HKEX', '1299.HK'],
      ['hk', '3690', 'HKEX', '3690.HK'],
      ['hk', '1211', 'HKEX', '1211.HK'],
      ['jp', '6758', 'TSE', '6758.T'],
      ['jp', '6861', 'TSE', '6861.T'],
      ['kr', '000660', 'KRX', '000660.KS'],
      ['kr', '035420', 'KRX', '035420.KS'],
      ['kr', '035720', 'KRX', '035720.KS'],
      ['kr', '005380', 'KRX', '005380.KS'],
      ['kr', '247540', 'KOSDAQ', '247540.KQ'],
    ]
    for (const [market, code, exchange, yahooSymbol] of expectations) {
      const company = findCompany(market, code)
      expect(company?.exchange, code).toBe(exchange)
      expect(company?.yahooSymbol, code).toBe(yahooSymbol)
    }
  })
})
