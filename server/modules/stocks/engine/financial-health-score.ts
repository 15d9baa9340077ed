/**
 * Financial-health score and status. Operating companies: Altman's Z-score — the original 1968 model for
 * manufacturers, the Z'' model (Altman 1995, Altman, Hartzell & Peck) for non-manufacturers and for HK- and KR-listed
 * companies — plus interest cover, current ratio and debt-to-equity. Banks and insurers: Altman does not apply (their
 * balance sheets are mostly financial assets and liabilities, and the models were never fitted on them), so health
 * is read from book equity to total assets, its direction, and whether the company made money.
 */

import type { HealthModel, HealthZone } from '#contracts/diagnosis-keys.ts'
import type { AltmanComponents, Check, FinancialHealth, Score } from './diagnosis.types.ts'
import { buildScore, compareCheck, divideOrNull, unavailableCheck } from './score-card.ts'
import { type ScoringContext, yearsBack } from './scoring-context.ts'

export interface ZoneCutoffs {
  safeAbove: number
  distressBelow: number
}

/** Altman (1968): Z = 1.2 X1 + 1.4 X2 + 3.3 X3 + 0.6 X4 + 1.0 X5; safe above 2.99, distress below 1.81. */
export const ALTMAN_Z = {
  coefficients: { x1: 1.2, x2: 1.4, x3: 3.3, x4: 0.6, x5: 1.0 },
  safeAbove: 2.99,
  distressBelow: 1.81,
} as const

/** Altman (1995): Z'' = 6.56 X1 + 3.26 X2 + 6.72 X3 + 1.05 X4 (X4 on book equity); safe above 2.60, distress below 1.10. */
export const ALTMAN_Z_DOUBLE_PRIME = {
  coefficients: { x1: 6.56, x2: 3.26, x3: 6.72, x4: 1.05 },
  safeAbove: 2.6,
  distressBelow: 1.1,
} as const

/** Book equity / total assets for banks and insurers: safe at 6 % or more, distress below 3 %. */
export const FINANCIALS_EQUITY_TO_ASSETS = { safeAtLeast: 0.06, distressBelow: 0.03 } as const

export const HEALTH_MARKS = { interestCoverage: 3, currentRatio: 1, debtToEquity: 1 } as const

export interface AltmanRatios {
  x1: number
  x2: number
  x3: number
  x4: number
  x5: number
}

export function computeAltmanZ(r: AltmanRatios): number {
  const c = ALTMAN_Z.coefficients
  return c.x1 * r.x1 + c.x2 * r.x2 + c.x3 * r.x3 + c.x4 * r.x4 + c.x5 * r.x5
}

export function computeAltmanZDoublePrime(r: Omit<AltmanRatios, 'x5'>): number {
  const c = ALTMAN_Z_DOUBLE_PRIME.coefficients
  return c.x1 * r.x1 + c.x2 * r.x2 + c.x3 * r.x3 + c.x4 * r.x4
}

/** Above the safe cut-off: safe; below the distress cut-off: distress; otherwise grey (the cut-offs themselves are grey). */
export function classifyAltmanZone(value: number, cutoffs: ZoneCutoffs): HealthZone {
  if (value > cutoffs.safeAbove) return 'safe'
  if (value < cutoffs.distressBelow) return 'distress'
  return 'grey'
}

export function classifyEquityToAssets(value: number): HealthZone {
  if (value >= FINANCIALS_EQUITY_TO_ASSETS.safeAtLeast) return 'safe'
  if (value < FINANCIALS_EQUITY_TO_ASSETS.distressBelow) return 'distress'
  return 'grey'
}

export function assessFinancialHealth(
  ctx: ScoringContext,
  choice: { model: HealthModel; reason: FinancialHealth['modelReason'] },
): { score: Score; health: FinancialHealth } {
  return choice.model === 'financials_equity_to_assets'
    ? assessFinancials(ctx, choice.reason)
    : assessAltman(ctx, choice.model, choice.reason)
}

function assessAltman(
  ctx: ScoringContext,
  model: 'altman_z' | 'altman_z_double_prime' | HealthModel,
  modelReason: FinancialHealth['modelReason'],
): { score: Score; health: FinancialHealth } {
  const t = ctx.latest
  const fy = t?.fiscalYear ?? null
  const isOriginal = model === 'altman_z'
  const spec = isOriginal ? ALTMAN_Z : ALTMAN_Z_DOUBLE_PRIME
  const ta = t?.totalAssets != null && t.totalAssets > 0 ? t.totalAssets : null
  const totalLiabilities =
    t?.totalLiabilities ?? (t?.totalAssets != null && t.equity !== null ? t.totalAssets - t.equity : null)
  // Market value of equity in the reporting currency (the price is in the trading currency).
  const marketEquity = ctx.marketCap.value === null ? null : ctx.marketCap.value / ctx.fxToTrading
  const workingCapital =
    t?.currentAssets != null && t.currentLiabilities !== null ? t.currentAssets - t.currentLiabilities : null
  const equityForX4 = isOriginal ? marketEquity : (t?.equity ?? null)
  const components: AltmanComponents = {
    workingCapitalToAssets: divideOrNull(workingCapital, ta),
    retainedEarningsToAssets: divideOrNull(t?.retainedEarnings ?? null, ta),
    ebitToAssets: divideOrNull(t?.ebit ?? null, ta),
    equityToLiabilities: divideOrNull(
      equityForX4,
      totalLiabilities !== null && totalLiabilities > 0 ? totalLiabilities : null,
    ),
    salesToAssets: divideOrNull(t?.revenue ?? null, ta),
  }
  const x1 = components.workingCapitalToAssets
  const x2 = components.retainedEarningsToAssets
  const x3 = components.ebitToAssets
  const x4 = components.equityToLiabilities
  const x5 = components.salesToAssets
  let z: number | null = null
  if (x1 !== null && x2 !== null && x3 !== null && x4 !== null) {
    if (!isOriginal) z = computeAltmanZDoublePrime({ x1, x2, x3, x4 })
    else if (x5 !== null) z = computeAltmanZ({ x1, x2, x3, x4, x5 })
  }
  const inputs = {
    model,
    totalAssets: t?.totalAssets ?? null,
    currentAssets: t?.currentAssets ?? null,
    currentLiabilities: t?.currentLiabilities ?? null,
    retainedEarnings: t?.retainedEarnings ?? null,
    ebit: t?.ebit ?? null,
    totalLiabilities,
    marketValueOfEquity: isOriginal ? marketEquity : null,
    bookEquity: isOriginal ? null : (t?.equity ?? null),
    revenue: isOriginal ? (t?.revenue ?? null) : null,
    x1,
    x2,
    x3,
    x4,
    x5: isOriginal ? x5 : null,
  }
  const coverageReason = t?.interestExpense === 0 ? 'no_interest_expense' : 'missing_data'
  const checks: Check[] = [
    compareCheck({
      key: 'health.altman_not_distress',
      value: z,
      unit: 'number',
      comparison: 'gte',
      threshold: spec.distressBelow,
      thresholdSource: 'fixed',
      weight: 2,
      inputs,
      period: fy,
    }),
    compareCheck({
      key: 'health.altman_safe',
      value: z,
      unit: 'number',
      comparison: 'gt',
      threshold: spec.safeAbove,
      thresholdSource: 'fixed',
      weight: 2,
      inputs,
      period: fy,
    }),
    compareCheck({
      key: 'health.interest_coverage',
      value: t?.interestCoverage ?? null,
      unit: 'multiple',
      comparison: 'gte',
      threshold: HEALTH_MARKS.interestCoverage,
      thresholdSource: 'fixed',
      inputs: { ebit: t?.ebit ?? null, interestExpense: t?.interestExpense ?? null },
      period: fy,
      reasonIfMissing: coverageReason,
    }),
    compareCheck({
      key: 'health.current_ratio',
      value: t?.currentRatio ?? null,
      unit: 'multiple',
      comparison: 'gte',
      threshold: HEALTH_MARKS.currentRatio,
      thresholdSource: 'fixed',
      inputs: { currentAssets: t?.currentAssets ?? null, currentLiabilities: t?.currentLiabilities ?? null },
      period: fy,
    }),
    compareCheck({
      key: 'health.debt_to_equity',
      value: t?.debtToEquity ?? null,
      unit: 'multiple',
      comparison: 'lte',
      threshold: HEALTH_MARKS.debtToEquity,
      thresholdSource: 'fixed',
      inputs: { totalDebt: t?.totalDebt ?? null, equity: t?.equity ?? null },
      period: fy,
      reasonIfMissing: t?.equity != null && t.equity <= 0 ? 'negative_equity' : 'missing_data',
    }),
  ]
  const score = buildScore({
    key: 'financial_health',
    checks,
    minChecksAvailable: 2,
    asOf: ctx.asOf,
    dataThrough: t?.periodEnd ?? null,
    methods: [isOriginal ? 'altman-1968' : 'altman-1995'],
  })
  const health: FinancialHealth = {
    model,
    zone: z === null ? null : classifyAltmanZone(z, spec),
    value: z,
    components: isOriginal ? components : { ...components, salesToAssets: null },
    coefficients: { ...spec.coefficients },
    safeAbove: spec.safeAbove,
    distressBelow: spec.distressBelow,
    modelReason,
    fiscalYear: fy,
    inputs,
    methods: [isOriginal ? 'altman-1968' : 'altman-1995'],
  }
  return { score, health }
}

function assessFinancials(
  ctx: ScoringContext,
  modelReason: FinancialHealth['modelReason'],
): { score: Score; health: FinancialHealth } {
  const t = ctx.latest
  const p = yearsBack(ctx, 1)
  const fy = t?.fiscalYear ?? null
  const ratio = (y: typeof t) =>
    divideOrNull(y?.equity ?? null, y?.totalAssets != null && y.totalAssets > 0 ? y.totalAssets : null)
  const equityToAssets = ratio(t)
  const equityToAssetsPrior = ratio(p)
  const inputs = {
    equity: t?.equity ?? null,
    totalAssets: t?.totalAssets ?? null,
    leverage: divideOrNull(t?.totalAssets ?? null, t?.equity ?? null),
  }
  const checks: Check[] = [
    compareCheck({
      key: 'health.equity_to_assets',
      value: equityToAssets,
      unit: 'percent',
      comparison: 'gte',
      threshold: FINANCIALS_EQUITY_TO_ASSETS.safeAtLeast,
      thresholdSource: 'fixed',
      weight: 2,
      inputs,
      period: fy,
    }),
    compareCheck({
      key: 'health.equity_to_assets_trend',
      value: equityToAssets,
      unit: 'percent',
      comparison: 'gte',
      threshold: equityToAssetsPrior,
      thresholdSource: 'previous_year',
      inputs: { ...inputs, equityPrior: p?.equity ?? null, totalAssetsPrior: p?.totalAssets ?? null },
      period: fy,
      reasonIfMissing: p ? 'missing_data' : 'insufficient_history',
    }),
    compareCheck({
      key: 'health.net_income_positive',
      value: t?.netIncome ?? null,
      unit: 'currency',
      comparison: 'gt',
      threshold: 0,
      thresholdSource: 'fixed',
      inputs: { netIncome: t?.netIncome ?? null, reportingCurrency: t?.currency ?? null },
      period: fy,
    }),
  ]
  const altmanNotApplicable = (['health.altman_not_distress', 'health.altman_safe'] as const).map((key) =>
    unavailableCheck({
      key,
      unit: 'number',
      comparison: 'gte',
      threshold: null,
      thresholdSource: 'fixed',
      reason: 'not_applicable',
      period: fy,
      weight: 0,
    }),
  )
  const score = buildScore({
    key: 'financial_health',
    checks: [...altmanNotApplicable, ...checks],
    minChecksAvailable: 2,
    asOf: ctx.asOf,
    dataThrough: t?.periodEnd ?? null,
    methods: ['financials-capital'],
  })
  const health: FinancialHealth = {
    model: 'financials_equity_to_assets',
    zone: equityToAssets === null ? null : classifyEquityToAssets(equityToAssets),
    value: equityToAssets,
    components: null,
    coefficients: {},
    safeAbove: FINANCIALS_EQUITY_TO_ASSETS.safeAtLeast,
    distressBelow: FINANCIALS_EQUITY_TO_ASSETS.distressBelow,
    modelReason,
    fiscalYear: fy,
    inputs,
    methods: ['financials-capital'],
  }
  return { score, health }
}
