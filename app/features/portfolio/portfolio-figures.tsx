/**
 * The portfolio's figures: its value and gains in the base currency with the rates used, the value-weighted score,
 * the diversification notes, the performance line against the benchmark (inline SVG, no chart library) and the
 * weights. Everything is the server's arithmetic (server/modules/portfolios/); this only says it. Markets are named
 * with the search box's words (`search:markets`, in the reader catalog), so the page fetches no `stocks` for them.
 */
import { clsx } from 'clsx'
import { Card } from '#app/components/card.tsx'
import { useSectorName } from '#app/features/stocks/sector-name.ts'
import {
  type DisplayLocale,
  formatDate,
  formatPercent,
  formatPrice,
} from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { PortfolioNote } from '#contracts/portfolio-rules.ts'
import type { Currency } from '#contracts/stocks.ts'
import type { PortfolioView, PortfolioWeightList } from './portfolio-view.ts'

export function money(value: number, currency: string, locale: DisplayLocale): string {
  return formatPrice(value, currency as Currency, locale)
}

/** A darker shade of the gain token, as change-indicator.tsx uses: the token is below 4.5:1 on white. */
const gainText = 'text-[color-mix(in_srgb,var(--color-gain)_80%,black)]'

export function signedClass(value: number | null): string {
  return value === null || value === 0 ? 'text-ink-900' : value > 0 ? gainText : 'text-loss'
}

export function PortfolioTotals({ portfolio, locale }: { portfolio: PortfolioView; locale: DisplayLocale }) {
  const { t } = useTranslation('portfolio')
  const { totals, baseCurrency } = portfolio
  const figures = [
    { key: 'marketValue', value: totals.marketValue, isSigned: false, extra: null },
    {
      key: 'unrealised',
      value: totals.unrealisedGain,
      isSigned: true,
      extra:
        totals.unrealisedReturn === null
          ? null
          : formatPercent(totals.unrealisedReturn, locale, { signed: true }),
    },
    { key: 'realised', value: totals.realisedGain, isSigned: true, extra: null },
    { key: 'dividends', value: totals.dividendsReceived, isSigned: false, extra: null },
    { key: 'expectedDividends', value: totals.expectedDividends, isSigned: false, extra: null },
  ] as const
  return (
    <section aria-labelledby="portfolio-totals" className="flex flex-col gap-3">
      <h2 id="portfolio-totals" className="text-xl font-semibold text-ink-950">
        {t('totals.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-5" data-testid="portfolio-totals">
        {figures.map((figure) => (
          <Card key={figure.key} className="flex flex-col gap-1">
            <dt className="text-sm text-ink-700">{t(`totals.${figure.key}`)}</dt>
            <dd
              className={clsx(
                'text-lg font-semibold',
                figure.isSigned ? signedClass(figure.value) : 'text-ink-950',
              )}
              data-testid={`portfolio-${figure.key}`}
            >
              {money(figure.value, baseCurrency, locale)}
              {figure.extra ? <span className="block text-sm">({figure.extra})</span> : null}
            </dd>
          </Card>
        ))}
      </dl>
      <p className="text-xs text-ink-700">
        {portfolio.asOf ? `${t('totals.asOf', { date: formatDate(portfolio.asOf, locale) })} ` : null}
        {t('totals.expectedHint')}{' '}
        {portfolio.fxRates.length > 0 ? (
          <span data-testid="portfolio-rates">
            {t('totals.ratesTitle')}:{' '}
            {portfolio.fxRates
              .map((rate) =>
                t('totals.rate', {
                  from: rate.from,
                  to: rate.to,
                  rate: rate.rate.toPrecision(5),
                  date: formatDate(rate.asOf, locale),
                }),
              )
              .join(' · ')}
          </span>
        ) : null}
      </p>
      {portfolio.missingRates.length > 0 ? (
        <p role="note" className="text-sm text-loss">
          {t('totals.missingRates', { currencies: portfolio.missingRates.join(', ') })}
        </p>
      ) : null}
    </section>
  )
}

export function PortfolioScoreCard({
  portfolio,
  locale,
}: {
  portfolio: PortfolioView
  locale: DisplayLocale
}) {
  const { t } = useTranslation('portfolio')
  const { score } = portfolio
  return (
    <Card className="flex flex-col gap-3" data-testid="portfolio-score">
      <h2 className="text-xl font-semibold text-ink-950">{t('score.title')}</h2>
      {score.total === null ? (
        <p className="text-ink-800">{t('score.none')}</p>
      ) : (
        <>
          <p className="flex items-baseline gap-2">
            <span className="text-sm text-ink-700">{t('score.total')}</span>
            <span className="text-3xl font-bold text-ink-950" data-testid="portfolio-score-total">
              {score.total.toFixed(1)}
            </span>
            <span className="text-sm text-ink-700">/ 100</span>
          </p>
          <ul className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            {score.dimensions.map((dimension) => (
              <li key={dimension.key} className="flex items-center gap-2">
                <span className="w-40 shrink-0 text-ink-800">{dimension.label}</span>
                <Bar share={(dimension.value ?? 0) / 100} />
                <span className="w-10 text-end font-medium text-ink-950">
                  {dimension.value === null ? '—' : dimension.value.toFixed(0)}
                </span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-ink-700">
            {t('score.coverage', { share: formatPercent(score.coverage, locale, { digits: 0 }) })}{' '}
            {t('score.method', { date: score.asOf ? formatDate(score.asOf, locale) : '—' })}
          </p>
        </>
      )}
    </Card>
  )
}

function Bar({ share }: { share: number }) {
  return (
    <span className="h-2 flex-1 rounded-full bg-ink-100" aria-hidden="true">
      <span
        className="block h-2 rounded-full bg-brand-600"
        style={{ width: `${Math.max(0, Math.min(1, share)) * 100}%` }}
      />
    </span>
  )
}

export function PortfolioNotes({ notes, locale }: { notes: PortfolioNote[]; locale: DisplayLocale }) {
  const { t } = useTranslation(['portfolio', 'search'])
  const sectorLabel = useSectorName()
  if (notes.length === 0) return null
  const textOf = (note: PortfolioNote) => {
    const params: Record<string, string | number> = { ...note.params }
    for (const key of ['weight', 'limit'] as const)
      if (typeof params[key] === 'number')
        params[key] = formatPercent(params[key] as number, locale, { digits: 0 })
    if (typeof params.sector === 'string') params.sector = sectorLabel(params.sector)
    if (typeof params.market === 'string') params.market = t(`search:markets.${params.market}`)
    return t(`portfolio:notes.${note.key}`, params)
  }
  return (
    <Card className="flex flex-col gap-2" data-testid="portfolio-notes">
      <h2 className="text-xl font-semibold text-ink-950">{t('portfolio:notes.title')}</h2>
      <ul className="flex flex-col gap-1 text-sm">
        {notes.map((note) => (
          <li
            key={note.key}
            className={note.tone === 'good' ? 'text-ink-800' : 'font-medium text-ink-950'}
            data-tone={note.tone}
          >
            <span aria-hidden="true">{note.tone === 'good' ? '✓ ' : '! '}</span>
            {textOf(note)}
          </li>
        ))}
      </ul>
    </Card>
  )
}

const chartWidth = 640
const chartHeight = 200

function pathOf(values: readonly (number | null)[], min: number, max: number): string {
  const span = max - min || 1
  const step = values.length > 1 ? chartWidth / (values.length - 1) : 0
  let path = ''
  values.forEach((value, index) => {
    if (value === null) return
    const x = (index * step).toFixed(1)
    const y = (chartHeight - ((value - min) / span) * chartHeight).toFixed(1)
    path += `${path ? 'L' : 'M'}${x},${y}`
  })
  return path
}

export function PortfolioPerformanceChart({
  performance,
  locale,
}: {
  performance: NonNullable<PortfolioView['performance']>
  locale: DisplayLocale
}) {
  const { t } = useTranslation(['portfolio', 'search'])
  const portfolioLine = performance.lines.portfolio
  const benchmarkLine = performance.lines.benchmark
  const all = [...portfolioLine, ...benchmarkLine.filter((value): value is number => value !== null)]
  const min = Math.min(...all)
  const max = Math.max(...all)
  const market = t(`search:markets.${performance.benchmarkMarket}`)
  const signed = (value: number | null) =>
    value === null ? '—' : formatPercent(value, locale, { signed: true })
  return (
    <Card className="flex flex-col gap-3" data-testid="portfolio-performance">
      <h2 className="text-xl font-semibold text-ink-950">{t('portfolio:performance.title')}</h2>
      <p className="text-sm text-ink-900" data-testid="portfolio-performance-summary">
        {t('portfolio:performance.summary', {
          date: formatDate(performance.startDate, locale),
          portfolio: signed(performance.portfolioReturn),
          benchmark: signed(performance.benchmarkReturn),
          market,
        })}
      </p>
      <svg
        viewBox={`0 0 ${chartWidth} ${chartHeight}`}
        className="h-48 w-full"
        role="img"
        aria-label={t('portfolio:performance.chartLabel', {
          date: formatDate(performance.startDate, locale),
        })}
        preserveAspectRatio="none"
      >
        <path
          d={pathOf(benchmarkLine, min, max)}
          fill="none"
          stroke="currentColor"
          className="text-ink-500"
          strokeWidth="1.5"
          vectorEffect="non-scaling-stroke"
        />
        <path
          d={pathOf(portfolioLine, min, max)}
          fill="none"
          stroke="currentColor"
          className="text-brand-600"
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <p className="flex flex-wrap gap-4 text-xs text-ink-800">
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-brand-600" aria-hidden="true" />
          {t('portfolio:performance.portfolio')}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block h-0.5 w-4 bg-ink-500" aria-hidden="true" />
          {t('portfolio:performance.benchmark', { market })}
        </span>
      </p>
      <p className="text-xs text-ink-700">{t('portfolio:performance.method')}</p>
    </Card>
  )
}

export function PortfolioWeights({ portfolio, locale }: { portfolio: PortfolioView; locale: DisplayLocale }) {
  const { t } = useTranslation(['portfolio', 'search'])
  const sectorLabel = useSectorName()
  const labelOf: Record<string, (key: string, name?: string) => string> = {
    stock: (key, name) => name ?? key,
    market: (key) => t(`search:markets.${key}`),
    sector: (key) => (key === 'unknown' ? t('portfolio:weights.unknownSector') : sectorLabel(key)),
    currency: (key) => key,
  }
  const groups = ['stock', 'market', 'sector', 'currency'] as const
  return (
    <section aria-labelledby="portfolio-weights" className="flex flex-col gap-3">
      <h2 id="portfolio-weights" className="text-xl font-semibold text-ink-950">
        {t('portfolio:weights.title')}
      </h2>
      <div className="grid gap-3 md:grid-cols-2" data-testid="portfolio-weights">
        {groups.map((group) => (
          <Card key={group} className="flex flex-col gap-2">
            <h3 className="font-semibold text-ink-950">{t(`portfolio:weights.${group}`)}</h3>
            <WeightList
              weights={portfolio.weights[group]}
              labelOf={labelOf[group] as (key: string, name?: string) => string}
              locale={locale}
            />
          </Card>
        ))}
      </div>
    </section>
  )
}

function WeightList({
  weights,
  labelOf,
  locale,
}: {
  weights: PortfolioWeightList
  labelOf: (key: string, name?: string) => string
  locale: DisplayLocale
}) {
  const { t } = useTranslation('portfolio')
  return (
    <ul className="flex flex-col gap-1 text-sm">
      {weights.shown.map((weight) => (
        <li key={weight.key} className="flex items-center gap-2">
          <span className="w-36 shrink-0 truncate text-ink-800">{labelOf(weight.key, weight.name)}</span>
          <Bar share={weight.weight} />
          <span className="w-14 text-end font-medium text-ink-950">
            {formatPercent(weight.weight, locale, { digits: 1 })}
          </span>
        </li>
      ))}
      {weights.more > 0 ? (
        <li className="text-xs text-ink-700">{t('weights.more', { count: weights.more })}</li>
      ) : null}
    </ul>
  )
}
