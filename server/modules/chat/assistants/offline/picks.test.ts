import { describe, expect, it } from 'vitest'
import type { MonthlyPick, MonthlyPicksAnswer } from '#contracts/monthly-picks.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { listMonthlyPicks } from '../../tools/list-tools.ts'
import type { ToolContext } from '../../tools/tool-inputs.ts'
import type { Writer } from './answer-writer.ts'
import { writePicks } from './picks.ts'

function pick(rank: number): MonthlyPick {
  return {
    month: '2026-11',
    rank,
    code: `C${rank}`,
    market: 'us',
    name: `Company ${rank}`,
    nameEn: `Company ${rank}`,
    nameZh: `公司 ${rank}`,
    currency: 'USD',
    suggestion: 'buy',
    stockType: 'growth',
    recommendedPrice: 100,
    analystEstimatedPrice: 120,
    analystEstimatedPriceSource: 'consensus',
    estimatedReturn: 0.2,
    estimatedMaxDrawdown: -0.3,
    recommendedAt: '2026-11-01',
    dataAsOf: '2026-10-31',
    score: 80,
    fairValue: 130,
    downsideMargin: 0.3,
    latestPrice: 105,
    latestPriceDate: rank === 2 ? '2026-11-20' : '2026-11-19',
    actualReturn: 0.05,
    actualMaxDrawdown: -0.02,
    isDemo: false,
  }
}

/** A month of 30 picks, of which the reader's plan shows `shown`. */
function monthOf(shown: number): MonthlyPicksAnswer {
  return {
    asOf: '2026-11-20',
    isDemo: false,
    market: null,
    months: [
      {
        month: '2026-11',
        recommendedAt: '2026-11-01',
        picks: Array.from({ length: shown }, (_, i) => pick(i + 1)),
        lockedCount: 30 - shown,
        averageReturn: 0.05,
        winRate: 0.6,
      },
    ],
    trackRecord: { picks: 0, averageReturn: null, winRate: null },
    rule: 'The rule.',
  } as unknown as MonthlyPicksAnswer
}

function reader(role: Reader['role']): Reader {
  return {
    role,
    memberId: role === 'visitor' ? null : 'm',
    tier: role === 'subscriber' ? 'premium' : null,
    sessionId: null,
    device: { key: 'k', network: null },
  }
}

async function answerFor(shown: number, role: Reader['role'], locale: 'en' | 'zh-Hant' = 'en') {
  const ctx = {
    stocks: { listMonthlyPicks: async () => monthOf(shown) },
    reader: reader(role),
    locale,
  } as unknown as ToolContext
  const result = await listMonthlyPicks(ctx, { market: undefined } as never)
  const w: Writer = { zh: locale === 'zh-Hant', locale, lines: [], asOf: new Set(), isDemo: false }
  writePicks(w, result.data, role)
  return { text: w.lines.join('\n'), sources: result.sources }
}

describe('the chat’s picks answer', () => {
  it('shows a Premium reader the first 10 of 30 and links to all, without telling them to upgrade', async () => {
    const { text, sources } = await answerFor(30, 'subscriber')
    expect(text).toContain(
      'These are the first 10 of the 30 picks your plan shows this month; see them all on [Monthly picks](/member/picks).',
    )
    expect(text).not.toMatch(/higher plan|upgrade|subscri/i)
    expect(sources[0]?.href).toBe('/member/picks')
    const zh = await answerFor(30, 'subscriber', 'zh-Hant')
    expect(zh.text).toContain('以上是您的方案本月可查看的 30 隻精選股票中的前 10 隻')
    expect(zh.text).not.toContain('升級')
  })

  it('dates the table by its recommendation and the latest close its returns are counted to', async () => {
    const { text, sources } = await answerFor(10, 'subscriber')
    expect(text).toContain('Stock picks for 2026-11 (recommended on 2026-11-01; returns to 2026-11-20):')
    expect(sources[0]?.asOf).toBe('2026-11-20')
  })

  it('names the step to the hidden picks: upgrade, subscribe, or log in and subscribe', async () => {
    expect((await answerFor(10, 'subscriber')).text).toContain(
      '20 more picks this month are shown with a higher plan.',
    )
    expect((await answerFor(0, 'member')).text).toContain(
      '30 more picks this month are shown with a subscription.',
    )
    expect((await answerFor(0, 'visitor')).text).toContain(
      '30 more picks this month are shown to subscribers (log in and subscribe).',
    )
    expect((await answerFor(10, 'subscriber')).text).not.toContain('first 10')
  })
})
