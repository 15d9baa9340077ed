/**
 * Geometry of the score radar: one spoke per score, clockwise from twelve o'clock (or half a step past it), a value of
 * 100 on the rim. A score that is not available sits at the centre and is marked as such, so the shape never suggests
 * a zero that was not measured. Also where each label goes and how large it is on screen, so the labels stay readable
 * and clear of each other on a phone (issue 9).
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

// Tenths of a unit: the frames are a few hundred units across, so a tenth is below a device pixel at any width the
// page draws them, and every extra digit is paid twice per point (the radar is drawn in two frames).
const round = (n: number) => Math.round(n * 10) / 10

function pointAt(center: RadarPoint, radius: number, step: number, count: number): RadarPoint {
  const angle = -Math.PI / 2 + (2 * Math.PI * step) / count
  return { x: round(center.x + radius * Math.cos(angle)), y: round(center.y + radius * Math.sin(angle)) }
}

/**
 * Values are 0–100 or null (not available); out-of-range values are clamped to the scale. `stepOffset` turns the
 * spokes clockwise by that share of the angle between two spokes (0.5: none at twelve or six o'clock).
 */
export function radarGeometry(
  values: ReadonlyArray<number | null>,
  {
    center,
    radius,
    labelOffset = 14,
    stepOffset = 0,
  }: { center: RadarPoint; radius: number; labelOffset?: number; stepOffset?: number },
): RadarGeometry {
  const count = values.length
  const axes = values.map((value, index): RadarAxis => {
    const isAvailable = value !== null && Number.isFinite(value)
    const share = isAvailable ? Math.min(100, Math.max(0, value as number)) / 100 : 0
    const step = index + stepOffset
    const label = pointAt(center, radius + labelOffset, step, count)
    const dx = label.x - center.x
    return {
      rim: pointAt(center, radius, step, count),
      point: pointAt(center, radius * share, step, count),
      label,
      anchor: Math.abs(dx) < radius * 0.15 ? 'middle' : dx > 0 ? 'start' : 'end',
      isAvailable,
    }
  })
  const polygon = axes.map((a) => `${a.point.x},${a.point.y}`).join(' ')
  const rings = [0.25, 0.5, 0.75, 1].map((share) =>
    values
      .map((_, i) => pointAt(center, radius * share, i + stepOffset, count))
      .map((p) => `${p.x},${p.y}`)
      .join(' '),
  )
  return { center, radius, axes, polygon, rings }
}

/**
 * The drawing frame of a radar: its view box, where the spokes are, and the size of its labels in view-box units.
 * The SVG scales with its box, so the labels' size on screen is `fontSize × rendered width ÷ width`.
 */
export interface RadarFrame {
  width: number
  height: number
  center: RadarPoint
  radius: number
  labelOffset: number
  /** Share of a step the spokes are turned clockwise from twelve o'clock. */
  stepOffset: number
  fontSize: number
  lineHeight: number
  /** Labels longer than this many characters break at a space. */
  wrapAfter: number
}

/** From the small tablet up, where the radar is drawn about 26rem wide. */
export const wideRadarFrame: RadarFrame = {
  width: 420,
  height: 340,
  center: { x: 210, y: 170 },
  radius: 110,
  labelOffset: 16,
  stepOffset: 0,
  fontSize: 12,
  lineHeight: 14,
  wrapAfter: 14,
}

/**
 * On a phone (drawn about 294 px wide on a 360 px screen): a view box close to the drawn size with larger type, so the
 * labels read at 12 px (issue 9: about 8 px with the wide frame), long names on two lines, and the spokes turned half
 * a step so that no label sits at twelve or six o'clock, where it would run into its neighbours.
 */
export const compactRadarFrame: RadarFrame = {
  width: 353,
  height: 255,
  // Off centre to the right: the longest English labels sit on the left.
  center: { x: 189, y: 128 },
  radius: 70,
  labelOffset: 12,
  stepOffset: 0.5,
  fontSize: 14.5,
  lineHeight: 15.5,
  wrapAfter: 9,
}

/** The size labels have on screen, in CSS pixels, when the frame is drawn `renderedWidth` px wide. */
export function renderedFontSize(
  frame: Pick<RadarFrame, 'width' | 'fontSize'>,
  renderedWidth: number,
): number {
  return (frame.fontSize * renderedWidth) / frame.width
}

/** A label broken at the space nearest its middle when longer than `wrapAfter` characters. */
export function splitRadarLabel(text: string, wrapAfter: number): string[] {
  if (text.length <= wrapAfter || !text.includes(' ')) return [text]
  const middle = text.length / 2
  let best = -1
  for (let i = text.indexOf(' '); i >= 0; i = text.indexOf(' ', i + 1)) {
    if (best < 0 || Math.abs(i - middle) < Math.abs(best - middle)) best = i
  }
  return [text.slice(0, best), text.slice(best + 1)]
}

const wideCharacter = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/

/** A generous estimate of a text's width: full-width (CJK) characters are one em, others about 0.66 em (the width of a wide sans such as DejaVu). */
export function estimateTextWidth(text: string, fontSize: number): number {
  let ems = 0
  for (const character of text) ems += wideCharacter.test(character) ? 1 : 0.66
  return ems * fontSize
}

export interface RadarLabelLayout {
  x: number
  /** Baseline of the first line; each next line is `lineHeight` lower. */
  y: number
  anchor: RadarAxis['anchor']
  /** Estimated box of the whole label (name lines and value line). */
  box: { left: number; top: number; right: number; bottom: number }
}

/**
 * Where a label's lines go: above the rim for the upper spokes (the block ends at the label point), below it for the
 * lower ones, centred on it at the sides; the text grows away from the spoke.
 */
export function radarLabelLayout(
  axis: Pick<RadarAxis, 'label' | 'anchor'>,
  lines: readonly string[],
  frame: Pick<RadarFrame, 'center' | 'radius' | 'labelOffset' | 'fontSize' | 'lineHeight'>,
): RadarLabelLayout {
  const { fontSize, lineHeight } = frame
  const height = (lines.length - 1) * lineHeight + fontSize * 1.15
  const sine = (axis.label.y - frame.center.y) / (frame.radius + frame.labelOffset)
  const top = sine < -0.7 ? axis.label.y - height : sine > 0.7 ? axis.label.y : axis.label.y - height / 2
  const width = Math.max(...lines.map((line) => estimateTextWidth(line, fontSize)))
  const left =
    axis.anchor === 'start'
      ? axis.label.x
      : axis.anchor === 'end'
        ? axis.label.x - width
        : axis.label.x - width / 2
  return {
    x: axis.label.x,
    y: round(top + fontSize * 0.9),
    anchor: axis.anchor,
    box: { left: round(left), top: round(top), right: round(left + width), bottom: round(top + height) },
  }
}
