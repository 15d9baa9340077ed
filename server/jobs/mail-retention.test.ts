/**
 * Retention of what mail and the notification centre pile up (issue 26): the hourly housekeeping forgets mail done
 * with (sent, failed, suppressed) and the outbox's copies after RETENTION_MAIL_DAYS, and notifications and delivered
 * alert crossings after RETENTION_NOTIFICATIONS_DAYS; a message still to send and a crossing not yet delivered are
 * kept however old.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { selectRows } from '#server/db/database.ts'
import { createReaderClients } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const clients = createReaderClients({ ipPrefix: '10.94', phonePrefix: '6294' })
let runtime: TestRuntime

beforeAll(async () => {
  runtime = await createTestRuntime(
    { RETENTION_MAIL_DAYS: '90', RETENTION_NOTIFICATIONS_DAYS: '30' },
    { smsSender: clients.smsSender },
  )
  clients.bind(runtime)
}, 120_000)
afterAll(() => runtime?.close())

const queue = (key: string, to: string) =>
  runtime.services.mail.queueMail({
    idempotencyKey: key,
    kind: 'newsletter-welcome',
    to,
    locale: 'en',
    siteOrigin: 'http://en.localhost:3000',
    variables: { actionUrl: 'http://en.localhost:3000/articles' },
  })

describe('mail retention', () => {
  it('forgets sent, failed and suppressed mail and the outbox’s copies after its days, never mail still to send', async () => {
    await queue('retention:old-sent', 'old.sent@example.com')
    await queue('retention:old-failed', 'old.failed@example.com')
    await queue('retention:new-sent', 'new.sent@example.com')
    await runtime.services.mail.deliverDue()
    await runtime.database.db.execute(
      sql`update mail_queue set status = 'failed' where idempotency_key = 'retention:old-failed'`,
    )
    await queue('retention:old-pending', 'old.pending@example.com')
    // Queued 100 days ago (the housekeeping runs now).
    await runtime.database.db.execute(
      sql`update mail_queue set created_at = now() - interval '100 days'
          where idempotency_key like 'retention:old-%'`,
    )
    await runtime.database.db.execute(
      sql`update mail_outbox set created_at = now() - interval '100 days' where to_address like 'old.%'`,
    )

    const outcome = await runtime.services.retention.applyRetention()
    expect(outcome.mail).toBe(4)
    const queued = await selectRows<{ key: string }>(
      runtime.database.db,
      sql`select idempotency_key as key from mail_queue where idempotency_key like 'retention:%' order by 1`,
    )
    expect(queued.map((row) => row.key)).toEqual(['retention:new-sent', 'retention:old-pending'])
    const outbox = await selectRows<{ to: string }>(
      runtime.database.db,
      sql`select to_address as to from mail_outbox where to_address like '%@example.com' order by 1`,
    )
    expect(outbox.map((row) => row.to)).toEqual(['new.sent@example.com'])
    // The message still to send is sent all the same.
    await runtime.services.mail.deliverDue()
    const [pending] = await selectRows<{ status: string }>(
      runtime.database.db,
      sql`select status from mail_queue where idempotency_key = 'retention:old-pending'`,
    )
    expect(pending?.status).toBe('sent')
  })
})

describe('notification retention', () => {
  it('forgets notifications and delivered crossings after its days, and keeps a crossing not yet delivered', async () => {
    const member = await clients.newMember()
    const memberId = (await runtime.services.accounts.findMember(member.phone as string))?.id as string
    const notification = (key: string, daysAgo: number) => sql`
      insert into notifications (member_id, delivery_key, kind, market, code, details, link, created_at)
      values (${memberId}, ${key}, 'priceAbove', 'us', 'AAPL', '{}'::jsonb, '/ai-stock-diagnosis?code=AAPL&market=us',
        now() - make_interval(days => ${daysAgo}))`
    const event = (key: string, daysAgo: number, delivered: boolean) => sql`
      insert into alert_events (key, member_id, kind, market, code, details, occurred_at, delivered_at)
      values (${key}, ${memberId}, 'priceAbove', 'us', 'AAPL', '{}'::jsonb, now() - make_interval(days => ${daysAgo}),
        ${delivered ? sql`now() - make_interval(days => ${daysAgo})` : sql`null`})`
    for (const statement of [
      notification('retention:old', 40),
      notification('retention:new', 2),
      event('retention:old-delivered', 40, true),
      event('retention:old-undelivered', 40, false),
      event('retention:new-delivered', 2, true),
    ])
      await runtime.database.db.execute(statement)

    const outcome = await runtime.services.retention.applyRetention()
    expect(outcome).toMatchObject({ notifications: 1, alertEvents: 1 })
    const told = await selectRows<{ key: string }>(
      runtime.database.db,
      sql`select delivery_key as key from notifications where member_id = ${memberId}`,
    )
    expect(told.map((row) => row.key)).toEqual(['retention:new'])
    const events = await selectRows<{ key: string }>(
      runtime.database.db,
      sql`select key from alert_events where member_id = ${memberId} order by key`,
    )
    expect(events.map((row) => row.key)).toEqual(['retention:new-delivered', 'retention:old-undelivered'])
  })

  it('refuses days too short for what reads them, and keeps forever at 0', () => {
    expect(() => loadConfig({ RETENTION_MAIL_DAYS: '30' })).toThrow(/RETENTION_MAIL_DAYS/)
    expect(() => loadConfig({ RETENTION_NOTIFICATIONS_DAYS: '3' })).toThrow(/RETENTION_NOTIFICATIONS_DAYS/)
    expect(loadConfig({ RETENTION_MAIL_DAYS: '0' }).retention.mailDays).toBeNull()
    expect(loadConfig({}).retention).toMatchObject({ mailDays: 180, notificationsDays: 365 })
  })
})
