import { describe, expect, it } from 'vitest'
import {
  compactRadarFrame,
  estimateTextWidth,
  type RadarAxis,
  type RadarFrame,
  type RadarLabelLayout,
  radarGeometry,
  radarLabelLayout,
  renderedFontSize,
  splitRadarLabel,
  wideRadarFrame,
} from './score-chart-geometry.ts'

const frame = { center: { x: 100, y: 100 }, radius: 50 }

describe('score radar geometry', () => {
  it('puts the first spoke at twelve o’clock and a value of 100 on the rim', () => {
    const g = radarGeometry([100, 100, 100, 100], frame)
    expect(g.axes[0]?.point).toEqual({ x: 100, y: 50 })
    expect(g.axes[1]?.point).toEqual({ x: 150, y: 100 })
    expect(g.axes[2]?.point).toEqual({ x: 100, y: 150 })
    expect(g.axes[3]?.point).toEqual({ x: 50, y: 100 })
  })

  it('scales a value along its spoke', () => {
    const g = radarGeometry([50, 0, 0, 0], frame)
    expect(g.axes[0]?.point).toEqual({ x: 100, y: 75 })
  })

  it('draws a score that is not available at the centre and marks it', () => {
    const g = radarGeometry([null, 80, 80, 80], frame)
    expect(g.axes[0]?.point).toEqual({ x: 100, y: 100 })
    expect(g.axes[0]?.isAvailable).toBe(false)
    expect(g.axes[1]?.isAvailable).toBe(true)
  })

  it('clamps values outside 0–100 to the scale', () => {
    const g = radarGeometry([140, -10, 50, 50], frame)
    expect(g.axes[0]?.point).toEqual({ x: 100, y: 50 })
    expect(g.axes[1]?.point).toEqual({ x: 100, y: 100 })
  })

  it('anchors labels away from the spoke on each side', () => {
    const g = radarGeometry([1, 1, 1, 1], frame)
    expect(g.axes.map((a) => a.anchor)).toEqual(['middle', 'start', 'middle', 'end'])
  })

  it('draws four rings and one polygon point per score', () => {
    const g = radarGeometry(
      Array.from({ length: 10 }, () => 60),
      frame,
    )
    expect(g.rings).toHaveLength(4)
    expect(g.polygon.split(' ')).toHaveLength(10)
  })
})

const englishLabels = [
  'Fundamentals',
  'Management',
  'Trend',
  'Market size',
  'Gross margin',
  'Profitability',
  'Growth potential',
  'Competitive advantage',
  'Valuation',
  'Financial health',
]
const chineseLabels = [
  '基本面',
  '經營團隊',
  '趨勢',
  '市場規模',
  '毛利率',
  '獲利能力',
  '成長潛力',
  '競爭優勢',
  '估值合理性',
  '財務體質',
]

function labelBoxes(frame: RadarFrame, labels: string[]) {
  const geometry = radarGeometry(
    labels.map(() => 100),
    frame,
  )
  return geometry.axes.map(
    (axis, i) =>
      radarLabelLayout(axis, [...splitRadarLabel(labels[i] as string, frame.wrapAfter), '100.0'], frame).box,
  )
}

const overlaps = (a: RadarLabelLayout['box'], b: RadarLabelLayout['box']) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

describe('score radar labels', () => {
  it('reads at 12 px or more on a 360 px phone, where the radar is drawn 294 px wide', () => {
    expect(renderedFontSize(compactRadarFrame, 294)).toBeGreaterThanOrEqual(12)
    // The wide frame, drawn that narrow, is what made the labels about 8 px.
    expect(renderedFontSize(wideRadarFrame, 294)).toBeLessThan(9)
  })

  it('turns the spokes half a step so that no label sits at twelve or six o’clock', () => {
    const g = radarGeometry(
      englishLabels.map(() => 50),
      compactRadarFrame,
    )
    expect(g.axes.every((axis) => axis.anchor !== 'middle')).toBe(true)
    expect(g.axes[0]?.rim.x).toBeGreaterThan(compactRadarFrame.center.x)
    expect(g.axes[9]?.rim.x).toBeLessThan(compactRadarFrame.center.x)
    expect(g.axes[0]?.rim.y).toBe(g.axes[9]?.rim.y)
  })

  it('breaks a long label at the space nearest its middle, and keeps a short one whole', () => {
    expect(splitRadarLabel('Competitive advantage', 9)).toEqual(['Competitive', 'advantage'])
    expect(splitRadarLabel('Growth potential', 9)).toEqual(['Growth', 'potential'])
    expect(splitRadarLabel('Trend', 9)).toEqual(['Trend'])
    expect(splitRadarLabel('估值合理性', 9)).toEqual(['估值合理性'])
  })

  it('estimates Chinese characters at one em and Latin ones narrower', () => {
    expect(estimateTextWidth('基本面', 10)).toBe(30)
    expect(estimateTextWidth('Trend', 10)).toBeCloseTo(33)
  })

  it('puts labels above the upper spokes, below the lower ones and beside the side ones', () => {
    const g = radarGeometry([1, 1, 1, 1], frame)
    const layout = (i: number) =>
      radarLabelLayout(g.axes[i] as RadarAxis, ['Name', '50'], {
        ...frame,
        labelOffset: 14,
        fontSize: 10,
        lineHeight: 12,
      })
    expect(layout(0).box.bottom).toBe(g.axes[0]?.label.y)
    expect(layout(2).box.top).toBe(g.axes[2]?.label.y)
    const side = layout(1).box
    expect((side.top + side.bottom) / 2).toBeCloseTo(g.axes[1]?.label.y as number, 1)
    expect(side.left).toBe(g.axes[1]?.label.x)
  })

  for (const [name, frameUnderTest] of [
    ['compact', compactRadarFrame],
    ['wide', wideRadarFrame],
  ] as const) {
    for (const [language, labels] of [
      ['English', englishLabels],
      ['Chinese', chineseLabels],
    ] as const) {
      it(`keeps every ${language} label inside the ${name} view box, clear of the others and of the rim`, () => {
        const boxes = labelBoxes(frameUnderTest, labels)
        for (const box of boxes) {
          expect(box.left).toBeGreaterThanOrEqual(0)
          expect(box.top).toBeGreaterThanOrEqual(0)
          expect(box.right).toBeLessThanOrEqual(frameUnderTest.width)
          expect(box.bottom).toBeLessThanOrEqual(frameUnderTest.height)
        }
        for (const [i, a] of boxes.entries()) {
          for (const b of boxes.slice(i + 1)) expect(overlaps(a, b)).toBe(false)
        }
        const rim = radarGeometry(
          labels.map(() => 100),
          frameUnderTest,
        ).axes.map((axis) => axis.rim)
        for (const box of boxes) {
          for (const point of rim) {
            const inside =
              point.x > box.left && point.x < box.right && point.y > box.top && point.y < box.bottom
            expect(inside).toBe(false)
          }
        }
      })
    }
  }
})
