/**
 * The diagnosis page's data: from the URL (`?code=…&market=…`) and the reader's cookies to the page state. The
 * stocks service does the work and counts the attempt (only a successful diagnosis uses one, and not twice for the
 * same stock on the same day); this decides only which state the page shows and with which HTTP status.
 *
 * Visitors are counted on their device cookie (quotas/CONTEXT.md). A visitor's first request for a report has none
 * yet: the page issues it, as the API would, and counts the attempt on it, so the report comes with the page rather
 * than after a round trip for the cookie once the page has loaded its scripts. Crawlers are the exception: they keep
 * no cookies, so each of their requests would be a new device's attempt; they get the preparing state.
 */
import { isbot } from 'isbot'
import { data } from 'react-router'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import type { RequestContext } from '#app/request-context.ts'
import { parseCookieHeader, serializeCookie } from '#contracts/cookie-header.ts'
import { isServiceError } from '#contracts/service-error.ts'
import { StockDiagnosisQuery } from '#contracts/stock-diagnosis.ts'
import { isDeviceId, newDeviceId } from '#server/kernel/secrets.ts'
import {
  accountCookieNames,
  cookieDomainFor,
  deviceMaxAgeSeconds,
} from '#server/modules/accounts/session-cookies.ts'
import { documentHtml, type PageCompanyText } from './company-text.tsx'
import {
  type AttemptsLeft,
  attemptsLeftOf,
  type DiagnosisPageState,
  stateOfErrorCode,
  statusOfState,
} from './diagnosis-state.ts'
import { pageDiagnosisOf } from './page-diagnosis.ts'

/** The stable code of a service error (recognised by shape: contracts/service-error.ts), or '' for anything else. */
export function errorCodeOf(error: unknown): string {
  return isServiceError(error) ? error.code : ''
}

/**
 * The company text as the page carries it: a navigation's data (`….data`) has the HTML; a document keeps it out of
 * its hydration data and draws it from `documentHtml` (company-text.tsx), so the text is sent once.
 */
export function pageCompanyTextOf(text: { html: string; updatedAt: string }, url: URL): PageCompanyText {
  return url.pathname.endsWith('.data')
    ? { html: text.html, updatedAt: text.updatedAt }
    : { html: '', updatedAt: text.updatedAt, [documentHtml]: text.html }
}

/** The device cookie the API would issue (reader-identification.ts), as a page's Set-Cookie line. */
function deviceCookieOf(deviceId: string, { config, hostname }: Pick<RequestContext, 'config' | 'hostname'>) {
  return serializeCookie(accountCookieNames.device, deviceId, {
    maxAgeSeconds: deviceMaxAgeSeconds,
    domain: cookieDomainFor(config, hostname),
    httpOnly: true,
    secure: config.isHttps,
  })
}

export async function loadDiagnosisPage(
  request: Request,
  context: Pick<RequestContext, 'services' | 'locale' | 'log' | 'clientIp' | 'config' | 'hostname'>,
) {
  const { services, locale, log, clientIp } = context
  const t = getServerTranslator(locale).t
  const url = new URL(request.url)
  const cookies = parseCookieHeader(request.headers.get('cookie'))
  let reader = await services.accounts.readerFromCookies(cookies, { ip: clientIp })
  const needsDevice = reader.role === 'visitor' && !isDeviceId(cookies[accountCookieNames.device])
  const userAgent = request.headers.get('user-agent')
  const isCrawler = userAgent !== null && isbot(userAgent)
  const code = url.searchParams.get('code')
  const base = {
    title: t('stock-diagnosis:diagnosis.title'),
    description: t('stock-diagnosis:diagnosis.metaDescription'),
    query: code ?? '',
  }
  let setCookie: string | undefined
  const answer = (state: DiagnosisPageState, attempts: AttemptsLeft | null) =>
    data(
      { ...base, state, attempts },
      { status: statusOfState(state), ...(setCookie ? { headers: { 'Set-Cookie': setCookie } } : {}) },
    )

  if (code === null) {
    // The empty page asks the API for the attempts left when the visitor has no device yet (useAttemptsLeft).
    const quota = needsDevice ? null : await services.quotas.peek({ reader, kind: 'diagnosis' })
    return answer({ kind: 'idle' }, attemptsLeftOf(quota))
  }
  const parsed = StockDiagnosisQuery.safeParse({ code, market: url.searchParams.get('market') ?? undefined })
  if (!parsed.success) return answer(stateOfErrorCode(parsed.error.issues[0]?.message ?? ''), null)
  if (needsDevice) {
    if (isCrawler) return answer({ kind: 'preparing' }, null)
    const deviceId = newDeviceId()
    reader = await services.accounts.readerFromCookies(
      { ...cookies, [accountCookieNames.device]: deviceId },
      { ip: clientIp },
    )
    setCookie = deviceCookieOf(deviceId, context)
  }
  try {
    const diagnosis = await services.stocks.getDiagnosis(parsed.data, reader, locale)
    // The analysts' text about the company, in the reader's language, rendered on the server (no client code).
    const text = await services.analystDesk.readCompanyText(
      diagnosis.stock.market,
      diagnosis.stock.code,
      locale,
    )
    return answer(
      {
        kind: 'result',
        diagnosis: pageDiagnosisOf(diagnosis),
        companyText: text && pageCompanyTextOf(text, url),
      },
      attemptsLeftOf(diagnosis.quota),
    )
  } catch (error) {
    const state = stateOfErrorCode(errorCodeOf(error))
    if (state.kind === 'failed') log.error({ err: error, code }, 'diagnosis failed')
    return answer(state, null)
  }
}
