/**
 * A small line chart of counts per day, drawn as inline SVG (no chart library: the dashboard needs lines, a scale
 * and a legend, nothing more). It is an image with a title and a description for screen readers; each point names
 * its day and count on hover; the same numbers are in the table beside it, which is the accessible version.
 */
import { ChartFrame, chartGeometry, polylinePoints } from '#app/components/chart-frame.tsx'

export interface ChartSeries {
  label: string
  values: number[]
  /** A text colour class; lines and points are drawn in `currentColor`. */
  colorClass: string
}

const box = { width: 720, height: 220, padding: { top: 12, right: 12, bottom: 28, left: 48 } }

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
  const max = scaleMaxOf(Math.max(0, ...series.flatMap((line) => line.values)))
  const geometry = chartGeometry(box, days.length, 0, max)
  const { xOf, yOf } = geometry
  const grid = [0, 0.25, 0.5, 0.75, 1].map((share) => ({
    value: share * max,
    label: formatNumber(share * max),
  }))
  const dayOf = (index: number) => (days[index] ? formatDay(days[index]) : '')
  return (
    <ChartFrame
      title={title}
      description={description}
      testId="analytics-chart"
      geometry={geometry}
      grid={grid}
      dayLabelOf={dayOf}
      legend={
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
      }
    >
      {series.map((line) => (
        <g key={line.label} className={line.colorClass}>
          <polyline
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinejoin="round"
            points={polylinePoints(geometry, line.values)}
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
              <title>{`${dayOf(index)} · ${line.label}: ${formatNumber(value)}`}</title>
            </circle>
          ))}
        </g>
      ))}
    </ChartFrame>
  )
}
