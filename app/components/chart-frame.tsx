/**
 * What the site's small inline-SVG line charts share (no chart library: lines, a scale, day labels and a legend are
 * all they need): the plot's geometry, and the frame — an image with a title and a description for screen readers,
 * horizontal grid lines with their values, and the first, middle and last day under the plot. Each chart draws its
 * own lines inside; the numbers are always also in a table beside it, the accessible version.
 */
import { useId } from 'react'

export interface ChartBox {
  width: number
  height: number
  padding: { top: number; right: number; bottom: number; left: number }
}

export interface ChartGeometry {
  box: ChartBox
  points: number
  xOf(index: number): number
  yOf(value: number): number
}

/** Points spread evenly across the plot (one in the middle when alone); values from `min` (bottom) to `max`. */
export function chartGeometry(box: ChartBox, points: number, min: number, max: number): ChartGeometry {
  const plotWidth = box.width - box.padding.left - box.padding.right
  const plotHeight = box.height - box.padding.top - box.padding.bottom
  return {
    box,
    points,
    xOf: (index) => box.padding.left + (points <= 1 ? plotWidth / 2 : (index * plotWidth) / (points - 1)),
    yOf: (value) => box.padding.top + plotHeight - ((value - min) / (max - min || 1)) * plotHeight,
  }
}

/** `x,y` pairs of a polyline through the values, in point order. */
export function polylinePoints(geometry: ChartGeometry, values: number[]): string {
  return values
    .map((value, index) => `${geometry.xOf(index).toFixed(1)},${geometry.yOf(value).toFixed(1)}`)
    .join(' ')
}

export function ChartFrame({
  title,
  description,
  testId,
  geometry,
  grid,
  dayLabelOf,
  legend,
  children,
}: {
  title: string
  description: string
  testId: string
  geometry: ChartGeometry
  /** Grid lines: a value, its label, and whether it is the base line (drawn darker). */
  grid: { value: number; label: string; isBase?: boolean }[]
  /** The label under point `index` (only the first, middle and last are drawn). */
  dayLabelOf: (index: number) => string
  legend: React.ReactNode
  children: React.ReactNode
}) {
  const titleId = useId()
  const descriptionId = useId()
  const { box, points, xOf, yOf } = geometry
  const labelled = points <= 1 ? [0] : [0, Math.floor((points - 1) / 2), points - 1]
  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        viewBox={`0 0 ${box.width} ${box.height}`}
        className="h-auto w-full"
        data-testid={testId}
      >
        <title id={titleId}>{title}</title>
        <desc id={descriptionId}>{description}</desc>
        {grid.map(({ value, label, isBase }) => (
          <g key={value}>
            <line
              x1={box.padding.left}
              x2={box.width - box.padding.right}
              y1={yOf(value)}
              y2={yOf(value)}
              className={isBase ? 'stroke-ink-300' : 'stroke-ink-100'}
              strokeWidth={1}
            />
            <text
              x={box.padding.left - 6}
              y={yOf(value) + 4}
              textAnchor="end"
              className="fill-ink-700 text-[12px]"
            >
              {label}
            </text>
          </g>
        ))}
        {labelled.map((index) => (
          <text
            key={index}
            x={xOf(index)}
            y={box.height - 8}
            textAnchor={index === 0 ? 'start' : index === points - 1 ? 'end' : 'middle'}
            className="fill-ink-700 text-[12px]"
          >
            {dayLabelOf(index)}
          </text>
        ))}
        {children}
      </svg>
      <figcaption>{legend}</figcaption>
    </figure>
  )
}
