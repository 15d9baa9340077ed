/**
 * One tier on /subscribe: what it gives, its price for the period shown (with the monthly equivalent and the saving
 * against paying monthly), and the one button or line that fits the reader (plan-offers.ts decides which).
 */
import { clsx } from 'clsx'
import { __iconData as checkShape } from 'lucide-react/icons/check'
import { Link } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { loginHref } from '#app/features/account/account-menu.tsx'
import { subscribeHrefOf } from '#app/features/billing/billing-choice.ts'
import {
  formatBillingDate,
  formatMoney,
  formatPercent,
  type ReadingPlace,
} from '#app/features/billing/billing-format.ts'
import type { PlanChange, TierOffer } from '#app/features/billing/plan-offers.ts'
import { useContact } from '#app/features/contact/contact-provider.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { PriceEntry, SubscriptionPeriod } from '#contracts/billing-rules.ts'
import { benefitLinesOf, benefitText } from './benefit-lines.ts'
import type { PlanFacts } from './plans.server.ts'

const Check = outlineIcon(checkShape)

export function PlanCard({
  plan,
  price,
  period,
  offer,
  isChosen,
  place,
  planPeriod,
  scheduledOn,
  onChange,
  onIntent,
}: {
  plan: PlanFacts
  /** The tier's price for the period shown; undefined when the catalogue has none. */
  price: PriceEntry | undefined
  period: SubscriptionPeriod
  offer: TierOffer
  /** The tier picked for review. */
  isChosen: boolean
  place: ReadingPlace
  /** The period of the reader's paid plan, for the line that explains another period is not a change. */
  planPeriod: SubscriptionPeriod | null
  /** When a scheduled downgrade to this tier takes effect. */
  scheduledOn: string | null
  onChange(change: PlanChange): void
  /** Pointer over or focus on a button that opens a dialog: fetch its code ahead. */
  onIntent(): void
}) {
  const { t } = useTranslation(['plans', 'billing', 'errors'])
  const { openContact } = useContact()
  const name = t(`subscribe.tiers.${plan.tier}`)
  const isCurrent = offer.kind === 'current'
  const benefits = benefitLinesOf(plan).map((line) => benefitText(t, line, place.displayLocale))
  const choose = t('subscribe.choose', { tier: name })
  const choiceHref = subscribeHrefOf({ tier: plan.tier, period })
  return (
    <li
      className={clsx(
        'flex flex-col gap-4 rounded-card border bg-white p-5 shadow-sm',
        isCurrent || isChosen ? 'border-brand-600 ring-2 ring-brand-600' : 'border-ink-100',
      )}
      aria-label={name}
      data-testid={`plan-${plan.tier}`}
    >
      <div>
        <h2 className="text-xl font-bold text-ink-950">{name}</h2>
        <p className="mt-1 text-sm text-ink-700">{t(`subscribe.taglines.${plan.tier}`)}</p>
      </div>
      {price ? (
        <div data-testid={`price-${plan.tier}`}>
          <p className="text-ink-950">
            <span className="text-3xl font-bold tabular-nums">
              {formatMoney(price.amountMinor, price.currency, place.displayLocale)}
            </span>{' '}
            <span className="text-sm text-ink-700">{t(`billing:price.per.${period}`)}</span>
          </p>
          {period !== 'month' ? (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-700">
              {t('billing:price.perMonth', {
                price: formatMoney(price.perMonthMinor, price.currency, place.displayLocale),
              })}
              {price.savingPercent > 0 ? (
                <Badge tone="gain">
                  {t('billing:price.saving', {
                    percent: formatPercent(price.savingPercent, place.displayLocale),
                  })}
                </Badge>
              ) : null}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-ink-700">{t('billing:price.none')}</p>
      )}
      <ul className="flex flex-1 flex-col gap-2 text-sm text-ink-900">
        {benefits.map((benefit) => (
          <li key={benefit} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-gain" aria-hidden="true" />
            {benefit}
          </li>
        ))}
      </ul>
      {offerAction()}
    </li>
  )

  function offerAction() {
    switch (offer.kind) {
      case 'logIn':
        return (
          <Link to={loginHref(choiceHref, '')} className={buttonClassName('primary')}>
            {choose}
          </Link>
        )
      case 'choose':
        return price ? (
          <Link
            to={choiceHref}
            preventScrollReset
            aria-current={isChosen ? 'true' : undefined}
            className={buttonClassName(isChosen ? 'secondary' : 'primary')}
          >
            {choose}
          </Link>
        ) : null
      case 'contact':
        return <Button onClick={openContact}>{choose}</Button>
      case 'current':
        return (
          <p className={buttonClassName('secondary', 'md', 'pointer-events-none')}>
            {t('subscribe.currentPlan')}
          </p>
        )
      case 'upgrade':
        return (
          <Button
            onClick={() => onChange({ kind: 'upgrade', tier: plan.tier })}
            onPointerEnter={onIntent}
            onFocus={onIntent}
          >
            {t('subscribe.upgrade', { tier: name })}
          </Button>
        )
      case 'downgrade':
        return (
          <Button
            variant="secondary"
            onClick={() => onChange({ kind: 'downgrade', tier: plan.tier })}
            onPointerEnter={onIntent}
            onFocus={onIntent}
          >
            {t('billing:change.downgrade.button', { tier: name })}
          </Button>
        )
      case 'scheduled':
        return (
          <p className="text-center text-sm text-ink-700">
            {t('billing:offer.scheduled', { date: scheduledOn ? formatBillingDate(scheduledOn, place) : '' })}
          </p>
        )
      case 'otherPeriod':
        return (
          <p className="text-center text-sm text-ink-700">
            {t('billing:offer.otherPeriod', { billing: t(`billing:billed.${planPeriod ?? 'month'}`) })}
          </p>
        )
      case 'refused':
        return <p className="text-center text-sm text-ink-700">{t(`errors:${offer.reason}`)}</p>
    }
  }
}
