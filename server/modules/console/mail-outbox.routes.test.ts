/**
 * The default mail adapter for real: a footer sign-up's confirmation lands in the outbox, once however often it is
 * sent, and the console's Outbox lists it and shows it whole — for admins only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OutboxMessageDetail, OutboxPage } from '#contracts/mail.ts'
import { mailQueue } from '#server/modules/mail/mail.sql.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { dataOf, expectFailure } from '#server/testing/reader-clients.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'

const clients = createConsoleClients({ ipPrefix: '10.138', phonePrefix: '9138' })
let runtime: TestRuntime
let admin: StaffClient
let support: StaffClient

beforeAll(async () => {
  runtime = await createTestRuntime({}, { smsSender: clients.smsSender })
  clients.bind(runtime)
  admin = await clients.newStaff(['admin'])
  support = await clients.newStaff(['support'])
})
afterAll(() => runtime.close())

describe('the outbox', () => {
  it('keeps the confirmation of a footer sign-up, and the console shows it whole to an admin', async () => {
    const signup = await runtime.app.inject({
      method: 'POST',
      url: '/api/portal/home/subEmail',
      headers: { ...regionalHeaders('hant'), 'content-type': 'application/json' },
      remoteAddress: '10.138.0.9',
      payload: { email: 'outbox.reader@example.com', source: 'footer' },
    })
    expect(signup.statusCode).toBe(200)
    expect(await runtime.services.mail.deliverDue()).toMatchObject({ sent: 1 })

    const page = dataOf<OutboxPage>(await clients.call(admin, 'GET', '/mail/outbox'))
    const row = page.rows.find((message) => message.to === 'outbox.reader@example.com')
    expect(row).toMatchObject({ subject: '請確認訂閱 Tickerwise 每週摘要' })

    const detail = dataOf<OutboxMessageDetail>(await clients.call(admin, 'GET', `/mail/outbox/${row?.id}`))
    expect(detail.from).toBe('Tickerwise <no-reply@tickerwise.localhost>')
    expect(detail.messageId).toMatch(/^<[0-9a-f-]{36}@tickerwise\.localhost>$/)
    expect(detail.headers).toEqual({})
    expect(detail.html).toContain('<html lang="zh-Hant">')
    expect(detail.text).toContain('http://hant.localhost:3000/mail/confirm?token=')
  })

  it('keeps one message once, even when a stopped worker’s attempt is made again', async () => {
    const before = dataOf<OutboxPage>(await clients.call(admin, 'GET', '/mail/outbox')).total
    await runtime.services.mail.queueMail({
      idempotencyKey: 'outbox-repeat',
      kind: 'newsletter-welcome',
      list: 'newsletter',
      to: 'repeat@example.com',
      locale: 'en',
      siteOrigin: 'http://en.localhost:3000',
      variables: { actionUrl: 'http://en.localhost:3000/' },
    })
    await runtime.services.mail.deliverDue()
    // As if the worker had stopped after sending and before recording it: the message is due again.
    await runtime.database.db.update(mailQueue).set({ status: 'pending' })
    await runtime.services.mail.deliverDue()
    expect(dataOf<OutboxPage>(await clients.call(admin, 'GET', '/mail/outbox')).total).toBe(before + 1)
  })

  it('is closed to support staff, and says when a message is not there', async () => {
    expectFailure(await clients.call(support, 'GET', '/mail/outbox'), 403, 'CONSOLE_ROLE_REQUIRED')
    expectFailure(
      await clients.call(admin, 'GET', '/mail/outbox/00000000-0000-4000-8000-000000000000'),
      404,
      'OUTBOX_MESSAGE_NOT_FOUND',
    )
  })
})
