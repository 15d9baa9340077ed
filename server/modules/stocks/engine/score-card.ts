/**
 * How a check passes and how checks add up to a score. A check compares one value with one threshold; a missing
 * value or threshold makes the check "not available", which removes it from the score — never a silent pass or fail.
 * A score is the weighted share of available checks that passed, scaled to 0–100, and is itself not available when
 * too few of its checks are.
 */

import type { CheckKey, MethodId, ScoreKey, UnavailableReason } from '#contracts/diagnosis-keys.ts'
import type { Check, CheckInputs, Comparison, Score, Unit } from './diagnosis.types.ts'

/** Turns NaN, ±Infinity and undefined into null so every number in a diagnosis is JSON-safe. */
export function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/** Divides, giving null for a missing operand or a zero denominator. */
export function divideOrNull(numerator: number | null, denominator: number | null): number | null {
  if (numerator === null || denominator === null || denominator === 0) return null
  return finiteOrNull(numerator / denominator)
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals
  return Math.round(value * factor) / factor
}

/**
 * Values that agree to nine significant digits count as equal, so that two figures equal on paper but computed by
 * different routes (0.1 + 0.2 vs 0.3) cannot flip a strict comparison through floating-point noise.
 */
export function isNearlyEqual(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b), 1e-300)
}

export function compareValues(value: number, comparison: Comparison, threshold: number): boolean {
  const equal = isNearlyEqual(value, threshold)
  switch (comparison) {
    case 'gt':
      return value > threshold && !equal
    case 'gte':
      return value > threshold || equal
    case 'lt':
      return value < threshold && !equal
    case 'lte':
      return value < threshold || equal
  }
}

export interface CheckSpec {
  key: CheckKey
  value: number | null
  unit: Unit
  comparison: Comparison
  threshold: number | null
  thresholdSource: Check['thresholdSource']
  weight?: number
  inputs?: CheckInputs
  period?: string | number | null
  /** The reason to report when value or threshold is missing; defaults to missing_data. */
  reasonIfMissing?: UnavailableReason
}

/** A check decided by comparing value with threshold. */
export function compareCheck(spec: CheckSpec): Check {
  const value = finiteOrNull(spec.value)
  const threshold = finiteOrNull(spec.threshold)
  const available = value !== null && threshold !== null
  const passed = available ? compareValues(value, spec.comparison, threshold) : null
  return {
    key: spec.key,
    value,
    unit: spec.unit,
    comparison: spec.comparison,
    threshold,
    thresholdSource: spec.thresholdSource,
    passed,
    status: passed === null ? 'not_available' : passed ? 'pass' : 'fail',
    reason: available ? null : (spec.reasonIfMissing ?? 'missing_data'),
    weight: spec.weight ?? 1,
    inputs: sanitizeInputs(spec.inputs ?? {}),
    period: spec.period === null || spec.period === undefined ? null : String(spec.period),
  }
}

/** A check that cannot be judged, with the reason shown to the reader. */
export function unavailableCheck(
  spec: Omit<CheckSpec, 'value' | 'reasonIfMissing'> & { value?: number | null; reason: UnavailableReason },
): Check {
  return {
    ...compareCheck({ ...spec, value: null }),
    value: finiteOrNull(spec.value ?? null),
    reason: spec.reason,
  }
}

function sanitizeInputs(inputs: CheckInputs): CheckInputs {
  const clean: CheckInputs = {}
  for (const [name, v] of Object.entries(inputs)) clean[name] = typeof v === 'number' ? finiteOrNull(v) : v
  return clean
}

export interface ScoreSpec {
  key: ScoreKey
  checks: Check[]
  minChecksAvailable: number
  asOf: string
  dataThrough: string | null
  methods: MethodId[]
  /** Set when the whole score does not apply (e.g. gross margin for a bank). */
  notApplicable?: boolean
}

/** Weighted share of passed checks among available checks, 0–100 with one decimal. */
export function buildScore(spec: ScoreSpec): Score {
  let weightAvailable = 0
  let weightPassed = 0
  let weightTotal = 0
  let checksAvailable = 0
  for (const check of spec.checks) {
    weightTotal += check.weight
    if (check.passed === null) continue
    checksAvailable += 1
    weightAvailable += check.weight
    if (check.passed) weightPassed += check.weight
  }
  const enough = !spec.notApplicable && checksAvailable >= spec.minChecksAvailable && weightAvailable > 0
  return {
    key: spec.key,
    value: enough ? roundTo((100 * weightPassed) / weightAvailable, 1) : null,
    available: enough,
    reason: enough ? null : spec.notApplicable ? 'not_applicable' : 'too_few_checks',
    checks: spec.checks,
    checksAvailable,
    checksTotal: spec.checks.length,
    minChecksAvailable: spec.minChecksAvailable,
    weightCoverage: weightTotal > 0 ? roundTo(weightAvailable / weightTotal, 4) : 0,
    asOf: spec.asOf,
    dataThrough: spec.dataThrough,
    methods: spec.methods,
  }
}

/**
 * A check whose outcome follows a stated rule beyond one comparison (e.g. ADX ≥ 25 *and* +DI > −DI); value and
 * threshold are still reported for display. The rule is documented beside the check key.
 */
export function decidedCheck(spec: Omit<CheckSpec, 'reasonIfMissing'> & { passed: boolean }): Check {
  const base = compareCheck(spec)
  return { ...base, passed: spec.passed, status: spec.passed ? 'pass' : 'fail', reason: null }
}
