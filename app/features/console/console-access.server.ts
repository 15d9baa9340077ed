/**
 * Who may open the console's pages, decided on the server before any of its code reaches the browser: a visitor
 * is sent to log in (and brought back), a member without a console role gets the 'no access' page with a 403, and
 * staff get their roles and the firm's time zone. The roles themselves are the console module's
 * (services.console.access); the pages' API calls are checked again by the API's guard.
 */
import { data, redirect } from 'react-router'
import { loginHref } from '#app/features/account/account-menu.tsx'
import { readerOfRequest } from '#app/features/plans/plans.server.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import type { RequestContext } from '#app/request-context.ts'
import type { ConsoleMe } from '#contracts/console-rules.ts'

type PageContext = Pick<RequestContext, 'services' | 'clientIp' | 'locale'>

export type ConsoleAccess = { title: string } & ({ me: ConsoleMe } | { me: null })

export async function loadConsoleAccess(request: Request, context: PageContext) {
  const title = getServerTranslator(context.locale).t('console:metaTitle')
  const reader = await readerOfRequest(request, context)
  if (!reader.memberId) {
    const url = new URL(request.url)
    throw redirect(loginHref(url.pathname, url.search))
  }
  const member = await context.services.console.access.findConsoleMember(reader.memberId)
  if (!member || member.roles.length === 0) {
    return data({ title, me: null } satisfies ConsoleAccess, { status: 403 })
  }
  return data({ title, me: context.services.console.access.describeMe(member) } satisfies ConsoleAccess)
}
