/**
 * From stored rows and engine diagnoses to the wire shapes of contracts/stocks.ts: the spec §3 stock fields, and
 * the diagnosis with every label in the reader's language. Decides wording only through the engine's label tables
 * (contracts/diagnosis-labels.ts, method-citations.ts, summary-generator.ts); no figure is computed here.
 */

import type { z } from 'zod'
import { SCORE_KEYS } from '#contracts/diagnosis-keys.ts'
import { CHECK_LABELS, type LabelKey } from '#contracts/diagnosis-labels.ts'
import type { Locale } from '#contracts/regions.ts'
import type {
  DiagnosisDividends,
  DiagnosisLevels,
  DiagnosisScore,
  PriceBar,
  StockDiagnosis,
} from '#contracts/stock-diagnosis.ts'
import type {
  AnalystRating,
  FlowSignal,
  HealthZone,
  ProfitabilityRating,
  StockSummary,
  TechnicalSignal,
} from '#contracts/stocks.ts'
import type { Diagnosis, PriceLevel } from './engine/diagnosis.types.ts'
import { METHOD_CITATIONS, methodAnchor } from './engine/method-citations.ts'
import { describeLevel } from './engine/summary-generator.ts'
import type { StockRow } from './stocks.repo.ts'

function label(locale: Locale, key: string): string {
  return CHECK_LABELS[locale][key as LabelKey] ?? key
}

function labelOrNull(locale: Locale, key: string | null, prefix: string): string | null {
  return key === null ? null : label(locale, `${prefix}${key}`)
}

export function nameIn(locale: Locale, row: { nameEn: string; nameZh: string }): string {
  return locale === 'zh-Hant' ? row.nameZh : row.nameEn
}

/** The stock fields of spec §3 from a stored row (company + data state + latest snapshot). */
export function toStockSummary(row: StockRow, locale: Locale): StockSummary {
  const latestChange =
    row.lastClose !== null && row.previousClose !== null ? row.lastClose - row.previousClose : null
  return {
    code: row.code,
    market: row.market,
    exchange: row.exchange,
    currency: row.currency,
    name: nameIn(locale, row),
    nameEn: row.nameEn,
    nameZh: row.nameZh,
    sector: row.sector,
    industry: row.industry,
    price: row.price,
    priceDate: row.asOf,
    latestPrice: row.lastClose,
    latestPriceDate: row.lastBarDate,
    latestChange,
    latestChangeRate:
      latestChange !== null && row.previousClose ? latestChange / (row.previousClose as number) : null,
    score: row.totalScore,
    supportLevel: row.support,
    resistanceLevel: row.resistance,
    fairValue: row.fairValue,
    downsideMargin: row.downsideMargin,
    peRatio: row.pe,
    marketCap: row.marketCap,
    marketCapUsd: row.marketCapUsd,
    analystRating: row.analystRating as AnalystRating | null,
    profitabilityRating: row.profitabilityRating as ProfitabilityRating | null,
    financialHealth: row.healthZone as HealthZone | null,
    technicals: row.technicals as TechnicalSignal | null,
    capitalFlow: row.capitalFlow as FlowSignal | null,
    isDemo: row.snapshotIsDemo ?? row.stateIsDemo ?? false,
  }
}

function toScores(d: Diagnosis, locale: Locale): DiagnosisScore[] {
  const components = new Map(d.total.components.map((c) => [c.key, c]))
  return SCORE_KEYS.map((key) => {
    const score = d.scores[key]
    const component = components.get(key)
    return {
      key,
      label: label(locale, `score.${key}`),
      value: score.value,
      available: score.available,
      reason: score.reason,
      reasonLabel: labelOrNull(locale, score.reason, 'reason.'),
      weight: component?.weight ?? 0,
      contribution: component?.contribution ?? null,
      checks: score.checks.map((check) => ({
        key: check.key,
        label: label(locale, check.key),
        value: check.value,
        unit: check.unit,
        comparison: check.comparison,
        threshold: check.threshold,
        thresholdSource: check.thresholdSource,
        thresholdLabel: label(locale, `threshold.${check.thresholdSource}`),
        status: check.status,
        reason: check.reason,
        reasonLabel: labelOrNull(locale, check.reason, 'reason.'),
        weight: check.weight,
        inputs: check.inputs,
        period: check.period,
      })),
      checksAvailable: score.checksAvailable,
      checksTotal: score.checksTotal,
      dataThrough: score.dataThrough,
      methods: score.methods,
    }
  })
}

function toLevel(level: PriceLevel | null, d: Diagnosis, locale: Locale) {
  if (!level) return null
  return {
    price: level.price,
    method: level.method,
    pivot: level.pivot,
    touches: level.touches,
    dates: level.dates,
    distance: level.distance,
    description: describeLevel(level, d.levels, locale),
  }
}

function toLevels(d: Diagnosis, locale: Locale): z.infer<typeof DiagnosisLevels> {
  const lv = d.levels
  const exceptions = [lv.supportException, lv.resistanceException]
    .filter((e): e is NonNullable<typeof e> => e !== null)
    .map((e) => label(locale, `level.${e}`))
  return {
    support: toLevel(lv.support, d, locale),
    resistance: toLevel(lv.resistance, d, locale),
    supportException: lv.supportException,
    resistanceException: lv.resistanceException,
    exceptionText: exceptions.length > 0 ? [...new Set(exceptions)].join(' ') : null,
    pivots: lv.pivots
      ? { periodType: lv.pivots.periodType, period: lv.pivots.period, levels: lv.pivots.levels }
      : null,
    historyHigh: lv.historyHigh,
    historyLow: lv.historyLow,
    methods: lv.methods,
  }
}

function toLabel<K extends string>(
  tally: {
    label: K | null
    votes: Diagnosis['technicals']['votes'] | Diagnosis['capitalFlow']['votes']
    methods: string[]
  },
  counts: Record<string, number>,
  prefix: 'signal.' | 'flow.',
  locale: Locale,
) {
  return {
    label: tally.label,
    labelText: labelOrNull(locale, tally.label, prefix),
    counts,
    votes: tally.votes.map((vote) => ({
      key: vote.key,
      label: label(locale, vote.key),
      signal: vote.signal,
      value: vote.value,
      reference: vote.reference,
      lower: vote.lower,
      upper: vote.upper,
    })),
    methods: tally.methods,
  }
}

/** Only the figures a reader can trace: the DCF or justified P/B inputs as the engine computed them. */
function fairValueInputs(d: Diagnosis): Record<string, unknown> | null {
  if (d.fairValue.dcf) return { ...d.fairValue.dcf }
  if (d.fairValue.justifiedPriceToBook) return { ...d.fairValue.justifiedPriceToBook }
  return null
}

export interface DiagnosisEnvelope {
  isDemo: boolean
  stale: boolean
  computedAt: string
  source: string
  summary: string
  history: PriceBar[]
  dividends: DiagnosisDividends
}

/** The whole diagnosis in the reader's language (every label translated; figures as the engine returned them). */
export function toStockDiagnosis(
  d: Diagnosis,
  stock: StockSummary,
  envelope: DiagnosisEnvelope,
  locale: Locale,
): StockDiagnosis {
  const h = d.financialHealth
  return {
    isDemo: envelope.isDemo,
    asOf: d.asOf,
    stale: envelope.stale,
    stock,
    engineVersion: d.engineVersion,
    computedAt: envelope.computedAt,
    scores: {
      total: d.total.value,
      ...(Object.fromEntries(SCORE_KEYS.map((key) => [key, d.scores[key].value])) as Record<
        (typeof SCORE_KEYS)[number],
        number | null
      >),
    },
    scoreDetails: toScores(d, locale),
    technicals: toLabel(
      d.technicals,
      { buy: d.technicals.buy, neutral: d.technicals.neutral, sell: d.technicals.sell },
      'signal.',
      locale,
    ),
    capitalFlow: toLabel(
      d.capitalFlow,
      { inflow: d.capitalFlow.inflow, neutral: d.capitalFlow.neutral, outflow: d.capitalFlow.outflow },
      'flow.',
      locale,
    ),
    levels: toLevels(d, locale),
    fairValue: {
      method: d.fairValue.method,
      methodLabel: label(locale, `fair_value.${d.fairValue.method}`),
      value: d.fairValue.value,
      available: d.fairValue.available,
      reason: d.fairValue.reason,
      reasonLabel: labelOrNull(locale, d.fairValue.reason, 'reason.'),
      downsideMargin: d.fairValue.downsideMargin,
      upside: d.fairValue.upside,
      marginConfidence: d.fairValue.marginConfidence,
      lowConfidenceReason: d.fairValue.lowConfidenceReason,
      sensitivity: d.fairValue.sensitivity,
      inputs: fairValueInputs(d),
      methods: d.fairValue.methods,
    },
    ratios: { ...d.ratios },
    dividends: envelope.dividends,
    financialHealth: {
      model: h.model,
      modelLabel: label(locale, `model.${h.model}`),
      zone: h.zone,
      value: h.value,
      safeAbove: h.safeAbove,
      distressBelow: h.distressBelow,
      modelReason: h.modelReason,
      fiscalYear: h.fiscalYear,
      components: h.components ? { ...h.components } : null,
    },
    analyst: d.analyst,
    summary: envelope.summary,
    methods: d.methods.map((id) => ({
      id,
      title: METHOD_CITATIONS[id].title[locale],
      source: METHOD_CITATIONS[id].source,
      anchor: methodAnchor(id),
    })),
    assumptionsReviewed: d.assumptions.reviewed,
    data: { ...d.data, source: envelope.source },
    history: envelope.history,
  }
}
