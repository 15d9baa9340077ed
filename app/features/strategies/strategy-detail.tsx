/**
 * One strategy as a reader it opens for sees it (issue 15): the performance chart against the benchmark with its
 * key figures as a table (the chart's accessible version), spec §9's guidance as a warning where the strategy falls
 * short of it, the holdings (each linking to its diagnosis), the rationale, the rebalance history and how every
 * number is computed, with the data's as-of date and the DEMO label when prices are demo data.
 */

import { __iconData as triangleExclamationPointShape } from 'lucide-react/icons/triangle-exclamation-point'
import { Badge, DemoBadge } from '#app/components/badge.tsx'
import { Card } from '#app/components/card.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { SampleBadge } from '#app/features/member-area/lock-prompt.tsx'
import { StockNameLink } from '#app/features/stocks/list-parts.tsx'
import {
  type DisplayLocale,
  formatDate,
  formatDecimal,
  formatPercent,
} from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { PerformanceFiguresView, RebalanceChange, StrategyDetail } from '#contracts/strategies-rules.ts'
import { PerformanceChart } from './performance-chart.tsx'

const TriangleAlert = outlineIcon(triangleExclamationPointShape)

export function StrategyDetailView({
  strategy,
  displayLocale,
}: {
  strategy: StrategyDetail
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('strategies')
  const { t: tStocks } = useTranslation('stocks')
  const market = tStocks(`markets.${strategy.market}`)
  const percent = (value: number | null, signed = true) =>
    value === null ? t('page.figures.annualizedNone') : formatPercent(value, displayLocale, { signed })
  const performance = strategy.performance
  return (
    <article className="flex flex-col gap-6" aria-labelledby="strategy-title" data-testid="strategy-detail">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={strategy.visibility === 'exclusive' ? 'brand' : 'neutral'}>
            {t(`page.visibility.${strategy.visibility}`)}
          </Badge>
          <Badge>{market}</Badge>
          {strategy.isSample ? <SampleBadge /> : null}
          {strategy.isDemo ? <DemoBadge /> : null}
        </div>
        <h2 id="strategy-title" className="text-2xl font-bold text-ink-950">
          {strategy.name}
        </h2>
        <p className="text-ink-800">{strategy.summary}</p>
        <p className="text-sm text-ink-700">
          {strategy.inception
            ? t('page.since', { date: formatDate(strategy.inception, displayLocale) })
            : null}
          {strategy.benchmark.asOf
            ? ` · ${t('page.asOf', { date: formatDate(strategy.benchmark.asOf, displayLocale) })}`
            : null}
        </p>
      </header>

      <Card className="flex flex-col gap-4">
        <h3 className="text-lg font-semibold text-ink-950">{t('page.performanceTitle')}</h3>
        {performance ? (
          <>
            <PerformanceChart
              title={t('page.chartTitle', { name: strategy.name })}
              description={t('page.chartSummary', {
                from: formatDate(performance.startDate, displayLocale),
                to: formatDate(performance.asOf, displayLocale),
                strategy: percent(performance.strategy.totalReturn),
                benchmark: percent(performance.benchmark.totalReturn),
              })}
              series={performance.series}
              labels={{ strategy: t('page.strategyLine'), benchmark: t('page.benchmarkLine', { market }) }}
              formatDay={(day) => formatDate(day, displayLocale)}
            />
            <FiguresTable
              strategy={performance.strategy}
              benchmark={performance.benchmark}
              displayLocale={displayLocale}
            />
          </>
        ) : (
          <p className="text-sm text-ink-800">{t('page.noPerformance')}</p>
        )}
      </Card>

      <Guidance strategy={strategy} displayLocale={displayLocale} />

      <section aria-labelledby="strategy-holdings" className="flex flex-col gap-3">
        <h3 id="strategy-holdings" className="text-lg font-semibold text-ink-950">
          {t('page.holdings.title')}
        </h3>
        <table className="w-full text-left text-sm" data-testid="strategy-holdings">
          <caption className="sr-only">{t('page.holdings.caption')}</caption>
          <thead className="border-b border-ink-100 text-ink-700">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                {t('page.holdings.stock')}
              </th>
              <th scope="col" className="py-2 text-end font-medium">
                {t('page.holdings.weight')}
              </th>
            </tr>
          </thead>
          <tbody>
            {strategy.holdings.map((holding) => (
              <tr key={`${holding.market}:${holding.code}`} className="border-b border-ink-50">
                <td className="max-w-0 py-2 pr-3">
                  <StockNameLink
                    name={holding.name}
                    otherName={holding.name === holding.nameEn ? holding.nameZh : holding.nameEn}
                    code={holding.code}
                    market={holding.market}
                  />
                </td>
                <td className="py-2 text-end tabular-nums text-ink-900">
                  {formatPercent(holding.weight, displayLocale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-xs text-ink-700">{t('page.holdings.note')}</p>
      </section>

      {strategy.rationaleHtml ? (
        <section aria-labelledby="strategy-rationale" className="flex flex-col gap-2">
          <h3 id="strategy-rationale" className="text-lg font-semibold text-ink-950">
            {t('page.rationale')}
          </h3>
          <div
            className="prose-content text-ink-900"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised on the server (server/text/render-markdown.ts)
            dangerouslySetInnerHTML={{ __html: strategy.rationaleHtml }}
          />
        </section>
      ) : null}

      <section aria-labelledby="strategy-history" className="flex flex-col gap-3">
        <h3 id="strategy-history" className="text-lg font-semibold text-ink-950">
          {t('page.history.title')}
        </h3>
        <ol className="flex flex-col gap-3" data-testid="strategy-rebalances">
          {strategy.rebalances.map((rebalance, index) => (
            <li key={rebalance.effectiveOn} className="rounded-lg border border-ink-100 p-3">
              <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink-950">
                <time dateTime={rebalance.effectiveOn}>
                  {formatDate(rebalance.effectiveOn, displayLocale)}
                </time>
                {index === strategy.rebalances.length - 1 ? (
                  <Badge>{t('page.history.inception')}</Badge>
                ) : null}
                <span className="font-normal text-ink-700">
                  {t('page.history.holdings', { count: rebalance.holdings })}
                </span>
              </p>
              <p className="mt-1 text-sm text-ink-900">{rebalance.note}</p>
              {rebalance.changes.length > 0 && index < strategy.rebalances.length - 1 ? (
                <details className="mt-2 text-sm">
                  <summary className="cursor-pointer text-brand-700">{t('page.history.changes')}</summary>
                  <ul className="mt-1 list-disc ps-5 text-ink-800">
                    {rebalance.changes.map((change) => (
                      <li key={`${change.kind}:${change.code}`}>
                        <ChangeText change={change} displayLocale={displayLocale} />
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="strategy-method" className="flex flex-col gap-2 text-sm text-ink-800">
        <h3 id="strategy-method" className="text-lg font-semibold text-ink-950">
          {t('page.method.title')}
        </h3>
        <p data-testid="benchmark-method">
          {t('page.method.benchmark', {
            id: strategy.benchmark.method,
            market,
            count: strategy.benchmark.constituents,
            date: strategy.benchmark.asOf ? formatDate(strategy.benchmark.asOf, displayLocale) : '—',
          })}
        </p>
        <p>{t('page.method.performance', { id: strategy.performanceMethod })}</p>
      </section>
    </article>
  )
}

function ChangeText({ change, displayLocale }: { change: RebalanceChange; displayLocale: DisplayLocale }) {
  const { t } = useTranslation('strategies')
  const weight = (value: number | null) => (value === null ? '—' : formatPercent(value, displayLocale))
  return (
    <>
      {t(`page.history.${change.kind}`, {
        name: `${change.name} (${change.code})`,
        from: weight(change.from),
        to: weight(change.to),
      })}
    </>
  )
}

function FiguresTable({
  strategy,
  benchmark,
  displayLocale,
}: {
  strategy: PerformanceFiguresView
  benchmark: PerformanceFiguresView
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('strategies')
  const rows: Array<{ key: string; of: (figures: PerformanceFiguresView) => string }> = [
    { key: 'totalReturn', of: (f) => formatPercent(f.totalReturn, displayLocale, { signed: true }) },
    {
      key: 'annualized',
      of: (f) =>
        f.annualizedReturn === null
          ? t('page.figures.annualizedNone')
          : formatPercent(f.annualizedReturn, displayLocale, { signed: true }),
    },
    { key: 'maxDrawdown', of: (f) => formatPercent(-f.maxDrawdown, displayLocale, { signed: true }) },
  ]
  return (
    <table className="w-full text-left text-sm" data-testid="strategy-figures">
      <caption className="sr-only">{t('page.figures.caption')}</caption>
      <thead className="border-b border-ink-100 text-ink-700">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">
            {t('page.figures.measure')}
          </th>
          <th scope="col" className="py-2 pr-3 text-end font-medium">
            {t('page.figures.strategy')}
          </th>
          <th scope="col" className="py-2 text-end font-medium">
            {t('page.figures.benchmark')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-ink-50">
            <th scope="row" className="py-2 pr-3 font-normal text-ink-800">
              {t(`page.figures.${row.key}`)}
            </th>
            <td className="py-2 pr-3 text-end font-semibold tabular-nums text-ink-950">{row.of(strategy)}</td>
            <td className="py-2 text-end tabular-nums text-ink-900">{row.of(benchmark)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Guidance({ strategy, displayLocale }: { strategy: StrategyDetail; displayLocale: DisplayLocale }) {
  const { t } = useTranslation('strategies')
  const { guidance } = strategy
  const warnings = [
    guidance.tooFewHoldings ? t('page.guidance.tooFewHoldings', { count: guidance.holdings }) : null,
    guidance.tooYoung
      ? t('page.guidance.tooYoung', { years: formatDecimal(guidance.years, displayLocale, { digits: 1 }) })
      : null,
  ].filter((line): line is string => line !== null)
  return (
    <section
      aria-labelledby="strategy-guidance"
      className={
        warnings.length > 0
          ? 'flex flex-col gap-2 rounded-card border border-warn/40 bg-warn/10 p-4'
          : 'flex flex-col gap-2 rounded-card border border-ink-100 bg-ink-50 p-4'
      }
      data-testid="strategy-guidance"
    >
      <h3 id="strategy-guidance" className="flex items-center gap-2 font-semibold text-ink-950">
        {warnings.length > 0 ? <TriangleAlert className="size-4 text-ink-900" aria-hidden="true" /> : null}
        {t('page.guidance.title')}
      </h3>
      <p className="text-sm text-ink-900">{t('page.guidance.text')}</p>
      {warnings.length > 0 ? (
        <ul className="list-disc ps-5 text-sm text-ink-900">
          {warnings.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-900">{t('page.guidance.meets')}</p>
      )}
    </section>
  )
}
