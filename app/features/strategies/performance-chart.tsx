/**
 * A strategy's value against its benchmark since inception, both from 100, drawn as inline SVG (no chart library:
 * two lines, a scale and a legend; it is on the page's first paint and must weigh nothing). The benchmark is dashed
 * so the two read apart without colour. The image has a title and a summary for screen readers; the figures table
 * beside it (strategy-detail.tsx) is the accessible version of the numbers.
 */
import { ChartFrame, chartGeometry, polylinePoints } from '#app/components/chart-frame.tsx'
import type { PerformancePointView } from '#contracts/strategies-rules.ts'

type ChartBox = Parameters<typeof chartGeometry>[0]

/** From the small tablet up. */
const wideBox: ChartBox = { width: 720, height: 260, padding: { top: 12, right: 12, bottom: 28, left: 44 } }
/** On phones: drawn for the ~290 px it has on a 360 px screen, so its 12-unit axis text reads at 11 px or more. */
const compactBox: ChartBox = { width: 288, height: 210, padding: { top: 10, right: 8, bottom: 26, left: 34 } }

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

interface PerformanceChartProps {
  title: string
  description: string
  series: PerformancePointView[]
  labels: { strategy: string; benchmark: string }
  formatDay: (day: string) => string
}

/**
 * Drawn twice from the same series, as the diagnosis radar is: a compact frame on phones and the wide one from the
 * small tablet up (CSS shows one; the hidden one is out of the accessibility tree).
 */
export function PerformanceChart(props: PerformanceChartProps) {
  return (
    <>
      <div className="w-full max-w-[28rem] sm:hidden">
        <PerformanceDrawing {...props} box={compactBox} />
      </div>
      <div className="hidden sm:block">
        <PerformanceDrawing {...props} box={wideBox} />
      </div>
    </>
  )
}

function PerformanceDrawing({
  title,
  description,
  series,
  labels,
  formatDay,
  box,
}: PerformanceChartProps & { box: ChartBox }) {
  const values = series.flatMap((point) => [point.strategy, point.benchmark])
  const low = Math.min(100, ...values)
  const high = Math.max(100, ...values)
  const margin = (high - low) * 0.05 || 5
  const min = low - margin
  const max = high + margin
  const geometry = chartGeometry(box, series.length, min, max)
  const grid = gridOf(min, max).map((value) => ({
    value,
    label: String(Math.round(value)),
    isBase: value === 100,
  }))
  return (
    <ChartFrame
      title={title}
      description={description}
      testId="strategy-chart"
      geometry={geometry}
      grid={grid}
      dayLabelOf={(index) => (series[index] ? formatDay(series[index].date) : '')}
      legend={
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
      }
    >
      <polyline
        fill="none"
        className="text-ink-500"
        stroke="currentColor"
        strokeWidth={2}
        strokeDasharray="6 4"
        strokeLinejoin="round"
        points={polylinePoints(
          geometry,
          series.map((point) => point.benchmark),
        )}
        data-testid="strategy-chart-benchmark"
      />
      <polyline
        fill="none"
        className="text-brand-600"
        stroke="currentColor"
        strokeWidth={2.5}
        strokeLinejoin="round"
        points={polylinePoints(
          geometry,
          series.map((point) => point.strategy),
        )}
        data-testid="strategy-chart-strategy"
      />
    </ChartFrame>
  )
}
