/**
 * /member/account (issue 13), linked from the header's account entry: the profile (masked number, display name),
 * the email address for receipts and reminders (issue 26), the plan and what may be done with it, this month's use
 * against the allowance, the payment history, and logging out everywhere or deleting the account; notifications on
 * this device (ADR 0044). Visitors are sent to log in first.
 */

import { AccountClosing } from '#app/features/account/account-closing.tsx'
import { EmailPanel } from '#app/features/account/email-panel.tsx'
import { ProfileForm } from '#app/features/account/profile-form.tsx'
import { loadAccountPage } from '#app/features/billing/billing.server.ts'
import { formatBillingDate, type ReadingPlace } from '#app/features/billing/billing-format.ts'
import { PaymentHistory } from '#app/features/billing/payment-history.tsx'
import { planChangesOf } from '#app/features/billing/plan-offers.ts'
import { PlanPanel } from '#app/features/billing/plan-panel.tsx'
import { UsagePanel } from '#app/features/billing/usage-panel.tsx'
import { DeviceNotifications } from '#app/features/web-app/device-notifications.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import type { BillingState } from '#contracts/billing-rules.ts'
import type { Route } from './+types/member-account.ts'

export const handle = {
  catalogs: ['account-email', 'billing', 'plans', 'web-app'],
  // The plan panel says why a change is not open to the reader in the error messages' words.
  drawsErrorsFrom: ({ state }: { state: BillingState }) => planChangesOf(state).reasons.length > 0,
} satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ context, request }: Route.LoaderArgs) {
  const requestFacts = context.get(requestContext)
  return {
    ...(await loadAccountPage(request, requestFacts)),
    // The site's push key, or null when it sends no notifications (the switch is then not shown).
    pushKey: requestFacts.services.push.getPushKey().publicKey,
    title: getServerTranslator(requestFacts.locale).t('billing:account.metaTitle'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.title ?? '',
    path: location.pathname,
    root: rootDataOf(matches),
    noIndex: true,
  })

export default function MemberAccount({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('billing')
  const { member, state, prices, payments, usage, email, pushKey } = loaderData
  const { displayLocale, timeZone } = useRootData()
  const place: ReadingPlace = { displayLocale, timeZone }
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-ink-950">{t('account.title')}</h1>
        <p className="text-ink-800">{t('account.intro')}</p>
      </header>
      <ProfileForm
        key={member.memberId}
        member={member}
        registeredOn={formatBillingDate(member.registeredAt, place)}
      />
      <EmailPanel key={`email-${member.memberId}`} initial={email} />
      <div className="grid gap-6 md:grid-cols-2">
        <PlanPanel state={state} prices={prices} place={place} />
        <UsagePanel usage={usage} displayLocale={displayLocale} />
      </div>
      <PaymentHistory first={payments} place={place} />
      {pushKey ? <DeviceNotifications publicKey={pushKey} /> : null}
      <AccountClosing />
    </div>
  )
}
