/**
 * The compare page's normalised price chart: each stock's closes over the year rebased to 100 on the first common
 * day, drawn by the server as SVG in two frames (a phone's, whose axis text stays at 11 px, and a wider one), each
 * line with its own colour and dash so the lines stay apart without colour, named by the legend and described in
 * words for screen readers.
 */
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ComparedStock } from '#contracts/compare.ts'
import {
  type CompareChartFrame,
  compactCompareFrame,
  compareChartGeometry,
  wideCompareFrame,
} from './compare-chart-geometry.ts'
import { type DisplayLocale, formatDate, formatDecimal } from './stock-format.ts'

/** Each line's stroke: a colour and a dash (none, dashes, dots, dash-dot). */
export const compareLineStyles = [
  { className: 'stroke-brand-600', dash: undefined },
  { className: 'stroke-gold-500', dash: '7 4' },
  { className: 'stroke-ink-700', dash: '2 3' },
  { className: 'stroke-loss', dash: '9 3 2 3' },
] as const

function ChartFrame({
  stocks,
  frame,
  displayLocale,
  className,
}: {
  stocks: readonly ComparedStock[]
  frame: CompareChartFrame
  displayLocale: DisplayLocale
  className: string
}) {
  const { t } = useTranslation('compare')
  const chart = compareChartGeometry(
    stocks.map((entry) => entry.closes),
    frame,
  )
  if (!chart.start || !chart.end) return null
  const lines = stocks
    .map((entry, index) => {
      const last = chart.lines[index]?.last
      return last
        ? t('chart.line', {
            name: entry.stock.name,
            value: formatDecimal(last.value, displayLocale, { digits: 1 }),
          })
        : t('chart.noLine', { name: entry.stock.name })
    })
    .join('; ')
  const monthOf = (date: string) =>
    new Intl.DateTimeFormat(displayLocale, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    )
  return (
    <svg
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      className={className}
      role="img"
      aria-label={t('chart.label', {
        start: formatDate(chart.start, displayLocale),
        end: formatDate(chart.end, displayLocale),
        lines,
      })}
    >
      {chart.yTicks.map((tick) => (
        <g key={tick.value}>
          <line
            x1={chart.plot.left}
            x2={chart.plot.right}
            y1={tick.y}
            y2={tick.y}
            className={tick.value === 100 ? 'stroke-ink-500' : 'stroke-ink-100'}
            strokeWidth={1}
          />
          <text
            x={chart.plot.left - 6}
            y={tick.y}
            textAnchor="end"
            dominantBaseline="middle"
            className="fill-ink-700 text-[11px] tabular-nums"
          >
            {formatDecimal(tick.value, displayLocale, { digits: tick.value % 1 === 0 ? 0 : 1 })}
          </text>
        </g>
      ))}
      {chart.xTicks.map((tick, index) => (
        <text
          key={tick.date}
          x={tick.x}
          y={chart.plot.bottom + 16}
          textAnchor={index === 0 ? 'start' : index === chart.xTicks.length - 1 ? 'end' : 'middle'}
          className="fill-ink-700 text-[11px]"
        >
          {monthOf(tick.date)}
        </text>
      ))}
      {chart.lines.map((line, index) =>
        line.path ? (
          <path
            key={stocks[index]?.stock.code ?? index}
            d={line.path}
            fill="none"
            strokeWidth={2}
            strokeLinejoin="round"
            strokeDasharray={compareLineStyles[index]?.dash}
            className={compareLineStyles[index]?.className}
            data-testid="compare-line"
          />
        ) : null,
      )}
    </svg>
  )
}

export function CompareChart({
  stocks,
  displayLocale,
}: {
  stocks: readonly ComparedStock[]
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('compare')
  const start = compareChartGeometry(
    stocks.map((entry) => entry.closes),
    compactCompareFrame,
  ).start
  return (
    <section aria-labelledby="compare-chart" className="flex flex-col gap-3" data-testid="compare-chart">
      <h2 id="compare-chart" className="text-xl font-semibold text-ink-950">
        {t('chart.heading')}
      </h2>
      {start ? (
        <>
          <p className="text-sm text-ink-700">
            {t('chart.intro', { date: formatDate(start, displayLocale) })}
          </p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-ink-900">
            {stocks.map((entry, index) => (
              <li key={`${entry.stock.market}-${entry.stock.code}`} className="flex items-center gap-2">
                <svg viewBox="0 0 28 8" className="h-2 w-7" aria-hidden="true">
                  <line
                    x1={0}
                    x2={28}
                    y1={4}
                    y2={4}
                    strokeWidth={2.5}
                    strokeDasharray={compareLineStyles[index]?.dash}
                    className={compareLineStyles[index]?.className}
                  />
                </svg>
                {entry.stock.name}
              </li>
            ))}
          </ul>
          <div className="max-w-3xl rounded-card border border-ink-100 bg-white p-1 sm:p-4">
            <ChartFrame
              stocks={stocks}
              frame={compactCompareFrame}
              displayLocale={displayLocale}
              className="block h-auto w-full sm:hidden"
            />
            <ChartFrame
              stocks={stocks}
              frame={wideCompareFrame}
              displayLocale={displayLocale}
              className="hidden h-auto w-full sm:block"
            />
          </div>
        </>
      ) : (
        <p className="text-sm text-ink-700">{t('chart.none')}</p>
      )}
    </section>
  )
}
