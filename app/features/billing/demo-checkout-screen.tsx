/**
 * The demo payments provider's checkout page (PAYMENTS_PROVIDER=demo): clearly a demonstration — no card, no money —
 * showing what the reader is buying (plan, period, price, renewal date, tax wording), with "Pay" and "Fail payment".
 * Either goes through POST /billing/demo/complete, the same completion path a real provider's webhook takes, then
 * back to the page the checkout started from with its outcome (use-checkout-return.ts tells it).
 */
import { useState } from 'react'
import { Link, useNavigate, useRevalidator } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { toast } from '#app/components/toaster.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { CheckoutView, DemoOutcome } from '#contracts/billing-rules.ts'
import { completeDemoCheckout } from './billing-api.ts'
import { formatBillingDate, formatMoney, type ReadingPlace } from './billing-format.ts'
import { useErrorMessage } from './plan-changes.tsx'

export function DemoCheckoutScreen({ checkout, place }: { checkout: CheckoutView; place: ReadingPlace }) {
  const { t } = useTranslation(['billing', 'plans', 'common'])
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const errorMessage = useErrorMessage()
  const [running, setRunning] = useState<DemoOutcome | null>(null)
  const amount = formatMoney(checkout.amountMinor, checkout.currency, place.displayLocale)
  const isOpen = checkout.status === 'open'

  async function complete(outcome: DemoOutcome) {
    setRunning(outcome)
    try {
      const view = await completeDemoCheckout(checkout.checkoutId, outcome)
      await navigate(view.returnUrl)
    } catch (error) {
      setRunning(null)
      toast.error(errorMessage(error))
      void revalidator.revalidate()
    }
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-ink-950">{t('demoCheckout.title')}</h1>
          <Badge tone="warn">{t('common:demo.badge')}</Badge>
        </div>
        <p
          className="rounded-card border border-warn/40 bg-warn/10 p-4 text-sm text-ink-900"
          data-testid="demo-notice"
        >
          {t('demoCheckout.notice')}
        </p>
      </div>
      <Card className="flex flex-col gap-4">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-ink-700">{t('review.plan')}</dt>
          <dd className="font-semibold text-ink-950" data-testid="demo-plan">
            {t(`plans:subscribe.tiers.${checkout.tier}`)}
          </dd>
          <dt className="text-ink-700">{t('review.period')}</dt>
          <dd className="font-semibold text-ink-950" data-testid="demo-period">
            {t(`period.${checkout.period}`)}
          </dd>
          <dt className="text-ink-700">{t('review.price')}</dt>
          <dd className="font-semibold text-ink-950 tabular-nums" data-testid="demo-price">
            {t(`price.perPeriod.${checkout.period}`, { price: amount })}
          </dd>
          <dt className="text-ink-700">{t('review.renewsOn')}</dt>
          <dd className="font-semibold text-ink-950" data-testid="demo-renews">
            {formatBillingDate(checkout.renewsOn, place)}
          </dd>
        </dl>
        {checkout.taxNote ? <p className="text-sm text-ink-800">{checkout.taxNote}</p> : null}
        {isOpen ? (
          <div className="flex flex-wrap gap-3">
            <Button
              onClick={() => void complete('paid')}
              isLoading={running === 'paid'}
              disabled={running !== null}
            >
              {t('demoCheckout.pay', { amount })}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void complete('failed')}
              isLoading={running === 'failed'}
              disabled={running !== null}
            >
              {t('demoCheckout.fail')}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-sm font-medium text-ink-900" role="status">
              {t(`demoCheckout.finished.${checkout.status}`)}
            </p>
            <div>
              <Link to={checkout.returnUrl} className={buttonClassName('secondary')}>
                {t('demoCheckout.back')}
              </Link>
            </div>
          </div>
        )}
      </Card>
    </div>
  )
}
