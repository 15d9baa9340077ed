import { describe, expect, it } from 'vitest'
import { radarGeometry } from './score-chart-geometry.ts'

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
