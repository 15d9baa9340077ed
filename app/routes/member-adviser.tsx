/**
 * /member/adviser (issue 15): a Premium member's one-to-one adviser and how to reach them; Premium without one yet
 * is told one will be assigned within a working day (and may write to the firm meanwhile); everyone else sees the
 * step that opens it. What a reader sees is the advisers service's to decide (contracts/benefits.ts).
 */

import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { AdviserCard } from '#app/features/advisers/adviser-card.tsx'
import { useContact } from '#app/features/contact/contact-provider.tsx'
import { LockPrompt } from '#app/features/member-area/lock-prompt.tsx'
import { MemberAreaPage } from '#app/features/member-area/member-area-nav.tsx'
import { readerOfRequest } from '#app/features/plans/plans.server.ts'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import type { Route } from './+types/member-adviser.ts'

export const handle = { catalogs: ['advisers', 'member', 'plans'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ context, request }: Route.LoaderArgs) {
  const facts = context.get(requestContext)
  const { t } = getServerTranslator(facts.locale)
  const reader = await readerOfRequest(request, facts)
  return {
    adviser: await facts.services.advisers.findMyAdviser(reader, facts.locale),
    title: t('advisers:page.title'),
    description: t('advisers:page.intro'),
  }
}

export const meta: Route.MetaFunction = titledPageMeta

export default function MemberAdviser({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('advisers')
  const { openContactDialog } = useContact()
  const { adviser } = loaderData
  return (
    <MemberAreaPage title={t('page.title')} intro={t('page.intro')}>
      {adviser.state === 'assigned' ? <AdviserCard adviser={adviser.adviser} /> : null}
      {adviser.state === 'pending' ? (
        <Card className="flex flex-col gap-3" data-testid="adviser-pending">
          <h2 className="text-lg font-semibold text-ink-950">{t('page.pendingTitle')}</h2>
          <p className="text-ink-800">{t('page.pending')}</p>
          <div>
            <Button onClick={openContactDialog}>{t('page.contact')}</Button>
          </div>
        </Card>
      ) : null}
      {adviser.state === 'locked' ? <LockPrompt reason={adviser.lock} what={t('page.lockWhat')} /> : null}
    </MemberAreaPage>
  )
}
