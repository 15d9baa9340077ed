/**
 * The /member/picks page's data on a fresh database with the seeded demo month: Base sees 5 of the month's picks,
 * Plus 10, Premium every one, each with the step that shows more; visitors and members none; tracking opens from
 * Plus and measures each shown pick against its market; the market and month come from the address.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createManualClock } from '#server/clock.ts'
import { selectRows } from '#server/db/database.ts'
import { createReaderClients, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { loadMemberPicks } from './member-picks.server.ts'

const readers = createReaderClients({ ipPrefix: '10.82', phonePrefix: '9182' })
let runtime: TestRuntime
beforeAll(async () => {
  // In the demo data's last month (test-env.ts: data up to 2026-11-20), so November is the current month.
  runtime = await createTestRuntime(
    {},
    { clock: createManualClock('2026-11-22T09:00:00Z'), smsSender: readers.smsSender },
  )
  readers.bind(runtime)
  const month = await selectRows<{ market: string; code: string }>(
    runtime.database.db,
    sql`select c.market, c.code from stock_monthly_picks p join stock_companies c on c.id = p.company_id
        where p.month = '2026-11'`,
  )
  seededCount = month.length
  // The small test universe's demo month has fewer picks than Plus shows; the analysts add some (as on the desk),
  // so each plan's cut is seen.
  const unpicked = await selectRows<{ market: 'us' | 'hk' | 'jp' | 'kr'; code: string; close: number }>(
    runtime.database.db,
    sql`select * from (
          select c.market, c.code, (select b.close from stock_daily_bars b where b.company_id = c.id
            and b.date <= '2026-10-31' order by b.date desc limit 1) as close
          from stock_companies c
          where not exists (select 1 from stock_monthly_picks p where p.company_id = c.id and p.month = '2026-11')
        ) priced where close is not null order by market, code limit ${addedPicks}`,
  )
  for (const company of unpicked) {
    await runtime.services.analystDesk.createPick(
      {
        month: '2026-11',
        market: company.market,
        code: company.code,
        suggestion: 'buy',
        stockType: 'value',
        recommendedPrice: Number(company.close),
        analystEstimatedPrice: Number(company.close) * 1.2,
        estimatedMaxDrawdown: -0.2,
      },
      null,
    )
  }
})
afterAll(() => runtime.close())

const addedPicks = 4
let seededCount = 0

function pageOf(reader: ReaderClient | null, search = '') {
  const request = new Request(`http://en.localhost:3000/member/picks${search}`, {
    headers: reader?.token ? { cookie: `access_token=${reader.token}` } : {},
  })
  return loadMemberPicks(request, { services: runtime.services, clientIp: '10.82.9.9', locale: 'en' })
}

describe('the month’s picks by plan', () => {
  it('counts the seeded demo month and the analysts’ additions', async () => {
    expect(seededCount).toBeGreaterThan(5)
    const page = await pageOf(await readers.newMember('premium'))
    expect(page.month?.picks).toHaveLength(seededCount + addedPicks)
    expect(seededCount + addedPicks).toBeGreaterThan(10)
  })

  it.each([
    ['base', 5, { kind: 'upgrade', tier: 'plus' }],
    ['plus', 10, { kind: 'upgrade', tier: 'premium' }],
  ] as const)('shows %s its %i picks of the month and the step to more', async (tier, shown, lock) => {
    const total = seededCount + addedPicks
    const page = await pageOf(await readers.newMember(tier))
    expect(page.month?.month).toBe('2026-11')
    expect(page.month?.picks).toHaveLength(shown)
    expect(page.month?.lockedCount).toBe(total - shown)
    expect(page.picksLock).toEqual(lock)
  })

  it('shows Premium every pick of the month, with nothing locked', async () => {
    const total = seededCount + addedPicks
    const page = await pageOf(await readers.newMember('premium'))
    expect(page.month?.picks).toHaveLength(total)
    expect(page.month?.lockedCount).toBe(0)
    expect(page.picksLock).toBeNull()
    for (const pick of page.month?.picks ?? []) {
      expect(pick.recommendedPrice).toBeGreaterThan(0)
      expect(pick.latestPriceDate).not.toBeNull()
    }
  })

  it('asks a visitor to log in and a member to subscribe to Base', async () => {
    const visitor = await pageOf(null)
    expect(visitor.month?.picks).toEqual([])
    expect(visitor.picksLock).toEqual({ kind: 'logIn' })
    const member = await pageOf(await readers.newMember())
    expect(member.picksLock).toEqual({ kind: 'subscribe', tier: 'base' })
  })

  it('filters by market and opens an earlier month from the address', async () => {
    const premium = await readers.newMember('premium')
    const page = await pageOf(premium, '?market=jp')
    expect(page.market).toBe('jp')
    expect(page.month?.picks.every((pick) => pick.market === 'jp')).toBe(true)
    const earlier = page.months[1] as string
    const older = await pageOf(premium, `?market=jp&month=${earlier}`)
    expect(older.month?.month).toBe(earlier)
    // An unknown market or month reads as none: all markets, the newest month.
    const unknown = await pageOf(premium, '?market=xx&month=1999-01')
    expect(unknown.market).toBeNull()
    expect(unknown.month?.month).toBe('2026-11')
  })
})

describe('analyst portfolio tracking', () => {
  it('is locked for Base with the step to Plus', async () => {
    const page = await pageOf(await readers.newMember('base'))
    expect(page.tracking).toEqual({ state: 'locked', lock: { kind: 'upgrade', tier: 'plus' } })
  })

  it('tracks the picks Plus sees, month by month, against each pick’s market', async () => {
    const page = await pageOf(await readers.newMember('plus'))
    if (page.tracking.state !== 'open') throw new Error('expected tracking for Plus')
    const { tracking } = page.tracking
    expect(tracking.months.length).toBeGreaterThan(1)
    // The current month covers only the 10 picks Plus sees.
    expect(tracking.months.find((month) => month.month === '2026-11')?.picks).toBe(10)
    for (const month of tracking.months) {
      expect(month.benchmarkReturn).not.toBeNull()
      expect(month.excessReturn).toBeCloseTo(
        (month.averageReturn as number) - (month.benchmarkReturn as number),
        12,
      )
    }
    expect(tracking).toMatchObject({ benchmarkMethod: 'equal-weight-universe-v1', isDemo: true })
    expect(tracking.asOf).toBe('2026-11-20')
  })
})
