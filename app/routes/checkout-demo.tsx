/** /checkout/demo/{checkoutId}: the demo payments provider's checkout page (contracts/billing-rules.ts). */

import { loadDemoCheckoutPage } from '#app/features/billing/billing.server.ts'
import { DemoCheckoutScreen } from '#app/features/billing/demo-checkout-screen.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import type { Route } from './+types/checkout-demo.ts'

export const handle = { catalogs: ['billing', 'plans'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const requestFacts = context.get(requestContext)
  return {
    ...(await loadDemoCheckoutPage(request, params.checkoutId, requestFacts)),
    title: getServerTranslator(requestFacts.locale).t('billing:demoCheckout.metaTitle'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.title ?? '',
    path: location.pathname,
    root: rootDataOf(matches),
    noIndex: true,
  })

export default function DemoCheckout({ loaderData }: Route.ComponentProps) {
  const { displayLocale, timeZone } = useRootData()
  return <DemoCheckoutScreen checkout={loaderData.checkout} place={{ displayLocale, timeZone }} />
}
