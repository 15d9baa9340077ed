/** This month's allowance of questions to an analyst: used of total, what is left, and when it renews. */

import { buttonClassName } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ExpertAllowance } from '#contracts/expert-rules.ts'
import { useFormats } from './expert-format.ts'

export function AllowancePanel({ allowance }: { allowance: ExpertAllowance }) {
  const { t } = useTranslation(['expert', 'plans'])
  const format = useFormats()
  const date = format.day(allowance.renewsOn)
  return (
    <Card className="flex flex-col gap-2" data-testid="expert-allowance">
      <h2 className="text-lg font-semibold text-ink-950">{t('allowance.title')}</h2>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-2xl font-bold text-ink-950">
          {t('allowance.usedOf', { used: allowance.used, total: allowance.total })}
        </span>
        <span className="text-sm text-ink-800">{t('allowance.left', { count: allowance.left })}</span>
      </p>
      {allowance.left > 0 ? (
        <p className="text-sm text-ink-800">{t('allowance.renewsOn', { date })}</p>
      ) : (
        <UsedUp allowance={allowance} />
      )}
    </Card>
  )
}

/** No question left this month: when they renew, and the tier with more, if any. */
export function UsedUp({ allowance }: { allowance: ExpertAllowance }) {
  const { t } = useTranslation(['expert', 'plans'])
  const format = useFormats()
  const date = format.day(allowance.renewsOn)
  const tier = allowance.moreWith ? t(`plans:subscribe.tiers.${allowance.moreWith}`) : null
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between" role="status">
      <p className="text-sm text-ink-900">
        {tier ? t('allowance.usedUpUpgrade', { date, tier }) : t('allowance.usedUp', { date })}
      </p>
      {allowance.moreWith ? (
        <PageLink to={`/subscribe?tier=${allowance.moreWith}`} className={buttonClassName('primary')}>
          {t('allowance.upgrade', { tier })}
        </PageLink>
      ) : null}
    </div>
  )
}
