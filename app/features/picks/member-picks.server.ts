/**
 * The /member/picks page's data (issue 15): the month's picks the reader may see (the stocks service cuts the current
 * month by the tier, contracts/benefits.ts), the lock that shows more, and analyst portfolio tracking (or its lock).
 * The market and the month come from the address, so each view can be reloaded and shared.
 */
import { readerOfRequest } from '#app/features/plans/plans.server.ts'
import type { RequestContext } from '#app/request-context.ts'
import { benefitReaderOf, benefitsOf, type LockReason, lockReasonFor } from '#contracts/benefits.ts'
import type { MonthlyPicksMonth } from '#contracts/monthly-picks.ts'
import type { PicksTrackingAnswer } from '#contracts/picks-tracking.ts'
import { type Market, markets } from '#contracts/regions.ts'

/** Months offered in the month choice (the picks API's most). */
export const picksMonthsShown = 24

export interface MemberPicksPage {
  market: Market | null
  /** Every month with picks, newest first (the month choice). */
  months: string[]
  /** The month shown; null when there are no picks at all. */
  month: MonthlyPicksMonth | null
  /** The step that shows more of the month's picks; null when the reader sees them all. */
  picksLock: LockReason | null
  isDemo: boolean
  asOf: string | null
  stale: boolean
  rule: string
  tracking: PicksTrackingAnswer
}

function marketOf(value: string | null): Market | null {
  return (markets as readonly string[]).includes(value ?? '') ? (value as Market) : null
}

export async function loadMemberPicks(
  request: Request,
  context: Pick<RequestContext, 'services' | 'clientIp' | 'locale'>,
): Promise<MemberPicksPage> {
  const { services, locale } = context
  const search = new URL(request.url).searchParams
  const market = marketOf(search.get('market'))
  const reader = await readerOfRequest(request, context)
  const query = { market: market ?? undefined, months: picksMonthsShown }
  const [picks, tracking] = await Promise.all([
    services.stocks.listMonthlyPicks(query, reader, locale),
    services.picksTracking.trackAnalystPicks(query, reader, locale),
  ])
  const month = picks.months.find((entry) => entry.month === search.get('month')) ?? picks.months[0] ?? null
  // More picks open at the first tier that shows more of a month than the reader's own (contracts/benefits.ts).
  const rung = benefitReaderOf(reader)
  const mine = benefitsOf(rung).monthlyPicks ?? Number.POSITIVE_INFINITY
  const picksLock =
    month && month.lockedCount > 0
      ? lockReasonFor(rung, (benefits) => (benefits.monthlyPicks ?? Number.POSITIVE_INFINITY) > mine)
      : null
  return {
    market,
    months: picks.months.map((entry) => entry.month),
    month,
    picksLock,
    isDemo: picks.isDemo,
    asOf: picks.asOf,
    stale: picks.stale,
    rule: picks.rule,
    tracking,
  }
}
