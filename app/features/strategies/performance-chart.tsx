/**
 * A strategy's value against its benchmark since inception, both from 100, drawn as inline SVG (no chart library:
 * two lines, a scale and a legend; it is on the page's first paint and must weigh nothing). The benchmark is dashed
 * so the two read apart without colour. The image has a title and a summary for screen readers; the figures table
 * beside it (strategy-detail.tsx) is the accessible version of the numbers.
 */
import { useId } from 'react'
import type { PerformancePointView } from '#contracts/strategies-rules.ts'

const width = 720
const height = 260
const padding = { top: 12, right: 12, bottom: 28, left: 44 }

/** Grid steps of 1, 2, 2.5 or 5 times a power of ten giving about four lines over the range. */
export function gridOf(min: number, max: number): number[] {
  const span = Math.max(max - min, 1)
  const rough = span / 4
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = ([1, 2, 2.5, 5, 10].find((multiple) => multiple * power >= rough) ?? 10) * power
  const lines: number[] = []
  for (let value = Math.ceil(min / step) * step; value <= max + 1e-9; value += step) lines.push(value)
  return lines
}

export function PerformanceChart({
  title,
  description,
  series,
  labels,
  formatDay,
}: {
  title: string
  description: string
  series: PerformancePointView[]
  labels: { strategy: string; benchmark: string }
  formatDay: (day: string) => string
}) {
  const titleId = useId()
  const descriptionId = useId()
  const values = series.flatMap((point) => [point.strategy, point.benchmark])
  const low = Math.min(100, ...values)
  const high = Math.max(100, ...values)
  const margin = (high - low) * 0.05 || 5
  const min = low - margin
  const max = high + margin
  const plotWidth = width - padding.left - padding.right
  const plotHeight = height - padding.top - padding.bottom
  const xOf = (index: number) =>
    padding.left + (series.length <= 1 ? plotWidth / 2 : (index * plotWidth) / (series.length - 1))
  const yOf = (value: number) => padding.top + plotHeight - ((value - min) / (max - min)) * plotHeight
  const pathOf = (pick: (point: PerformancePointView) => number) =>
    series.map((point, index) => `${xOf(index).toFixed(1)},${yOf(pick(point)).toFixed(1)}`).join(' ')
  const labelled = series.length <= 1 ? [0] : [0, Math.floor((series.length - 1) / 2), series.length - 1]
  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
        data-testid="strategy-chart"
      >
        <title id={titleId}>{title}</title>
        <desc id={descriptionId}>{description}</desc>
        {gridOf(min, max).map((value) => (
          <g key={value}>
            <line
              x1={padding.left}
              x2={width - padding.right}
              y1={yOf(value)}
              y2={yOf(value)}
              className={value === 100 ? 'stroke-ink-300' : 'stroke-ink-100'}
              strokeWidth={1}
            />
            <text
              x={padding.left - 6}
              y={yOf(value) + 4}
              textAnchor="end"
              className="fill-ink-700 text-[12px]"
            >
              {Math.round(value)}
            </text>
          </g>
        ))}
        {labelled.map((index) => (
          <text
            key={index}
            x={xOf(index)}
            y={height - 8}
            textAnchor={index === 0 ? 'start' : index === series.length - 1 ? 'end' : 'middle'}
            className="fill-ink-700 text-[12px]"
          >
            {series[index] ? formatDay(series[index].date) : ''}
          </text>
        ))}
        <polyline
          fill="none"
          className="text-ink-500"
          stroke="currentColor"
          strokeWidth={2}
          strokeDasharray="6 4"
          strokeLinejoin="round"
          points={pathOf((point) => point.benchmark)}
          data-testid="strategy-chart-benchmark"
        />
        <polyline
          fill="none"
          className="text-brand-600"
          stroke="currentColor"
          strokeWidth={2.5}
          strokeLinejoin="round"
          points={pathOf((point) => point.strategy)}
          data-testid="strategy-chart-strategy"
        />
      </svg>
      <figcaption>
        <ul className="flex flex-wrap gap-4 text-sm text-ink-800">
          <li className="flex items-center gap-2">
            <svg aria-hidden="true" width="24" height="8" className="text-brand-600">
              <line x1="0" x2="24" y1="4" y2="4" stroke="currentColor" strokeWidth="3" />
            </svg>
            {labels.strategy}
          </li>
          <li className="flex items-center gap-2">
            <svg aria-hidden="true" width="24" height="8" className="text-ink-500">
              <line
                x1="0"
                x2="24"
                y1="4"
                y2="4"
                stroke="currentColor"
                strokeWidth="2"
                strokeDasharray="6 4"
              />
            </svg>
            {labels.benchmark}
          </li>
        </ul>
      </figcaption>
    </figure>
  )
}
