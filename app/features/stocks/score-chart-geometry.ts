/**
 * Geometry of the score radar: one spoke per score, clockwise from twelve o'clock, a value of 100 on the rim. A score
 * that is not available sits at the centre and is marked as such, so the shape never suggests a zero that was not
 * measured.
 */

export interface RadarPoint {
  x: number
  y: number
}

export interface RadarAxis {
  /** The end of the spoke (value 100). */
  rim: RadarPoint
  /** Where the value lies on the spoke; the centre when the value is not available. */
  point: RadarPoint
  /** Where the label goes, a little beyond the rim. */
  label: RadarPoint
  /** Text anchoring so labels on the left end at the spoke and labels on the right start from it. */
  anchor: 'start' | 'middle' | 'end'
  isAvailable: boolean
}

export interface RadarGeometry {
  center: RadarPoint
  radius: number
  axes: RadarAxis[]
  /** `x,y x,y …` of the value polygon. */
  polygon: string
  /** One polygon per ring (25, 50, 75, 100). */
  rings: string[]
}

const round = (n: number) => Math.round(n * 100) / 100

function pointAt(center: RadarPoint, radius: number, index: number, count: number): RadarPoint {
  const angle = -Math.PI / 2 + (2 * Math.PI * index) / count
  return { x: round(center.x + radius * Math.cos(angle)), y: round(center.y + radius * Math.sin(angle)) }
}

/** Values are 0–100 or null (not available); out-of-range values are clamped to the scale. */
export function radarGeometry(
  values: ReadonlyArray<number | null>,
  { center, radius, labelOffset = 14 }: { center: RadarPoint; radius: number; labelOffset?: number },
): RadarGeometry {
  const count = values.length
  const axes = values.map((value, index): RadarAxis => {
    const isAvailable = value !== null && Number.isFinite(value)
    const share = isAvailable ? Math.min(100, Math.max(0, value as number)) / 100 : 0
    const label = pointAt(center, radius + labelOffset, index, count)
    const dx = label.x - center.x
    return {
      rim: pointAt(center, radius, index, count),
      point: pointAt(center, radius * share, index, count),
      label,
      anchor: Math.abs(dx) < radius * 0.15 ? 'middle' : dx > 0 ? 'start' : 'end',
      isAvailable,
    }
  })
  const polygon = axes.map((a) => `${a.point.x},${a.point.y}`).join(' ')
  const rings = [0.25, 0.5, 0.75, 1].map((share) =>
    values
      .map((_, i) => pointAt(center, radius * share, i, count))
      .map((p) => `${p.x},${p.y}`)
      .join(' '),
  )
  return { center, radius, axes, polygon, rings }
}
