/**
 * The server half of /stocks-screener: reads the screen from the URL with the API's own contract, so the page and
 * `GET /screener/list` accept and refuse the same values; a value it cannot use becomes a message in the reader's
 * language beside the form (status 400), never a failed page. The market defaults to the region's (`market=all` is
 * every market). A member also gets their saved screens and which of them tell when a stock enters; a visitor's page is the same for every visitor, which is
 * what lets the page cache keep it.
 */
import { data } from 'react-router'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import type { RequestContext } from '#app/request-context.ts'
import { parseCookieHeader } from '#contracts/cookie-header.ts'
import { regionSettings } from '#contracts/regions.ts'
import { type SavedScreensAnswer, type ScreenAnswer, ScreenQuery } from '#contracts/screener.ts'
import { scoreParamOf, screenPageSize, screenRanges } from '#contracts/screener-rules.ts'
import { isServiceError } from '#contracts/service-error.ts'

/** The form's label of each field a problem may name. */
function fieldLabelKey(field: string): string {
  const score = Object.entries(scoreParamOf).find(([, param]) => param === field)
  if (score) return `screener:scores.${score[0]}`
  const range = Object.keys(screenRanges).find((key) => field === `${key}Min` || field === `${key}Max`)
  if (range) return `screener:form.${range}`
  const named: Record<string, string> = {
    market: 'screener:form.market',
    sector: 'screener:form.sector',
    technicals: 'screener:form.technicals',
    flow: 'screener:form.flow',
    period: 'screener:form.period',
    sort: 'screener:form.sort',
    dir: 'screener:form.dir',
  }
  return named[field] ?? 'screener:form.heading'
}

export async function loadScreenerPage(
  request: Request,
  context: Pick<RequestContext, 'services' | 'locale' | 'region' | 'clientIp'>,
) {
  const { services, locale, region, clientIp } = context
  const t = getServerTranslator(locale).t
  const params = new URL(request.url).searchParams
  const values: Record<string, string> = {}
  for (const [name, value] of params) values[name] = value
  if (!params.has('market')) values.market = regionSettings[region].defaultMarket
  const cookies = parseCookieHeader(request.headers.get('cookie'))
  const reader = await services.accounts.readerFromCookies(cookies, { ip: clientIp })
  const [saved, screenAlerts]: [SavedScreensAnswer | null, { screenIds: string[]; max: number } | null] =
    reader.memberId !== null
      ? await Promise.all([services.stocks.listSavedScreens(reader), services.alerts.screenAlertsOf(reader)])
      : [null, null]
  const base = {
    title: t('screener:title'),
    description: t('screener:metaDescription'),
    values,
    saved,
    screenAlerts,
  }
  const parsed = ScreenQuery.safeParse({ ...values, pageSize: String(screenPageSize) })
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const field = issue.path.map(String).join('.')
      return t('screener:problems.line', {
        field: t(fieldLabelKey(field)),
        message: t(`errors:${issue.message}`, { defaultValue: t('errors:VALIDATION_FAILED') }),
      })
    })
    return data(
      { ...base, problems: [...new Set(problems)], answer: null as ScreenAnswer | null },
      { status: 400 },
    )
  }
  try {
    const answer = await services.stocks.screenStocks({ ...values, pageSize: String(screenPageSize) }, locale)
    return data({ ...base, problems: [] as string[], answer: answer as ScreenAnswer | null })
  } catch (error) {
    if (!isServiceError(error, 'invalid')) throw error
    const message = t(`errors:${error.code}`, { defaultValue: t('errors:VALIDATION_FAILED') })
    return data({ ...base, problems: [message], answer: null as ScreenAnswer | null }, { status: 400 })
  }
}
