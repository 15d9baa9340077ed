/**
 * Geometry of a market's index chart (`/markets/:market`): one line of daily levels over a year, drawn by the server as
 * inline SVG (no chart library). The vertical scale spans the year's lowest to highest level with a little room, so
 * the line never touches the frame; a flat or single-point series is drawn level in the middle. A few gridlines with
 * their levels, and the first, middle and last days under the axis. Coordinates to a tenth of a unit, as the radar's.
 */

export interface ChartPoint {
  date: string
  value: number
}

export interface IndexChartGeometry {
  width: number
  height: number
  /** `M x,y L x,y …` of the line; empty without points. */
  line: string
  /** The line closed down to the bottom of the plot, for a light fill. */
  area: string
  /** Horizontal gridlines: their y and the level they mark. */
  gridlines: Array<{ y: number; value: number }>
  /** Days named under the plot: their x, the day and how the label is anchored. */
  dates: Array<{ x: number; date: string; anchor: 'start' | 'middle' | 'end' }>
  /** Where the last level sits, for its dot. */
  last: { x: number; y: number } | null
}

const round = (n: number) => Math.round(n * 10) / 10

export function indexChartGeometry(
  points: readonly ChartPoint[],
  {
    width = 720,
    height = 240,
    padding = { top: 12, right: 12, bottom: 28, left: 48 },
    gridlineCount = 4,
  }: {
    width?: number
    height?: number
    padding?: { top: number; right: number; bottom: number; left: number }
    gridlineCount?: number
  } = {},
): IndexChartGeometry {
  const values = points.map((p) => p.value).filter((v) => Number.isFinite(v))
  if (points.length === 0 || values.length === 0) {
    return { width, height, line: '', area: '', gridlines: [], dates: [], last: null }
  }
  const plotWidth = width - padding.left - padding.right
  const plotHeight = height - padding.top - padding.bottom
  const bottom = padding.top + plotHeight
  let min = Math.min(...values)
  let max = Math.max(...values)
  if (max === min) {
    // A level line: put it in the middle of a band one unit either side.
    min -= 1
    max += 1
  } else {
    const room = (max - min) * 0.05
    min -= room
    max += room
  }
  const xOf = (index: number) =>
    round(padding.left + (points.length === 1 ? plotWidth / 2 : (plotWidth * index) / (points.length - 1)))
  const yOf = (value: number) => round(padding.top + ((max - value) / (max - min)) * plotHeight)
  const coordinates = points.map((p, i) => ({ x: xOf(i), y: yOf(Number.isFinite(p.value) ? p.value : min) }))
  const line = coordinates.map((c, i) => `${i === 0 ? 'M' : 'L'}${c.x},${c.y}`).join(' ')
  const first = coordinates[0] as { x: number; y: number }
  const lastCoordinate = coordinates.at(-1) as { x: number; y: number }
  const area = `${line} L${lastCoordinate.x},${bottom} L${first.x},${bottom} Z`
  const gridlines = Array.from({ length: gridlineCount }, (_, i) => {
    const value = min + ((max - min) * i) / Math.max(1, gridlineCount - 1)
    return { y: yOf(value), value: Math.round(value * 10) / 10 }
  })
  const indexes = points.length === 1 ? [0] : [0, Math.floor((points.length - 1) / 2), points.length - 1]
  const dates = [...new Set(indexes)].map((index, i, all) => ({
    x: xOf(index),
    date: (points[index] as ChartPoint).date,
    anchor: (all.length === 1 ? 'middle' : i === 0 ? 'start' : i === all.length - 1 ? 'end' : 'middle') as
      | 'start'
      | 'middle'
      | 'end',
  }))
  return { width, height, line, area, gridlines, dates, last: lastCoordinate }
}
