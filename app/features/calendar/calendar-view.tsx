/**
 * The calendar (`/calendar`): one week's results dates and dividends, day by day, with the week's navigation and a
 * plain GET form for the market and the stocks (all, a member's watchlists, a visitor's device list). Every view is
 * an address (`calendarHref`), so it can be shared and walked with the back button, and the page works without
 * JavaScript; with it, the form goes to the same canonical address. Release times are drawn in the region's time
 * zone (the answer's), dates of the exchange as they are.
 */

import type { FormEvent, ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { DemoBadge } from '#app/components/badge.tsx'
import { buttonClassName } from '#app/components/button.tsx'
import { EmptyState } from '#app/components/empty-state.tsx'
import { ProblemList } from '#app/components/problem-list.tsx'
import { ScrollRegion } from '#app/components/scroll-region.tsx'
import { loginHref } from '#app/features/account/account-menu.tsx'
import { StockNameLink } from '#app/features/stocks/list-parts.tsx'
import { type DisplayLocale, formatDate } from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { CalendarAnswer, CalendarDay } from '#contracts/calendar.ts'
import { calendarHref } from '#contracts/calendar-rules.ts'
import { type Market, markets } from '#contracts/regions.ts'
import { DeviceWatchlistFilter } from './device-watchlist-filter.tsx'
import { timeZoneName } from './time-zone-name.ts'

const fieldClass =
  'h-10 w-full rounded-lg border border-ink-300 bg-white px-2 text-sm text-ink-950 focus:border-brand-600 focus:outline-none'
const labelClass = 'flex flex-col gap-1 text-sm text-ink-700'
const cellClass = 'px-3 py-2 text-left align-top'
const headClass = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-ink-700'

/** The filter the page's form shows: which stocks the calendar is narrowed to. */
export type CalendarListFilter =
  | { kind: 'all' }
  | { kind: 'watchlists'; listId: string | null }
  | { kind: 'device'; count: number }

export interface CalendarViewProps {
  answer: CalendarAnswer
  problems: string[]
  logInForLists: boolean
  filter: CalendarListFilter
  lists: Array<{ id: string; name: string; count: number }> | null
  stocksParam: string
}

function dayHeading(date: string, locale: DisplayLocale): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`))
}

/** Noon of the week's first day: the instant whose offset the page names (daylight saving moves it). */
function weekDayOf(answer: CalendarAnswer): Date {
  const first = answer.days[0]?.date
  return first
    ? new Date(`${first}T12:00:00Z`)
    : new Date(answer.asOf ? `${answer.asOf}T12:00:00Z` : Date.now())
}

function releaseTime(at: string, locale: DisplayLocale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(at))
}

/** A dividend as declared: at least the currency's usual decimals, up to four (0.2675 stays 0.2675). */
function dividendAmount(amount: number, currency: string, locale: DisplayLocale): string {
  const digits = currency === 'JPY' || currency === 'KRW' ? 0 : 2
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: Math.max(digits, 4),
  }).format(amount)
}

export function CalendarView(props: CalendarViewProps) {
  const { answer, problems, logInForLists, filter } = props
  const { t } = useTranslation(['calendar', 'stocks'])
  const { displayLocale } = useRootData()
  const location = useLocation()
  const list = filter.kind === 'watchlists' ? (filter.listId ?? 'all') : null
  const hrefOf = (week: string | null) =>
    calendarHref({ week, market: answer.market, list, stocks: props.stocksParam })
  const from = answer.days[0]?.date ?? ''
  const to = answer.days.at(-1)?.date ?? ''
  const isEmpty = answer.days.every((day) => day.earnings.length === 0 && day.dividends.length === 0)
  const sources = answer.sources.map((source) => t(`sources.${source}`, { defaultValue: source })).join(', ')
  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-6 px-4 py-8 lg:px-6 lg:py-10">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold text-ink-950 sm:text-3xl">{t('title')}</h1>
        <p className="text-ink-700">{t('intro')}</p>
        <div className="flex flex-wrap items-center gap-2 text-sm text-ink-700" data-testid="data-stamp">
          {answer.isDemo ? <DemoBadge /> : null}
          {answer.asOf ? <span>{t('asOf', { date: formatDate(answer.asOf, displayLocale) })}</span> : null}
        </div>
        <p className="text-sm text-ink-700" data-testid="calendar-time-zone">
          {t('timeZone', {
            timeZone: timeZoneName(answer.timeZone, displayLocale, weekDayOf(answer)),
          })}
          {sources ? ` ${t('source', { sources })}` : ''}
        </p>
      </header>
      <ProblemList heading={t('problems')} problems={problems} testId="problems" />
      {logInForLists ? (
        <p role="note" className="rounded-lg bg-brand-100 px-4 py-3 text-sm text-ink-900">
          <Link
            to={loginHref(location.pathname, location.search)}
            className="font-semibold text-brand-700 underline"
          >
            {t('filter.logInForLists')}
          </Link>
        </p>
      ) : null}
      <CalendarFilters {...props} />
      <WeekNavigation answer={answer} hrefOf={hrefOf} from={from} to={to} displayLocale={displayLocale} />
      {isEmpty ? (
        <EmptyState
          title={t('empty.title')}
          description={answer.filtered ? t('empty.filtered') : undefined}
          action={
            answer.filtered ? (
              <Link
                to={calendarHref({ week: answer.week, market: answer.market })}
                className="text-brand-700 underline"
              >
                {t('filter.showAll')}
              </Link>
            ) : undefined
          }
        />
      ) : (
        <ol
          className="flex flex-col gap-6"
          aria-label={t('week.heading', {
            from: formatDate(from, displayLocale),
            to: formatDate(to, displayLocale),
          })}
        >
          {answer.days.map((day) => (
            <li key={day.date}>
              <DaySection day={day} timeZone={answer.timeZone} displayLocale={displayLocale} />
            </li>
          ))}
        </ol>
      )}
      <p className="text-sm text-ink-700">{t('explain')}</p>
      <p className="text-xs text-ink-700">{t('stocks:disclaimer.short')}</p>
    </div>
  )
}

function WeekNavigation({
  answer,
  hrefOf,
  from,
  to,
  displayLocale,
}: {
  answer: CalendarAnswer
  hrefOf(week: string | null): string
  from: string
  to: string
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('calendar')
  const linkClass = buttonClassName('secondary', 'sm')
  return (
    <nav aria-label={t('week.label')} className="flex flex-col gap-3" data-testid="week-navigation">
      <h2 className="text-xl font-bold text-ink-950" data-testid="week-heading">
        {t('week.heading', { from: formatDate(from, displayLocale), to: formatDate(to, displayLocale) })}
      </h2>
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={hrefOf(answer.previousWeek)} className={linkClass} rel="prev">
            ← {t('week.previous')}
          </Link>
        </li>
        {answer.week !== answer.currentWeek ? (
          <li>
            <Link to={hrefOf(null)} className={linkClass}>
              {t('week.current')}
            </Link>
          </li>
        ) : null}
        <li>
          <Link to={hrefOf(answer.nextWeek)} className={linkClass} rel="next">
            {t('week.next')} →
          </Link>
        </li>
      </ul>
    </nav>
  )
}

function CalendarFilters({ answer, filter, lists, stocksParam }: CalendarViewProps) {
  const { t } = useTranslation(['calendar', 'stocks'])
  const navigate = useNavigate()
  const listValue = filter.kind === 'watchlists' ? (filter.listId ?? 'all') : ''
  // With JavaScript, the same view at its canonical address (blank fields left out).
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => {
      const value = form.get(name)
      return typeof value === 'string' && value !== '' ? value : null
    }
    void navigate(
      calendarHref({
        week: text('week'),
        market: text('market') as Market | null,
        list: text('list'),
        stocks: text('stocks'),
      }),
    )
  }
  return (
    <form
      method="get"
      action="/calendar"
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-card border border-ink-100 bg-white p-4"
      aria-labelledby="calendar-filters"
      data-testid="calendar-form"
    >
      <h2 id="calendar-filters" className="text-lg font-semibold text-ink-950">
        {t('filter.heading')}
      </h2>
      {answer.week !== answer.currentWeek ? <input type="hidden" name="week" value={answer.week} /> : null}
      {filter.kind === 'device' ? <input type="hidden" name="stocks" value={stocksParam} /> : null}
      <div className="grid items-end gap-3 sm:grid-cols-3">
        <label className={labelClass}>
          {t('filter.market')}
          <select name="market" defaultValue={answer.market ?? ''} className={fieldClass}>
            <option value="">{t('filter.allMarkets')}</option>
            {markets.map((market) => (
              <option key={market} value={market}>
                {t(`stocks:markets.${market}`)}
              </option>
            ))}
          </select>
        </label>
        {lists ? (
          <label className={labelClass}>
            {t('filter.stocks')}
            <select name="list" defaultValue={listValue} className={fieldClass} data-testid="list-filter">
              <option value="">{t('filter.allStocks')}</option>
              <option value="all">{t('filter.allWatchlists')}</option>
              {lists.map((list) => (
                <option key={list.id} value={list.id}>
                  {t('filter.list', { name: list.name, count: list.count })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <div>
          <button type="submit" className={buttonClassName('primary', 'md')}>
            {t('filter.apply')}
          </button>
        </div>
      </div>
      {lists === null ? (
        <DeviceWatchlistFilter
          shown={filter.kind === 'device' ? filter.count : null}
          week={answer.week === answer.currentWeek ? null : answer.week}
          market={answer.market}
        />
      ) : null}
    </form>
  )
}

/** One day's results or dividends: a captioned table that scrolls in its own box on a phone. */
function DayTable({
  id,
  heading,
  caption,
  columns,
  testId,
  children,
}: {
  id: string
  heading: string
  /** Said to screen readers after the heading: which day the table is for. */
  caption: string
  columns: string[]
  testId: string
  children: ReactNode
}) {
  return (
    <ScrollRegion labelledBy={id} className="rounded-card border border-ink-100 bg-white">
      <table className="w-full min-w-[36rem] text-sm" data-testid={testId}>
        <caption id={id} className="px-3 pt-3 text-left font-semibold text-ink-950">
          {heading}
          <span className="sr-only"> — {caption}</span>
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={headClass}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">{children}</tbody>
      </table>
    </ScrollRegion>
  )
}

function DaySection({
  day,
  timeZone,
  displayLocale,
}: {
  day: CalendarDay
  timeZone: string
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation(['calendar', 'stocks'])
  const id = `day-${day.date}`
  const date = formatDate(day.date, displayLocale)
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3" data-testid={id}>
      <h3 id={id} className="border-b border-ink-100 pb-1 text-lg font-semibold text-ink-950">
        {dayHeading(day.date, displayLocale)}
      </h3>
      {day.earnings.length === 0 && day.dividends.length === 0 ? (
        <p className="text-sm text-ink-700">{t('day.empty')}</p>
      ) : null}
      {day.earnings.length > 0 ? (
        <DayTable
          id={`${id}-earnings`}
          heading={t('earnings.heading')}
          caption={t('earnings.caption', { date })}
          columns={[t('earnings.company'), t('earnings.time'), t('earnings.period'), t('earnings.status')]}
          testId="earnings-table"
        >
          {day.earnings.map((event) => (
            <tr key={`${event.stock.market}:${event.stock.code}`} data-testid="earnings-row">
              <td className={`${cellClass} max-w-[14rem]`}>
                <StockNameLink {...event.stock} />
              </td>
              <td className={cellClass}>
                {event.at ? releaseTime(event.at, displayLocale, timeZone) : t('earnings.noTime')}
              </td>
              <td className={cellClass}>
                {event.periodEnd
                  ? t('earnings.periodEnded', { date: formatDate(event.periodEnd, displayLocale) })
                  : '—'}
              </td>
              <td className={cellClass}>
                {event.confirmed ? t('earnings.confirmed') : t('earnings.projected')}
              </td>
            </tr>
          ))}
        </DayTable>
      ) : null}
      {day.dividends.length > 0 ? (
        <DayTable
          id={`${id}-dividends`}
          heading={t('dividends.heading')}
          caption={t('dividends.caption', { date })}
          columns={[
            t('dividends.company'),
            t('dividends.amount'),
            t('dividends.exDate'),
            t('dividends.payDate'),
          ]}
          testId="dividends-table"
        >
          {day.dividends.map((event) => (
            <tr key={`${event.stock.market}:${event.stock.code}`} data-testid="dividend-row">
              <td className={`${cellClass} max-w-[14rem]`}>
                <StockNameLink {...event.stock} />
              </td>
              <td className={`${cellClass} tabular-nums`}>
                {dividendAmount(event.amount, event.currency, displayLocale)}
              </td>
              <td className={cellClass}>{formatDate(event.exDate, displayLocale)}</td>
              <td className={cellClass}>
                {event.payDate ? formatDate(event.payDate, displayLocale) : t('dividends.noPayDate')}
              </td>
            </tr>
          ))}
        </DayTable>
      ) : null}
    </section>
  )
}
