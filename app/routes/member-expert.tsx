/**
 * /member/expert (issue 15): a subscriber asks an analyst about a stock and reads the answers here. Readers whose
 * plan does not include it see the one step that opens it (contracts/benefits.ts); a member keeps reading the
 * answers to what they asked while subscribed. What a reader may do is the expert service's to decide.
 */

import { ExpertDesk, HowItWorks } from '#app/features/expert/expert-desk.tsx'
import { LockPrompt } from '#app/features/member-area/lock-prompt.tsx'
import { MemberAreaPage } from '#app/features/member-area/member-area-nav.tsx'
import { readerOfRequest } from '#app/features/plans/plans.server.ts'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import { benefitReaderOf, lockReasonFor } from '#contracts/benefits.ts'
import type { Route } from './+types/member-expert.ts'

export const handle = { catalogs: ['expert', 'member', 'plans', 'stocks'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ context, request }: Route.LoaderArgs) {
  const facts = context.get(requestContext)
  const { t } = getServerTranslator(facts.locale)
  const reader = await readerOfRequest(request, facts)
  const lock = lockReasonFor(benefitReaderOf(reader), (benefits) => benefits.expertDiagnosis)
  const { expert } = facts.services
  return {
    lock,
    questions: reader.memberId ? await expert.listMyQuestions(reader, { page: 1, pageSize: 10 }) : null,
    files: reader.memberId && !lock ? await expert.listMyFileChoices(reader) : [],
    title: t('expert:metaTitle'),
    description: t('expert:description'),
  }
}

export const meta: Route.MetaFunction = titledPageMeta

export default function MemberExpert({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('expert')
  const { lock, questions, files } = loaderData
  return (
    <MemberAreaPage title={t('title')} intro={t('intro')}>
      {lock ? <LockPrompt reason={lock} what={t('lockWhat')} /> : null}
      {questions ? (
        <ExpertDesk
          // A new login or plan (revalidated loader) starts the desk again from the server's answer.
          key={`${questions.allowance.tier ?? 'none'}-${questions.allowance.month}`}
          first={questions}
          files={files}
          canAsk={!lock}
        />
      ) : (
        <HowItWorks />
      )}
    </MemberAreaPage>
  )
}
