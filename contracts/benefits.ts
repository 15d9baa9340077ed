/**
 * What each plan gives (spec §1, §6, §9; issue 15; ADR 0017): the one table of member benefits by reader. The member
 * pages, the services that enforce access and /subscribe all read it, so the site can never show one thing and allow
 * another. Zod-free: the browser imports it (ADR 0011).
 *
 * The spec leaves open where the one-to-one adviser, analyst portfolio tracking and live mentorship sit; they sit at
 * the top because each costs an analyst's time per reader: tracking from Plus, mentorship and the adviser in Premium.
 *
 * Classroom access is per course kind: `none` (locked), `partial` (the lessons marked partial) or `full` (every
 * lesson). A lesson is marked `partial` (open to partial and full access) or `full` (full access only).
 */
import type { Tier } from './billing-rules.ts'

/** Who reads: a visitor (no session), a member without a plan, or a subscriber's tier. */
export type BenefitReader = 'visitor' | 'member' | Tier

export const courseKinds = ['deepDive', 'options', 'live', 'mentorship'] as const
export type CourseKind = (typeof courseKinds)[number]

export type ClassAccess = 'none' | 'partial' | 'full'
export type LessonAccess = 'partial' | 'full'

/** Which strategies a reader sees: the first `curatedStrategiesShown` curated ones, every public one, or those and
 * the analysts' exclusive ones. */
export type StrategyReach = 'none' | 'curated' | 'public' | 'exclusive'
export type StrategyVisibility = 'curated' | 'public' | 'exclusive'

export interface MemberBenefits {
  classroom: Record<CourseKind, ClassAccess>
  strategies: StrategyReach
  /** Picks of the current month shown; `null`: every one (Premium's 30+). 0: none. */
  monthlyPicks: number | null
  /** The analysts' picks followed as one portfolio against the market, month by month. */
  analystTracking: boolean
  /** May ask an analyst about a stock (the monthly allowance is in the config: `EXPERT_QUESTIONS_<TIER>`). */
  expertDiagnosis: boolean
  /** An assigned adviser with their contact channels. */
  adviser: boolean
  /**
   * Named watchlists (issue 25): how many lists, and how many stocks each may hold. A visitor's list lives on the
   * device (one list, the member's size) and moves to the account at login (ADR 0033).
   */
  watchlists: { lists: number; stocksPerList: number }
  /**
   * The reader's own portfolio (issue 25; one per member, ADR 0034): how many transactions it keeps. A portfolio
   * above the limit (after a downgrade) is kept whole: it is read, edited and trimmed; only additions are refused.
   */
  portfolio: { transactions: number }
  /** Screens a reader may save at /stocks-screener (0: saving needs a login). */
  savedScreens: number
  /**
   * Alerts a reader keeps (issue 26, ADR 0041), paused ones included. A plan that shrinks keeps its alerts (they
   * still fire); only new ones are refused until it fits.
   */
  alerts: number
}

/** Base sees this many curated strategies (spec §6 "3 curated"). */
export const curatedStrategiesShown = 3

const nothing: MemberBenefits = {
  classroom: { deepDive: 'none', options: 'none', live: 'none', mentorship: 'none' },
  strategies: 'none',
  monthlyPicks: 0,
  analystTracking: false,
  expertDiagnosis: false,
  adviser: false,
  watchlists: { lists: 1, stocksPerList: 20 },
  portfolio: { transactions: 250 },
  savedScreens: 0,
  alerts: 0,
}

export const benefitsByReader: Record<BenefitReader, MemberBenefits> = {
  visitor: nothing,
  member: { ...nothing, savedScreens: 3, alerts: 10 },
  base: {
    classroom: { deepDive: 'partial', options: 'partial', live: 'partial', mentorship: 'none' },
    strategies: 'curated',
    monthlyPicks: 5,
    analystTracking: false,
    expertDiagnosis: true,
    adviser: false,
    watchlists: { lists: 3, stocksPerList: 50 },
    portfolio: { transactions: 1000 },
    savedScreens: 10,
    alerts: 50,
  },
  plus: {
    classroom: { deepDive: 'full', options: 'partial', live: 'full', mentorship: 'none' },
    strategies: 'public',
    monthlyPicks: 10,
    analystTracking: true,
    expertDiagnosis: true,
    adviser: false,
    watchlists: { lists: 10, stocksPerList: 100 },
    portfolio: { transactions: 2500 },
    savedScreens: 25,
    alerts: 200,
  },
  premium: {
    classroom: { deepDive: 'full', options: 'full', live: 'full', mentorship: 'full' },
    strategies: 'exclusive',
    monthlyPicks: null,
    analystTracking: true,
    expertDiagnosis: true,
    adviser: true,
    watchlists: { lists: 20, stocksPerList: 200 },
    portfolio: { transactions: 5000 },
    savedScreens: 50,
    alerts: 500,
  },
}

export const benefitReaders = [
  'visitor',
  'member',
  'base',
  'plus',
  'premium',
] as const satisfies readonly BenefitReader[]

/** The reader's rung: their tier when subscribed, else visitor or member. */
export function benefitReaderOf(reader: {
  role: 'visitor' | 'member' | 'subscriber'
  tier: Tier | null
}): BenefitReader {
  if (reader.role === 'subscriber' && reader.tier) return reader.tier
  return reader.role === 'visitor' ? 'visitor' : 'member'
}

export function benefitsOf(reader: BenefitReader): MemberBenefits {
  return benefitsByReader[reader]
}

/** Whether a lesson opens for a reader: their access to its course's kind covers the lesson's mark. */
export function lessonOpens(access: ClassAccess, lesson: LessonAccess): boolean {
  return access === 'full' || (access === 'partial' && lesson === 'partial')
}

/** Whether a reader reaching `reach` sees a strategy of `visibility` (curated ones are further cut to the first
 * `curatedStrategiesShown` for `curated`; the caller orders them). */
export function strategyVisible(reach: StrategyReach, visibility: StrategyVisibility): boolean {
  if (reach === 'none') return false
  if (visibility === 'curated') return true
  if (visibility === 'public') return reach === 'public' || reach === 'exclusive'
  return reach === 'exclusive'
}

/**
 * Why a locked thing is locked, as the page prompts: a visitor logs in, a member subscribes, a subscriber upgrades
 * (to the cheapest tier that opens it).
 */
export type LockReason =
  | { kind: 'logIn' }
  | { kind: 'subscribe'; tier: Tier }
  | { kind: 'upgrade'; tier: Tier }

const tierOrder: readonly Tier[] = ['base', 'plus', 'premium']

/** The lock a reader sees for something the first tier satisfying `opens` would open; null when it is open. */
export function lockReasonFor(
  reader: BenefitReader,
  opens: (benefits: MemberBenefits) => boolean,
): LockReason | null {
  if (opens(benefitsByReader[reader])) return null
  const tier = tierOrder.find((candidate) => opens(benefitsByReader[candidate])) ?? 'premium'
  if (reader === 'visitor') return { kind: 'logIn' }
  if (reader === 'member') return { kind: 'subscribe', tier }
  return { kind: 'upgrade', tier }
}
