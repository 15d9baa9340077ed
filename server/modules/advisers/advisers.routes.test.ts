import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AdviserErrorCode,
  adviserAuditActions,
  type ConsoleAdviser,
  type ConsoleAdviserAssignment,
  type ConsoleAdviserDetail,
  type MyAdviserAnswer,
} from '#contracts/advisers-rules.ts'
import type { AuditPage } from '#contracts/console-rules.ts'
import { ConsoleErrorCode } from '#contracts/console-rules.ts'
import { CommonErrorCode } from '#contracts/envelope.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { dataOf, expectFailure, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { sampleAdvisers } from './advisers.seed.ts'

const clients = createConsoleClients({ ipPrefix: '10.81', phonePrefix: '9181' })
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

const validAdviser = {
  name: { en: 'Mary Chan', 'zh-Hant': '陳美玲' },
  bio: { en: 'Helps with Hong Kong income stocks.', 'zh-Hant': '協助港股收息股投資。' },
  channels: [
    { kind: 'phone', value: '+852 2345 6789' },
    { kind: 'email', value: 'mary.chan@example.com' },
  ],
}

async function createAdviser(body: unknown = validAdviser): Promise<ConsoleAdviser> {
  return dataOf<ConsoleAdviser>(await clients.call(support, 'POST', '/advisers', { body }))
}

async function memberIdOf(reader: ReaderClient): Promise<string> {
  return dataOf<ConsoleAdviserAssignment>(
    await clients.call(support, 'GET', '/adviser-assignments', { query: { phone: reader.phone as string } }),
  ).memberId
}

async function assign(reader: ReaderClient, adviserId: string, as: StaffClient = support) {
  const memberId = await memberIdOf(reader)
  return clients.call(as, 'PUT', `/adviser-assignments/${memberId}`, { body: { adviserId } })
}

async function myAdviser(reader: ReaderClient) {
  return clients.readers.get(reader, '/member/adviser')
}

async function auditOf(action: string, entityId: string) {
  return dataOf<AuditPage>(await clients.call(admin, 'GET', '/audit', { query: { action, entityId } })).rows
}

describe('the reader’s adviser', () => {
  // Written by hand from ADR 0017: the adviser is Premium's alone; others see the step that opens it.
  const expectations = [
    { reader: 'member', answer: { state: 'locked', lock: { kind: 'subscribe', tier: 'premium' } } },
    { reader: 'base', answer: { state: 'locked', lock: { kind: 'upgrade', tier: 'premium' } } },
    { reader: 'plus', answer: { state: 'locked', lock: { kind: 'upgrade', tier: 'premium' } } },
    { reader: 'premium', answer: 'assigned' },
  ] as const

  it('asks a visitor to log in (401)', async () => {
    const visitor = await clients.readers.newVisitor()
    expectFailure(await myAdviser(visitor), 401, CommonErrorCode.unauthenticated)
  })

  it.each(expectations)('shows $reader with an assignment: $answer', async ({ reader, answer }) => {
    const adviser = await createAdviser()
    const client = await clients.readers.newMember(reader === 'member' ? undefined : reader)
    dataOf(await assign(client, adviser.id))
    const seen = dataOf<MyAdviserAnswer>(await myAdviser(client))
    if (answer !== 'assigned') {
      expect(seen).toEqual(answer)
      expect(JSON.stringify(seen)).not.toContain('mary.chan@example.com')
      return
    }
    expect(seen).toMatchObject({
      state: 'assigned',
      adviser: {
        id: adviser.id,
        name: 'Mary Chan',
        bio: 'Helps with Hong Kong income stocks.',
        channels: [
          { kind: 'phone', value: '+85223456789' },
          { kind: 'email', value: 'mary.chan@example.com' },
        ],
        isSample: false,
      },
    })
  })

  it('shows the adviser in the reader’s language', async () => {
    const adviser = await createAdviser()
    const client = await clients.readers.newMember('premium', 'hant')
    dataOf(await assign(client, adviser.id))
    const seen = dataOf<MyAdviserAnswer>(
      await clients.readers.get(client, '/member/adviser', {}, { lang: 'hk' }),
    )
    expect(seen).toMatchObject({
      state: 'assigned',
      adviser: { name: '陳美玲', bio: '協助港股收息股投資。' },
    })
  })

  it('tells Premium without an assignment that one is pending', async () => {
    const client = await clients.readers.newMember('premium')
    expect(dataOf<MyAdviserAnswer>(await myAdviser(client))).toEqual({ state: 'pending' })
  })

  it('hides the adviser of a member who left Premium, and shows them again on return', async () => {
    const adviser = await createAdviser()
    const client = await clients.readers.newMember('premium')
    dataOf(await assign(client, adviser.id))
    const memberId = await memberIdOf(client)
    const { subscriptions } = runtime.services
    await subscriptions.grantSubscription({ memberId, tier: 'plus', period: 'month', source: 'operator' })
    expect(dataOf<MyAdviserAnswer>(await myAdviser(client))).toEqual({
      state: 'locked',
      lock: { kind: 'upgrade', tier: 'premium' },
    })
    // The assignment is kept: support still sees it, and it shows again with Premium.
    const kept = dataOf<ConsoleAdviserAssignment>(
      await clients.call(support, 'GET', `/adviser-assignments/${memberId}`),
    )
    expect(kept).toMatchObject({ tier: 'plus', adviser: { id: adviser.id } })
    await subscriptions.grantSubscription({ memberId, tier: 'premium', period: 'month', source: 'operator' })
    expect(dataOf<MyAdviserAnswer>(await myAdviser(client))).toMatchObject({
      state: 'assigned',
      adviser: { id: adviser.id },
    })
  })

  it('labels a seeded sample adviser as a sample', async () => {
    const advisers = dataOf<ConsoleAdviser[]>(await clients.call(support, 'GET', '/advisers'))
    const samples = advisers.filter((adviser) => adviser.isSample)
    expect(samples.map((adviser) => adviser.name)).toEqual(
      expect.arrayContaining(sampleAdvisers.map((adviser) => adviser.name)),
    )
    expect(samples).toHaveLength(2)
    const client = await clients.readers.newMember('premium')
    dataOf(await assign(client, samples[0]?.id as string))
    expect(dataOf<MyAdviserAnswer>(await myAdviser(client))).toMatchObject({
      state: 'assigned',
      adviser: { isSample: true },
    })
  })
})

describe('console: advisers', () => {
  it('lets support and admins in, refuses analysts and editors (403) and visitors (401)', async () => {
    const analyst = await clients.newStaff(['analyst'])
    const editor = await clients.newStaff(['editor'])
    expect((await clients.call(support, 'GET', '/advisers')).statusCode).toBe(200)
    expect((await clients.call(admin, 'GET', '/advisers')).statusCode).toBe(200)
    for (const staff of [analyst, editor]) {
      expectFailure(await clients.call(staff, 'GET', '/advisers'), 403, ConsoleErrorCode.roleRequired)
      expectFailure(
        await clients.call(staff, 'POST', '/advisers', { body: validAdviser }),
        403,
        ConsoleErrorCode.roleRequired,
      )
    }
    expectFailure(await clients.call(null, 'GET', '/advisers'), 401, CommonErrorCode.unauthenticated)
  })

  it.each([
    ['no channel', { ...validAdviser, channels: [] }, AdviserErrorCode.channelsMissing],
    [
      'a phone with letters',
      { ...validAdviser, channels: [{ kind: 'phone', value: '9123-ABCD' }] },
      AdviserErrorCode.channelInvalid,
    ],
    [
      'WhatsApp without a country code',
      { ...validAdviser, channels: [{ kind: 'whatsapp', value: '91234567' }] },
      AdviserErrorCode.channelInvalid,
    ],
    [
      'an email without a domain',
      { ...validAdviser, channels: [{ kind: 'email', value: 'mary@' }] },
      AdviserErrorCode.channelInvalid,
    ],
    [
      'a Telegram name with a space',
      { ...validAdviser, channels: [{ kind: 'telegram', value: 'mary chan' }] },
      AdviserErrorCode.channelInvalid,
    ],
    [
      'an unknown kind',
      { ...validAdviser, channels: [{ kind: 'fax', value: '12345678' }] },
      AdviserErrorCode.channelInvalid,
    ],
    [
      'a name in one language',
      { ...validAdviser, name: { en: 'Mary', 'zh-Hant': ' ' } },
      AdviserErrorCode.nameMissing,
    ],
    ['no introduction', { ...validAdviser, bio: { en: '', 'zh-Hant': '簡介' } }, AdviserErrorCode.bioMissing],
  ])('refuses an adviser with %s', async (_case, body, code) => {
    const response = await clients.call(support, 'POST', '/advisers', { body })
    expect(response.statusCode).toBe(400)
    expect(response.headers['x-error-code']).toBe(code)
    expect(response.json().fields).toContainEqual(expect.objectContaining({ code }))
  })

  it('keeps channels as checked: local digits, E.164 from any spacing, handles without their @', async () => {
    const adviser = await createAdviser({
      ...validAdviser,
      channels: [
        { kind: 'phone', value: '2345 6789' },
        { kind: 'whatsapp', value: '00852 9123-4567' },
        { kind: 'telegram', value: '@mary_chan' },
        { kind: 'line', value: '@tickerwise' },
        { kind: 'wechat', value: 'marychan88' },
      ],
    })
    expect(adviser.channels).toEqual([
      { kind: 'phone', value: '23456789' },
      { kind: 'whatsapp', value: '+85291234567' },
      { kind: 'telegram', value: 'mary_chan' },
      { kind: 'line', value: '@tickerwise' },
      { kind: 'wechat', value: 'marychan88' },
    ])
  })

  it('edits, deactivates and reactivates an adviser, each in the audit log', async () => {
    const adviser = await createAdviser()
    expect((await auditOf(adviserAuditActions.create, adviser.id))[0]).toMatchObject({
      actor: { memberId: support.memberId },
      before: null,
      after: { name: validAdviser.name },
    })
    const edited = dataOf<ConsoleAdviser>(
      await clients.call(support, 'PUT', `/advisers/${adviser.id}`, {
        body: { ...validAdviser, name: { en: 'Mary K. Chan', 'zh-Hant': '陳美玲' } },
      }),
    )
    expect(edited.name.en).toBe('Mary K. Chan')
    expect((await auditOf(adviserAuditActions.update, adviser.id))[0]).toMatchObject({
      before: { name: { en: 'Mary Chan' } },
      after: { name: { en: 'Mary K. Chan' } },
    })
    const inactive = dataOf<ConsoleAdviser>(
      await clients.call(support, 'POST', `/advisers/${adviser.id}/active`, { body: { active: false } }),
    )
    expect(inactive.active).toBe(false)
    expect(await auditOf(adviserAuditActions.deactivate, adviser.id)).toHaveLength(1)
    const active = dataOf<ConsoleAdviser>(
      await clients.call(support, 'POST', `/advisers/${adviser.id}/active`, { body: { active: true } }),
    )
    expect(active.active).toBe(true)
    expect(await auditOf(adviserAuditActions.reactivate, adviser.id)).toHaveLength(1)
  })

  it('answers 404 for an unknown adviser', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    expectFailure(await clients.call(support, 'GET', `/advisers/${unknown}`), 404, AdviserErrorCode.notFound)
  })
})

describe('console: assignments', () => {
  it('finds the member by a number typed any way and assigns, moves and removes their adviser', async () => {
    const first = await createAdviser()
    const second = await createAdviser({ ...validAdviser, name: { en: 'Peter Ho', 'zh-Hant': '何彼得' } })
    const client = await clients.readers.newMember('premium')
    const national = (client.phone as string).slice(4)
    const spaced = `+852 ${national.slice(0, 4)} ${national.slice(4)}`
    const found = dataOf<ConsoleAdviserAssignment>(
      await clients.call(support, 'GET', '/adviser-assignments', { query: { phone: spaced } }),
    )
    expect(found).toMatchObject({ phone: client.phone, tier: 'premium', adviser: null, assignedAt: null })

    const assigned = dataOf<ConsoleAdviserAssignment>(await assign(client, first.id))
    expect(assigned.adviser).toMatchObject({ id: first.id, name: validAdviser.name })
    const detail = dataOf<ConsoleAdviserDetail>(await clients.call(support, 'GET', `/advisers/${first.id}`))
    expect(detail.members).toEqual([
      {
        memberId: found.memberId,
        phoneMasked: `+852 ****${national.slice(-4)}`,
        tier: 'premium',
        assignedAt: assigned.assignedAt,
      },
    ])
    expect(detail.assignedCount).toBe(1)

    const moved = dataOf<ConsoleAdviserAssignment>(await assign(client, second.id, admin))
    expect(moved.adviser?.id).toBe(second.id)
    const audit = await auditOf(adviserAuditActions.assign, found.memberId)
    expect(audit[0]).toMatchObject({
      actor: { memberId: admin.memberId },
      entity: 'adviser_assignment',
      before: { adviser: { id: first.id } },
      after: { adviser: { id: second.id } },
    })
    expect(
      dataOf<ConsoleAdviserDetail>(await clients.call(support, 'GET', `/advisers/${first.id}`)).members,
    ).toEqual([])

    const removed = dataOf<ConsoleAdviserAssignment>(
      await clients.call(support, 'DELETE', `/adviser-assignments/${found.memberId}`),
    )
    expect(removed.adviser).toBeNull()
    expect((await auditOf(adviserAuditActions.unassign, found.memberId))[0]).toMatchObject({
      before: { adviser: { id: second.id } },
      after: { adviser: null },
    })
    expect(dataOf<MyAdviserAnswer>(await myAdviser(client))).toEqual({ state: 'pending' })
    expectFailure(
      await clients.call(support, 'DELETE', `/adviser-assignments/${found.memberId}`),
      404,
      AdviserErrorCode.assignmentNotFound,
    )
  })

  it('refuses an inactive adviser for a new assignment but keeps their members', async () => {
    const adviser = await createAdviser()
    const kept = await clients.readers.newMember('premium')
    dataOf(await assign(kept, adviser.id))
    dataOf(await clients.call(support, 'POST', `/advisers/${adviser.id}/active`, { body: { active: false } }))
    const newcomer = await clients.readers.newMember('premium')
    expectFailure(await assign(newcomer, adviser.id), 409, AdviserErrorCode.inactive)
    expect(dataOf<MyAdviserAnswer>(await myAdviser(kept))).toMatchObject({
      state: 'assigned',
      adviser: { id: adviser.id },
    })
  })

  it('answers a number of no member with 404 and a number that is none with 400', async () => {
    expectFailure(
      await clients.call(support, 'GET', '/adviser-assignments', { query: { phone: '+852 5999 0000' } }),
      404,
      ConsoleErrorCode.memberNotFound,
    )
    expectFailure(
      await clients.call(support, 'GET', '/adviser-assignments', { query: { phone: '12ab' } }),
      400,
      ConsoleErrorCode.phoneInvalid,
    )
  })
})
