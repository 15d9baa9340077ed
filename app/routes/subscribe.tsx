/**
 * /subscribe (spec §1, §4, §6; issue 13): the tier comparison with prices for the period chosen, the reader's state
 * (not subscribed, subscribed until …, upgrade), and the way to buy — a visitor logs in first and comes back to the
 * same choice, a member reviews the price and renewal date and pays, a subscriber upgrades (prorated) or switches
 * down at renewal. Back from checkout, the toast and the plan already in force.
 */

import { Link, type ShouldRevalidateFunctionArgs, useLocation, useSearchParams } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { loginHref } from '#app/features/account/account-menu.tsx'
import { loadSubscribePage } from '#app/features/billing/billing.server.ts'
import { isChoiceOnlyChange, planChoiceOf } from '#app/features/billing/billing-choice.ts'
import { formatBillingDate, type ReadingPlace } from '#app/features/billing/billing-format.ts'
import { CheckoutReview } from '#app/features/billing/checkout-review.tsx'
import { PeriodSwitch } from '#app/features/billing/period-switch.tsx'
import { usePlanChanges } from '#app/features/billing/plan-changes.tsx'
import { subscribeDrawsErrors, tierOfferOf } from '#app/features/billing/plan-offers.ts'
import { useCheckoutReturn } from '#app/features/billing/use-checkout-return.ts'
import { useContact } from '#app/features/contact/contact-provider.tsx'
import { AllowanceTable } from '#app/features/plans/allowance-table.tsx'
import { BenefitsTable } from '#app/features/plans/benefits-table.tsx'
import { PlanCard } from '#app/features/plans/plan-card.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import type { BillingState } from '#contracts/billing-rules.ts'
import type { Route } from './+types/subscribe.ts'

export const handle = {
  catalogs: ['billing', 'plans'],
  drawsErrorsFrom: ({ state, prices, plans }: Pick<SubscribeData, 'state' | 'prices' | 'plans'>) =>
    subscribeDrawsErrors(
      state,
      prices,
      plans.map((plan) => plan.tier),
    ),
} satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ context, request }: Route.LoaderArgs) {
  const requestFacts = context.get(requestContext)
  const { t } = getServerTranslator(requestFacts.locale)
  return {
    ...(await loadSubscribePage(request, requestFacts)),
    title: t('plans:subscribe.metaTitle'),
    description: t('plans:subscribe.description'),
  }
}

type SubscribeData = Awaited<ReturnType<typeof loader>>

/** Switching the period or picking a tier changes nothing the loader reads: no second trip to the server. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return isChoiceOnlyChange(currentUrl, nextUrl) ? false : defaultShouldRevalidate
}

export const meta: Route.MetaFunction = titledPageMeta

export default function Subscribe({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(['plans', 'billing', 'common'])
  const { plans, allowances, role, prices, state, renewsOn, returnedCheckout } = loaderData
  const { displayLocale, timeZone } = useRootData()
  const place: ReadingPlace = { displayLocale, timeZone }
  const [searchParams] = useSearchParams()
  const { openContact } = useContact()
  useCheckoutReturn(returnedCheckout)
  const changes = usePlanChanges({ state, prices, place, portalReturnPath: '/member/account' })
  const plan = state?.subscription ?? null
  const paidPlan = plan?.source === 'billing' ? plan : null
  const choice = planChoiceOf(searchParams, paidPlan?.period ?? null)
  const offerOf = (tier: (typeof plans)[number]['tier']) =>
    tierOfferOf({ state, checkoutOpen: prices.checkoutOpen, tier, period: choice.period })
  const chosen = choice.tier && offerOf(choice.tier).kind === 'choose' ? choice.tier : null
  const currentRung = plan ? plan.tier : role === 'visitor' ? 'visitor' : 'member'
  const ownDiagnoses = allowances.find((a) => a.rung === currentRung)?.diagnosis
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold text-ink-950">{t('subscribe.title')}</h1>
        <p className="max-w-3xl text-ink-800">{t('subscribe.intro')}</p>
        <PlanStatus
          state={state}
          role={role}
          place={place}
          daily={ownDiagnoses?.daily ?? 0}
          monthly={ownDiagnoses?.monthly ?? 0}
        />
      </header>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <PeriodSwitch
          prices={prices.prices}
          period={choice.period}
          tier={chosen}
          displayLocale={displayLocale}
        />
        <p className="flex flex-wrap items-center gap-2 text-sm text-ink-700">
          {prices.isDemo ? <Badge tone="warn">{t('common:demo.badge')}</Badge> : null}
          {t('billing:period.pricesIn', { currency: prices.currency })}
          {prices.isDemo ? ` ${t('billing:demo.noMoney')}` : ''}
        </p>
      </div>
      <ul className="grid gap-4 md:grid-cols-3" aria-label={t('subscribe.compare')}>
        {plans.map((facts) => (
          <PlanCard
            key={facts.tier}
            plan={facts}
            price={prices.prices.find((p) => p.tier === facts.tier && p.period === choice.period)}
            period={choice.period}
            offer={offerOf(facts.tier)}
            isChosen={chosen === facts.tier}
            place={place}
            planPeriod={paidPlan?.period ?? null}
            scheduledOn={paidPlan?.scheduledDowngrade?.effectiveAt ?? null}
            onChange={changes.ask}
            onIntent={changes.preload}
          />
        ))}
      </ul>
      {prices.taxNote ? <p className="-mt-4 text-sm text-ink-700">{prices.taxNote}</p> : null}
      {chosen ? (
        <CheckoutReview
          tier={chosen}
          period={choice.period}
          catalogue={prices}
          renewsOn={renewsOn[choice.period]}
          place={place}
        />
      ) : null}
      <BenefitsTable plans={plans} currentTier={plan?.tier ?? null} />
      <AllowanceTable allowances={allowances} currentRung={currentRung} />
      <section className="grid gap-4 md:grid-cols-2">
        <Card className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold text-ink-950">{t('subscribe.howTitle')}</h2>
          <p className="text-sm text-ink-800">
            {t(prices.checkoutOpen ? 'subscribe.how' : 'subscribe.howClosed')}
          </p>
          {prices.checkoutOpen ? <p className="text-sm text-ink-800">{t('subscribe.adviser')}</p> : null}
          <div>
            <Button variant={prices.checkoutOpen ? 'secondary' : 'primary'} onClick={openContact}>
              {t('subscribe.contactAdviser')}
            </Button>
          </div>
        </Card>
        <Card>
          <p className="text-sm text-ink-800">{t('subscribe.periods')}</p>
          <p className="mt-2 text-sm font-medium text-ink-900">{t('subscribe.refund')}</p>
        </Card>
      </section>
      {changes.dialog}
    </div>
  )
}

/** spec §4: not subscribed, subscribed (until or renewing on a date), upgrade; a visitor is asked to log in. */
function PlanStatus({
  state,
  role,
  place,
  daily,
  monthly,
}: {
  state: BillingState | null
  role: 'visitor' | 'member' | 'subscriber'
  place: ReadingPlace
  daily: number
  monthly: number
}) {
  const { t } = useTranslation(['plans', 'billing'])
  const location = useLocation()
  const plan = state?.subscription ?? null
  let text: string
  if (!plan) {
    text = t(role === 'visitor' ? 'subscribe.status.visitor' : 'subscribe.status.member', { daily, monthly })
  } else {
    const tier = t(`subscribe.tiers.${plan.tier}`)
    if (plan.source === 'operator') {
      text = `${t('subscribe.status.subscriber', { tier, date: formatBillingDate(plan.currentPeriodEndsAt, place) })} ${t('billing:status.granted')}`
    } else {
      const billing = t(`billing:billed.${plan.period}`)
      text = plan.renewsOn
        ? t('billing:status.renews', { tier, billing, date: formatBillingDate(plan.renewsOn, place) })
        : t('billing:status.ends', {
            tier,
            billing,
            date: formatBillingDate(plan.endsOn ?? plan.currentPeriodEndsAt, place),
          })
      if (state?.subscriptionState === 'upgrade' && state.actions.upgrade.allowed)
        text = `${text} ${t('billing:status.canUpgrade')}`
    }
  }
  return (
    <p className="rounded-card bg-brand-100 p-4 text-sm text-ink-900" data-testid="plan-status">
      {text}{' '}
      {role === 'visitor' ? (
        <Link
          to={loginHref(location.pathname, location.search)}
          className="font-medium text-brand-700 underline"
        >
          {t('subscribe.logIn')}
        </Link>
      ) : (
        <Link to="/member/account" className="font-medium text-brand-700 underline">
          {t('billing:status.manage')}
        </Link>
      )}
    </p>
  )
}
