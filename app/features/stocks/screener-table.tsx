/**
 * The screener's results: one row per stock, a column per figure, each column's header a link that sorts on it
 * (`aria-sort` says which one does). The table scrolls sideways in its own box, which a keyboard can focus and
 * scroll, with the stock column fixed at its left edge, so a phone shows every column without the page itself
 * scrolling sideways. Besides the fixed columns it shows the scores the screen filters or sorts on.
 */
import { clsx } from 'clsx'
import { PageLink } from '#app/components/page-link.tsx'
import { ScrollRegion } from '#app/components/scroll-region.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ScreenAnswer, ScreenRow } from '#contracts/screener.ts'
import {
  type ScreenScoreKey,
  type ScreenSortKey,
  scoreParamOf,
  screenScoreKeys,
} from '#contracts/screener-rules.ts'
import { diagnosisHref } from './diagnosis-href.ts'
import { sortHref } from './screener-href.ts'
import {
  type DisplayLocale,
  formatAmount,
  formatDecimal,
  formatPercent,
  formatPrice,
  formatScore,
} from './stock-format.ts'

type Column = { key: ScreenSortKey; label: string; cell: (row: ScreenRow) => string }

const dash = '—'

/** The scores a screen names (a minimum set, or the sort), in the specification's order. */
export function scoresShown(values: Record<string, string>, sort: ScreenSortKey): ScreenScoreKey[] {
  return screenScoreKeys.filter((key) => sort === key || (values[scoreParamOf[key]] ?? '').trim() !== '')
}

export function ScreenerTable({
  answer,
  values,
  caption,
  displayLocale,
}: {
  answer: ScreenAnswer
  values: Record<string, string>
  caption: string
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('screener')
  const percent = (value: number | null, signed = false) =>
    value === null ? dash : formatPercent(value, displayLocale, { signed })
  const multiple = (value: number | null) =>
    value === null ? dash : `${formatDecimal(value, displayLocale, { digits: 1 })}×`
  const score = (value: number | null) => (value === null ? dash : formatScore(value, displayLocale))
  const columns: Column[] = [
    { key: 'total', label: t('scores.total'), cell: (row) => score(row.totalScore) },
    ...scoresShown(values, answer.sort).map(
      (key): Column => ({ key, label: t(`scores.${key}`), cell: (row) => score(row.scores[key]) }),
    ),
    { key: 'gap', label: t('columns.gap'), cell: (row) => percent(row.downsideMargin, true) },
    { key: 'pe', label: t('columns.pe'), cell: (row) => multiple(row.pe) },
    { key: 'pb', label: t('columns.pb'), cell: (row) => multiple(row.pb) },
    { key: 'yield', label: t('columns.yield'), cell: (row) => percent(row.dividendYield) },
    {
      key: 'cap',
      label: t('columns.cap'),
      cell: (row) =>
        row.marketCapUsd === null ? dash : formatAmount(row.marketCapUsd, 'USD', displayLocale),
    },
    { key: 'position', label: t('columns.position'), cell: (row) => percent(row.week52Position) },
    {
      key: 'return',
      label: t('columns.return', { period: t(`periods.${answer.period}`) }),
      cell: (row) => percent(row.periodReturn, true),
    },
    { key: 'change', label: t('columns.change'), cell: (row) => percent(row.changePercent, true) },
    {
      key: 'technicals',
      label: t('columns.technicals'),
      cell: (row) => (row.technicals ? t(`technicals.${row.technicals}`) : dash),
    },
    {
      key: 'flow',
      label: t('columns.flow'),
      cell: (row) => (row.capitalFlow ? t(`flow.${row.capitalFlow}`) : dash),
    },
  ]
  const ariaSort = (key: ScreenSortKey) =>
    answer.sort === key ? (answer.dir === 'asc' ? 'ascending' : 'descending') : undefined
  const headerLink = (key: ScreenSortKey, label: string) => (
    <PageLink
      to={sortHref(values, key, answer)}
      className="inline-flex items-center gap-1 hover:text-brand-700 hover:underline"
      title={t('sortBy', { column: label })}
    >
      {label}
      {answer.sort === key ? <span aria-hidden="true">{answer.dir === 'asc' ? '▲' : '▼'}</span> : null}
    </PageLink>
  )
  const fixed = 'sticky left-0 z-10 bg-white shadow-[1px_0_0_var(--color-ink-100)]'
  return (
    <ScrollRegion
      labelledBy="screener-caption"
      className="max-w-full rounded-card border border-ink-100 bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table className="w-max min-w-full text-sm" data-testid="screener-table">
        <caption id="screener-caption" className="sr-only">
          {caption}
        </caption>
        <thead className="border-b border-ink-300 text-xs text-ink-700">
          <tr>
            <th
              scope="col"
              aria-sort={ariaSort('code')}
              className={clsx(fixed, 'px-3 py-2 text-start font-semibold')}
            >
              {headerLink('code', t('columns.code'))}
            </th>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                aria-sort={ariaSort(column.key)}
                className="px-3 py-2 text-end font-semibold whitespace-nowrap"
                data-column={column.key}
              >
                {headerLink(column.key, column.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {answer.rows.map((row) => (
            <tr
              key={`${row.market}-${row.code}`}
              className="border-b border-ink-100"
              data-testid="screener-row"
            >
              <th scope="row" className={clsx(fixed, 'max-w-44 px-3 py-2 text-start font-normal')}>
                <PageLink
                  to={diagnosisHref(row.code, row.market)}
                  className="block truncate font-semibold text-ink-950 hover:text-brand-700 hover:underline"
                >
                  {row.name}
                </PageLink>
                <span className="block truncate text-xs text-ink-700" data-testid="screener-code">
                  {row.code} ·{' '}
                  {row.price === null ? dash : formatPrice(row.price, row.currency, displayLocale)}
                </span>
              </th>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className="px-3 py-2 text-end whitespace-nowrap tabular-nums"
                  data-column={column.key}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}
