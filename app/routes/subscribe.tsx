import { clsx } from 'clsx'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { loginHref } from '#app/features/account/account-menu.tsx'
import { useContact } from '#app/features/contact/contact-provider.tsx'
import { loadPlans, type PlanFacts } from '#app/features/plans/plans.server.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import { Tier } from '#contracts/accounts.ts'
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
  const { plans, current, visitorDiagnosesPerDay, memberDiagnosesPerMonth } = loaderData
  const location = useLocation()
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
            : current.role === 'member'
              ? t('subscribe.status.member', { count: memberDiagnosesPerMonth })
              : t('subscribe.status.visitor', { count: visitorDiagnosesPerDay })}{' '}
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

function PlanCard({ plan, currentTier }: { plan: PlanFacts; currentTier: Tier | null }) {
  const { t } = useTranslation('plans')
  const { openContact } = useContact()
  const name = t(`subscribe.tiers.${plan.tier}`)
  const isCurrent = currentTier === plan.tier
  // Tiers are listed from the smallest plan up, so a lower index is a plan the current one includes.
  const isIncluded =
    currentTier !== null && Tier.options.indexOf(plan.tier) < Tier.options.indexOf(currentTier)
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
