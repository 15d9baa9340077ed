import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AlertErrorCode,
  type AlertItem,
  type AlertsAnswer,
  type NotificationSettingsAnswer,
  type NotificationsAnswer,
  type UnreadAnswer,
} from '#contracts/alert-rules.ts'
import { CommonErrorCode } from '#contracts/envelope.ts'
import { selectRows } from '#server/db/database.ts'
import { verifyMemberEmail } from '#server/modules/mail/testing/member-email.ts'
import { createServices } from '#server/services.ts'
import { createConsoleClients } from '#server/testing/console-clients.ts'
import { dataOf, expectFailure, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { startFakePushService } from '../push/testing/fake-push-service.ts'

const clients = createConsoleClients({ ipPrefix: '10.126', phonePrefix: '9126' })
const readers = clients.readers
let runtime: TestRuntime

beforeAll(async () => {
  runtime = await createTestRuntime({}, { smsSender: clients.smsSender })
  clients.bind(runtime)
})
afterAll(() => runtime.close())

const post = (client: ReaderClient, path: string, body: unknown) => readers.send(client, 'POST', path, body)
const alertsOf = async (client: ReaderClient) =>
  dataOf<AlertsAnswer>(await readers.get(client, '/alert/list'))
const notificationsOf = async (client: ReaderClient) =>
  dataOf<NotificationsAnswer>(await readers.get(client, '/notification/list'))
const create = async (client: ReaderClient, body: Record<string, unknown>) =>
  dataOf<AlertItem>(await post(client, '/alert/create', body))

async function applePrice(): Promise<number> {
  const stock = await runtime.services.stocks.getStock('us', 'AAPL', 'en')
  return stock?.latestPrice ?? stock?.price ?? 0
}

async function memberIdOf(client: ReaderClient): Promise<string> {
  const [row] = await selectRows<{ id: string }>(
    runtime.database.db,
    sql`select id from members where phone = ${client.phone}`,
  )
  return row?.id as string
}

describe('setting alerts', () => {
  it('sets, lists, edits, pauses and deletes an alert, with the stock’s name in the reader’s language', async () => {
    const member = await readers.newMember(undefined, 'hant')
    const alert = await create(member, { market: 'hk', code: '0700', kind: 'priceAbove', threshold: 1000 })
    expect(alert).toMatchObject({ kind: 'priceAbove', code: '0700', threshold: 1000, isPaused: false })
    expect(alert.name).toMatch(/騰訊/)
    const edited = dataOf<AlertItem>(
      await post(member, '/alert/update', { alertId: alert.id, threshold: 900 }),
    )
    expect(edited.threshold).toBe(900)
    const paused = dataOf<AlertItem>(
      await post(member, '/alert/update', { alertId: alert.id, isPaused: true }),
    )
    expect(paused.isPaused).toBe(true)
    expect((await alertsOf(member)).alerts.map((a) => [a.id, a.isPaused])).toEqual([[alert.id, true]])
    dataOf(await readers.send(member, 'DELETE', '/alert/delete', undefined, { alertId: alert.id }))
    expect((await alertsOf(member)).alerts).toEqual([])
  })

  it('refuses a kind that needs a threshold without one, a day’s move of 100 % or more, and a stock not covered', async () => {
    const member = await readers.newMember()
    expectFailure(
      await post(member, '/alert/create', { market: 'us', code: 'AAPL', kind: 'priceAbove' }),
      400,
      AlertErrorCode.thresholdInvalid,
    )
    expectFailure(
      await post(member, '/alert/create', { market: 'us', code: 'AAPL', kind: 'dayMove', threshold: 1.5 }),
      400,
      AlertErrorCode.thresholdInvalid,
    )
    expectFailure(
      await post(member, '/alert/create', { market: 'us', code: 'NOPE', kind: 'technicalsChange' }),
      404,
      AlertErrorCode.stockUnknown,
    )
  })

  it('keeps the plan’s number of alerts and says how many when refusing one more', async () => {
    const member = await readers.newMember()
    for (let i = 0; i < 10; i += 1)
      await create(member, { market: 'us', code: 'AAPL', kind: 'priceAbove', threshold: 100 + i })
    const refused = await post(member, '/alert/create', {
      market: 'us',
      code: 'AAPL',
      kind: 'priceBelow',
      threshold: 1,
    })
    expectFailure(refused, 409, AlertErrorCode.limitReached)
    expect(refused.json().message).toMatch(/10 alerts/)
    expect((await alertsOf(member)).max).toBe(10)
    const premium = await readers.newMember('premium')
    expect((await alertsOf(premium)).max).toBe(500)
  })

  it('answers a visitor 401 and another reader’s alert 404, as one that does not exist', async () => {
    const visitor = await readers.newVisitor()
    expectFailure(await readers.get(visitor, '/alert/list'), 401, CommonErrorCode.unauthenticated)
    expect(dataOf<UnreadAnswer>(await readers.get(visitor, '/notification/unread')).unread).toBe(0)
    const owner = await readers.newMember()
    const alert = await create(owner, { market: 'us', code: 'AAPL', kind: 'priceAbove', threshold: 1 })
    const other = await readers.newMember()
    expectFailure(
      await post(other, '/alert/update', { alertId: alert.id, isPaused: true }),
      404,
      AlertErrorCode.notFound,
    )
    expectFailure(
      await readers.send(other, 'DELETE', '/alert/delete', undefined, { alertId: alert.id }),
      404,
      AlertErrorCode.notFound,
    )
  })
})

describe('alerts firing after a refresh', () => {
  it('tells the member once per crossing, re-armed only when the condition is false again, and never while paused', async () => {
    const member = await readers.newMember()
    const price = await applePrice()
    const alert = await create(member, {
      market: 'us',
      code: 'AAPL',
      kind: 'priceAbove',
      threshold: price * 0.9,
    })
    await runtime.services.alerts.evaluateMarket('us')
    await runtime.services.alerts.evaluateMarket('us')
    let centre = await notificationsOf(member)
    expect(centre.unread).toBe(1)
    expect(centre.items[0]).toMatchObject({ kind: 'priceAbove', code: 'AAPL', readAt: null })
    expect(centre.items[0]?.link).toBe('/ai-stock-diagnosis?code=AAPL&market=us')
    expect(centre.items[0]?.details.threshold).toBeCloseTo(price * 0.9)

    // The condition turns false (the level is raised above the price): re-armed, nothing told.
    dataOf(await post(member, '/alert/update', { alertId: alert.id, threshold: price * 2 }))
    await runtime.services.alerts.evaluateMarket('us')
    expect((await notificationsOf(member)).items).toHaveLength(1)
    // True again: told a second time; paused, it says nothing.
    dataOf(await post(member, '/alert/update', { alertId: alert.id, threshold: price * 0.5 }))
    await runtime.services.alerts.evaluateMarket('us')
    centre = await notificationsOf(member)
    expect(centre.items).toHaveLength(2)
    dataOf(await post(member, '/alert/update', { alertId: alert.id, threshold: price * 0.4, isPaused: true }))
    await runtime.services.alerts.evaluateMarket('us')
    expect((await notificationsOf(member)).items).toHaveLength(2)
  })

  it('tells nothing for a label alert until the label changes, then once', async () => {
    const member = await readers.newMember()
    const alert = await create(member, { market: 'us', code: 'MSFT', kind: 'technicalsChange' })
    await runtime.services.alerts.evaluateMarket('us')
    expect((await notificationsOf(member)).items).toEqual([])
    // The diagnosis said something else when the alert was set.
    await runtime.database.db.execute(sql`update alerts set state = 'somethingElse' where id = ${alert.id}`)
    await runtime.services.alerts.evaluateMarket('us')
    await runtime.services.alerts.evaluateMarket('us')
    const centre = await notificationsOf(member)
    expect(centre.items.map((item) => [item.kind, item.details.from])).toEqual([
      ['technicalsChange', 'somethingElse'],
    ])
  })

  it('delivers exactly once per recipient and channel when two services evaluate the same market at once and again after', async () => {
    const members = await Promise.all([readers.newMember(), readers.newMember('plus')])
    const price = await applePrice()
    for (const member of members)
      await create(member, { market: 'us', code: 'AAPL', kind: 'priceAbove', threshold: price * 0.8 })
    const memberIds = await Promise.all(members.map(memberIdOf))
    // Both members have verified an address on the account page.
    for (const [index, member] of members.entries())
      await verifyMemberEmail(runtime, readers, member, `reader-${index}@example.com`)
    const second = createServices({ config: runtime.config, database: runtime.database })
    await Promise.all([
      runtime.services.alerts.evaluateMarket('us'),
      second.alerts.evaluateMarket('us'),
      second.alerts.evaluateMarket('us'),
    ])
    // A process stopped after recording crossings and before delivering them: the next run delivers them once.
    await runtime.database.db.execute(sql`update alert_events set delivered_at = null`)
    await Promise.all([runtime.services.alerts.deliverPendingEvents(), second.alerts.deliverPendingEvents()])
    await runtime.services.alerts.evaluateMarket('us')
    const inApp = await selectRows<{ member_id: string; n: number | string }>(
      runtime.database.db,
      sql`select member_id, count(*) as n from notifications
          where member_id = any(${sql.param(memberIds)}::uuid[]) group by member_id`,
    )
    expect(inApp.map((row) => Number(row.n))).toEqual([1, 1])
    const mails = await selectRows<{ to_address: string; n: number | string }>(
      runtime.database.db,
      sql`select to_address, count(*) as n from mail_queue where kind = 'alert' group by to_address order by to_address`,
    )
    expect(mails.map((row) => [row.to_address, Number(row.n)])).toEqual([
      ['reader-0@example.com', 1],
      ['reader-1@example.com', 1],
    ])
  })

  it('tells a member who turned on the watchlist switch of a big move of a stock they follow, once per session', async () => {
    const member = await readers.newMember()
    dataOf(await post(member, '/watchlist/follow', { market: 'us', code: 'NVDA' }))
    dataOf(await post(member, '/alert/followed', { enabled: true }))
    expect((await alertsOf(member)).followedChanges).toBe(true)
    const figures = JSON.parse(await runtime.services.stocks.readAlertFiguresJson('us')) as Array<{
      code: string
      changeRate: number | null
    }>
    const bigMovers = new Set(figures.filter((f) => Math.abs(f.changeRate ?? 0) >= 0.05).map((f) => f.code))
    await runtime.services.alerts.evaluateMarket('us')
    await runtime.services.alerts.evaluateMarket('us')
    const told = (await notificationsOf(member)).items.filter((item) => item.kind === 'followedChange')
    // Whether NVDA moved 5 % in the demo session depends on the demo data: at most once either way.
    expect(told.length).toBeLessThanOrEqual(1)
    if (bigMovers.has('NVDA')) expect(told).toHaveLength(1)
  })
})

describe('the portfolio’s switch for big changes of everything held', () => {
  // The demo session of HSBC (hk:0005) is a move of more than 5 %: a big change by the switches' rule.
  const hsbc = { market: 'hk', code: '0005' } as const
  const buyHsbc = (member: ReaderClient, quantity = 100) =>
    post(member, '/member/portfolio/transactions', {
      kind: 'buy',
      ...hsbc,
      tradeDate: '2024-03-01',
      quantity,
      price: 60,
      fee: 0,
    })
  const toldOf = async (member: ReaderClient) =>
    (await notificationsOf(member)).items.filter((item) => item.code === hsbc.code)

  it('tells a member who holds a stock and turned the switch on of its big move, once per session, and nobody else', async () => {
    const figures = JSON.parse(await runtime.services.stocks.readAlertFiguresJson('hk')) as Array<{
      code: string
      changeRate: number | null
    }>
    expect(Math.abs(figures.find((f) => f.code === hsbc.code)?.changeRate ?? 0)).toBeGreaterThanOrEqual(0.05)

    const [holder, switchOff, soldOut] = await Promise.all([
      readers.newMember(),
      readers.newMember(),
      readers.newMember(),
    ])
    for (const member of [holder, switchOff, soldOut]) dataOf(await buyHsbc(member))
    for (const member of [holder, soldOut])
      expect(dataOf<{ heldChanges: boolean }>(await post(member, '/alert/held', { enabled: true }))).toEqual({
        heldChanges: true,
      })
    // Sold everything: no longer held, so not told.
    dataOf(
      await post(soldOut, '/member/portfolio/transactions', {
        kind: 'sell',
        ...hsbc,
        tradeDate: '2024-06-03',
        quantity: 100,
        price: 65,
        fee: 0,
      }),
    )
    expect((await alertsOf(holder)).heldChanges).toBe(true)
    expect((await alertsOf(switchOff)).heldChanges).toBe(false)

    await runtime.services.alerts.evaluateMarket('hk')
    await runtime.services.alerts.evaluateMarket('hk')
    const told = await toldOf(holder)
    expect(told.map((item) => [item.kind, item.market, item.link])).toEqual([
      ['heldChange', 'hk', '/ai-stock-diagnosis?code=0005&market=hk'],
    ])
    expect(Math.abs(Number(told[0]?.details.move))).toBeGreaterThanOrEqual(0.05)
    expect(await toldOf(switchOff)).toEqual([])
    expect(await toldOf(soldOut)).toEqual([])
  })

  it('tells a stock both held and followed once, as held, and stops once the switch is off', async () => {
    const both = await readers.newMember()
    dataOf(await buyHsbc(both, 10))
    dataOf(await post(both, '/watchlist/follow', hsbc))
    dataOf(await post(both, '/alert/followed', { enabled: true }))
    dataOf(await post(both, '/alert/held', { enabled: true }))
    await runtime.services.alerts.evaluateMarket('hk')
    expect((await toldOf(both)).map((item) => item.kind)).toEqual(['heldChange'])

    const later = await readers.newMember()
    dataOf(await buyHsbc(later))
    dataOf(await post(later, '/alert/held', { enabled: true }))
    expect(dataOf(await post(later, '/alert/held', { enabled: false }))).toEqual({ heldChanges: false })
    await runtime.services.alerts.evaluateMarket('hk')
    expect(await toldOf(later)).toEqual([])
  })

  it('finds the holdings of portfolios last changed before their replays were kept, without their pages opened', async () => {
    const [holder, soldOut] = await Promise.all([readers.newMember(), readers.newMember()])
    for (const member of [holder, soldOut]) {
      dataOf(await buyHsbc(member))
      dataOf(await post(member, '/alert/held', { enabled: true }))
    }
    dataOf(
      await post(soldOut, '/member/portfolio/transactions', {
        kind: 'sell',
        ...hsbc,
        tradeDate: '2024-06-03',
        quantity: 100,
        price: 65,
        fee: 0,
      }),
    )
    // As a portfolio saved before replays were kept looks: its transactions, no replay.
    const ids = [await memberIdOf(holder), await memberIdOf(soldOut)]
    await runtime.database.db.execute(
      sql`update portfolios set holdings = null where member_id in (${ids[0]}::uuid, ${ids[1]}::uuid)`,
    )

    await runtime.services.alerts.evaluateMarket('hk')
    expect((await toldOf(holder)).map((item) => item.kind)).toEqual(['heldChange'])
    expect(await toldOf(soldOut)).toEqual([])
    // The replays are kept now: what the ledger leaves, HSBC held by one, nothing by the other.
    const kept = await selectRows<{ memberId: string; positions: { code: string; quantity: number }[] }>(
      runtime.database.db,
      sql`select member_id as "memberId", holdings->'positions' as positions from portfolios
        where member_id in (${ids[0]}::uuid, ${ids[1]}::uuid)`,
    )
    const positionsOf = (id: string | undefined) =>
      kept
        .find((row) => row.memberId === id)
        ?.positions.filter((position) => position.quantity > 1e-9)
        .map((position) => [position.code, position.quantity])
    expect(positionsOf(ids[0])).toEqual([['0005', 100]])
    expect(positionsOf(ids[1])).toEqual([])
  })

  it('answers a visitor 401 and refuses a switch that is not true or false', async () => {
    const visitor = await readers.newVisitor()
    expectFailure(await post(visitor, '/alert/held', { enabled: true }), 401, CommonErrorCode.unauthenticated)
    const member = await readers.newMember()
    const refused = await post(member, '/alert/held', { enabled: 'yes' })
    expect(refused.statusCode).toBe(400)
    expect(refused.headers['x-error-code']).toBe(AlertErrorCode.settingInvalid)
  })
})

describe('push to the member’s devices', () => {
  it('sends a crossing once to each device that turned notifications on, in its site’s language, and none once turned off', async () => {
    const pushService = await startFakePushService()
    try {
      const member = await readers.newMember(undefined, 'hant')
      const device = pushService.createDevice()
      dataOf(await post(member, '/push/subscribe', device.subscription))
      const price = await applePrice()
      await create(member, { market: 'us', code: 'AAPL', kind: 'priceAbove', threshold: price * 0.7 })
      await runtime.services.alerts.evaluateMarket('us')
      await runtime.services.alerts.evaluateMarket('us')
      expect(pushService.refused).toEqual([])
      expect(pushService.received).toHaveLength(1)
      const [message] = pushService.received
      expect(JSON.parse(device.decrypt(message?.body ?? Buffer.alloc(0)))).toMatchObject({
        title: 'Tickerwise 提醒：AAPL (US)',
        url: '/member/notifications',
      })

      dataOf(
        await post(member, '/notification/settings', { kind: 'priceBelow', channel: 'push', enabled: false }),
      )
      await create(member, { market: 'us', code: 'AAPL', kind: 'priceBelow', threshold: price * 1.3 })
      await runtime.services.alerts.evaluateMarket('us')
      expect((await notificationsOf(member)).unread).toBe(2)
      expect(pushService.received).toHaveLength(1)
    } finally {
      await pushService.close()
    }
  })
})

describe('the notification centre', () => {
  it('marks one read, then all, and keeps settings per kind and channel (in-app always on)', async () => {
    const member = await readers.newMember()
    const price = await applePrice()
    await create(member, { market: 'us', code: 'AAPL', kind: 'priceAbove', threshold: price * 0.7 })
    await create(member, { market: 'us', code: 'AAPL', kind: 'priceBelow', threshold: price * 1.3 })
    await runtime.services.alerts.evaluateMarket('us')
    const centre = await notificationsOf(member)
    expect(centre.unread).toBe(2)
    const first = centre.items[0]?.id as string
    expect(
      dataOf<UnreadAnswer>(await post(member, '/notification/read', { notificationId: first })).unread,
    ).toBe(1)
    expect(dataOf<UnreadAnswer>(await post(member, '/notification/readAll', {})).unread).toBe(0)
    expect(dataOf<UnreadAnswer>(await readers.get(member, '/notification/unread')).unread).toBe(0)
    const other = await readers.newMember()
    expectFailure(
      await post(other, '/notification/read', { notificationId: first }),
      404,
      AlertErrorCode.notificationNotFound,
    )

    const settings = dataOf<NotificationSettingsAnswer>(
      await post(member, '/notification/settings', { kind: 'dayMove', channel: 'email', enabled: false }),
    )
    expect(settings.settings.dayMove).toEqual({ inApp: true, email: false, push: true })
    expect(settings.hasVerifiedEmail).toBe(false)
    expectFailure(
      await post(member, '/notification/settings', { kind: 'dayMove', channel: 'inApp', enabled: false }),
      400,
      AlertErrorCode.settingInvalid,
    )
  })
})
