import { describe, expect, it } from 'vitest'
import { indexChartGeometry } from './index-chart-geometry.ts'

const frame = { width: 200, height: 100, padding: { top: 10, right: 10, bottom: 20, left: 40 } }

describe('index chart geometry', () => {
  it('draws nothing without points', () => {
    expect(indexChartGeometry([], frame)).toMatchObject({
      line: '',
      area: '',
      gridlines: [],
      dates: [],
      last: null,
    })
  })

  it('spans the plot from the first to the last day, the lowest level low and the highest high', () => {
    const geometry = indexChartGeometry(
      [
        { date: '2025-11-20', value: 100 },
        { date: '2026-05-20', value: 90 },
        { date: '2026-11-20', value: 110 },
      ],
      frame,
    )
    const coordinates = geometry.line
      .split(' ')
      .map((part) => part.slice(1).split(',').map(Number) as [number, number])
    expect(coordinates.map(([x]) => x)).toEqual([40, 115, 190])
    const [y100, y90, y110] = coordinates.map(([, y]) => y) as [number, number, number]
    // Higher levels sit higher; neither extreme touches the frame (5 % of room each side).
    expect(y110).toBeLessThan(y100)
    expect(y100).toBeLessThan(y90)
    expect(y110).toBeGreaterThan(10)
    expect(y90).toBeLessThan(80)
    expect(geometry.area.endsWith('L190,80 L40,80 Z')).toBe(true)
    expect(geometry.last).toEqual({ x: 190, y: y110 })
    expect(geometry.dates).toEqual([
      { x: 40, date: '2025-11-20', anchor: 'start' },
      { x: 115, date: '2026-05-20', anchor: 'middle' },
      { x: 190, date: '2026-11-20', anchor: 'end' },
    ])
    expect(geometry.gridlines).toHaveLength(4)
    expect(geometry.gridlines[0]?.value).toBe(89)
    expect(geometry.gridlines[3]?.value).toBe(111)
  })

  it('draws a flat or single-point series level in the middle of the plot', () => {
    const single = indexChartGeometry([{ date: '2026-11-20', value: 100 }], frame)
    expect(single.line).toBe('M115,45')
    expect(single.dates).toEqual([{ x: 115, date: '2026-11-20', anchor: 'middle' }])
    const flat = indexChartGeometry(
      [
        { date: '2026-11-19', value: 100 },
        { date: '2026-11-20', value: 100 },
      ],
      frame,
    )
    expect(flat.line).toBe('M40,45 L190,45')
  })
})
