/**
 * This month's AI stock diagnoses and AI chat replies against the reader's allowance (and today's), as the quota
 * service counts them: after an upgrade the larger allowance shows here at once.
 */

import { Card } from '#app/components/card.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { QuotaStatus } from '#contracts/accounts.ts'
import { usageOf } from './plan-offers.ts'

const kinds = ['diagnosis', 'chat'] as const

export function UsagePanel({
  usage,
  displayLocale,
}: {
  usage: Record<(typeof kinds)[number], QuotaStatus>
  displayLocale: string
}) {
  const { t } = useTranslation('billing')
  const number = (value: number) => value.toLocaleString(displayLocale)
  return (
    <Card className="flex flex-col gap-4" data-testid="account-usage">
      <h2 className="text-lg font-semibold text-ink-950">{t('account.usage.title')}</h2>
      <ul className="flex flex-col gap-4">
        {kinds.map((kind) => {
          const use = usageOf(usage[kind])
          const share =
            use.monthlyLimit && use.usedThisMonth !== null
              ? Math.min(1, use.usedThisMonth / use.monthlyLimit)
              : Math.min(1, use.usedToday / Math.max(1, use.dailyLimit))
          return (
            <li key={kind} className="flex flex-col gap-1 text-sm" data-testid={`usage-${kind}`}>
              <p className="font-medium text-ink-900">{t(`account.usage.${kind}`)}</p>
              <div className="h-2 overflow-hidden rounded-full bg-ink-100" aria-hidden="true">
                <div
                  className="h-full rounded-full bg-brand-600"
                  style={{ width: `${Math.round(share * 100)}%` }}
                />
              </div>
              <p className="text-ink-800" data-testid={`usage-${kind}-month`}>
                {use.monthlyLimit !== null && use.usedThisMonth !== null
                  ? t('account.usage.monthly', {
                      used: number(use.usedThisMonth),
                      limit: number(use.monthlyLimit),
                    })
                  : t('account.usage.noMonthlyLimit')}
              </p>
              <p className="text-ink-700">
                {t('account.usage.daily', { used: number(use.usedToday), limit: number(use.dailyLimit) })}
              </p>
            </li>
          )
        })}
      </ul>
    </Card>
  )
}
