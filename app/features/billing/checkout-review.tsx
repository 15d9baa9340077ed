/**
 * The last step on /subscribe before paying: the plan, the period, the price and the date it renews, the tax wording
 * and the 7-day refund, then "Continue to payment", which starts a checkout (POST /billing/checkout) and leaves for
 * the provider's page — our own demo page, labelled DEMO, or Stripe's. The provider sends the reader back to
 * /subscribe with the period kept and the checkout's id (use-checkout-return.ts).
 */
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { toast } from '#app/components/toaster.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { PriceCatalogue, SubscriptionPeriod, Tier } from '#contracts/billing-rules.ts'
import { startCheckout } from './billing-api.ts'
import { subscribeHrefOf } from './billing-choice.ts'
import { formatBillingDate, formatMoney, type ReadingPlace } from './billing-format.ts'
import { useErrorMessage } from './plan-changes.tsx'

export function CheckoutReview({
  tier,
  period,
  catalogue,
  renewsOn,
  place,
}: {
  tier: Tier
  period: SubscriptionPeriod
  catalogue: PriceCatalogue
  /** When the plan renews if bought now. */
  renewsOn: string
  place: ReadingPlace
}) {
  const { t } = useTranslation(['billing', 'plans'])
  const navigate = useNavigate()
  const errorMessage = useErrorMessage()
  const [isStarting, setIsStarting] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const price = catalogue.prices.find((p) => p.tier === tier && p.period === period)
  const tierName = t(`plans:subscribe.tiers.${tier}`)

  // A tier just picked (its button, or back from logging in) is brought into view; the period switch stays put.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new tier only
  useEffect(() => {
    headingRef.current?.scrollIntoView({ block: 'center' })
    headingRef.current?.focus({ preventScroll: true })
  }, [tier])

  async function pay() {
    setIsStarting(true)
    try {
      const start = await startCheckout({ tier, period, returnPath: subscribeHrefOf({ period }) })
      // The demo page is one of ours; Stripe's is another site.
      if (start.redirectUrl.startsWith('/')) await navigate(start.redirectUrl)
      else window.location.assign(start.redirectUrl)
    } catch (error) {
      setIsStarting(false)
      toast.error(errorMessage(error))
    }
  }

  return (
    <section
      aria-labelledby="checkout-review-title"
      className="flex flex-col gap-4 rounded-card border-2 border-brand-600 bg-white p-5 shadow-sm"
      data-testid="checkout-review"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2
          id="checkout-review-title"
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-bold text-ink-950 focus:outline-none"
        >
          {t('billing:review.title')}
        </h2>
        {catalogue.isDemo ? <Badge tone="warn">{t('common:demo.badge')}</Badge> : null}
      </div>
      {price ? (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-ink-700">{t('billing:review.plan')}</dt>
          <dd className="font-semibold text-ink-950" data-testid="review-plan">
            {tierName}
          </dd>
          <dt className="text-ink-700">{t('billing:review.period')}</dt>
          <dd className="font-semibold text-ink-950" data-testid="review-period">
            {t(`billing:period.${period}`)}
          </dd>
          <dt className="text-ink-700">{t('billing:review.price')}</dt>
          <dd className="font-semibold text-ink-950 tabular-nums" data-testid="review-price">
            {t(`billing:price.perPeriod.${period}`, {
              price: formatMoney(price.amountMinor, price.currency, place.displayLocale),
            })}
          </dd>
          <dt className="text-ink-700">{t('billing:review.renewsOn')}</dt>
          <dd className="font-semibold text-ink-950" data-testid="review-renews">
            {formatBillingDate(renewsOn, place)}
          </dd>
        </dl>
      ) : (
        <p className="text-sm text-loss">{t('errors:BILLING_PRICE_NOT_FOUND')}</p>
      )}
      <div className="flex flex-col gap-1 text-sm text-ink-800">
        {price ? (
          <p>
            {t('billing:review.renewal', {
              date: formatBillingDate(renewsOn, place),
              price: formatMoney(price.amountMinor, price.currency, place.displayLocale),
            })}
          </p>
        ) : null}
        {catalogue.taxNote ? <p data-testid="tax-note">{catalogue.taxNote}</p> : null}
        <p>{t('plans:subscribe.refund')}</p>
        {catalogue.isDemo ? <p className="text-ink-700">{t('billing:demo.noMoney')}</p> : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void pay()} isLoading={isStarting} disabled={!price}>
          {t('billing:review.pay')}
        </Button>
        <Link
          to={subscribeHrefOf({ period })}
          replace
          preventScrollReset
          className={buttonClassName('secondary')}
        >
          {t('billing:review.another')}
        </Link>
      </div>
    </section>
  )
}
