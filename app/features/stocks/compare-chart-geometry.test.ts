import { describe, expect, it } from 'vitest'
import {
  commonStartOf,
  compactCompareFrame,
  compareChartGeometry,
  rebaseCloses,
  valueTicks,
  wideCompareFrame,
} from './compare-chart-geometry.ts'

const closes = (pairs: Array<[string, number]>) => pairs.map(([date, close]) => ({ date, close }))

describe('rebasing', () => {
  it('starts every line on the latest first day, at 100', () => {
    const a = closes([
      ['2026-01-02', 10],
      ['2026-01-05', 11],
      ['2026-01-06', 12],
    ])
    const b = closes([
      ['2026-01-05', 200],
      ['2026-01-06', 150],
    ])
    expect(commonStartOf([a, b, []])).toBe('2026-01-05')
    expect(rebaseCloses(a, '2026-01-05')).toEqual([
      { date: '2026-01-05', value: 100 },
      { date: '2026-01-06', value: (100 * 12) / 11 },
    ])
    expect(rebaseCloses(b, '2026-01-05')).toEqual([
      { date: '2026-01-05', value: 100 },
      { date: '2026-01-06', value: 75 },
    ])
  })

  it('takes the last close before a start day the market was shut, and skips unusable closes', () => {
    const a = closes([
      ['2026-01-02', 10],
      ['2026-01-06', 0],
      ['2026-01-07', 15],
    ])
    expect(rebaseCloses(a, '2026-01-05')).toEqual([
      { date: '2026-01-05', value: 100 },
      { date: '2026-01-07', value: 150 },
    ])
    expect(rebaseCloses(a, '2025-12-31')).toEqual([])
    expect(commonStartOf([[], []])).toBeNull()
  })
})

describe('value ticks', () => {
  it('are round steps covering the range', () => {
    expect(valueTicks(82, 131)).toEqual({ low: 80, high: 140, step: 10 })
    expect(valueTicks(99, 101)).toEqual({ low: 99, high: 101, step: 0.5 })
    expect(valueTicks(100, 100).high).toBeGreaterThan(100)
  })
})

describe('the chart', () => {
  const a = closes([
    ['2026-01-01', 50],
    ['2026-07-02', 75],
    ['2026-12-31', 100],
  ])
  const b = closes([
    ['2026-01-01', 10],
    ['2026-12-31', 8],
  ])

  it('spans the frame from the start day to the last, with 100 on a tick', () => {
    const chart = compareChartGeometry([a, b], wideCompareFrame)
    expect(chart.start).toBe('2026-01-01')
    expect(chart.end).toBe('2026-12-31')
    expect(chart.lines[0]?.path.startsWith(`M${chart.plot.left} ${chart.baseY}`)).toBe(true)
    expect(chart.lines[0]?.last).toEqual({ x: chart.plot.right, y: chart.plot.top, value: 200 })
    expect(chart.lines[1]?.last?.value).toBe(80)
    expect(chart.yTicks.map((tick) => tick.value)).toContain(100)
    expect(chart.yTicks[0]?.y).toBe(chart.plot.bottom)
    expect(chart.xTicks.map((tick) => tick.date)).toEqual([
      '2026-01-01',
      '2026-05-02',
      '2026-09-01',
      '2026-12-31',
    ])
    for (const tick of chart.xTicks) {
      expect(tick.x).toBeGreaterThanOrEqual(chart.plot.left)
      expect(tick.x).toBeLessThanOrEqual(chart.plot.right)
    }
  })

  it('keeps every point inside the plot in the phone frame', () => {
    const chart = compareChartGeometry([a, b], compactCompareFrame)
    for (const line of chart.lines) {
      for (const [, x, y] of line.path.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)) {
        expect(Number(x)).toBeGreaterThanOrEqual(chart.plot.left)
        expect(Number(x)).toBeLessThanOrEqual(chart.plot.right)
        expect(Number(y)).toBeGreaterThanOrEqual(chart.plot.top)
        expect(Number(y)).toBeLessThanOrEqual(chart.plot.bottom)
      }
    }
  })

  it('draws no line for a stock without closes', () => {
    const chart = compareChartGeometry([a, []], wideCompareFrame)
    expect(chart.lines[1]).toEqual({ path: '', last: null })
    expect(compareChartGeometry([[], []], wideCompareFrame).lines.every((line) => line.path === '')).toBe(
      true,
    )
  })
})
