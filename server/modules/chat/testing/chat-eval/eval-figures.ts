/**
 * The figure an answer must show for a single-figure question, computed here from the diagnosis body the stocks
 * service returns — independently of the tool's own reading (tools/stock-figures.ts) — and written the way every
 * chat answer writes figures (tool-format.ts). A figure the diagnosis does not hold must be said to be missing.
 */
import type { Locale } from '#contracts/regions.ts'
import type { StockDiagnosis } from '#contracts/stock-diagnosis.ts'
import type { FigureKey } from '../../tools/stock-figures.ts'
import { formatMoney, formatPercent } from '../../tools/tool-format.ts'

export type { FigureKey }

function num(d: StockDiagnosis, name: string): number | null {
  const v = d.ratios[name]
  return typeof v === 'number' && Number.isFinite(v) ? v : null
}

function value(d: StockDiagnosis, key: FigureKey, zh: boolean): { text: string } | null {
  const money = (v: number | null | undefined) =>
    v == null ? null : { text: formatMoney(v, d.stock.currency) }
  const pct = (v: number | null, signed = false) => (v === null ? null : { text: formatPercent(v, signed) })
  const x = (v: number | null, digits = 1, suffix = 'x') =>
    v === null ? null : { text: `${v.toFixed(digits)}${suffix}` }
  const lastDate = d.history.at(-1)?.date ?? ''
  const from = new Date(`${lastDate}T00:00:00Z`)
  from.setUTCDate(from.getUTCDate() - 364)
  const year = d.history.filter((b) => b.date >= from.toISOString().slice(0, 10))
  const vote = (k: string) => d.technicals.votes.find((v) => v.key === k)
  switch (key) {
    case 'price':
      return money(d.stock.price)
    case 'high_52w':
      return year.length ? money(Math.max(...year.map((b) => b.high))) : null
    case 'low_52w':
      return year.length ? money(Math.min(...year.map((b) => b.low))) : null
    case 'rsi':
      return x(vote('technicals.rsi14')?.value ?? null, 1, '')
    case 'macd':
      return x(vote('technicals.macd')?.value ?? null, 2, '')
    case 'moving_averages':
      return money(vote('technicals.sma50')?.reference)
    case 'adx': {
      const check = d.scoreDetails.flatMap((s) => s.checks).find((c) => c.key === 'trend.adx_strong_uptrend')
      return x(check?.value ?? null, 1, '')
    }
    case 'volume_ratio': {
      const before = d.history.slice(-21, -1)
      const avg = before.reduce((sum, b) => sum + b.volume, 0) / (before.length || 1)
      const last = d.history.at(-1)
      return last && avg > 0 ? { text: `${(last.volume / avg).toFixed(2)}x` } : null
    }
    case 'support':
      return money(d.levels.support?.price)
    case 'resistance':
      return money(d.levels.resistance?.price)
    case 'gross_margin':
      return pct(num(d, 'grossMargin'))
    case 'operating_margin':
      return pct(num(d, 'operatingMargin'))
    case 'net_margin':
      return pct(num(d, 'netMargin'))
    case 'roe':
      return pct(num(d, 'roe'))
    case 'roa':
      return pct(num(d, 'roa'))
    case 'pe':
      return x(num(d, 'pe'))
    case 'pb':
      return x(num(d, 'pb'))
    case 'peg':
      return x(num(d, 'peg'), 2, '')
    case 'dividend_yield':
      return pct(num(d, 'dividendYield'))
    case 'payout_ratio':
      return d.dividends.status === 'payer' ? pct(d.dividends.payoutRatio) : null
    case 'dividend_growth':
      return pct(d.dividends.cagr?.value ?? null, true)
    case 'fcf_yield':
      return pct(num(d, 'freeCashFlowYield'))
    case 'market_cap': {
      const cap = d.stock.marketCap
      if (cap === null) return null
      const [size, word] = zh
        ? cap >= 1e12
          ? [1e12, '兆']
          : [1e8, '億']
        : cap >= 1e12
          ? [1e12, 'trillion']
          : cap >= 1e9
            ? [1e9, 'billion']
            : [1e6, 'million']
      const scaled = (cap / size).toLocaleString('en-US', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      })
      return { text: `${scaled} ${word} ${d.stock.currency}` }
    }
    case 'fair_value':
      return money(d.fairValue.value)
    case 'debt_to_equity':
      return x(num(d, 'debtToEquity'), 2, '')
    case 'current_ratio':
      return x(num(d, 'currentRatio'), 2, '')
    case 'interest_coverage':
      return x(num(d, 'interestCoverage'))
    case 'revenue_growth':
      return pct(num(d, 'revenueCagr'), true)
    case 'eps_growth':
      return pct(num(d, 'epsCagr'), true)
    case 'altman_z':
      return d.financialHealth.model === 'financials_equity_to_assets'
        ? null
        : x(d.financialHealth.value, 2, '')
    case 'piotroski': {
      const f = d.scoreDetails.find((s) => s.key === 'fundamentals')
      if (!f || f.checksAvailable === 0) return null
      return { text: `${f.checks.filter((c) => c.status === 'pass').length}/${f.checksAvailable}` }
    }
    case 'analyst_target':
      return money(d.analyst?.targetMean)
  }
}

/** The figure's text and its date, or the words that say we do not hold it. */
export function expectedFigure(d: StockDiagnosis, key: FigureKey, locale: Locale): string[] {
  const v = value(d, key, locale === 'zh-Hant')
  if (v === null) return [locale === 'zh-Hant' ? '本站沒有' : 'We do not hold']
  return [v.text, d.asOf as string]
}
