/**
 * The diagnosis page's data: from the URL (`?code=…&market=…`) and the reader's cookies to the page state. The
 * stocks service does the work and counts the attempt (only a successful diagnosis uses one, and not twice for the
 * same stock on the same day); this decides only which state the page shows and with which HTTP status.
 */
import { data } from 'react-router'
import { parseCookieHeader } from '#app/api/cookies.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import type { RequestContext } from '#app/request-context.ts'
import { StockDiagnosisQuery } from '#contracts/stocks.ts'
import { accountCookieNames } from '#server/modules/accounts/session-cookies.ts'
import {
  type AttemptsLeft,
  attemptsLeftOf,
  type DiagnosisPageState,
  stateOfErrorCode,
  statusOfState,
} from './diagnosis-state.ts'
import { pageDiagnosisOf } from './page-diagnosis.ts'

/**
 * The stable code of a service error. Checked by shape, not `instanceof`: the page build bundles its own copy of
 * the AppError class, while the services the host passes in throw the server's.
 */
export function errorCodeOf(error: unknown): string {
  if (
    error instanceof Error &&
    error.name === 'AppError' &&
    'code' in error &&
    typeof error.code === 'string'
  ) {
    return error.code
  }
  return ''
}

export async function loadDiagnosisPage(
  request: Request,
  { services, locale, log, clientIp }: Pick<RequestContext, 'services' | 'locale' | 'log' | 'clientIp'>,
) {
  const t = getServerTranslator(locale).t
  const url = new URL(request.url)
  const cookies = parseCookieHeader(request.headers.get('cookie'))
  const reader = await services.accounts.readerFromCookies(cookies, { ip: clientIp })
  // Visitors are counted on the device cookie the API issues; without it, every such visitor would share one count.
  const isCountable = reader.role !== 'visitor' || Boolean(cookies[accountCookieNames.device])
  const code = url.searchParams.get('code')
  const base = {
    title: t('stocks:diagnosis.title'),
    description: t('stocks:diagnosis.metaDescription'),
    query: code ?? '',
  }
  const answer = (state: DiagnosisPageState, attempts: AttemptsLeft | null) =>
    data({ ...base, state, attempts }, { status: statusOfState(state) })

  if (code === null) {
    const quota = isCountable ? await services.quotas.peek({ reader, kind: 'diagnosis' }) : null
    return answer({ kind: 'idle' }, attemptsLeftOf(quota))
  }
  const parsed = StockDiagnosisQuery.safeParse({ code, market: url.searchParams.get('market') ?? undefined })
  if (!parsed.success) return answer(stateOfErrorCode(parsed.error.issues[0]?.message ?? ''), null)
  if (!isCountable) return answer({ kind: 'preparing' }, null)
  try {
    const diagnosis = await services.stocks.getDiagnosis(parsed.data, reader, locale)
    return answer({ kind: 'result', diagnosis: pageDiagnosisOf(diagnosis) }, attemptsLeftOf(diagnosis.quota))
  } catch (error) {
    const state = stateOfErrorCode(errorCodeOf(error))
    if (state.kind === 'failed') log.error({ err: error, code }, 'diagnosis failed')
    return answer(state, null)
  }
}
