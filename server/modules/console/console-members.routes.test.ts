import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutStart } from '#contracts/billing-rules.ts'
import {
  type ConsoleMemberRef,
  type ConsoleMemberView,
  MemberCareErrorCode,
  memberAuditActions,
  type NewsletterPage,
} from '#contracts/console-members-rules.ts'
import { type AuditPage, ConsoleErrorCode } from '#contracts/console-rules.ts'
import { newsletterSignups } from '#server/modules/newsletter/newsletter.sql.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { dataOf, expectFailure, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const clients = createConsoleClients({ ipPrefix: '10.64', phonePrefix: '9164' })
let runtime: TestRuntime
let support: StaffClient
let admin: StaffClient

beforeAll(async () => {
  runtime = await createTestRuntime({}, { smsSender: clients.smsSender })
  clients.bind(runtime)
  support = await clients.newStaff(['support'])
  admin = await clients.newStaff(['admin'])
})
afterAll(() => runtime.close())

async function memberIdOf(reader: ReaderClient): Promise<string> {
  return dataOf<ConsoleMemberRef>(
    await clients.call(support, 'GET', '/members', { query: { phone: reader.phone as string } }),
  ).memberId
}

async function viewOf(memberId: string, as: StaffClient = support): Promise<ConsoleMemberView> {
  return dataOf<ConsoleMemberView>(await clients.call(as, 'GET', `/members/${memberId}`))
}

async function auditOf(action: string, entityId: string) {
  return dataOf<AuditPage>(await clients.call(admin, 'GET', '/audit', { query: { action, entityId } })).rows
}

describe('finding a member by phone', () => {
  it('reads the number however support types it', async () => {
    const member = await clients.readers.newMember()
    const e164 = member.phone as string
    const national = e164.slice(4)
    const typings = [
      e164,
      `+852 ${national.slice(0, 4)} ${national.slice(4)}`,
      `${national.slice(0, 4)} ${national.slice(4)}`,
      `00852${national}`,
      `852-${national}`,
      ` (+852) ${national} `,
    ]
    for (const phone of typings) {
      expect(
        dataOf<ConsoleMemberRef>(await clients.call(support, 'GET', '/members', { query: { phone } })),
        phone,
      ).toEqual({ memberId: expect.any(String), phone: e164 })
    }
  })

  it('says when the number is not a mobile number or not a member', async () => {
    expectFailure(
      await clients.call(support, 'GET', '/members', { query: { phone: '+852 2123 4567' } }),
      400,
      ConsoleErrorCode.phoneInvalid,
    )
    expectFailure(
      await clients.call(support, 'GET', '/members', { query: { phone: '+852 6999 0001' } }),
      404,
      ConsoleErrorCode.memberNotFound,
    )
    expectFailure(
      await clients.call(support, 'GET', '/members/00000000-0000-4000-8000-000000000000'),
      404,
      ConsoleErrorCode.memberNotFound,
    )
  })
})

describe('a member as support sees them', () => {
  it('shows the full number, plan, history, payments, quota use and live sessions', async () => {
    const member = await clients.readers.newMember(undefined, 'hant')
    const checkout = dataOf<CheckoutStart>(
      await clients.readers.send(member, 'POST', '/billing/checkout', { tier: 'base', period: 'quarter' }),
    )
    dataOf(
      await clients.readers.send(member, 'POST', '/billing/demo/complete', {
        checkoutId: checkout.checkoutId,
        outcome: 'paid',
      }),
    )
    const memberId = await memberIdOf(member)
    await runtime.services.quotas.consume({
      reader: {
        role: 'subscriber',
        tier: 'base',
        memberId,
        sessionId: null,
        device: { key: '', network: null },
      },
      kind: 'diagnosis',
    })

    const view = await viewOf(memberId)
    expect(view).toMatchObject({
      memberId,
      phone: member.phone,
      readerRole: 'subscriber',
      plan: { tier: 'base', period: 'quarter', source: 'billing', renews: true, cancelAtPeriodEnd: false },
      paymentsTotal: 1,
    })
    expect(view.payments[0]).toMatchObject({
      tier: 'base',
      period: 'quarter',
      status: 'paid',
      refundedMinor: 0,
    })
    expect(view.payments[0]?.amountMinor).toBeGreaterThan(0)
    expect(view.planHistory.map((change) => change.kind)).toEqual(['checkout'])
    expect(view.quotas.find((use) => use.kind === 'diagnosis')).toEqual({
      kind: 'diagnosis',
      usedToday: 1,
      dailyLimit: 10,
      usedThisMonth: 1,
      monthlyLimit: 20,
    })
    expect(view.quotas.map((use) => use.kind)).toEqual(['diagnosis', 'chat', 'upload'])
    expect(view.sessions).toHaveLength(1)
  })
})

describe('granting and ending a plan', () => {
  it('grants Plus at once: the reader API and the quotas follow, the history and audit keep who and why', async () => {
    const member = await clients.readers.newMember()
    const memberId = await memberIdOf(member)
    expect((await viewOf(memberId)).plan).toBeNull()

    const view = dataOf<ConsoleMemberView>(
      await clients.call(support, 'POST', `/members/${memberId}/plan`, {
        body: { tier: 'plus', period: 'month', reason: 'Goodwill after the outage' },
      }),
    )
    expect(view).toMatchObject({
      readerRole: 'subscriber',
      plan: { tier: 'plus', source: 'operator', renews: false },
    })
    expect(view.planHistory[0]).toMatchObject({
      actor: 'operator',
      kind: 'operator_grant',
      // The staff member who made it, apart from their reason (the console names them).
      reference: 'Goodwill after the outage',
      by: { phone: support.phone, name: null },
    })

    const info = dataOf<{ role: string; subscription: { tier: string } }>(
      await clients.readers.get(member, '/home/memberInfo'),
    )
    expect(info).toMatchObject({ role: 'subscriber', subscription: { tier: 'plus' } })
    expect(
      dataOf<{ monthlyLimit: number }>(
        await clients.readers.get(member, '/member/quota', { kind: 'diagnosis' }),
      ).monthlyLimit,
    ).toBe(30)

    const [entry] = await auditOf(memberAuditActions.planGrant, memberId)
    expect(entry).toMatchObject({
      actor: { memberId: support.memberId, phone: support.phone },
      entity: 'member',
      before: { plan: null },
      after: { plan: { tier: 'plus', period: 'month' }, reason: 'Goodwill after the outage' },
    })
  })

  it('runs a plan through the end date given, and refuses one in the past', async () => {
    const member = await clients.readers.newMember()
    const memberId = await memberIdOf(member)
    const endsOn = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
    const view = dataOf<ConsoleMemberView>(
      await clients.call(support, 'POST', `/members/${memberId}/plan`, {
        body: { tier: 'premium', period: 'month', endsOn, reason: 'Trial for a partner' },
      }),
    )
    // The firm's day ends at the next midnight there (UTC in tests).
    expect(view.plan?.endsAt).toBe(
      new Date(new Date(`${endsOn}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000).toISOString(),
    )
    expectFailure(
      await clients.call(support, 'POST', `/members/${memberId}/plan`, {
        body: { tier: 'premium', period: 'month', endsOn: '2020-01-01', reason: 'Backdated' },
      }),
      400,
      MemberCareErrorCode.planEndInvalid,
    )
  })

  it('needs a reason for every change', async () => {
    const member = await clients.readers.newMember()
    const memberId = await memberIdOf(member)
    for (const [path, body] of [
      [`/members/${memberId}/plan`, { tier: 'plus', period: 'month', reason: '  ' }],
      [`/members/${memberId}/plan/end`, {}],
      [`/members/${memberId}/sessions/end`, { reason: '' }],
    ] as const) {
      const response = await clients.call(support, 'POST', path, { body })
      expect(response.statusCode).toBe(400)
      expect(response.headers['x-error-code']).toBe(MemberCareErrorCode.reasonMissing)
      expect(response.json().fields).toEqual([{ field: 'reason', code: MemberCareErrorCode.reasonMissing }])
    }
    expect((await viewOf(memberId)).plan).toBeNull()
  })

  it('ends a plan at once; ending none is refused', async () => {
    const member = await clients.readers.newMember('premium')
    const memberId = await memberIdOf(member)
    const view = dataOf<ConsoleMemberView>(
      await clients.call(support, 'POST', `/members/${memberId}/plan/end`, {
        body: { reason: 'Asked to stop' },
      }),
    )
    expect(view).toMatchObject({ readerRole: 'member', plan: null })
    expect(view.planHistory[0]).toMatchObject({
      kind: 'operator_end',
      actor: 'operator',
      reference: 'Asked to stop',
      by: { phone: support.phone },
      after: { status: 'ended' },
    })
    expect(dataOf<{ role: string }>(await clients.readers.get(member, '/home/memberInfo')).role).toBe(
      'member',
    )
    const [entry] = await auditOf(memberAuditActions.planEnd, memberId)
    expect(entry).toMatchObject({
      before: { plan: { tier: 'premium' } },
      after: { plan: null, reason: 'Asked to stop' },
    })
    expectFailure(
      await clients.call(support, 'POST', `/members/${memberId}/plan/end`, { body: { reason: 'Again' } }),
      409,
      MemberCareErrorCode.noPlanInForce,
    )
  })

  it('refuses to replace a paid plan, whose renewal the provider would still charge', async () => {
    const member = await clients.readers.newMember()
    const checkout = dataOf<CheckoutStart>(
      await clients.readers.send(member, 'POST', '/billing/checkout', { tier: 'base', period: 'month' }),
    )
    dataOf(
      await clients.readers.send(member, 'POST', '/billing/demo/complete', {
        checkoutId: checkout.checkoutId,
        outcome: 'paid',
      }),
    )
    const memberId = await memberIdOf(member)
    expectFailure(
      await clients.call(support, 'POST', `/members/${memberId}/plan`, {
        body: { tier: 'premium', period: 'year', reason: 'Upgrade as a favour' },
      }),
      409,
      MemberCareErrorCode.paidPlanInForce,
    )
    expect((await viewOf(memberId)).plan).toMatchObject({ tier: 'base', source: 'billing' })
    const ended = dataOf<ConsoleMemberView>(
      await clients.call(support, 'POST', `/members/${memberId}/plan/end`, {
        body: { reason: 'Fraud check' },
      }),
    )
    expect(ended.plan).toBeNull()
  })

  it('refuses a staff member granting a plan to their own account, in their language, and records nothing', async () => {
    for (const [as, lang, message] of [
      [support, 'en', /your own account/],
      [admin, 'hk', /自己的帳戶/],
    ] as const) {
      const refused = await clients.call(as, 'POST', `/members/${as.memberId}/plan`, {
        body: { tier: 'premium', period: 'year', reason: 'For myself' },
        headers: { lang },
      })
      expectFailure(refused, 403, MemberCareErrorCode.planGrantSelf)
      expect(refused.json().message).toMatch(message)
      expect((await viewOf(as.memberId, admin)).plan).toBeNull()
      expect(await auditOf(memberAuditActions.planGrant, as.memberId)).toEqual([])
    }
    // A colleague may grant it.
    const granted = dataOf<ConsoleMemberView>(
      await clients.call(admin, 'POST', `/members/${support.memberId}/plan`, {
        body: { tier: 'premium', period: 'year', reason: 'Staff plan' },
      }),
    )
    expect(granted.plan).toMatchObject({ tier: 'premium', source: 'operator' })
  })
})

describe('ending a member’s sessions', () => {
  it('logs the member out everywhere: their token no longer works', async () => {
    const member = await clients.readers.newMember()
    const memberId = await memberIdOf(member)
    dataOf(await clients.readers.get(member, '/home/memberInfo'))
    expect((await viewOf(memberId)).sessions).toHaveLength(1)

    expect(
      dataOf(
        await clients.call(support, 'POST', `/members/${memberId}/sessions/end`, {
          body: { reason: 'Phone reported stolen' },
        }),
      ),
    ).toEqual({ ended: 1 })
    expectFailure(await clients.readers.get(member, '/home/memberInfo'), 401, 'UNAUTHENTICATED')
    expect((await viewOf(memberId)).sessions).toEqual([])
    const [entry] = await auditOf(memberAuditActions.sessionsEnd, memberId)
    expect(entry).toMatchObject({
      actor: { phone: support.phone },
      before: { sessions: 1 },
      after: { sessions: 0, reason: 'Phone reported stolen' },
    })
  })
})

describe('newsletter sign-ups', () => {
  const token = `nl${Date.now().toString(36)}`

  beforeAll(async () => {
    const visitor = await clients.readers.newVisitor('hant')
    const signUps = [
      { source: 'footer', email: `${token}-a@example.com` },
      {
        source: 'contact-dialog',
        email: `${token}-b@example.com`,
        name: '陳大文, "Big" Man',
        phone: '+852 9123 4567',
      },
      { source: 'home', email: `${token}-c@example.com` },
    ]
    for (const body of signUps) dataOf(await clients.readers.send(visitor, 'POST', '/home/subEmail', body))
  })

  async function listOf(query: Record<string, string>) {
    return dataOf<NewsletterPage>(await clients.call(support, 'GET', '/newsletter', { query }))
  }

  it('lists them newest first, filtered by text and by day, paged', async () => {
    const all = await listOf({ q: token })
    expect(all.rows.map((row) => row.email)).toEqual([
      `${token}-c@example.com`,
      `${token}-b@example.com`,
      `${token}-a@example.com`,
    ])
    expect(all.rows[1]).toMatchObject({
      name: '陳大文, "Big" Man',
      source: 'contact-dialog',
      locale: 'zh-Hant',
    })
    expect((await listOf({ q: '陳大文' })).rows.map((row) => row.email)).toEqual([`${token}-b@example.com`])
    expect((await listOf({ q: `${token}%` })).total).toBe(0)
    const today = new Date().toISOString().slice(0, 10)
    expect((await listOf({ q: token, from: today, to: today })).total).toBe(3)
    expect((await listOf({ q: token, to: '2020-01-01' })).total).toBe(0)
    const second = await listOf({ q: token, pageSize: '2', page: '2' })
    expect(second).toMatchObject({ total: 3, page: 2, hasMore: false })
    expect(second.rows.map((row) => row.email)).toEqual([`${token}-a@example.com`])
  })

  it('exports every matching row as CSV that Excel opens in Chinese', async () => {
    const response = await clients.call(support, 'GET', '/newsletter/export.csv', { query: { q: token } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="newsletter-signups-.*\.csv"$/,
    )
    const bytes = response.rawPayload
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString('utf8').split('\r\n')
    expect(lines[0]).toBe('email,name,phone,language,region,source,signed_up_at,updated_at')
    expect(lines).toHaveLength(5)
    expect(lines[4]).toBe('')
    expect(lines[2]).toMatch(
      new RegExp(
        `^${token}-b@example\\.com,"陳大文, ""Big"" Man",\\+852 9123 4567,zh-Hant,hant,contact-dialog,\\d{4}-`,
      ),
    )
    expect(lines[1]).toMatch(new RegExp(`^${token}-c@example\\.com,,,zh-Hant,hant,home,`))
  })

  it('exports past the first thousand rows, each once', async () => {
    const bulk = `bulk${Date.now().toString(36)}`
    await runtime.database.db.insert(newsletterSignups).values(
      Array.from({ length: 1203 }, (_, index) => ({
        email: `${bulk}-${index}@example.com`,
        locale: 'en',
        region: 'en',
        source: 'footer',
        // Several rows share an instant, as sign-ups arriving together do.
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(index / 3))),
      })),
    )
    const response = await clients.call(support, 'GET', '/newsletter/export.csv', { query: { q: bulk } })
    const emails = response.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[0])
    expect(emails).toHaveLength(1203)
    expect(new Set(emails).size).toBe(1203)
  })

  it('removes one, with an audit entry of what it was', async () => {
    const [row] = (await listOf({ q: `${token}-a@` })).rows
    if (!row) throw new Error('no sign-up')
    expect(dataOf(await clients.call(support, 'DELETE', `/newsletter/${row.id}`))).toEqual({ deleted: true })
    expect((await listOf({ q: token })).total).toBe(2)
    expectFailure(
      await clients.call(support, 'DELETE', `/newsletter/${row.id}`),
      404,
      MemberCareErrorCode.signupNotFound,
    )
    const [entry] = await auditOf(memberAuditActions.newsletterRemove, row.id)
    expect(entry).toMatchObject({
      actor: { phone: support.phone },
      entity: 'newsletter_signup',
      before: { email: `${token}-a@example.com` },
      after: null,
    })
  })
})
