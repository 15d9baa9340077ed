/**
 * The server half of /calendar: reads the week, market and stock filter from the URL with the API's own contract
 * (`CalendarQuery`), so the page and `GET /calendar/list` accept and refuse the same values; a value it cannot use
 * becomes a message in the reader's language above the calendar (status 400), which then shows what it can (this
 * week, every market). The region decides the time zone. A member may narrow to their watchlists (`list=all` or one
 * list's id), read through the watchlists service; `stocks=` names stocks outright (a visitor's device list). A
 * visitor's page is the same for every visitor, which is what lets the page cache keep it.
 */
import { data } from 'react-router'
import type { CalendarListFilter } from '#app/features/calendar/calendar-view.tsx'
import { readerOfRequest } from '#app/features/plans/plans.server.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import type { RequestContext } from '#app/request-context.ts'
import { type CalendarAnswer, CalendarQuery } from '#contracts/calendar.ts'
import { type Market, regionSettings } from '#contracts/regions.ts'
import type { StockKey, WatchlistSummary } from '#contracts/watchlist-rules.ts'

export async function loadCalendarPage(
  request: Request,
  context: Pick<RequestContext, 'services' | 'locale' | 'region' | 'clientIp'>,
) {
  const { services, locale, region } = context
  const t = getServerTranslator(locale).t
  const params = new URL(request.url).searchParams
  const values = {
    week: params.get('week') ?? '',
    market: params.get('market') ?? '',
    list: params.get('list') ?? '',
    stocks: params.get('stocks') ?? '',
  }
  const problems: string[] = []
  const messageOf = (code: string) => t(`errors:${code}`, { defaultValue: t('errors:VALIDATION_FAILED') })
  const parsed = CalendarQuery.safeParse({ week: values.week, market: values.market, stocks: values.stocks })
  let week: string | undefined
  let market: Market | undefined
  let stocks: StockKey[] | undefined
  if (parsed.success) {
    ;({ week, market, stocks } = parsed.data)
  } else {
    for (const issue of parsed.error.issues) problems.push(messageOf(issue.message))
    // What can still be read is kept: a bad week does not lose the market.
    const field = (name: 'week' | 'market' | 'stocks') =>
      CalendarQuery.shape[name].safeParse(values[name]).data as never
    week = field('week')
    market = field('market')
    stocks = field('stocks')
  }

  const reader = await readerOfRequest(request, context)
  const isMember = reader.memberId !== null
  const lists: WatchlistSummary[] | null = isMember
    ? (await services.watchlists.listWatchlists(reader)).lists
    : null
  let filter: CalendarListFilter = stocks ? { kind: 'device', count: stocks.length } : { kind: 'all' }
  // A member's shared address opened by a visitor: the whole calendar, and a word on logging in.
  const logInForLists = values.list !== '' && !lists
  if (values.list && lists) {
    if (values.list === 'all') {
      stocks = lists.flatMap((list) => list.stocks)
      filter = { kind: 'watchlists', listId: null }
    } else {
      const list = lists.find((l) => l.id === values.list)
      if (list) {
        stocks = list.stocks
        filter = { kind: 'watchlists', listId: list.id }
      } else {
        problems.push(messageOf('WATCHLIST_NOT_FOUND'))
      }
    }
  }

  const { timeZone } = regionSettings[region]
  const answer: CalendarAnswer = await services.stocks.listCalendar(
    { week, market, stocks },
    timeZone,
    locale,
  )
  return data(
    {
      title: t('calendar:title'),
      description: t('calendar:metaDescription'),
      answer,
      problems: [...new Set(problems)],
      logInForLists,
      filter,
      lists: lists?.map(({ id, name, stocks: held }) => ({ id, name, count: held.length })) ?? null,
      /** The device list's stocks as the URL wrote them, kept on week and market links. */
      stocksParam: filter.kind === 'device' ? values.stocks : '',
    },
    { status: problems.length > 0 ? 400 : 200 },
  )
}
