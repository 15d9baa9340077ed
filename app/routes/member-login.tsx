/** /member/login?redirect={path} (spec §2): log in or register with a mobile number and an SMS code. */

import { redirect } from 'react-router'
import { Card } from '#app/components/card.tsx'
import { LoginForm } from '#app/features/account/login-form.tsx'
import { safeRedirectPath } from '#app/features/account/safe-redirect.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import { parseCookieHeader } from '#contracts/cookie-header.ts'
import type { Route } from './+types/member-login.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, locale } = context.get(requestContext)
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirect'))
  // A reader who is already logged in has nothing to do here.
  const reader = await services.accounts.readerFromCookies(parseCookieHeader(request.headers.get('cookie')))
  if (reader.memberId) throw redirect(redirectTo)
  return { title: getServerTranslator(locale).t('account:login.metaTitle'), redirectTo }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.title ?? '',
    path: location.pathname,
    root: rootDataOf(matches),
    noIndex: true,
  })

export default function MemberLogin({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account')
  const { region } = useRootData()
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 px-4 py-10 lg:py-16">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink-950">{t('login.title')}</h1>
        <p className="text-sm text-ink-700">{t('login.intro')}</p>
      </div>
      <Card>
        <LoginForm region={region} redirectTo={loaderData.redirectTo} />
      </Card>
    </div>
  )
}
