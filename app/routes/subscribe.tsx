import { clsx } from 'clsx'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { loginHref } from '#app/features/account/account-menu.tsx'
import { useContact } from '#app/features/contact/contact-provider.tsx'
import { loadPlans, type PlanFacts, type RungAllowances } from '#app/features/plans/plans.server.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import { tiers } from '#contracts/account-codes.ts'
import type { Tier } from '#contracts/accounts.ts'
import type { Route } from './+types/subscribe.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  const requestFacts = context.get(requestContext)
  const { t } = getServerTranslator(requestFacts.locale)
  return {
    ...(await loadPlans(request, requestFacts)),
    title: t('plans:subscribe.metaTitle'),
    description: t('plans:subscribe.description'),
  }
}

export const meta: Route.MetaFunction = titledPageMeta

export default function Subscribe({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('plans')
  const { plans, current, allowances } = loaderData
  const location = useLocation()
  const currentRung = current.role === 'subscriber' ? (current.tier ?? 'member') : current.role
  const ownDiagnoses = allowances.find((a) => a.rung === currentRung)?.diagnosis
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold text-ink-950">{t('subscribe.title')}</h1>
        <p className="max-w-3xl text-ink-800">{t('subscribe.intro')}</p>
        <p className="rounded-card bg-brand-100 p-4 text-sm text-ink-900" data-testid="plan-status">
          {current.role === 'subscriber' && current.tier
            ? t('subscribe.status.subscriber', {
                tier: t(`subscribe.tiers.${current.tier}`),
                date: current.endsOn ?? '',
              })
            : t(current.role === 'member' ? 'subscribe.status.member' : 'subscribe.status.visitor', {
                daily: ownDiagnoses?.daily,
                monthly: ownDiagnoses?.monthly,
              })}{' '}
          {current.role === 'visitor' ? (
            <Link
              to={loginHref(location.pathname, location.search)}
              className="font-medium text-brand-700 underline"
            >
              {t('subscribe.logIn')}
            </Link>
          ) : null}
        </p>
      </header>
      <ul className="grid gap-4 md:grid-cols-3" aria-label={t('subscribe.compare')}>
        {plans.map((plan) => (
          <PlanCard key={plan.tier} plan={plan} currentTier={current.tier} />
        ))}
      </ul>
      <AllowanceTable allowances={allowances} currentRung={currentRung} />
      <section className="grid gap-4 md:grid-cols-2">
        <Card>
          <h2 className="text-lg font-semibold text-ink-950">{t('subscribe.howTitle')}</h2>
          <p className="mt-2 text-sm text-ink-800">{t('subscribe.how')}</p>
        </Card>
        <Card>
          <p className="text-sm text-ink-800">{t('subscribe.periods')}</p>
          <p className="mt-2 text-sm font-medium text-ink-900">{t('subscribe.refund')}</p>
        </Card>
      </section>
    </div>
  )
}

const allowanceRows = [
  { kind: 'diagnosis', period: 'daily', labelKey: 'subscribe.allowances.diagnosesPerDay' },
  { kind: 'diagnosis', period: 'monthly', labelKey: 'subscribe.allowances.diagnosesPerMonth' },
  { kind: 'chat', period: 'daily', labelKey: 'subscribe.allowances.repliesPerDay' },
  { kind: 'chat', period: 'monthly', labelKey: 'subscribe.allowances.repliesPerMonth' },
  { kind: 'upload', period: 'daily', labelKey: 'subscribe.allowances.uploadsPerDay' },
  { kind: 'upload', period: 'monthly', labelKey: 'subscribe.allowances.uploadsPerMonth' },
] as const

/**
 * The allowance ladder, visitor to Premium, as the quota service enforces it: each column gives at least what the
 * one to its left does. The reader's own column is marked.
 */
function AllowanceTable({
  allowances,
  currentRung,
}: {
  allowances: RungAllowances[]
  currentRung: RungAllowances['rung']
}) {
  const { t } = useTranslation('plans')
  const { displayLocale } = useRootData()
  const rungName = (rung: RungAllowances['rung']) =>
    rung === 'visitor' || rung === 'member'
      ? t(`subscribe.allowances.rungs.${rung}`)
      : t(`subscribe.tiers.${rung}`)
  return (
    <section aria-labelledby="allowances-title" className="flex flex-col gap-3">
      <h2 id="allowances-title" className="text-xl font-bold text-ink-950">
        {t('subscribe.allowances.title')}
      </h2>
      <p className="max-w-3xl text-sm text-ink-800">{t('subscribe.allowances.intro')}</p>
      <div className="overflow-x-auto rounded-card border border-ink-100 bg-white p-3">
        <table className="w-full min-w-[40rem] text-sm" data-testid="allowance-table">
          <caption className="sr-only">{t('subscribe.allowances.caption')}</caption>
          <thead>
            <tr className="border-b border-ink-300 text-ink-900">
              <td />
              {allowances.map(({ rung }) => (
                <th
                  key={rung}
                  scope="col"
                  className={clsx('px-2 py-2 text-end font-semibold', rung === currentRung && 'bg-brand-100')}
                >
                  {rungName(rung)}
                  {rung === currentRung ? (
                    <span className="block text-xs font-normal text-ink-700">
                      {t('subscribe.allowances.you')}
                    </span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {allowanceRows.map(({ kind, period, labelKey }) => (
              <tr key={labelKey} className="border-b border-ink-100 last:border-b-0">
                <th scope="row" className="py-2 pe-3 text-start font-medium text-ink-900">
                  {t(labelKey)}
                </th>
                {allowances.map((allowance) => (
                  <td
                    key={allowance.rung}
                    className={clsx(
                      'px-2 py-2 text-end tabular-nums text-ink-900',
                      allowance.rung === currentRung && 'bg-brand-100',
                    )}
                    data-testid={`allowance-${kind}-${period}-${allowance.rung}`}
                  >
                    {allowance[kind][period].toLocaleString(displayLocale)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function PlanCard({ plan, currentTier }: { plan: PlanFacts; currentTier: Tier | null }) {
  const { t } = useTranslation('plans')
  const { openContact } = useContact()
  const name = t(`subscribe.tiers.${plan.tier}`)
  const isCurrent = currentTier === plan.tier
  // Tiers are listed from the smallest plan up, so a lower index is a plan the current one includes.
  const isIncluded = currentTier !== null && tiers.indexOf(plan.tier) < tiers.indexOf(currentTier)
  const benefits = [
    t('subscribe.diagnoses', { count: plan.diagnosesPerMonth }),
    plan.picksPerMonth === null
      ? t('subscribe.allPicks')
      : t('subscribe.picks', { count: plan.picksPerMonth }),
    t('subscribe.classroom'),
    t('subscribe.expert'),
    t('subscribe.strategies'),
  ]
  return (
    <li
      className={clsx(
        'flex flex-col gap-4 rounded-card border bg-white p-5 shadow-sm',
        isCurrent ? 'border-brand-600 ring-2 ring-brand-600' : 'border-ink-100',
      )}
      aria-label={name}
      data-testid={`plan-${plan.tier}`}
    >
      <div>
        <h2 className="text-xl font-bold text-ink-950">{name}</h2>
        <p className="mt-1 text-sm text-ink-700">{t(`subscribe.taglines.${plan.tier}`)}</p>
      </div>
      <ul className="flex flex-1 flex-col gap-2 text-sm text-ink-900">
        {benefits.map((benefit) => (
          <li key={benefit} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-gain" aria-hidden="true" />
            {benefit}
          </li>
        ))}
      </ul>
      {isCurrent ? (
        <p className={buttonClassName('secondary', 'md', 'pointer-events-none')}>
          {t('subscribe.currentPlan')}
        </p>
      ) : isIncluded ? (
        <p className="text-center text-sm text-ink-700">{t('subscribe.included')}</p>
      ) : (
        <Button onClick={openContact}>
          {t(currentTier ? 'subscribe.upgrade' : 'subscribe.choose', { tier: name })}
        </Button>
      )}
    </li>
  )
}
