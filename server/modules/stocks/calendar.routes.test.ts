import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CalendarAnswer } from '#contracts/calendar.ts'
import { isoWeekOf } from '#contracts/calendar-rules.ts'
import { createManualClock } from '#server/clock.ts'
import { selectRows } from '#server/db/database.ts'
import { addDays, dayOfWeek } from '#server/providers/market-data/exchange-calendar.ts'
import {
  createReaderClients,
  dataOf,
  expectFailure,
  type ReaderClient,
} from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { importCsvIntoDatabase } from './csv-import.ts'

// Monday 23 November 2026, 03:00 UTC: still Sunday evening in New York, Monday morning in Taipei.
const clock = createManualClock('2026-11-23T03:00:00Z')
const readers = createReaderClients({ ipPrefix: '10.63', phonePrefix: '6363' })
let runtime: TestRuntime
let visitor: ReaderClient
let taipei: ReaderClient

beforeAll(async () => {
  runtime = await createTestRuntime({}, { clock, smsSender: readers.smsSender })
  readers.bind(runtime)
  visitor = await readers.newVisitor('en')
  taipei = await readers.newVisitor('hant')
}, 120_000)
afterAll(() => runtime.close())

async function calendar(
  query: Record<string, string>,
  client: ReaderClient = visitor,
): Promise<CalendarAnswer> {
  return dataOf<CalendarAnswer>(await readers.get(client, '/calendar/list', query))
}

interface StoredEvent {
  kind: string
  code: string
  market: string
  date: string
  at: string | null
  payDate: string | null
  amount: number | null
  currency: string | null
}

async function storedEvents(where: ReturnType<typeof sql>): Promise<StoredEvent[]> {
  return selectRows<StoredEvent>(
    runtime.database.db,
    sql`select e.kind, c.code, c.market, e.date::text as date, e.at::text as at, e.pay_date::text as "payDate",
          e.amount, e.currency
        from stock_corporate_events e join stock_companies c on c.id = e.company_id where ${where}
        order by e.date`,
  )
}

describe('GET /calendar/list', () => {
  it('opens on the week holding today in the site’s time zone', async () => {
    const newYork = await calendar({})
    const taiwan = await calendar({}, taipei)
    expect(newYork).toMatchObject({ week: '2026-W47', currentWeek: '2026-W47', timeZone: 'America/New_York' })
    expect(taiwan).toMatchObject({ week: '2026-W48', currentWeek: '2026-W48', timeZone: 'Asia/Taipei' })
    expect(newYork.days.map((day) => day.date)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ])
    expect(newYork).toMatchObject({ previousWeek: '2026-W46', nextWeek: '2026-W48' })
  })

  it('lists the stored results and dividends of a week, labelled as demo data', async () => {
    const [dividend] = await storedEvents(
      sql`e.kind = 'dividend' and c.code = 'AAPL' and e.date > '2026-06-01'`,
    )
    expect(dividend).toBeDefined()
    const answer = await calendar({ week: isoWeekOf(dividend!.date) })
    expect(answer.isDemo).toBe(true)
    expect(answer.sources).toEqual(['demo'])
    const day = answer.days.find((d) => d.date === dividend!.date)
    expect(day?.dividends).toContainEqual({
      stock: { market: 'us', code: 'AAPL', name: 'Apple Inc.', otherName: '蘋果' },
      exDate: dividend!.date,
      payDate: dividend!.payDate,
      amount: dividend!.amount,
      currency: 'USD',
      isDemo: true,
    })
    // Amazon pays no dividend: it never appears among dividends, whatever the week.
    const amazon = await storedEvents(sql`e.kind = 'dividend' and c.code = 'AMZN'`)
    expect(amazon).toEqual([])
  })

  it('places a release on the reader’s own day: Tokyo’s midday is the evening before in New York', async () => {
    const toyota = await storedEvents(sql`e.kind = 'earnings' and c.code = '7203'`)
    // A Tuesday to Friday release, so the day before is in the same week.
    const release = toyota.find((e) => dayOfWeek(e.date) >= 2 && dayOfWeek(e.date) <= 5)
    expect(release).toBeDefined()
    const week = isoWeekOf(release!.date)
    const inNewYork = await calendar({ week, market: 'jp' })
    const inTaipei = await calendar({ week, market: 'jp' }, taipei)
    const dayOf = (answer: CalendarAnswer) =>
      answer.days.find((d) => d.earnings.some((e) => e.stock.code === '7203'))?.date
    expect(dayOf(inTaipei)).toBe(release!.date)
    expect(dayOf(inNewYork)).toBe(addDays(release!.date, -1))
  })

  it('narrows to one market, and to the stocks named', async () => {
    const week = isoWeekOf('2026-11-02')
    const everything = await calendar({ week })
    const markets = new Set(
      everything.days.flatMap((d) => [...d.earnings, ...d.dividends].map((e) => e.stock.market)),
    )
    expect(markets.size).toBeGreaterThan(1)
    const hk = await calendar({ week, market: 'HK' })
    expect(hk.market).toBe('hk')
    for (const day of hk.days)
      for (const e of [...day.earnings, ...day.dividends]) expect(e.stock.market).toBe('hk')
    const first = everything.days.flatMap((d) => d.earnings)[0]
    expect(first).toBeDefined()
    const key = `${first!.stock.market}:${first!.stock.code}`
    const mine = await calendar({ week, stocks: `${key},us:NOSUCH` })
    expect(mine.filtered).toBe(true)
    const codes = mine.days.flatMap((d) =>
      [...d.earnings, ...d.dividends].map((e) => `${e.stock.market}:${e.stock.code}`),
    )
    expect(codes.length).toBeGreaterThan(0)
    expect(new Set(codes)).toEqual(new Set([key]))
  })

  it('refuses a week, market or stock list it cannot read, in the reader’s language', async () => {
    for (const week of ['2026-W54', '2026-49', 'next', '1999-W10', '2026-W00']) {
      expectFailure(await readers.get(visitor, '/calendar/list', { week }), 400, 'CALENDAR_WEEK_INVALID')
    }
    const chinese = await readers.get(taipei, '/calendar/list', { week: '2026-W99' })
    expectFailure(chinese, 400, 'CALENDAR_WEEK_INVALID')
    expect(chinese.json().message).toContain('2026-W49')
    expect(chinese.json().message).toMatch(/請選擇一週/)
    expectFailure(await readers.get(visitor, '/calendar/list', { market: 'tw' }), 400, 'STOCK_MARKET_INVALID')
    for (const stocks of [
      'AAPL',
      'xx:AAPL',
      'us:AAP L',
      Array.from({ length: 201 }, (_, i) => `us:A${i}`).join(','),
    ]) {
      expectFailure(await readers.get(visitor, '/calendar/list', { stocks }), 400, 'CALENDAR_STOCKS_INVALID')
    }
  })

  it('shows imported dividends as the csv source, not demo', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'calendar-csv-'))
    try {
      const path = join(folder, 'dividends.csv')
      await writeFile(
        path,
        'code,market,exDate,payDate,amount,currency\nMSFT,us,2027-02-18,2027-03-12,0.91,USD\n',
      )
      const { report } = await importCsvIntoDatabase(runtime.database.db, {
        kind: 'dividends',
        path,
        now: clock.now,
      })
      expect(report.accepted).toBe(1)
      const answer = await calendar({ week: '2027-W07', stocks: 'us:MSFT' })
      expect(answer.isDemo).toBe(false)
      expect(answer.sources).toEqual(['csv'])
      expect(answer.days.find((d) => d.date === '2027-02-18')?.dividends).toEqual([
        expect.objectContaining({ exDate: '2027-02-18', payDate: '2027-03-12', amount: 0.91, isDemo: false }),
      ])
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})
