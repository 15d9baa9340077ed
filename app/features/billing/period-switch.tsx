/**
 * The period switch of /subscribe: month, quarter or year, with the most a longer period saves against paying
 * monthly. Links, so the choice is in the address (a visitor sent to log in comes back to it) and works before the
 * page has hydrated; the tier picked, if any, is kept.
 */
import { clsx } from 'clsx'
import { Link } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import {
  billingPeriods,
  type PriceEntry,
  type SubscriptionPeriod,
  type Tier,
} from '#contracts/billing-rules.ts'
import { subscribeHrefOf } from './billing-choice.ts'
import { formatPercent } from './billing-format.ts'

/** The largest saving of a period across the tiers (0 when none saves). */
export function bestSavingOf(prices: PriceEntry[], period: SubscriptionPeriod): number {
  return prices.reduce(
    (best, price) => (price.period === period ? Math.max(best, price.savingPercent) : best),
    0,
  )
}

export function PeriodSwitch({
  prices,
  period,
  tier,
  displayLocale,
}: {
  prices: PriceEntry[]
  period: SubscriptionPeriod
  tier: Tier | null
  displayLocale: string
}) {
  const { t } = useTranslation('billing')
  return (
    <nav aria-label={t('period.label')}>
      <ul className="inline-flex flex-wrap gap-1 rounded-lg border border-ink-300 bg-white p-1">
        {billingPeriods.map((value) => {
          const saving = bestSavingOf(prices, value)
          const isCurrent = value === period
          return (
            <li key={value}>
              <Link
                to={subscribeHrefOf({ tier, period: value })}
                replace
                preventScrollReset
                aria-current={isCurrent ? 'true' : undefined}
                data-testid={`period-${value}`}
                className={clsx(
                  'inline-flex min-h-10 flex-col items-center justify-center rounded-md px-3 py-1 text-sm font-medium sm:flex-row sm:gap-2',
                  isCurrent ? 'bg-ink-900 text-white' : 'text-ink-800 hover:bg-ink-100',
                )}
              >
                {t(`period.${value}`)}
                {saving > 0 ? (
                  <span
                    className={clsx('text-xs font-semibold', isCurrent ? 'text-brand-100' : 'text-brand-700')}
                  >
                    {t('period.saveUpTo', { percent: formatPercent(saving, displayLocale) })}
                  </span>
                ) : null}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
