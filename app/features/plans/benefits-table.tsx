/**
 * The member benefits by plan on /subscribe: one row per benefit, one column per tier, from the same table the
 * member pages and their checks read (contracts/benefits.ts through benefit-lines.ts). The reader's plan is marked.
 */
import { clsx } from 'clsx'
import { PageLink } from '#app/components/page-link.tsx'
import { ScrollRegion } from '#app/components/scroll-region.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { Tier } from '#contracts/billing-rules.ts'
import { RungColumnHead } from './allowance-table.tsx'
import { benefitRowsOf } from './benefit-lines.ts'
import type { PlanFacts } from './plans.server.ts'

export function BenefitsTable({ plans, currentTier }: { plans: PlanFacts[]; currentTier: Tier | null }) {
  const { t, i18n } = useTranslation('plans')
  // Counts written as the reader's language writes them (5,000 stocks, not 5000).
  const numbers = new Intl.NumberFormat(i18n.language)
  const valuesOf = (values: Record<string, string | number> = {}) =>
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        typeof value === 'number' && name !== 'count' ? numbers.format(value) : value,
      ]),
    )
  return (
    <section aria-labelledby="benefits-title" className="flex flex-col gap-3">
      <h2 id="benefits-title" className="text-xl font-bold text-ink-950">
        {t('subscribe.benefits.title')}
      </h2>
      <p className="max-w-3xl text-sm text-ink-800">
        {t('subscribe.benefits.intro')}{' '}
        <PageLink to="/member/investment" className="font-medium text-brand-700 underline underline-offset-2">
          {t('subscribe.benefits.seeMemberArea')}
        </PageLink>
      </p>
      <ScrollRegion labelledBy="benefits-caption" className="rounded-card border border-ink-100 bg-white p-3">
        <table className="w-full min-w-[36rem] text-sm" data-testid="benefits-table">
          <caption id="benefits-caption" className="sr-only">
            {t('subscribe.benefits.caption')}
          </caption>
          <thead>
            <tr className="border-b border-ink-300 text-ink-900">
              <th scope="col" className="py-2 pe-3 text-start font-semibold">
                {t('subscribe.benefits.benefit')}
              </th>
              {plans.map(({ tier }) => (
                <RungColumnHead
                  key={tier}
                  name={t(`subscribe.tiers.${tier}`)}
                  isYours={tier === currentTier}
                  align="start"
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {benefitRowsOf(plans).map((row) => (
              <tr key={row.key} className="border-b border-ink-100 last:border-b-0">
                <th scope="row" className="py-2 pe-3 text-start font-medium text-ink-900">
                  {t(row.key)}
                </th>
                {row.cells.map((cell, index) => {
                  const tier = plans[index]?.tier
                  return (
                    <td
                      key={tier}
                      className={clsx('px-2 py-2 text-ink-900', tier === currentTier && 'bg-brand-100')}
                      data-testid={`benefit-${row.key.split('.').at(-1)}-${tier}`}
                    >
                      {t(cell.key, valuesOf(cell.values))}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  )
}
