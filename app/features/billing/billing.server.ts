/**
 * What the billing pages need on the server, from the services in-process (no HTTP hop): /subscribe's prices, the
 * reader's plan and the checkout they came back from; the demo checkout page's checkout; the account page's member,
 * plan, payments and this month's use. Visitors are sent to log in where a page is a member's own. Decides only what
 * each page is given; who may do what is the billing service's.
 */

import { data, redirect } from 'react-router'
import { loginHref } from '#app/features/account/account-menu.tsx'
import { planLadderOf, readerOfRequest } from '#app/features/plans/plans.server.ts'
import type { RequestContext } from '#app/request-context.ts'
import type { MemberInfo, QuotaStatus } from '#contracts/accounts.ts'
import {
  BillingErrorCode,
  type BillingState,
  billingPeriods,
  type PaymentPage,
  type PriceCatalogue,
  paymentPageSizeDefault,
  type SubscriptionPeriod,
} from '#contracts/billing-rules.ts'
import { parseCookieHeader } from '#contracts/cookie-header.ts'
import { cookieNames } from '#contracts/cookie-names.ts'
import type { MemberEmailView } from '#contracts/member-email.ts'
import { isServiceError } from '#contracts/service-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { accountCookieNames } from '#server/modules/accounts/session-cookies.ts'
import { periodEnd } from '#server/modules/subscriptions/subscriptions.service.ts'
import { checkoutReturnOf, isCheckoutId, type ReturnedCheckout } from './billing-choice.ts'

type PageContext = Pick<RequestContext, 'services' | 'config' | 'region' | 'locale' | 'clientIp'>

/** A member's page: a visitor goes to the login page, which brings them back here. */
function requireMember(reader: Reader, request: Request): asserts reader is Reader & { memberId: string } {
  if (reader.memberId) return
  const url = new URL(request.url)
  throw redirect(loginHref(url.pathname, url.search))
}

/** When a plan bought now would renew, per period (the same calendar arithmetic as the subscription's own). */
function renewalDatesFrom(now: Date): Record<SubscriptionPeriod, string> {
  return Object.fromEntries(
    billingPeriods.map((period) => [period, periodEnd(now, period).toISOString()]),
  ) as Record<SubscriptionPeriod, string>
}

/**
 * /subscribe: the ladder (plans.server.ts), the catalogue in the region's currency, the reader's billing state
 * (null for a visitor), when each period would renew if bought now, and the checkout the address says they came
 * back from (their own only; anything else is ignored).
 */
export async function loadSubscribePage(request: Request, context: PageContext, now = new Date()) {
  const { services, config, region, locale } = context
  const reader = await readerOfRequest(request, context)
  const returned = checkoutReturnOf(new URL(request.url).searchParams)
  const [prices, state, checkout] = await Promise.all([
    services.billing.listPrices(region, locale),
    reader.memberId ? services.billing.getBillingState(reader.memberId, region) : Promise.resolve(null),
    returned && reader.memberId
      ? services.billing.getCheckout(reader, returned.checkoutId, { region, locale }).catch(() => null)
      : Promise.resolve(null),
  ])
  const returnedCheckout: ReturnedCheckout | null =
    returned && checkout
      ? { checkoutId: checkout.checkoutId, status: checkout.status, isCancelled: returned.isCancelled }
      : null
  return {
    ...planLadderOf({ services, config }),
    role: reader.role,
    prices: prices satisfies PriceCatalogue,
    state: state satisfies BillingState | null,
    renewsOn: renewalDatesFrom(now),
    returnedCheckout,
  }
}

/** The demo provider's checkout page: the reader's own open (or finished) checkout; another's or none is a 404. */
export async function loadDemoCheckoutPage(
  request: Request,
  checkoutId: string | undefined,
  context: PageContext,
) {
  const { services, region, locale } = context
  const reader = await readerOfRequest(request, context)
  requireMember(reader, request)
  if (!isCheckoutId(checkoutId)) throw data({ reason: 'not-found' }, { status: 404 })
  try {
    return { checkout: await services.billing.getCheckout(reader, checkoutId, { region, locale }) }
  } catch (error) {
    if (isServiceError(error) && error.code === BillingErrorCode.checkoutNotFound)
      throw data({ reason: 'not-found' }, { status: 404 })
    throw error
  }
}

/**
 * /member/account: who the member is (masked number, display name), their plan and what they may do with it, the
 * catalogue (a downgrade's price), the first page of payments, and this month's diagnoses and AI replies against
 * the allowance.
 */
export async function loadAccountPage(request: Request, context: PageContext) {
  const { services, region, locale, clientIp } = context
  const cookies = parseCookieHeader(request.headers.get('cookie'))
  const identity = await services.accounts.identifyReader({
    token: cookies[cookieNames.accessToken],
    deviceId: cookies[accountCookieNames.device],
    ip: clientIp,
  })
  const { reader } = identity
  requireMember(reader, request)
  const [state, prices, payments, diagnosis, chat, email] = await Promise.all([
    services.billing.getBillingState(reader.memberId, region),
    services.billing.listPrices(region, locale),
    services.billing.listPayments(reader, { page: 1, pageSize: paymentPageSizeDefault }),
    services.quotas.peek({ reader, kind: 'diagnosis' }),
    services.quotas.peek({ reader, kind: 'chat' }),
    services.accounts.getMemberEmail(reader),
  ])
  return {
    member: services.accounts.getMemberInfo(identity) satisfies MemberInfo,
    state: state satisfies BillingState,
    prices: prices satisfies PriceCatalogue,
    payments: payments satisfies PaymentPage,
    usage: { diagnosis, chat } satisfies Record<'diagnosis' | 'chat', QuotaStatus>,
    email: email satisfies MemberEmailView,
  }
}
