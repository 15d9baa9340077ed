/**
 * What the analysts' desk pages decide without the server: which month and market the picks page shows (kept in
 * the address), a pick's form as typed (percentages, not fractions) and back, the form's own checks with the
 * message keys the page shows in the reader's language, the expected return a target implies, and the company
 * texts list's filters. The API checks everything again (contracts/console.ts).
 */
import {
  type ConsolePick,
  companyTextMaxLength,
  pickStockTypes,
  pickSuggestions,
} from '#contracts/console-rules.ts'
import { type Market, markets } from '#contracts/regions.ts'
import { listSearchOf } from './console-view.ts'

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/
const dayPattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

export interface PicksFilters {
  /** YYYY-MM, or null for the newest month with picks. */
  month: string | null
  market: Market | null
}

function marketOf(value: string | null): Market | null {
  return (markets as readonly string[]).includes(value ?? '') ? (value as Market) : null
}

/** The picks page's month and market from the address; anything malformed reads as no choice. */
export function picksFiltersOf(search: URLSearchParams): PicksFilters {
  const month = search.get('month') ?? ''
  return { month: monthPattern.test(month) ? month : null, market: marketOf(search.get('market')) }
}

export interface CompanyTextFilters {
  /** `without`: the companies that have no text yet. */
  has: 'with' | 'without'
  market: Market | null
  q: string
}

export function companyTextFiltersOf(search: URLSearchParams): CompanyTextFilters {
  return {
    has: search.get('has') === 'without' ? 'without' : 'with',
    market: marketOf(search.get('market')),
    q: (search.get('q') ?? '').trim().slice(0, 100),
  }
}

/** Filters back to an address query: empty values and the defaults are left out. */
export function deskSearchOf(filters: PicksFilters | CompanyTextFilters): string {
  return listSearchOf({ ...filters }, { has: 'with' })
}

/** A pick as the form holds it: numbers as typed, returns and drawdowns in percent. */
export interface PickForm {
  month: string
  market: Market
  code: string
  suggestion: ConsolePick['suggestion']
  stockType: ConsolePick['stockType']
  recommendedPrice: string
  analystEstimatedPrice: string
  /** Percent; empty: implied by the target. */
  estimatedReturn: string
  /** Percent of the fall, typed as 18 or -18. */
  estimatedMaxDrawdown: string
  /** YYYY-MM-DD; empty: the month's first day. */
  recommendedAt: string
}

export type PickField = keyof PickForm

/** Message keys (console namespace) of the form's own checks. */
export type PickFormError =
  | 'picks.errors.month'
  | 'picks.errors.stock'
  | 'picks.errors.price'
  | 'picks.errors.return'
  | 'picks.errors.drawdown'
  | 'picks.errors.day'

export function emptyPickForm(month: string, market: Market): PickForm {
  return {
    month,
    market,
    code: '',
    suggestion: pickSuggestions[1],
    stockType: pickStockTypes[0],
    recommendedPrice: '',
    analystEstimatedPrice: '',
    estimatedReturn: '',
    estimatedMaxDrawdown: '',
    recommendedAt: '',
  }
}

/** Percent text of a fraction, without float noise (0.125 → '12.5'). */
function percentText(fraction: number): string {
  return String(Number((fraction * 100).toFixed(4)))
}

export function pickFormOf(pick: ConsolePick): PickForm {
  return {
    month: pick.month,
    market: pick.market,
    code: pick.code,
    suggestion: pick.suggestion,
    stockType: pick.stockType,
    recommendedPrice: String(pick.recommendedPrice),
    analystEstimatedPrice: String(pick.analystEstimatedPrice),
    estimatedReturn: percentText(pick.estimatedReturn),
    estimatedMaxDrawdown: percentText(Math.abs(pick.estimatedMaxDrawdown)),
    recommendedAt: pick.recommendedAt,
  }
}

/** Percent to a fraction, without float noise (12.3 → 0.123). */
function fractionOf(percent: number): number {
  return Number((percent / 100).toFixed(8))
}

function numberOf(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '')
  if (trimmed === '') return null
  const value = Number(trimmed)
  return Number.isFinite(value) ? value : null
}

/** (target − price) ÷ price, what the API stores when the return is left empty; null until both are prices. */
export function impliedReturn(
  form: Pick<PickForm, 'recommendedPrice' | 'analystEstimatedPrice'>,
): number | null {
  const price = numberOf(form.recommendedPrice)
  const target = numberOf(form.analystEstimatedPrice)
  return price !== null && target !== null && price > 0 && target > 0 ? target / price - 1 : null
}

/** The body of `POST /picks` (and, without month, market and code, of `PUT`). */
export interface PickRequest {
  month: string
  market: Market
  code: string
  suggestion: ConsolePick['suggestion']
  stockType: ConsolePick['stockType']
  recommendedPrice: number
  analystEstimatedPrice: number
  estimatedReturn?: number
  estimatedMaxDrawdown: number
  recommendedAt?: string
}

/**
 * The request a form makes, or the fields it gets wrong (same bounds as the API: prices above zero, a return of
 * −100 % to +10,000 %, a drawdown of 0–100 %, a recommendation day as YYYY-MM-DD).
 */
export function pickRequestOf(
  form: PickForm,
):
  | { request: PickRequest; errors: null }
  | { request: null; errors: Partial<Record<PickField, PickFormError>> } {
  const errors: Partial<Record<PickField, PickFormError>> = {}
  if (!monthPattern.test(form.month)) errors.month = 'picks.errors.month'
  const code = form.code.trim()
  if (!/^[A-Za-z0-9.-]{1,20}$/.test(code)) errors.code = 'picks.errors.stock'
  const price = numberOf(form.recommendedPrice)
  if (price === null || price <= 0) errors.recommendedPrice = 'picks.errors.price'
  const target = numberOf(form.analystEstimatedPrice)
  if (target === null || target <= 0) errors.analystEstimatedPrice = 'picks.errors.price'
  const expected = numberOf(form.estimatedReturn)
  if (form.estimatedReturn.trim() !== '' && (expected === null || expected < -100 || expected > 10_000))
    errors.estimatedReturn = 'picks.errors.return'
  const drawdown = numberOf(form.estimatedMaxDrawdown)
  if (drawdown === null || Math.abs(drawdown) > 100) errors.estimatedMaxDrawdown = 'picks.errors.drawdown'
  const day = form.recommendedAt.trim()
  if (day !== '' && !dayPattern.test(day)) errors.recommendedAt = 'picks.errors.day'
  if (Object.keys(errors).length > 0) return { request: null, errors }
  return {
    request: {
      month: form.month,
      market: form.market,
      code,
      suggestion: form.suggestion,
      stockType: form.stockType,
      recommendedPrice: price as number,
      analystEstimatedPrice: target as number,
      ...(expected !== null && form.estimatedReturn.trim() !== ''
        ? { estimatedReturn: fractionOf(expected) }
        : {}),
      estimatedMaxDrawdown: drawdown === 0 ? 0 : -fractionOf(Math.abs(drawdown as number)),
      ...(day ? { recommendedAt: day } : {}),
    },
    errors: null,
  }
}

/** The months an analyst can add picks to: the picks' months and the current one, newest first. */
export function pickMonthsOf(months: readonly string[], today: string): string[] {
  const current = today.slice(0, 7)
  return [...new Set([current, ...months])].sort().reverse()
}

/** Characters left in a company text (the API's limit). */
export function companyTextRoom(text: string): number {
  return companyTextMaxLength - text.length
}
