/**
 * The browser's billing calls and the account page's member calls (contracts/billing.ts lists them), through the
 * site's API client: the envelope, `Lang`, the error code of a refusal, and a 401 that logs the page out.
 */
import { api, dataOf } from '#app/api/api-client.ts'
import type { MemberInfo } from '#contracts/accounts.ts'
import type {
  AccountDeletedAnswer,
  BillingState,
  CheckoutStart,
  CheckoutView,
  DemoOutcome,
  LogoutAllAnswer,
  PaymentPage,
  PortalLink,
  SubscriptionPeriod,
  Tier,
  UpgradeQuote,
} from '#contracts/billing-rules.ts'

export async function startCheckout(request: {
  tier: Tier
  period: SubscriptionPeriod
  returnPath: string
}): Promise<CheckoutStart> {
  return dataOf(await api.post<CheckoutStart>('/billing/checkout', request))
}

export async function fetchCheckout(checkoutId: string): Promise<CheckoutView> {
  return dataOf(await api.get<CheckoutView>(`/billing/checkout/${encodeURIComponent(checkoutId)}`))
}

export async function completeDemoCheckout(checkoutId: string, outcome: DemoOutcome): Promise<CheckoutView> {
  return dataOf(await api.post<CheckoutView>('/billing/demo/complete', { checkoutId, outcome }))
}

export async function fetchUpgradeQuote(tier: Tier): Promise<UpgradeQuote> {
  return dataOf(await api.get<UpgradeQuote>('/billing/upgrade-quote', { tier }))
}

/** `quotedAt`: the quote the reader confirmed, so the charge is exactly the amount they saw. */
export async function upgradePlan(tier: Tier, quotedAt?: string): Promise<BillingState> {
  return dataOf(await api.post<BillingState>('/billing/upgrade', { tier, ...(quotedAt ? { quotedAt } : {}) }))
}

export async function downgradePlan(tier: Tier): Promise<BillingState> {
  return dataOf(await api.post<BillingState>('/billing/downgrade', { tier }))
}

export async function cancelDowngrade(): Promise<BillingState> {
  return dataOf(await api.delete<BillingState>('/billing/downgrade'))
}

export async function cancelRenewal(): Promise<BillingState> {
  return dataOf(await api.post<BillingState>('/billing/cancel-renewal'))
}

export async function resumeRenewal(): Promise<BillingState> {
  return dataOf(await api.post<BillingState>('/billing/resume-renewal'))
}

export async function refundPlan(): Promise<BillingState> {
  return dataOf(await api.post<BillingState>('/billing/refund'))
}

export async function listPayments(page: number, pageSize: number): Promise<PaymentPage> {
  return dataOf(await api.get<PaymentPage>('/billing/payments', { page, pageSize }))
}

export async function openBillingPortal(returnPath: string): Promise<PortalLink> {
  return dataOf(await api.post<PortalLink>('/billing/portal', { returnPath }))
}

export async function setDisplayName(displayName: string): Promise<MemberInfo> {
  return dataOf(await api.patch<MemberInfo>('/member/displayName', { displayName }))
}

export async function logOutEverywhere(): Promise<LogoutAllAnswer> {
  return dataOf(await api.post<LogoutAllAnswer>('/member/logoutAll'))
}

export async function deleteAccount(): Promise<AccountDeletedAnswer> {
  return dataOf(await api.delete<AccountDeletedAnswer>('/member/account'))
}
