/**
 * Saved screens' alerts (ADR 0040): the evaluation's rule on the database (enter, stay, leave, enter again, the first
 * evaluation a baseline, two workers and a repeated run recording an entry once) and the API (the switch, the plan's
 * limit shared with alerts on stocks, privacy, the alerts page's list, a stock entering told in the centre after a
 * refresh). PGlite, and PostgreSQL with DATABASE_URL.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AlertErrorCode, type AlertsAnswer, type NotificationsAnswer } from '#contracts/alert-rules.ts'
import { CommonErrorCode } from '#contracts/envelope.ts'
import type { SavedScreen } from '#contracts/screener.ts'
import { selectRows } from '#server/db/database.ts'
import { createServices } from '#server/services.ts'
import { createConsoleClients } from '#server/testing/console-clients.ts'
import { dataOf, expectFailure, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { evaluateScreenAlerts } from './alerts.repo.ts'

const clients = createConsoleClients({ ipPrefix: '10.147', phonePrefix: '9147' })
const readers = clients.readers
let runtime: TestRuntime

beforeAll(async () => {
  runtime = await createTestRuntime({}, { smsSender: clients.smsSender })
  clients.bind(runtime)
})
afterAll(() => runtime.close())

const post = (client: ReaderClient, path: string, body: unknown) => readers.send(client, 'POST', path, body)
const saveScreen = async (client: ReaderClient, name: string, query: string) =>
  dataOf<SavedScreen>(await post(client, '/screener/saved', { name, query }))
const turn = (client: ReaderClient, screenId: string, enabled: boolean) =>
  post(client, '/alert/screen', { screenId, enabled })
const alertsOf = async (client: ReaderClient) =>
  dataOf<AlertsAnswer>(await readers.get(client, '/alert/list'))
const notificationsOf = async (client: ReaderClient) =>
  dataOf<NotificationsAnswer>(await readers.get(client, '/notification/list'))

/** The entries recorded for a screen's alert, oldest first, as `market:code`. */
async function entriesOf(screenId: string): Promise<string[]> {
  const rows = await selectRows<{ stock: string }>(
    runtime.database.db,
    sql`select e.market || ':' || e.code as stock from alert_events e
        join alert_screens a on e.key like 'screen:' || a.id || ':%'
        where a.screen_id = ${screenId} order by e.occurred_at, e.key`,
  )
  return rows.map((row) => row.stock)
}

describe('the evaluation of a saved screen’s alert', () => {
  let screenId: string
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 10, minute))
  const evaluate = (members: string[], minute: number, db = runtime.database.db) =>
    evaluateScreenAlerts(db, JSON.stringify([{ screenId, name: 'Cheap quality', members }]), at(minute))

  beforeAll(async () => {
    const member = await readers.newMember()
    screenId = (await saveScreen(member, 'Cheap quality', 'market=us&minTotal=60')).id
    dataOf(await turn(member, screenId, true))
  })

  it('records the first members without telling, then tells each stock that enters, once; staying tells nothing', async () => {
    expect(await evaluate(['us:AAPL', 'us:MSFT'], 1)).toBe(0)
    expect(await entriesOf(screenId)).toEqual([])
    // AAPL stays, NVDA enters.
    expect(await evaluate(['us:AAPL', 'us:MSFT', 'us:NVDA'], 2)).toBe(1)
    // Nothing changed: nothing more.
    expect(await evaluate(['us:AAPL', 'us:MSFT', 'us:NVDA'], 3)).toBe(0)
    expect(await entriesOf(screenId)).toEqual(['us:NVDA'])
  })

  it('tells nothing of a stock that leaves, and again of one that leaves and enters again (re-armed)', async () => {
    expect(await evaluate(['us:AAPL', 'us:MSFT'], 4)).toBe(0)
    expect(await entriesOf(screenId)).toEqual(['us:NVDA'])
    expect(await evaluate(['us:AAPL', 'us:MSFT', 'us:NVDA'], 5)).toBe(1)
    expect(await entriesOf(screenId)).toEqual(['us:NVDA', 'us:NVDA'])
  })

  it('records an entry once when two workers evaluate at once, and a restart that evaluates again records nothing', async () => {
    const second = createServices({ config: runtime.config, database: runtime.database })
    const members = ['us:AAPL', 'us:AMZN', 'us:MSFT', 'us:NVDA']
    const counts = await Promise.all([
      evaluate(members, 6),
      evaluate(members, 6, runtime.database.db),
      second.alerts.deliverPendingEvents().then(() => evaluate(members, 7)),
    ])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1)
    // A process started again reads what was recorded: the same members tell nothing.
    expect(await evaluate(members, 8)).toBe(0)
    expect(await entriesOf(screenId)).toEqual(['us:NVDA', 'us:NVDA', 'us:AMZN'])
    const [state] = await selectRows<{ members: unknown; changes: number }>(
      runtime.database.db,
      sql`select members, changes from alert_screens where screen_id = ${screenId}`,
    )
    const recorded = typeof state?.members === 'string' ? JSON.parse(state.members) : state?.members
    expect(recorded).toEqual(members)
    expect(Number(state?.changes)).toBe(5)
  })

  it('leaves alone the alerts of screens the refresh does not name', async () => {
    const before = await entriesOf(screenId)
    expect(await evaluateScreenAlerts(runtime.database.db, JSON.stringify([]), at(9))).toBe(0)
    expect(await entriesOf(screenId)).toEqual(before)
  })
})

describe('the screen alert switch', () => {
  it('turns on for the reader’s own saved screen, is listed on the alerts page, and off again', async () => {
    const member = await readers.newMember(undefined, 'hant')
    const screen = await saveScreen(member, '高息股', 'market=hk&yieldMin=4')
    expect(dataOf(await turn(member, screen.id, true))).toEqual({ screenId: screen.id, enabled: true })
    // Twice on is still one alert.
    dataOf(await turn(member, screen.id, true))
    const listed = await alertsOf(member)
    expect(listed.screens).toEqual([
      expect.objectContaining({
        screenId: screen.id,
        name: '高息股',
        query: screen.query,
        lastFiredAt: null,
      }),
    ])
    expect(dataOf(await turn(member, screen.id, false))).toEqual({ screenId: screen.id, enabled: false })
    expect((await alertsOf(member)).screens).toEqual([])
  })

  it('answers another reader’s screen 404 in the reader’s language, a visitor 401, and a screen deleted takes its alert', async () => {
    const owner = await readers.newMember()
    const screen = await saveScreen(owner, 'Mine', 'market=us')
    const other = await readers.newMember(undefined, 'hant')
    const refused = await turn(other, screen.id, true)
    expectFailure(refused, 404, AlertErrorCode.screenNotFound)
    expect(refused.json().message).toMatch(/篩選/)
    const malformed = await turn(other, 'not-a-uuid', true)
    expect(malformed.statusCode).toBe(400)
    expect(malformed.headers['x-error-code']).toBe(AlertErrorCode.screenNotFound)
    expect(malformed.json().message).toMatch(/篩選/)
    const visitor = await readers.newVisitor()
    expectFailure(await turn(visitor, screen.id, true), 401, CommonErrorCode.unauthenticated)
    dataOf(await turn(owner, screen.id, true))
    dataOf(await readers.send(owner, 'DELETE', `/screener/saved/${screen.id}`))
    expect((await alertsOf(owner)).screens).toEqual([])
  })

  it('counts against the plan’s number of alerts, with the alerts on stocks', async () => {
    const member = await readers.newMember()
    const screen = await saveScreen(member, 'Ten', 'market=us')
    for (let i = 0; i < 10; i += 1)
      dataOf(
        await post(member, '/alert/create', {
          market: 'us',
          code: 'AAPL',
          kind: 'priceAbove',
          threshold: 100 + i,
        }),
      )
    const refused = await turn(member, screen.id, true)
    expectFailure(refused, 409, AlertErrorCode.limitReached)
    expect(refused.json().message).toMatch(/10 alerts/)
    const [first] = (await alertsOf(member)).alerts
    dataOf(await readers.send(member, 'DELETE', '/alert/delete', undefined, { alertId: first?.id ?? '' }))
    dataOf(await turn(member, screen.id, true))
    // Now the screen takes the tenth place: an alert on a stock is refused.
    expectFailure(
      await post(member, '/alert/create', { market: 'us', code: 'AAPL', kind: 'priceBelow', threshold: 1 }),
      409,
      AlertErrorCode.limitReached,
    )
  })
})

describe('a stock entering a saved screen after a refresh', () => {
  it('is told in the centre once, with the screen’s name and the stock’s link; leaving and entering again tells again', async () => {
    const member = await readers.newMember()
    const screen = await saveScreen(member, 'Every US stock', 'market=us&minTotal=0')
    dataOf(await turn(member, screen.id, true))
    const setScore = (score: number | null) =>
      runtime.database.db.execute(
        sql`update stock_screen_rows set total_score = ${score}
            where market = 'us' and code = 'AAPL'`,
      )
    const [before] = await selectRows<{ score: number }>(
      runtime.database.db,
      sql`select total_score as score from stock_screen_rows where market = 'us' and code = 'AAPL'`,
    )
    await setScore(null)
    // The first refresh records the screen's stocks: nothing told.
    await runtime.services.alerts.evaluateMarket('us')
    expect((await notificationsOf(member)).items).toEqual([])
    // A refresh of another market does not touch a screen of the US.
    await setScore(before?.score ?? 70)
    await runtime.services.alerts.evaluateMarket('hk')
    expect((await notificationsOf(member)).items).toEqual([])
    await runtime.services.alerts.evaluateMarket('us')
    await runtime.services.alerts.evaluateMarket('us')
    let told = (await notificationsOf(member)).items
    expect(told).toHaveLength(1)
    expect(told[0]).toMatchObject({
      kind: 'screenEntry',
      market: 'us',
      code: 'AAPL',
      details: { screen: 'Every US stock' },
      link: '/ai-stock-diagnosis?code=AAPL&market=us',
    })
    expect((await alertsOf(member)).screens[0]?.lastFiredAt).not.toBeNull()
    await setScore(null)
    await runtime.services.alerts.evaluateMarket('us')
    await setScore(before?.score ?? 70)
    await runtime.services.alerts.evaluateMarket('us')
    told = (await notificationsOf(member)).items
    expect(told.map((item) => [item.kind, item.code])).toEqual([
      ['screenEntry', 'AAPL'],
      ['screenEntry', 'AAPL'],
    ])
  })
})
