/**
 * Back from checkout (spec §8): 'Subscription Successful' when the checkout is paid, 'Subscription Failed' when it
 * failed, expired or the reader gave up at the provider — a toast of 3 s, once. The page's loader already read the
 * checkout and the plan, so the new allowances are on the page as it appears. While the provider has not confirmed
 * yet (Stripe's webhook still on its way) the page asks again every second for up to 20 s, then says the payment is
 * still being confirmed. Then the way back leaves the address, so a reload does not repeat the toast.
 */
import { useEffect } from 'react'
import { useLocation, useNavigate, useRevalidator } from 'react-router'
import { toast } from '#app/components/toaster.tsx'
import { useAccount } from '#app/features/account/account-provider.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { CheckoutStatus } from '#contracts/billing-rules.ts'
import { fetchCheckout } from './billing-api.ts'
import { type ReturnedCheckout, withoutCheckoutReturn } from './billing-choice.ts'

export const confirmationPollMs = 1000
export const confirmationWaitMs = 20_000

/** How a checkout the reader came back from reads: still open, or one of the two toasts. */
export function checkoutOutcomeOf(status: CheckoutStatus, isCancelled: boolean): 'paid' | 'failed' | 'open' {
  if (isCancelled || status === 'failed' || status === 'expired') return 'failed'
  return status === 'paid' ? 'paid' : 'open'
}

/** Checkouts already told in this tab: a re-render (or React's development double effects) must not tell twice. */
const toldCheckouts = new Set<string>()

export function useCheckoutReturn(returned: ReturnedCheckout | null): void {
  const { t } = useTranslation(['common', 'billing'])
  const location = useLocation()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const { refreshMemberInfo } = useAccount()
  const checkoutId = returned?.checkoutId ?? null

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per checkout the reader came back from
  useEffect(() => {
    if (!returned || toldCheckouts.has(returned.checkoutId)) return
    toldCheckouts.add(returned.checkoutId)
    let isCurrent = true
    let isTold = false
    let timer: number | undefined
    const leaveReturnAddress = () =>
      navigate(
        { pathname: location.pathname, search: withoutCheckoutReturn(location.search), hash: location.hash },
        { replace: true, preventScrollReset: true },
      )
    const tell = (outcome: 'paid' | 'failed') => {
      isTold = true
      if (outcome === 'paid') toast.success(t('common:toast.subscribed'))
      else toast.error(t('common:toast.subscribeFailed'))
      return leaveReturnAddress()
    }
    const first = checkoutOutcomeOf(returned.status, returned.isCancelled)
    if (first !== 'open') {
      void tell(first)
      return
    }
    const giveUpAt = Date.now() + confirmationWaitMs
    const askAgain = () => {
      timer = window.setTimeout(async () => {
        const view = await fetchCheckout(returned.checkoutId).catch(() => null)
        if (!isCurrent) return
        const outcome = view ? checkoutOutcomeOf(view.status, false) : 'open'
        if (outcome === 'open') {
          if (Date.now() < giveUpAt) askAgain()
          else {
            isTold = true
            toast.warning(t('billing:return.pending'))
            void leaveReturnAddress()
          }
          return
        }
        await tell(outcome)
        if (outcome === 'paid') {
          // The loader read the plan before the provider confirmed it: read it again, and the header's badge.
          refreshMemberInfo()
          void revalidator.revalidate()
        }
      }, confirmationPollMs)
    }
    askAgain()
    return () => {
      isCurrent = false
      window.clearTimeout(timer)
      // Unmounted while still asking: the next mount (same checkout) may ask again.
      if (!isTold) toldCheckouts.delete(returned.checkoutId)
    }
  }, [checkoutId])
}
