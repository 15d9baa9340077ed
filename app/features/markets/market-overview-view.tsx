/**
 * A market at a glance (`/markets/:market`): the market tabs, our universe index (named as ours, with its method,
 * as-of date and the DEMO label) and its year's chart, the breadth of the session, the sector map and the movers.
 * Links and figures only; the chart's geometry arrives drawn (index-chart-geometry.ts, in the loader).
 *
 * Changes follow the site's convention (change-indicator.tsx): colour only repeats what the arrow and the sign say,
 * since red means up for many of our readers. Sector tiles carry their name, signed change and share as text on a
 * light tint, so the text keeps its contrast whatever the tint.
 */
import { clsx } from 'clsx'
import { DemoBadge } from '#app/components/badge.tsx'
import { ChangeIndicator, changeDirectionOf } from '#app/components/change-indicator.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { DataStamp, StockNameLink } from '#app/features/stocks/list-parts.tsx'
import { MarketTabs } from '#app/features/stocks/market-tabs.tsx'
import { screenHref } from '#app/features/stocks/screener-href.ts'
import { useSectorName } from '#app/features/stocks/sector-name.ts'
import {
  type DisplayLocale,
  formatCount,
  formatDate,
  formatPercent,
  formatPrice,
} from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import { calendarHref } from '#contracts/calendar-rules.ts'
import type {
  BenchmarkPeriod,
  MarketMover,
  MarketOverviewAnswer,
  SectorTile,
} from '#contracts/market-overview.ts'
import type { Market } from '#contracts/regions.ts'
import type { IndexChartGeometry } from './index-chart-geometry.ts'

// The contract's file carries zod, which the page does not ship (ADR 0011): its types only.
const benchmarkPeriods: readonly BenchmarkPeriod[] = ['day', 'week', 'month', 'year']

export const marketOverviewHref = (market: Market) => `/markets/${market}`

type Answer = Omit<MarketOverviewAnswer, 'benchmark'> & {
  benchmark: Omit<MarketOverviewAnswer['benchmark'], 'points'>
}

const signed = (value: number, locale: DisplayLocale) =>
  formatPercent(value, locale, { signed: true, digits: 2 })

export function MarketOverviewView({
  title,
  answer,
  chart,
  chartRange,
}: {
  title: string
  answer: Answer
  chart: IndexChartGeometry
  chartRange: { from: string | null; to: string | null }
}) {
  const { t } = useTranslation(['markets', 'stocks'])
  const { displayLocale } = useRootData()
  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-8 px-4 py-8 lg:px-6 lg:py-10">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold text-ink-950 sm:text-3xl">{title}</h1>
        <p className="text-ink-700">{t('intro')}</p>
        <MarketTabs
          current={answer.market}
          hrefOf={(m) => marketOverviewHref(m ?? answer.market)}
          label={t('stocks:lists.market')}
        />
        <DataStamp
          isDemo={answer.isDemo}
          asOf={answer.asOf}
          stale={answer.stale}
          displayLocale={displayLocale}
        />
        <p className="text-sm">
          <PageLink
            to={calendarHref({ market: answer.market })}
            className="font-semibold text-brand-700 hover:underline"
            data-testid="market-calendar-link"
          >
            {t('calendarLink', { market: t(`stocks:markets.${answer.market}`) })}
          </PageLink>
        </p>
      </header>
      <BenchmarkSection answer={answer} chart={chart} chartRange={chartRange} displayLocale={displayLocale} />
      <div className="grid gap-8 lg:grid-cols-3">
        <BreadthSection breadth={answer.breadth} displayLocale={displayLocale} />
        <SectorSection answer={answer} displayLocale={displayLocale} />
      </div>
      <MoversSection answer={answer} displayLocale={displayLocale} />
      <p className="text-xs text-ink-700">{t('stocks:disclaimer.short')}</p>
    </div>
  )
}

function Card({
  id,
  title,
  children,
  className,
}: {
  id: string
  title: string
  children: React.ReactNode
  className?: string
}) {
  return (
    <section
      aria-labelledby={id}
      data-testid={id}
      className={clsx(
        'flex flex-col gap-4 rounded-card border border-ink-100 bg-white p-5 shadow-sm',
        className,
      )}
    >
      <h2 id={id} className="text-xl font-bold tracking-tight text-ink-950">
        {title}
      </h2>
      {children}
    </section>
  )
}

function BenchmarkSection({
  answer,
  chart,
  chartRange,
  displayLocale,
}: {
  answer: Answer
  chart: IndexChartGeometry
  chartRange: { from: string | null; to: string | null }
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation(['markets', 'stocks'])
  const { benchmark } = answer
  const name = t('indexName', {
    market: t(`stocks:markets.${answer.market}`),
    count: benchmark.constituents,
  })
  const year = benchmark.changes.year
  return (
    <Card id="market-benchmark" title={t('benchmarkTitle')}>
      <div className="flex flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink-950" data-testid="index-name">
          {benchmark.isDemo ? <DemoBadge /> : null}
          <span>{name}</span>
        </p>
        <p className="text-sm text-ink-700" data-testid="index-method">
          {t('indexMethod', { method: benchmark.method })}
        </p>
        {benchmark.asOf ? (
          <p className="text-sm text-ink-700">
            {t('indexAsOf', { date: formatDate(benchmark.asOf, displayLocale) })}
          </p>
        ) : null}
      </div>
      {chart.line === '' ? (
        <p className="text-ink-700">{t('noData')}</p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="index-changes">
            {benchmarkPeriods.map((period) => {
              const value = benchmark.changes[period]
              return (
                <div key={period} className="flex flex-col gap-1 rounded-lg bg-ink-50 px-3 py-2">
                  <dt className="text-sm text-ink-700">{t(`period.${period}`)}</dt>
                  <dd className="text-lg">
                    {value === null ? (
                      <span className="text-ink-700">{t('noChange')}</span>
                    ) : (
                      <ChangeIndicator value={value}>{signed(value, displayLocale)}</ChangeIndicator>
                    )}
                  </dd>
                </div>
              )
            })}
          </dl>
          {/* The plot stretches to its box (its line keeps its width); levels and dates are text beside it, so
              they keep the page's type size at every width. */}
          <div
            role="img"
            aria-label={t('chartLabel', {
              name,
              from: chartRange.from ? formatDate(chartRange.from, displayLocale) : '',
              to: chartRange.to ? formatDate(chartRange.to, displayLocale) : '',
              change: year === null ? t('noChange') : signed(year, displayLocale),
            })}
            data-testid="index-chart"
            className="flex flex-col gap-1"
          >
            <div className="flex gap-2">
              <div className="relative w-10 shrink-0 text-right text-xs text-ink-700 tabular-nums">
                {chart.gridlines.map((line) => (
                  <span
                    key={line.y}
                    className="absolute right-0 -translate-y-1/2"
                    style={{ top: `${(line.y / chart.height) * 100}%` }}
                  >
                    {line.value}
                  </span>
                ))}
              </div>
              <div className="relative h-48 flex-1 sm:h-64">
                <svg
                  viewBox={`0 0 ${chart.width} ${chart.height}`}
                  preserveAspectRatio="none"
                  className="absolute inset-0 size-full"
                  aria-hidden="true"
                >
                  {chart.gridlines.map((line) => (
                    <line
                      key={line.y}
                      x1={0}
                      x2={chart.width}
                      y1={line.y}
                      y2={line.y}
                      className="stroke-ink-100"
                      vectorEffect="non-scaling-stroke"
                    />
                  ))}
                  <path d={chart.area} className="fill-brand-600/10" />
                  <path
                    d={chart.line}
                    fill="none"
                    strokeWidth={2}
                    strokeLinejoin="round"
                    className="stroke-brand-600"
                    vectorEffect="non-scaling-stroke"
                  />
                </svg>
                {chart.last ? (
                  <span
                    className="absolute size-2 -translate-1/2 rounded-full bg-brand-600"
                    style={{
                      left: `${(chart.last.x / chart.width) * 100}%`,
                      top: `${(chart.last.y / chart.height) * 100}%`,
                    }}
                  />
                ) : null}
              </div>
            </div>
            <div className="relative ml-12 h-5 text-xs text-ink-700">
              {chart.dates.map((mark) => (
                <span
                  key={mark.date}
                  className={clsx(
                    'absolute top-0 whitespace-nowrap',
                    mark.anchor === 'middle'
                      ? '-translate-x-1/2 max-sm:hidden' // a phone has room for the first and last day only
                      : mark.anchor === 'end'
                        ? '-translate-x-full'
                        : '',
                  )}
                  style={{ left: `${(mark.x / chart.width) * 100}%` }}
                >
                  {formatDate(mark.date, displayLocale)}
                </span>
              ))}
            </div>
          </div>
        </>
      )}
    </Card>
  )
}

function BreadthSection({
  breadth,
  displayLocale,
}: {
  breadth: MarketOverviewAnswer['breadth']
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation(['markets', 'stocks'])
  const items = [
    ['advancing', breadth.advancing, 'up'],
    ['declining', breadth.declining, 'down'],
    ['unchanged', breadth.unchanged, 'flat'],
    ['newHighs', breadth.newHighs, 'up'],
    ['newLows', breadth.newLows, 'down'],
  ] as const
  return (
    <Card id="market-breadth" title={t('breadthTitle')}>
      {breadth.session ? (
        <p className="text-sm text-ink-700">
          {t('breadthSession', { date: formatDate(breadth.session, displayLocale) })}
        </p>
      ) : (
        <p className="text-ink-700">{t('noData')}</p>
      )}
      <dl className="grid grid-cols-2 gap-3">
        {items.map(([key, value, direction]) => (
          <div
            key={key}
            className="flex flex-col gap-1 rounded-lg bg-ink-50 px-3 py-2"
            data-testid={`breadth-${key}`}
          >
            <dt className="text-sm text-ink-700">
              <span aria-hidden="true">{direction === 'up' ? '▲ ' : direction === 'down' ? '▼ ' : '– '}</span>
              {t(key)}
            </dt>
            <dd className="text-xl font-semibold tabular-nums text-ink-950">
              {formatCount(value, displayLocale)}
            </dd>
          </div>
        ))}
      </dl>
      {breadth.unknown > 0 ? (
        <p className="text-sm text-ink-700">
          {t('unknown')}: {formatCount(breadth.unknown, displayLocale)}
        </p>
      ) : null}
      <p className="text-xs text-ink-700">{t('newHighNote')}</p>
    </Card>
  )
}

/** A light tint of the direction's colour, deeper for a larger move; the text on it stays near-black. */
function tileTone(change: number | null): string {
  const direction = changeDirectionOf(change)
  if (change === null || direction === 'flat') return 'bg-ink-100'
  const size = Math.abs(change)
  if (direction === 'up') {
    return size < 0.005
      ? 'bg-[color-mix(in_srgb,var(--color-gain)_12%,white)]'
      : size < 0.015
        ? 'bg-[color-mix(in_srgb,var(--color-gain)_25%,white)]'
        : 'bg-[color-mix(in_srgb,var(--color-gain)_40%,white)]'
  }
  return size < 0.005
    ? 'bg-[color-mix(in_srgb,var(--color-loss)_12%,white)]'
    : size < 0.015
      ? 'bg-[color-mix(in_srgb,var(--color-loss)_25%,white)]'
      : 'bg-[color-mix(in_srgb,var(--color-loss)_40%,white)]'
}

function SectorSection({ answer, displayLocale }: { answer: Answer; displayLocale: DisplayLocale }) {
  const { t } = useTranslation(['markets', 'stocks'])
  return (
    <Card id="market-sectors" title={t('sectorsTitle')} className="lg:col-span-2">
      <p className="text-sm text-ink-700">{t('sectorsNote')}</p>
      {answer.sectors.length === 0 ? (
        <p className="text-ink-700">{t('noData')}</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5">
          {answer.sectors.map((tile) => (
            <SectorTileItem
              key={tile.sector}
              tile={tile}
              market={answer.market}
              displayLocale={displayLocale}
            />
          ))}
        </ul>
      )}
    </Card>
  )
}

function SectorTileItem({
  tile,
  market,
  displayLocale,
}: {
  tile: SectorTile
  market: Market
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation(['markets', 'stocks'])
  const direction = changeDirectionOf(tile.changePercent)
  const change = tile.changePercent === null ? t('noChange') : signed(tile.changePercent, displayLocale)
  const share = formatPercent(tile.capShare, displayLocale, { digits: 1 })
  const sector = useSectorName()(tile.sector)
  return (
    <li
      className="flex min-w-32"
      // Tiles grow with the sector's share of the market's capitalisation.
      style={{
        flexGrow: Math.max(1, Math.round(tile.capShare * 100)),
        flexBasis: `${Math.round(tile.capShare * 100)}%`,
      }}
    >
      <PageLink
        to={screenHref({ market, sector: tile.sector })}
        className={clsx(
          'flex min-h-20 w-full flex-col justify-between gap-1 rounded-lg p-3 text-ink-950 hover:outline-2 hover:outline-brand-600',
          tileTone(tile.changePercent),
        )}
        data-testid={`sector-${tile.sector}`}
        data-direction={direction}
      >
        <span className="text-sm font-semibold">{sector}</span>
        <span className="text-base font-bold tabular-nums">
          <span aria-hidden="true">{direction === 'up' ? '▲ ' : direction === 'down' ? '▼ ' : '– '}</span>
          {change}
        </span>
        <span className="text-xs">{t('sectorShare', { share, count: tile.companies })}</span>
      </PageLink>
    </li>
  )
}

function MoverList({
  id,
  title,
  rows,
  displayLocale,
  empty,
  extra,
}: {
  id: string
  title: string
  rows: readonly (MarketMover & { views?: number })[]
  displayLocale: DisplayLocale
  empty: string
  extra?: React.ReactNode
}) {
  const { t } = useTranslation(['markets', 'stocks'])
  return (
    <section aria-labelledby={id} data-testid={id} className="flex min-w-0 flex-col gap-3">
      <h3 id={id} className="text-lg font-semibold text-ink-950">
        {title}
      </h3>
      {extra}
      {rows.length === 0 ? (
        <p className="text-sm text-ink-700">{empty}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-ink-100">
          {rows.map((row) => (
            <li key={row.code} className="flex items-center justify-between gap-3 py-2">
              <StockNameLink name={row.name} otherName={row.otherName} code={row.code} market={row.market} />
              <span className="flex shrink-0 flex-col items-end text-sm">
                {row.price !== null ? (
                  <span className="tabular-nums text-ink-900">
                    {formatPrice(row.price, row.currency, displayLocale)}
                  </span>
                ) : null}
                {row.changePercent !== null ? (
                  <ChangeIndicator value={row.changePercent}>
                    {signed(row.changePercent, displayLocale)}
                  </ChangeIndicator>
                ) : null}
                {row.views !== undefined ? (
                  <span className="text-xs text-ink-700">{t('views', { count: row.views })}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function MoversSection({ answer, displayLocale }: { answer: Answer; displayLocale: DisplayLocale }) {
  const { t } = useTranslation(['markets', 'stocks'])
  return (
    <Card id="market-movers" title={t('moversTitle')}>
      <div className="grid gap-6 md:grid-cols-3">
        <MoverList
          id="market-gainers"
          title={t('gainers')}
          rows={answer.gainers}
          displayLocale={displayLocale}
          empty={t('noMovers')}
        />
        <MoverList
          id="market-losers"
          title={t('losers')}
          rows={answer.losers}
          displayLocale={displayLocale}
          empty={t('noMovers')}
        />
        <MoverList
          id="market-diagnosed"
          title={t('diagnosedTitle')}
          rows={answer.mostDiagnosed}
          displayLocale={displayLocale}
          empty={t('noDiagnosed')}
          extra={
            <p className="text-xs text-ink-700">
              {t('diagnosedNote', { date: formatDate(answer.diagnosedDay, displayLocale) })}
            </p>
          }
        />
      </div>
    </Card>
  )
}
