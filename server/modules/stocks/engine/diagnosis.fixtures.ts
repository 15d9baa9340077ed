/**
 * Deterministic inputs for the engine's tests and for local measurement: a seeded random-walk price series, a
 * company, and five years of statements of a healthy operating company. Nothing here is real market data.
 */
import type {
  AnnualFundamentals,
  Company,
  DailyBar,
  InsiderTransaction,
} from '#server/providers/market-data/market-data.ts'
import type { IndustryBenchmarks } from './industry-benchmarks.ts'

/** Mulberry32: a tiny seeded generator, so every run of a test sees the same series. */
export function createSeededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/**
 * Weekday bars from a geometric random walk with drift; intraday range and volume are derived from the same seed.
 * `count` bars ending on or before `endDate`.
 */
export function createRandomWalkBars(options: {
  seed: number
  count: number
  endDate: string
  startPrice?: number
  drift?: number
  volatility?: number
}): DailyBar[] {
  const random = createSeededRandom(options.seed)
  const dates: string[] = []
  let date = options.endDate
  while (dates.length < options.count) {
    const day = new Date(`${date}T00:00:00Z`).getUTCDay()
    if (day !== 0 && day !== 6) dates.push(date)
    date = addDays(date, -1)
  }
  dates.reverse()
  const drift = options.drift ?? 0.0004
  const vol = options.volatility ?? 0.018
  let close = options.startPrice ?? 100
  const bars: DailyBar[] = []
  for (const d of dates) {
    // Box–Muller for a normal shock.
    const u = Math.max(random(), 1e-12)
    const v = random()
    const shock = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
    const open = close
    close = Math.max(0.5, close * Math.exp(drift + vol * shock))
    const high = Math.max(open, close) * (1 + random() * vol)
    const low = Math.min(open, close) * (1 - random() * vol)
    const volume = Math.round(1_000_000 * (0.5 + random()))
    bars.push({ date: d, open, high, low, close, volume })
  }
  return bars
}

export function makeCompany(overrides: Partial<Company> = {}): Company {
  return {
    code: 'TEST',
    market: 'us',
    exchange: 'NASDAQ',
    currency: 'USD',
    nameEn: 'Test Devices Inc.',
    nameZh: '測試裝置公司',
    aliases: [],
    sector: 'information_technology',
    industry: 'technology_hardware',
    yahooSymbol: 'TEST',
    ...overrides,
  }
}

export function makeStatement(
  fiscalYear: number,
  values: Partial<AnnualFundamentals> = {},
): AnnualFundamentals {
  return {
    fiscalYear,
    periodEnd: `${fiscalYear}-12-31`,
    currency: 'USD',
    revenue: null,
    costOfRevenue: null,
    grossProfit: null,
    operatingIncome: null,
    ebit: null,
    interestExpense: null,
    pretaxIncome: null,
    incomeTax: null,
    netIncome: null,
    depreciationAndAmortization: null,
    totalAssets: null,
    currentAssets: null,
    cashAndEquivalents: null,
    totalLiabilities: null,
    currentLiabilities: null,
    longTermDebt: null,
    totalDebt: null,
    retainedEarnings: null,
    shareholdersEquity: null,
    operatingCashFlow: null,
    capitalExpenditure: null,
    dividendsPaid: null,
    shareRepurchases: null,
    sharesOutstanding: null,
    dilutedShares: null,
    ...values,
  }
}

/** Six years (2019–2024) of a steadily growing, profitable, moderately indebted hardware maker (amounts in USD). */
export function makeHealthyStatements(): AnnualFundamentals[] {
  const out: AnnualFundamentals[] = []
  for (let i = 0; i < 6; i++) {
    const fy = 2019 + i
    const g = 1.1 ** i
    const revenue = 10e9 * g
    const grossProfit = revenue * (0.44 + 0.004 * i)
    const operatingIncome = revenue * 0.2
    const pretax = operatingIncome - 0.1e9
    const tax = pretax * 0.2
    const netIncome = pretax - tax
    const totalAssets = 15e9 * g
    const equity = 8e9 * g
    const totalDebt = 3e9
    const cash = 2e9 * g
    out.push(
      makeStatement(fy, {
        revenue,
        costOfRevenue: revenue - grossProfit,
        grossProfit,
        operatingIncome,
        ebit: operatingIncome,
        interestExpense: 0.1e9,
        pretaxIncome: pretax,
        incomeTax: tax,
        netIncome,
        depreciationAndAmortization: 0.5e9 * g,
        totalAssets,
        currentAssets: 6e9 * g,
        cashAndEquivalents: cash,
        totalLiabilities: totalAssets - equity,
        currentLiabilities: 3e9 * g,
        longTermDebt: 2.5e9,
        totalDebt,
        retainedEarnings: 5e9 * g,
        shareholdersEquity: equity,
        operatingCashFlow: netIncome * 1.2,
        capitalExpenditure: -0.8e9 * g,
        dividendsPaid: -0.4e9 * g,
        shareRepurchases: -0.3e9,
        sharesOutstanding: 1e9 - i * 5e6,
        dilutedShares: 1.01e9 - i * 5e6,
      }),
    )
  }
  return out
}

export function makeBenchmarks(
  overrides: Partial<Record<keyof IndustryBenchmarks['metrics'], number | null>> = {},
): IndustryBenchmarks {
  const stat = (median: number | null) => ({ median, count: 12 })
  return {
    scope: 'industry',
    key: 'technology_hardware',
    peerCount: 12,
    metrics: {
      pe: stat(overrides.pe ?? 20),
      pb: stat(overrides.pb ?? 3),
      grossMargin: stat(overrides.grossMargin ?? 0.38),
      operatingMargin: stat(overrides.operatingMargin ?? 0.15),
      roe: stat(overrides.roe ?? 0.14),
      roa: stat(overrides.roa ?? 0.07),
      roce: stat(overrides.roce ?? 0.16),
      roic: stat(overrides.roic ?? 0.12),
    },
  }
}

export function makeInsiderTrades(): InsiderTransaction[] {
  return [
    {
      date: '2024-09-10',
      insiderName: 'A. Director',
      role: 'Director',
      kind: 'buy',
      shares: 10_000,
      price: 150,
      value: 1_500_000,
    },
    {
      date: '2024-11-02',
      insiderName: 'B. Officer',
      role: 'Chief Financial Officer',
      kind: 'sell',
      shares: 4_000,
      price: 160,
      value: 640_000,
    },
    {
      date: '2025-03-15',
      insiderName: 'A. Director',
      role: 'Director',
      kind: 'buy',
      shares: 2_000,
      price: 170,
      value: 340_000,
    },
    // After the as-of date used in tests: must be ignored.
    {
      date: '2025-07-01',
      insiderName: 'C. Officer',
      role: 'Chief Executive Officer',
      kind: 'sell',
      shares: 1_000_000,
      price: 180,
      value: 180_000_000,
    },
  ]
}
