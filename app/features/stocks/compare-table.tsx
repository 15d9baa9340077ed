/**
 * The compare page's table: a column per stock (its name linking to its diagnosis, and a link that removes it from
 * the comparison), a row per figure grouped under headings: price and returns, each score with how many of its
 * measured checks passed, the fair value with its range and margin, margins, growth, valuation and dividend, support
 * and resistance, and each stock's data stamp (as-of date, source, DEMO). It scrolls sideways in its own box on a
 * phone, the figure column fixed at its left edge.
 */
import type { ReactNode } from 'react'
import { DemoBadge } from '#app/components/badge.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { ScrollRegion } from '#app/components/scroll-region.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { CompareAnswer, ComparedStock } from '#contracts/compare.ts'
import { comparePeriods } from '#contracts/compare-rules.ts'
import { scoreKeys } from '#contracts/stock-rules.ts'
import { diagnosisHref } from './diagnosis-href.ts'
import { PriceChange } from './list-parts.tsx'
import {
  type DisplayLocale,
  formatAmount,
  formatDate,
  formatDecimal,
  formatPercent,
  formatPrice,
  formatScore,
} from './stock-format.ts'

const dash = '—'

interface Row {
  label: string
  cell(entry: ComparedStock): ReactNode
}

export function CompareTable({
  answer,
  removeHrefOf,
  displayLocale,
}: {
  answer: CompareAnswer
  /** The comparison without the stock at this index. */
  removeHrefOf(index: number): string
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('compare')
  const percent = (value: number | null, signed = false) =>
    value === null ? dash : formatPercent(value, displayLocale, { signed })
  const multiple = (value: number | null) =>
    value === null ? dash : `${formatDecimal(value, displayLocale, { digits: 1 })}×`
  const price = (entry: ComparedStock, value: number | null) =>
    value === null ? dash : formatPrice(value, entry.stock.currency, displayLocale)
  const level = (entry: ComparedStock, value: number | null, distance: number | null) =>
    value === null ? (
      dash
    ) : (
      <span className="flex flex-col">
        <span>{price(entry, value)}</span>
        {distance !== null ? (
          <span className="text-xs text-ink-700">
            {t('table.distance', { distance: formatPercent(distance, displayLocale, { signed: true }) })}
          </span>
        ) : null}
      </span>
    )

  const sections: { key: string; rows: Row[] }[] = [
    {
      key: 'price',
      rows: [
        {
          label: t('table.price'),
          cell: (entry) => (
            <span className="flex flex-col">
              <span className="font-semibold text-ink-950">{price(entry, entry.stock.price)}</span>
              {entry.stock.priceDate ? (
                <span className="text-xs text-ink-700">
                  {t('table.priceDate', { date: formatDate(entry.stock.priceDate, displayLocale) })}
                </span>
              ) : null}
            </span>
          ),
        },
        {
          label: t('table.change'),
          cell: (entry) =>
            entry.stock.latestChangeRate === null ? (
              dash
            ) : (
              <PriceChange
                change={entry.stock.latestChange}
                rate={entry.stock.latestChangeRate}
                currency={entry.stock.currency}
                displayLocale={displayLocale}
              />
            ),
        },
        ...comparePeriods.map(
          (period): Row => ({
            label: t('table.return', { period: t(`table.periods.${period}`) }),
            cell: (entry) => percent(entry.returns[period], true),
          }),
        ),
      ],
    },
    {
      key: 'scores',
      rows: [
        {
          label: t('table.total'),
          cell: (entry) => (
            <span className="font-semibold text-ink-950">
              {entry.stock.score === null
                ? t('table.notAvailable')
                : formatScore(entry.stock.score, displayLocale)}
            </span>
          ),
        },
        ...scoreKeys.map(
          (key): Row => ({
            label: answer.stocks[0]?.scores.find((score) => score.key === key)?.label ?? key,
            cell: (entry) => {
              const score = entry.scores.find((candidate) => candidate.key === key)
              if (!score) return dash
              return (
                <span className="flex flex-col">
                  <span>
                    {score.value === null ? t('table.notAvailable') : formatScore(score.value, displayLocale)}
                  </span>
                  <span
                    className="text-xs text-ink-700"
                    title={t('table.checksLong', {
                      passed: score.passed,
                      available: score.available,
                      total: score.total,
                    })}
                  >
                    {t('table.checks', { passed: score.passed, available: score.available })}
                  </span>
                </span>
              )
            },
          }),
        ),
      ],
    },
    {
      key: 'fairValue',
      rows: [
        { label: t('table.fairValue'), cell: (entry) => price(entry, entry.fairValue.value) },
        {
          label: t('table.range'),
          cell: (entry) =>
            entry.fairValue.low === null || entry.fairValue.high === null
              ? dash
              : `${price(entry, entry.fairValue.low)} – ${price(entry, entry.fairValue.high)}`,
        },
        { label: t('table.margin'), cell: (entry) => percent(entry.fairValue.downsideMargin, true) },
        { label: t('table.method'), cell: (entry) => entry.fairValue.methodLabel },
      ],
    },
    {
      key: 'margins',
      rows: [
        { label: t('table.grossMargin'), cell: (entry) => percent(entry.ratios.grossMargin) },
        { label: t('table.operatingMargin'), cell: (entry) => percent(entry.ratios.operatingMargin) },
        { label: t('table.netMargin'), cell: (entry) => percent(entry.ratios.netMargin) },
        { label: t('table.roe'), cell: (entry) => percent(entry.ratios.roe) },
        {
          label: t('table.fiscalYear'),
          cell: (entry) => (entry.ratios.fiscalYear === null ? dash : String(entry.ratios.fiscalYear)),
        },
      ],
    },
    {
      key: 'growth',
      rows: [
        { label: t('table.revenueGrowth'), cell: (entry) => percent(entry.ratios.revenueGrowth, true) },
        { label: t('table.epsGrowth'), cell: (entry) => percent(entry.ratios.epsGrowth, true) },
      ],
    },
    {
      key: 'valuation',
      rows: [
        { label: t('table.pe'), cell: (entry) => multiple(entry.ratios.pe) },
        { label: t('table.pb'), cell: (entry) => multiple(entry.ratios.pb) },
        { label: t('table.dividendYield'), cell: (entry) => percent(entry.ratios.dividendYield) },
        {
          label: t('table.marketCap'),
          cell: (entry) =>
            entry.stock.marketCap === null
              ? dash
              : formatAmount(entry.stock.marketCap, entry.stock.currency, displayLocale),
        },
      ],
    },
    {
      key: 'levels',
      rows: [
        {
          label: t('table.support'),
          cell: (entry) => level(entry, entry.levels.support, entry.levels.supportDistance),
        },
        {
          label: t('table.resistance'),
          cell: (entry) => level(entry, entry.levels.resistance, entry.levels.resistanceDistance),
        },
      ],
    },
    {
      key: 'data',
      rows: [
        {
          label: t('table.asOf'),
          cell: (entry) => (
            <span className="flex flex-wrap items-center gap-2">
              {entry.asOf ? formatDate(entry.asOf, displayLocale) : dash}
              {entry.isDemo ? <DemoBadge /> : null}
            </span>
          ),
        },
        {
          label: t('table.source'),
          cell: (entry) => t(`stocks:dataSources.${entry.source}`, { defaultValue: entry.source }),
        },
      ],
    },
  ]

  const stickyCell = 'sticky start-0 z-10 bg-white'
  return (
    <ScrollRegion labelledBy="compare-caption" className="rounded-card border border-ink-100 bg-white">
      <table className="w-full min-w-[32rem] border-collapse text-sm" data-testid="compare-table">
        <caption id="compare-caption" className="sr-only">
          {t('table.caption')}
        </caption>
        <thead>
          <tr className="border-b border-ink-300">
            <th
              scope="col"
              className={`${stickyCell} w-28 p-2 text-start text-xs font-semibold text-ink-700 sm:w-40 sm:p-3`}
            >
              {t('table.figure')}
            </th>
            {answer.stocks.map((entry, index) => (
              <th
                key={`${entry.stock.market}-${entry.stock.code}`}
                scope="col"
                className="p-2 text-start align-top sm:p-3"
                data-testid="compare-stock"
              >
                <span className="flex flex-col gap-1">
                  <PageLink
                    to={diagnosisHref(entry.stock.code, entry.stock.market)}
                    className="font-semibold text-ink-950 hover:text-brand-700 hover:underline"
                    aria-label={t('table.diagnose', { name: entry.stock.name })}
                  >
                    {entry.stock.name}
                  </PageLink>
                  <span className="text-xs font-normal text-ink-700">
                    {entry.stock.code} · {t(`stocks:markets.${entry.stock.market}`)}
                  </span>
                  <PageLink
                    to={removeHrefOf(index)}
                    className="text-xs font-medium text-brand-700 hover:underline"
                  >
                    {t('picker.remove', { name: entry.stock.name })}
                  </PageLink>
                </span>
              </th>
            ))}
          </tr>
        </thead>
        {sections.map((section) => (
          <tbody key={section.key}>
            <tr className="bg-ink-50">
              <th
                scope="colgroup"
                colSpan={answer.stocks.length + 1}
                className="px-3 py-2 text-start text-xs font-semibold uppercase tracking-wide text-ink-800"
              >
                {t(`table.sections.${section.key}`)}
              </th>
            </tr>
            {section.rows.map((row) => (
              <tr key={row.label} className="border-b border-ink-100">
                <th
                  scope="row"
                  className={`${stickyCell} p-2 text-start text-xs font-medium text-ink-800 sm:p-3 sm:text-sm`}
                >
                  {row.label}
                </th>
                {answer.stocks.map((entry) => (
                  <td
                    key={`${entry.stock.market}-${entry.stock.code}`}
                    className="p-2 text-ink-900 tabular-nums sm:p-3"
                  >
                    {row.cell(entry)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </ScrollRegion>
  )
}
