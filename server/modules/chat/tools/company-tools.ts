/**
 * The tools about one company: find it (`lookupCompany`), read its AI diagnosis (`getDiagnosis`: the body without
 * the reader's diagnosis quota, `stocks.readDiagnosis`), and its price return over a period (`getPriceReturn`, from
 * the diagnosis's daily bars).
 */

import type { Market } from '#contracts/regions.ts'
import type { StockDiagnosis } from '#contracts/stock-diagnosis.ts'
import type { Currency } from '#contracts/stocks.ts'
import { factsOf, resolveStock, type StockFacts, stockSource, ToolNotFound } from './stock-facts.ts'
import { type Period, type ToolContext, type ToolInput, type ToolResult, toolInputs } from './tool-inputs.ts'

const checksPerScore = 4
const historyPointsMax = 12
const methodsMax = 12

export type LookupResult = { found: true; company: StockFacts } | { found: false; query: string }

export async function lookupCompany(
  ctx: ToolContext,
  input: ToolInput<'lookupCompany'>,
): Promise<ToolResult<LookupResult>> {
  const { query, market } = toolInputs.lookupCompany.parse(input)
  try {
    const company = factsOf(await resolveStock(ctx, query, market))
    return {
      data: { found: true, company },
      sources: [stockSource('company', company, company.priceDate, ctx.locale)],
    }
  } catch (error) {
    if (error instanceof ToolNotFound) return { data: { found: false, query }, sources: [] }
    throw error
  }
}

// getDiagnosis

export interface DiagnosisFacts {
  stock: StockFacts
  asOf: string | null
  isDemo: boolean
  /** AI total score, 0–100. */
  totalScore: number | null
  scores: Array<{
    key: string
    label: string
    /** 0–100; null when not available. */
    value: number | null
    checksPassed: number
    checksTotal: number
    checks: Array<{
      label: string
      status: 'pass' | 'fail' | 'not_available'
      value: number | null
      unit: string
    }>
  }>
  levels: {
    /** Prices in the stock's currency; distance is (level − close) ÷ close. */
    support: { price: number; distance: number; description: string } | null
    resistance: { price: number; distance: number; description: string } | null
  }
  fairValue: {
    method: string
    /** Per share, in the stock's currency. */
    value: number | null
    low: number | null
    base: number | null
    high: number | null
    downsideMargin: number | null
    /** (fair value − price) ÷ price. */
    upside: number | null
    confidence: 'normal' | 'low' | null
  }
  technicals: string | null
  capitalFlow: string | null
  summary: string
  /** The published methods the diagnosis cites. */
  methods: string[]
}

function diagnosisFacts(d: StockDiagnosis): DiagnosisFacts {
  const level = (l: StockDiagnosis['levels']['support']) =>
    l ? { price: l.price, distance: l.distance, description: l.description } : null
  return {
    stock: factsOf(d.stock),
    asOf: d.asOf,
    isDemo: d.isDemo,
    totalScore: d.scores.total,
    scores: d.scoreDetails.map((s) => ({
      key: s.key,
      label: s.label,
      value: s.value,
      checksPassed: s.checks.filter((c) => c.status === 'pass').length,
      checksTotal: s.checksTotal,
      checks: s.checks
        .slice(0, checksPerScore)
        .map((c) => ({ label: c.label, status: c.status, value: c.value, unit: c.unit })),
    })),
    levels: { support: level(d.levels.support), resistance: level(d.levels.resistance) },
    fairValue: {
      method: d.fairValue.methodLabel,
      value: d.fairValue.value,
      low: d.fairValue.sensitivity?.low.value ?? null,
      base: d.fairValue.sensitivity?.base.value ?? null,
      high: d.fairValue.sensitivity?.high.value ?? null,
      downsideMargin: d.fairValue.downsideMargin,
      upside: d.fairValue.upside,
      confidence: d.fairValue.marginConfidence,
    },
    technicals: d.technicals.labelText,
    capitalFlow: d.capitalFlow.labelText,
    summary: d.summary,
    methods: d.methods.slice(0, methodsMax).map((m) => m.title),
  }
}

export async function readDiagnosis(
  ctx: ToolContext,
  text: string,
  market?: Market,
): Promise<StockDiagnosis> {
  const stock = await resolveStock(ctx, text, market)
  const diagnosis = await ctx.stocks.readDiagnosis(stock.market, stock.code, ctx.locale)
  if (!diagnosis) throw new ToolNotFound(text)
  return diagnosis
}

export async function getDiagnosis(
  ctx: ToolContext,
  input: ToolInput<'getDiagnosis'>,
): Promise<ToolResult<DiagnosisFacts>> {
  const { code, market } = toolInputs.getDiagnosis.parse(input)
  const facts = diagnosisFacts(await readDiagnosis(ctx, code, market))
  return {
    data: facts,
    sources: [stockSource('diagnosis', { ...facts.stock, isDemo: facts.isDemo }, facts.asOf, ctx.locale)],
  }
}

// getPriceReturn

export interface PriceReturn {
  stock: StockFacts
  period: Period
  currency: Currency
  startDate: string
  /** Closes in `currency`. */
  startClose: number
  endDate: string
  endClose: number
  /** endClose ÷ startClose − 1, a fraction. */
  change: number
  high: number
  low: number
  /** A few closes across the period, oldest first. */
  points: Array<{ date: string; close: number }>
  isDemo: boolean
}

/** The first day of the period that ends on `asOf` (YYYY-MM-DD). */
export function periodStart(asOf: string, period: Period): string {
  const date = new Date(`${asOf}T00:00:00Z`)
  if (period === 'ytd') return `${asOf.slice(0, 4)}-01-01`
  const months = { '1m': 1, '3m': 3, '6m': 6, '1y': 12 }[period]
  date.setUTCMonth(date.getUTCMonth() - months)
  return date.toISOString().slice(0, 10)
}

/** The return over a period from daily bars: from the last close on or before the period's start to the last close. */
export function returnOverPeriod(
  bars: ReadonlyArray<{ date: string; close: number }>,
  period: Period,
): Omit<PriceReturn, 'stock' | 'period' | 'currency' | 'isDemo'> | null {
  const last = bars.at(-1)
  if (!last) return null
  const start = periodStart(last.date, period)
  // YTD starts from the last close of the previous year; the others from the last close on or before the start.
  const before = bars.filter((b) => (period === 'ytd' ? b.date < start : b.date <= start))
  const first = before.at(-1) ?? bars[0]
  if (!first || first === last) return null
  const inPeriod = bars.filter((b) => b.date >= first.date)
  const closes = inPeriod.map((b) => b.close)
  const step = Math.max(1, Math.ceil(inPeriod.length / historyPointsMax))
  const points = inPeriod.filter((_, i) => i % step === 0 || i === inPeriod.length - 1)
  return {
    startDate: first.date,
    startClose: first.close,
    endDate: last.date,
    endClose: last.close,
    change: last.close / first.close - 1,
    high: Math.max(...closes),
    low: Math.min(...closes),
    points: points.map((b) => ({ date: b.date, close: b.close })),
  }
}

export async function getPriceReturn(
  ctx: ToolContext,
  input: ToolInput<'getPriceReturn'>,
): Promise<ToolResult<PriceReturn | { stock: StockFacts; period: Period; available: false }>> {
  const { code, market, period } = toolInputs.getPriceReturn.parse(input)
  const diagnosis = await readDiagnosis(ctx, code, market)
  const stock = factsOf(diagnosis.stock)
  const figures = returnOverPeriod(diagnosis.history, period)
  const source = stockSource('prices', { ...stock, isDemo: diagnosis.isDemo }, diagnosis.asOf, ctx.locale)
  if (!figures) return { data: { stock, period, available: false }, sources: [source] }
  return {
    data: { stock, period, currency: stock.currency, ...figures, isDemo: diagnosis.isDemo },
    sources: [{ ...source, asOf: figures.endDate }],
  }
}
