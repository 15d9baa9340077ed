import { describe, expect, it } from 'vitest'
import type { MonthlyPick, MonthlyPicksAnswer } from '#contracts/monthly-picks.ts'
import { onlyShownPicks } from './home-stock-sections.server.ts'

const pick = (month: string, rank: number) => ({ month, rank, code: `C${rank}` }) as unknown as MonthlyPick
const monthOf = (month: string, count: number, lockedCount = 0) => ({
  month,
  recommendedAt: `${month}-01`,
  picks: Array.from({ length: count }, (_, index) => pick(month, index + 1)),
  lockedCount,
  averageReturn: 0.02,
  winRate: 0.5,
})

describe('the home page picks', () => {
  it('keeps the listed picks of the month shown (the latest with any), and of every month its count and summaries', () => {
    const answer = {
      months: [
        monthOf('2026-11', 0, 10),
        monthOf('2026-10', 12),
        monthOf('2026-09', 30),
        monthOf('2026-08', 30),
      ],
      trackRecord: { picks: 72, averageReturn: 0.03, winRate: 0.6 },
    } as unknown as MonthlyPicksAnswer

    const trimmed = onlyShownPicks(answer, 6)

    expect(trimmed.months.map((month) => month.picks.length)).toEqual([0, 6, 0, 0])
    expect(trimmed.months[1]?.picks).toEqual(answer.months[1]?.picks.slice(0, 6))
    expect(trimmed.months.map((month) => month.pickCount)).toEqual([0, 12, 30, 30])
    expect(trimmed.months.map((month) => [month.lockedCount, month.averageReturn, month.winRate])).toEqual(
      answer.months.map((month) => [month.lockedCount, month.averageReturn, month.winRate]),
    )
    expect(trimmed.trackRecord).toEqual(answer.trackRecord)
  })

  it('leaves an answer without any visible picks as it is', () => {
    const answer = {
      months: [monthOf('2026-11', 0, 5)],
      trackRecord: { picks: 0 },
    } as unknown as MonthlyPicksAnswer
    expect(onlyShownPicks(answer).months).toEqual([{ ...answer.months[0], pickCount: 0 }])
  })
})
