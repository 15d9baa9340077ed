/**
 * Which state the diagnosis page is in (spec §4: diagnosing, failed, no results, the quota states) and what each
 * state offers the reader. The loader decides the state from the URL and the service's answer or error code; the
 * page draws it. Kept pure so every branch is tested.
 */
import { loginHref } from '#app/features/account/account-menu.tsx'
import { QuotaErrorCode } from '#contracts/account-codes.ts'
import type { QuotaStatus } from '#contracts/accounts.ts'
import { StockErrorCode } from '#contracts/stock-rules.ts'
import type { PageCompanyText } from './company-text.tsx'
import type { PageDiagnosis } from './page-diagnosis.ts'

export type DiagnosisLimitCode = (typeof QuotaErrorCode.diagnosis)[keyof typeof QuotaErrorCode.diagnosis]
export type DiagnosisInputCode =
  | typeof StockErrorCode.queryEmpty
  | typeof StockErrorCode.queryTooLong
  | typeof StockErrorCode.marketInvalid

export type DiagnosisPageState =
  /** No query in the URL: the input and how the diagnosis works. */
  | { kind: 'idle' }
  /**
   * A crawler with no device cookie, which the quota is counted on (a browser is given one with its report): with
   * scripts, the page gets one from the API, then reloads its data.
   */
  | { kind: 'preparing' }
  | { kind: 'invalid'; code: DiagnosisInputCode }
  | { kind: 'not-found' }
  | { kind: 'limited'; code: DiagnosisLimitCode }
  | { kind: 'failed'; code: string }
  /** `companyText`: the analysts' text about the company in the reader's language, when there is one. */
  | { kind: 'result'; diagnosis: PageDiagnosis; companyText: PageCompanyText | null }

const limitCodes = new Set<string>(Object.values(QuotaErrorCode.diagnosis))
const inputCodes = new Set<string>([
  StockErrorCode.queryEmpty,
  StockErrorCode.queryTooLong,
  StockErrorCode.marketInvalid,
])

/** The state an error code of the diagnosis means; anything unknown is a failure the reader can retry. */
export function stateOfErrorCode(code: string): DiagnosisPageState {
  if (limitCodes.has(code)) return { kind: 'limited', code: code as DiagnosisLimitCode }
  if (inputCodes.has(code)) return { kind: 'invalid', code: code as DiagnosisInputCode }
  if (code === StockErrorCode.notFound) return { kind: 'not-found' }
  return { kind: 'failed', code: StockErrorCode.diagnosisFailed }
}

/** The HTTP status a state's page answers with, so crawlers and monitors see what a reader sees. */
export function statusOfState(state: DiagnosisPageState): number {
  switch (state.kind) {
    case 'invalid':
      return 400
    case 'not-found':
      return 404
    case 'limited':
      return 429
    case 'failed':
      return 503
    default:
      return 200
  }
}

export interface QuotaAction {
  href: string
  /** Message key (stocks namespace) of the link's text. */
  labelKey: 'quota.login' | 'quota.subscribe' | 'quota.upgrade'
}

/**
 * Where a reader out of attempts can go: a visitor logs in and comes back to the same diagnosis (also when it is
 * their network's visitor allowance that is used up: a member's attempts are their own), a member subscribes, a
 * subscriber upgrades — also at the daily limit when a higher plan allows more a day; at the top of the ladder's day
 * there is nothing to do but come back tomorrow.
 */
export function quotaActionOf(
  code: DiagnosisLimitCode,
  location: { pathname: string; search: string },
): QuotaAction | null {
  switch (code) {
    case QuotaErrorCode.diagnosis.visitor:
    case QuotaErrorCode.diagnosis.network:
      return { href: loginHref(location.pathname, location.search), labelKey: 'quota.login' }
    case QuotaErrorCode.diagnosis.member:
    case QuotaErrorCode.diagnosis.dailyMember:
      return { href: '/subscribe', labelKey: 'quota.subscribe' }
    case QuotaErrorCode.diagnosis.subscriber:
    case QuotaErrorCode.diagnosis.dailySubscriber:
      return { href: '/subscribe', labelKey: 'quota.upgrade' }
    default:
      return null
  }
}

export interface AttemptsLeft {
  count: number
  /**
   * Which limit is the nearer one: this month's allowance or today's; `network` when a visitor's own attempts are
   * left but the visitors sharing their connection used its allowance (the page says so instead of "0 left").
   */
  period: 'month' | 'day' | 'network'
}

/** How many diagnoses the reader has left, and whether the month, the day or the network is the limit that binds. */
export function attemptsLeftOf(
  quota:
    | Pick<QuotaStatus, 'remaining' | 'monthlyRemaining' | 'dailyRemaining' | 'limitedBy'>
    | null
    | undefined,
): AttemptsLeft | null {
  if (!quota) return null
  if (quota.limitedBy === 'network') return { count: 0, period: 'network' }
  const period =
    quota.monthlyRemaining !== null && quota.monthlyRemaining <= quota.dailyRemaining ? 'month' : 'day'
  return { count: quota.remaining, period }
}
