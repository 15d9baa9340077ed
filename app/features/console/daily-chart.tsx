/**
 * A small line chart of counts per day, drawn as inline SVG (no chart library: the dashboard needs lines, a scale
 * and a legend, nothing more). It is an image with a title and a description for screen readers; each point names
 * its day and count on hover; the same numbers are in the table beside it, which is the accessible version.
 */
import { useId } from 'react'

export interface ChartSeries {
  label: string
  values: number[]
  /** A text colour class; lines and points are drawn in `currentColor`. */
  colorClass: string
}

const width = 720
const height = 220
const padding = { top: 12, right: 12, bottom: 28, left: 48 }

/** A round ceiling for the scale (1, 2 or 5 times a power of ten), so the grid lines read as plain numbers. */
export function scaleMaxOf(value: number): number {
  if (value <= 4) return 4
  const power = 10 ** Math.floor(Math.log10(value))
  const step = [1, 2, 5, 10].find((multiple) => multiple * power >= value) ?? 10
  return step * power
}

export function DailyChart({
  title,
  description,
  days,
  series,
  formatDay,
  formatNumber,
}: {
  title: string
  description: string
  days: string[]
  series: ChartSeries[]
  formatDay: (day: string) => string
  formatNumber: (value: number) => string
}) {
  const titleId = useId()
  const descriptionId = useId()
  const max = scaleMaxOf(Math.max(0, ...series.flatMap((line) => line.values)))
  const plotWidth = width - padding.left - padding.right
  const plotHeight = height - padding.top - padding.bottom
  const xOf = (index: number) =>
    padding.left + (days.length <= 1 ? plotWidth / 2 : (index * plotWidth) / (days.length - 1))
  const yOf = (value: number) => padding.top + plotHeight - (value / max) * plotHeight
  const grid = [0, 0.25, 0.5, 0.75, 1].map((share) => share * max)
  const labelled = days.length <= 1 ? [0] : [0, Math.floor((days.length - 1) / 2), days.length - 1]
  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
        data-testid="analytics-chart"
      >
        <title id={titleId}>{title}</title>
        <desc id={descriptionId}>{description}</desc>
        {grid.map((value) => (
          <g key={value}>
            <line
              x1={padding.left}
              x2={width - padding.right}
              y1={yOf(value)}
              y2={yOf(value)}
              className="stroke-ink-100"
              strokeWidth={1}
            />
            <text
              x={padding.left - 6}
              y={yOf(value) + 4}
              textAnchor="end"
              className="fill-ink-500 text-[11px]"
            >
              {formatNumber(value)}
            </text>
          </g>
        ))}
        {labelled.map((index) => (
          <text
            key={index}
            x={xOf(index)}
            y={height - 8}
            textAnchor={index === 0 ? 'start' : index === days.length - 1 ? 'end' : 'middle'}
            className="fill-ink-500 text-[11px]"
          >
            {days[index] ? formatDay(days[index]) : ''}
          </text>
        ))}
        {series.map((line) => (
          <g key={line.label} className={line.colorClass}>
            <polyline
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinejoin="round"
              points={line.values.map((value, index) => `${xOf(index)},${yOf(value)}`).join(' ')}
            />
            {line.values.map((value, index) => (
              <circle
                // biome-ignore lint/suspicious/noArrayIndexKey: one point per day, in day order
                key={index}
                cx={xOf(index)}
                cy={yOf(value)}
                r={days.length > 60 ? 1.5 : 3}
                fill="currentColor"
              >
                <title>{`${days[index] ? formatDay(days[index]) : ''} · ${line.label}: ${formatNumber(value)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <figcaption>
        <ul className="flex flex-wrap gap-4 text-sm text-ink-700">
          {series.map((line) => (
            <li key={line.label} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={`inline-block h-2 w-4 rounded-sm bg-current ${line.colorClass}`}
              />
              {line.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  )
}
