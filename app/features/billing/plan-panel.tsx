/**
 * The account page's plan: tier, period, price, renewal or end date in the region's time zone, a downgrade waiting
 * for the renewal date, the 7-day refund's deadline, and the changes the reader may make now (plan-offers.ts), each
 * asked for in a dialog (plan-changes.tsx), with the reason shown for what is not open to them.
 */

import { Link } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { BillingState, PriceCatalogue } from '#contracts/billing-rules.ts'
import { formatBillingDate, formatMoney, type ReadingPlace } from './billing-format.ts'
import { usePlanChanges } from './plan-changes.tsx'
import { type PlanChange, planChangesOf } from './plan-offers.ts'

export function PlanPanel({
  state,
  prices,
  place,
}: {
  state: BillingState
  prices: PriceCatalogue
  place: ReadingPlace
}) {
  const { t } = useTranslation(['billing', 'plans', 'errors', 'common'])
  const changes = usePlanChanges({ state, prices, place, portalReturnPath: '/member/account' })
  const plan = state.subscription
  const { changes: offered, reasons } = planChangesOf(state)
  const tierName = (tier: string) => t(`plans:subscribe.tiers.${tier}`)
  const date = (iso: string) => formatBillingDate(iso, place)

  const labelOf = (change: PlanChange) => {
    switch (change.kind) {
      case 'upgrade':
        return t('plans:subscribe.upgrade', { tier: tierName(change.tier) })
      case 'downgrade':
        return t('change.downgrade.button', { tier: tierName(change.tier) })
      case 'cancelDowngrade':
        return t('change.cancelDowngrade.button', { tier: tierName(plan?.tier ?? '') })
      default:
        return t(`change.${change.kind}.button`)
    }
  }

  return (
    <Card className="flex flex-col gap-4" data-testid="account-plan">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-ink-950">{t('account.plan.title')}</h2>
        {plan?.isDemo ? <Badge tone="warn">{t('common:demo.badge')}</Badge> : null}
      </div>
      {plan ? (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-ink-700">{t('review.plan')}</dt>
          <dd className="font-semibold text-ink-950" data-testid="account-plan-tier">
            {tierName(plan.tier)}
            {plan.source === 'operator' ? (
              <span className="ms-2 font-normal text-ink-700">{t('account.plan.granted')}</span>
            ) : null}
          </dd>
          <dt className="text-ink-700">{t('review.period')}</dt>
          <dd className="font-semibold text-ink-950" data-testid="account-plan-period">
            {t(`period.${plan.period}`)}
          </dd>
          {plan.priceMinor !== null && plan.currency ? (
            <>
              <dt className="text-ink-700">{t('review.price')}</dt>
              <dd className="font-semibold text-ink-950 tabular-nums">
                {t(`price.perPeriod.${plan.period}`, {
                  price: formatMoney(plan.priceMinor, plan.currency, place.displayLocale),
                })}
              </dd>
            </>
          ) : null}
          <dt className="text-ink-700">{t(plan.renewsOn ? 'review.renewsOn' : 'account.plan.endsOn')}</dt>
          <dd className="font-semibold text-ink-950" data-testid="account-plan-date">
            {date(plan.renewsOn ?? plan.endsOn ?? plan.currentPeriodEndsAt)}
          </dd>
        </dl>
      ) : (
        <p className="text-sm text-ink-800" data-testid="account-no-plan">
          {t('account.plan.none')}
        </p>
      )}
      {plan?.scheduledDowngrade ? (
        <p className="text-sm text-ink-800">
          {t('account.plan.scheduled', {
            tier: tierName(plan.scheduledDowngrade.tier),
            date: date(plan.scheduledDowngrade.effectiveAt),
          })}
        </p>
      ) : null}
      {state.actions.refund.allowed && state.actions.refund.deadline ? (
        <p className="text-sm text-ink-800" data-testid="refund-deadline">
          {t('account.plan.refundUntil', { date: date(state.actions.refund.deadline) })}
        </p>
      ) : null}
      {reasons.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm text-ink-700" data-testid="plan-reasons">
          {reasons.map((reason) => (
            <li key={reason}>{t(`errors:${reason}`)}</li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {offered.map((change) => (
          <Button
            key={`${change.kind}-${'tier' in change ? change.tier : ''}`}
            variant={
              change.kind === 'upgrade' ? 'primary' : change.kind === 'refund' ? 'danger' : 'secondary'
            }
            onClick={() => changes.ask(change)}
            onPointerEnter={changes.preload}
            onFocus={changes.preload}
            isLoading={change.kind === 'portal' && changes.isOpeningPortal}
          >
            {labelOf(change)}
          </Button>
        ))}
        {!plan || plan.source === 'operator' || !plan.renewsOn ? (
          <Link to="/subscribe" className={buttonClassName(plan ? 'secondary' : 'primary')}>
            {t(plan ? 'account.plan.seePlans' : 'account.plan.choose')}
          </Link>
        ) : null}
      </div>
      {changes.dialog}
    </Card>
  )
}
