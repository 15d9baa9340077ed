/**
 * /ai-qna (spec §2, §4, §8): the AI chat. The page is drawn by the server as an empty chat; the conversations,
 * the answers and their stream are the reader's own and come from the API in the browser (ADR 0013), so the
 * loader only names the page. Personal, so not for search engines.
 */

import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { ChatPage } from '#app/features/chat/chat-page.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import type { Route } from './+types/ai-qna.ts'

export const handle = { catalogs: ['chat'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export function loader({ context }: Route.LoaderArgs) {
  const { t } = getServerTranslator(context.get(requestContext).locale)
  return { title: t('chat:title'), description: t('chat:metaDescription') }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.title ?? '',
    description: loaderData?.description,
    path: location.pathname,
    root: rootDataOf(matches),
    noIndex: true,
  })

/** The page's title does not depend on which conversation is open: opening one asks the server for nothing. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}

export default function AiQna() {
  return <ChatPage />
}
