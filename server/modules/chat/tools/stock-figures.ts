/**
 * Every single figure the AI diagnosis holds for one company, by key: read from the diagnosis body the page shows
 * (`stocks.readDiagnosis`), each with its value, its unit, the date or fiscal year it describes and a one-line
 * meaning in the reader's language. The chat's `getStockFigures` tool returns them, and the offline assistant answers
 * "What is Apple's RSI?" with one of them instead of the whole diagnosis. A figure the diagnosis does not hold for
 * this company is returned with `value: null` and says so; figures the product does not compute at all (ATR, EV/EBITDA)
 * are not keys here, so nothing can pretend to have them.
 */
import type { Locale } from '#contracts/regions.ts'
import type { StockDiagnosis } from '#contracts/stock-diagnosis.ts'
import type { Currency } from '#contracts/stocks.ts'
import { formatMoney, formatPercent } from './tool-format.ts'

export const figureKeys = [
  'price',
  'high_52w',
  'low_52w',
  'rsi',
  'macd',
  'moving_averages',
  'adx',
  'volume_ratio',
  'support',
  'resistance',
  'gross_margin',
  'operating_margin',
  'net_margin',
  'roe',
  'roa',
  'pe',
  'pb',
  'peg',
  'dividend_yield',
  'payout_ratio',
  'dividend_growth',
  'fcf_yield',
  'market_cap',
  'fair_value',
  'debt_to_equity',
  'current_ratio',
  'interest_coverage',
  'revenue_growth',
  'eps_growth',
  'altman_z',
  'piotroski',
  'analyst_target',
] as const
export type FigureKey = (typeof figureKeys)[number]

export type FigureUnit = 'currency' | 'percent' | 'multiple' | 'index' | 'count' | 'ratio'

export interface StockFigure {
  key: FigureKey
  label: string
  /** In `unit`: currency amounts per share in the stock's currency (market cap in total), percents as fractions. */
  value: number | null
  unit: FigureUnit
  /** The figure as the answer writes it ("56.3", "28.4x", "12.3%", "412.30 USD"); "n/a" when not held. */
  text: string
  /** The session (YYYY-MM-DD) or fiscal year ("FY2025") the figure describes. */
  asOf: string
  /** One line on what the figure means, with this company's reading where it has one. */
  meaning: string
}

type Bilingual = Record<Locale, string>

const labels: Record<FigureKey, Bilingual> = {
  price: { en: 'Close', 'zh-Hant': '收市價' },
  high_52w: { en: '52-week high', 'zh-Hant': '52 週最高價' },
  low_52w: { en: '52-week low', 'zh-Hant': '52 週最低價' },
  rsi: { en: 'RSI (14 days)', 'zh-Hant': 'RSI（14 日）' },
  macd: { en: 'MACD histogram (12, 26, 9)', 'zh-Hant': 'MACD 柱狀值（12, 26, 9）' },
  moving_averages: { en: 'Moving averages', 'zh-Hant': '移動平均線' },
  adx: { en: 'ADX (14 days)', 'zh-Hant': 'ADX（14 日）' },
  volume_ratio: { en: 'Volume against its 20-day average', 'zh-Hant': '成交量對 20 日平均' },
  support: { en: 'Support', 'zh-Hant': '支撐位' },
  resistance: { en: 'Resistance', 'zh-Hant': '阻力位' },
  gross_margin: { en: 'Gross margin', 'zh-Hant': '毛利率' },
  operating_margin: { en: 'Operating margin', 'zh-Hant': '營業利潤率' },
  net_margin: { en: 'Net margin', 'zh-Hant': '淨利率' },
  roe: { en: 'Return on equity (ROE)', 'zh-Hant': '股東權益報酬率（ROE）' },
  roa: { en: 'Return on assets (ROA)', 'zh-Hant': '資產報酬率（ROA）' },
  pe: { en: 'P/E ratio', 'zh-Hant': '市盈率（P/E）' },
  pb: { en: 'P/B ratio', 'zh-Hant': '市賬率（P/B）' },
  peg: { en: 'PEG ratio', 'zh-Hant': 'PEG 比率' },
  dividend_yield: { en: 'Dividend yield', 'zh-Hant': '股息率' },
  payout_ratio: { en: 'Payout ratio', 'zh-Hant': '派息比率' },
  dividend_growth: { en: 'Dividend growth (compound, yearly)', 'zh-Hant': '股息年複合增長率' },
  fcf_yield: { en: 'Free cash flow yield', 'zh-Hant': '自由現金流收益率' },
  market_cap: { en: 'Market cap', 'zh-Hant': '市值' },
  fair_value: { en: 'Fair value', 'zh-Hant': '合理價' },
  debt_to_equity: { en: 'Debt to equity', 'zh-Hant': '負債權益比' },
  current_ratio: { en: 'Current ratio', 'zh-Hant': '流動比率' },
  interest_coverage: { en: 'Interest coverage', 'zh-Hant': '利息保障倍數' },
  revenue_growth: { en: 'Revenue growth (compound, yearly)', 'zh-Hant': '營收年複合增長率' },
  eps_growth: { en: 'EPS growth (compound, yearly)', 'zh-Hant': '每股盈利年複合增長率' },
  altman_z: { en: 'Altman Z-score', 'zh-Hant': 'Altman Z 分數' },
  piotroski: { en: 'Piotroski F-score', 'zh-Hant': 'Piotroski F 分數' },
  analyst_target: { en: 'Analysts’ mean target price', 'zh-Hant': '分析師平均目標價' },
}

export function figureLabel(key: FigureKey, locale: Locale): string {
  return labels[key][locale]
}

const meanings: Record<FigureKey, Bilingual> = {
  price: { en: 'the last closing price we hold.', 'zh-Hant': '我們持有的最新收市價。' },
  high_52w: {
    en: 'the highest daily high of the past 52 weeks.',
    'zh-Hant': '過去 52 週每日最高價中的最高者。',
  },
  low_52w: {
    en: 'the lowest daily low of the past 52 weeks.',
    'zh-Hant': '過去 52 週每日最低價中的最低者。',
  },
  rsi: {
    en: 'momentum from 0 to 100; 70 or above reads as overbought, 30 or below as oversold.',
    'zh-Hant': '0 至 100 的動能指標；70 或以上視為超買，30 或以下視為超賣。',
  },
  macd: {
    en: 'the MACD line minus its signal line; above zero, momentum is turning up, below zero, down.',
    'zh-Hant': 'MACD 線減去訊號線；高於零代表動能向上，低於零代表動能向下。',
  },
  moving_averages: {
    en: 'the average close over 20, 50 and 200 sessions; a price above its averages is in an uptrend.',
    'zh-Hant': '過去 20、50、200 個交易日的平均收市價；股價高於均線代表處於升勢。',
  },
  adx: {
    en: 'trend strength from 0 to 100, whatever the direction; 25 or above is a strong trend.',
    'zh-Hant': '0 至 100 的趨勢強度（不分方向）；25 或以上為強勢趨勢。',
  },
  volume_ratio: {
    en: 'the last session’s volume divided by the average of the 20 before it; above 1 is busier than usual.',
    'zh-Hant': '最新交易日成交量除以之前 20 日的平均；大於 1 代表交投較平日活躍。',
  },
  support: {
    en: 'a price below the close where buying has held the price before.',
    'zh-Hant': '低於收市價、過往曾有買盤承接的價位。',
  },
  resistance: {
    en: 'a price above the close where selling has capped the price before.',
    'zh-Hant': '高於收市價、過往曾有賣壓的價位。',
  },
  gross_margin: {
    en: 'revenue left after the cost of what was sold, as a share of revenue.',
    'zh-Hant': '營收扣除銷售成本後所餘，佔營收的比例。',
  },
  operating_margin: {
    en: 'operating profit as a share of revenue, before interest and tax.',
    'zh-Hant': '營業利潤（未計利息及稅項）佔營收的比例。',
  },
  net_margin: {
    en: 'net profit as a share of revenue.',
    'zh-Hant': '淨利潤佔營收的比例。',
  },
  roe: {
    en: 'net profit as a share of shareholders’ equity.',
    'zh-Hant': '淨利潤佔股東權益的比例。',
  },
  roa: { en: 'net profit as a share of total assets.', 'zh-Hant': '淨利潤佔總資產的比例。' },
  pe: {
    en: 'the price divided by diluted earnings per share of the last fiscal year: what the market pays for one unit of profit.',
    'zh-Hant': '股價除以上一財政年度的攤薄每股盈利：市場為每一元盈利所付的價錢。',
  },
  pb: {
    en: 'the price divided by book value per share.',
    'zh-Hant': '股價除以每股賬面值。',
  },
  peg: {
    en: 'the P/E divided by the yearly growth of earnings per share (in percent); near 1 is growth at a fair price.',
    'zh-Hant': '市盈率除以每股盈利的年增長率（百分比）；接近 1 代表增長與價格相稱。',
  },
  dividend_yield: {
    en: 'dividends per share of the last fiscal year divided by the price.',
    'zh-Hant': '上一財政年度每股股息除以股價。',
  },
  payout_ratio: {
    en: 'dividends paid in the last fiscal year divided by its net income: the share of profit paid out.',
    'zh-Hant': '上一財政年度派發的股息除以淨利潤：盈利中派給股東的比例。',
  },
  dividend_growth: {
    en: 'the compound yearly growth of dividends (per share when share counts are held) over the fiscal years shown.',
    'zh-Hant': '所列財政年度股息（有股數時按每股計）的年複合增長率。',
  },
  fcf_yield: {
    en: 'free cash flow per share divided by the price.',
    'zh-Hant': '每股自由現金流除以股價。',
  },
  market_cap: {
    en: 'the price times the shares outstanding: what the market values the whole company at.',
    'zh-Hant': '股價乘以流通股數：市場對整家公司的估值。',
  },
  fair_value: {
    en: 'our estimate of the value per share from the company’s own figures (low, base and high cases).',
    'zh-Hant': '本站根據公司自身數據估算的每股價值（低、基準、高三種情境）。',
  },
  debt_to_equity: {
    en: 'total debt divided by shareholders’ equity; higher means more borrowed money.',
    'zh-Hant': '總債務除以股東權益；愈高代表借貸愈多。',
  },
  current_ratio: {
    en: 'current assets divided by current liabilities; above 1 means short-term bills are covered.',
    'zh-Hant': '流動資產除以流動負債；大於 1 代表短期債務有足夠資產支付。',
  },
  interest_coverage: {
    en: 'operating profit divided by interest expense: how many times profit pays the interest.',
    'zh-Hant': '營業利潤除以利息支出：利潤可支付利息的倍數。',
  },
  revenue_growth: {
    en: 'the compound yearly growth of revenue over the last fiscal years.',
    'zh-Hant': '過去數個財政年度營收的年複合增長率。',
  },
  eps_growth: {
    en: 'the compound yearly growth of diluted earnings per share over the last fiscal years.',
    'zh-Hant': '過去數個財政年度攤薄每股盈利的年複合增長率。',
  },
  altman_z: {
    en: 'a bankruptcy-risk score from five balance-sheet ratios; higher is safer.',
    'zh-Hant': '以五項財務比率計算的破產風險分數；愈高愈安全。',
  },
  piotroski: {
    en: 'nine yes-or-no checks of profitability, leverage and efficiency; the more passed, the stronger.',
    'zh-Hant': '九項關於盈利、槓桿及效率的是非檢查；通過愈多，體質愈強。',
  },
  analyst_target: {
    en: 'the average of the analysts’ 12-month price targets, with their range.',
    'zh-Hant': '分析師 12 個月目標價的平均值及其範圍。',
  },
}

const notHeld: Bilingual = { en: 'n/a', 'zh-Hant': '不適用' }

const zoneNames: Record<'safe' | 'grey' | 'distress', Bilingual> = {
  safe: { en: 'safe zone', 'zh-Hant': '安全區' },
  grey: { en: 'grey zone', 'zh-Hant': '灰色區' },
  distress: { en: 'distress zone', 'zh-Hant': '危險區' },
}

function times(value: number): string {
  return `${value.toFixed(1)}x`
}

/** The bars of the 52 weeks that end on the last bar. */
function lastYearBars(d: StockDiagnosis): StockDiagnosis['history'] {
  const last = d.history.at(-1)
  if (!last) return []
  const start = new Date(`${last.date}T00:00:00Z`)
  start.setUTCDate(start.getUTCDate() - 364)
  const from = start.toISOString().slice(0, 10)
  return d.history.filter((b) => b.date >= from)
}

function ratio(d: StockDiagnosis, name: string): number | null {
  const value = d.ratios[name]
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

function vote(d: StockDiagnosis, key: string) {
  return d.technicals.votes.find((v) => v.key === key) ?? null
}

function check(d: StockDiagnosis, key: string) {
  for (const score of d.scoreDetails) {
    const found = score.checks.find((c) => c.key === key)
    if (found) return found
  }
  return null
}

/** One figure of the diagnosis, by key. */
export function readFigure(d: StockDiagnosis, key: FigureKey, locale: Locale): StockFigure {
  const zh = locale === 'zh-Hant'
  const currency: Currency = d.stock.currency
  const session = d.asOf ?? d.stock.priceDate ?? ''
  const fiscal = typeof d.ratios.fiscalYear === 'number' ? `FY${d.ratios.fiscalYear}` : session
  const money = (v: number) => formatMoney(v, currency)
  const base = { key, label: labels[key][locale], meaning: meanings[key][locale] }
  const make = (
    value: number | null,
    unit: FigureUnit,
    write: (v: number) => string,
    asOf: string = session,
    extra = '',
  ): StockFigure => ({
    ...base,
    value,
    unit,
    text: value === null ? notHeld[locale] : `${write(value)}${extra}`,
    asOf,
  })
  const pct = (v: number) => formatPercent(v)
  switch (key) {
    case 'price':
      return make(d.stock.price, 'currency', money, d.stock.priceDate ?? session)
    case 'high_52w': {
      const bars = lastYearBars(d)
      return make(bars.length ? Math.max(...bars.map((b) => b.high)) : null, 'currency', money)
    }
    case 'low_52w': {
      const bars = lastYearBars(d)
      return make(bars.length ? Math.min(...bars.map((b) => b.low)) : null, 'currency', money)
    }
    case 'rsi':
      return make(vote(d, 'technicals.rsi14')?.value ?? null, 'index', (v) => v.toFixed(1))
    case 'macd':
      return make(vote(d, 'technicals.macd')?.value ?? null, 'currency', (v) => v.toFixed(2))
    case 'moving_averages': {
      const sma = (n: number) => vote(d, `technicals.sma${n}`)?.reference ?? null
      const values = [20, 50, 200].map((n) => [n, sma(n)] as const)
      const held = values.filter(([, v]) => v !== null)
      const text = held
        .map(([n, v]) => (zh ? `${n} 日 ${money(v as number)}` : `${n}-day ${money(v as number)}`))
        .join(zh ? '；' : '; ')
      return { ...make(sma(50), 'currency', () => text), text: held.length ? text : notHeld[locale] }
    }
    case 'adx':
      return make(check(d, 'trend.adx_strong_uptrend')?.value ?? null, 'index', (v) => v.toFixed(1))
    case 'volume_ratio': {
      const bars = d.history
      const last = bars.at(-1)
      const before = bars.slice(-21, -1)
      const average = before.length ? before.reduce((s, b) => s + b.volume, 0) / before.length : 0
      return make(last && average > 0 ? last.volume / average : null, 'multiple', (v) => `${v.toFixed(2)}x`)
    }
    case 'support':
      return make(d.levels.support?.price ?? null, 'currency', money)
    case 'resistance':
      return make(d.levels.resistance?.price ?? null, 'currency', money)
    case 'gross_margin':
    case 'operating_margin':
    case 'net_margin':
    case 'roe':
    case 'roa': {
      const names = {
        gross_margin: 'grossMargin',
        operating_margin: 'operatingMargin',
        net_margin: 'netMargin',
        roe: 'roe',
        roa: 'roa',
      }
      return make(ratio(d, names[key]), 'percent', pct, fiscal)
    }
    case 'pe':
      return make(ratio(d, 'pe'), 'multiple', times)
    case 'pb':
      return make(ratio(d, 'pb'), 'multiple', times)
    case 'peg':
      return make(ratio(d, 'peg'), 'multiple', (v) => v.toFixed(2))
    case 'dividend_yield':
      return make(ratio(d, 'dividendYield'), 'percent', pct)
    case 'payout_ratio': {
      const v = d.dividends
      const asOf = v.fiscalYear ? `FY${v.fiscalYear}` : fiscal
      return make(v.status === 'payer' ? v.payoutRatio : null, 'percent', pct, asOf)
    }
    case 'dividend_growth': {
      const c = d.dividends.cagr
      return make(
        c?.value ?? null,
        'percent',
        (v) => formatPercent(v, true),
        c ? `FY${c.from}–FY${c.to}` : fiscal,
      )
    }
    case 'fcf_yield':
      return make(ratio(d, 'freeCashFlowYield'), 'percent', pct)
    case 'market_cap':
      return make(d.stock.marketCap, 'currency', (v) => formatBig(v, currency, zh))
    case 'fair_value': {
      const s = d.fairValue.sensitivity
      const range =
        s?.low.value != null && s.high.value != null
          ? zh
            ? `（區間 ${money(s.low.value)} 至 ${money(s.high.value)}）`
            : ` (range ${money(s.low.value)} to ${money(s.high.value)})`
          : ''
      return make(d.fairValue.value, 'currency', money, session, range)
    }
    case 'debt_to_equity':
      return make(ratio(d, 'debtToEquity'), 'multiple', (v) => v.toFixed(2), fiscal)
    case 'current_ratio':
      return make(ratio(d, 'currentRatio'), 'multiple', (v) => v.toFixed(2), fiscal)
    case 'interest_coverage':
      return make(ratio(d, 'interestCoverage'), 'multiple', times, fiscal)
    case 'revenue_growth':
      return make(ratio(d, 'revenueCagr'), 'percent', (v) => formatPercent(v, true), fiscal)
    case 'eps_growth':
      return make(ratio(d, 'epsCagr'), 'percent', (v) => formatPercent(v, true), fiscal)
    case 'altman_z': {
      const h = d.financialHealth
      const asOf = h.fiscalYear ? `FY${h.fiscalYear}` : fiscal
      // Banks and insurers are judged by equity to assets, not a Z-score: that is not an Altman Z.
      const value = h.model === 'financials_equity_to_assets' ? null : h.value
      const zone = h.zone ? zoneNames[h.zone][locale] : null
      return make(value, 'index', (v) => (zone ? `${v.toFixed(2)} (${zone})` : v.toFixed(2)), asOf)
    }
    case 'piotroski': {
      const f = d.scoreDetails.find((s) => s.key === 'fundamentals')
      const passed = f ? f.checks.filter((c) => c.status === 'pass').length : null
      const total = f?.checksAvailable ?? 0
      return make(f && total > 0 ? passed : null, 'count', (v) => `${v}/${total}`, fiscal)
    }
    case 'analyst_target': {
      const a = d.analyst
      const range =
        a?.targetLow != null && a.targetHigh != null
          ? zh
            ? `（${a.analystCount} 位分析師，${money(a.targetLow)} 至 ${money(a.targetHigh)}）`
            : ` (${a.analystCount} analysts, ${money(a.targetLow)} to ${money(a.targetHigh)})`
          : ''
      return make(a?.targetMean ?? null, 'currency', money, a?.asOf ?? session, range)
    }
  }
}

/** A market cap as readers say it: "3.41 trillion USD"; in Chinese by 兆 and 億: "3.41 兆 USD", "2,150.00 億 HKD". */
export function formatBig(value: number, currency: Currency, zh: boolean): string {
  const steps: Array<[number, string]> = zh
    ? [
        [1e12, '兆'],
        [1e8, '億'],
      ]
    : [
        [1e12, 'trillion'],
        [1e9, 'billion'],
        [1e6, 'million'],
      ]
  for (const [size, word] of steps)
    if (Math.abs(value) >= size)
      return `${(value / size).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${word} ${currency}`
  return formatMoney(value, currency)
}
