/**
 * The weekly digest: Mondays at 08:00 firm time, once per confirmed sign-up and week in its language and site,
 * whatever runs it again; and the console's desk for it (editors and admins only).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { digestTestsPerHour } from '#contracts/digest-rules.ts'
import type { DigestLog, DigestPreview, DigestSendAnswer } from '#contracts/mail.ts'
import { createManualClock } from '#server/clock.ts'
import { weeklyDigestJob } from '#server/jobs/jobs.ts'
import { memberEmails } from '#server/modules/accounts/accounts.sql.ts'
import { consoleAuditEntries } from '#server/modules/console/console.sql.ts'
import { mailQueue } from '#server/modules/mail/mail.sql.ts'
import { createMarketPricesService } from '#server/modules/stocks/market-prices.service.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { dataOf, expectFailure } from '#server/testing/reader-clients.ts'
import { countStatements } from '#server/testing/statement-counter.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { newsletterSignups } from './newsletter.sql.ts'

const clients = createConsoleClients({ ipPrefix: '10.226', phonePrefix: '9226' })
// Sunday 30 November 2026, 23:30 in Hong Kong: half an hour before the week's issue is due.
const clock = createManualClock('2026-11-29T15:30:00Z')
let runtime: TestRuntime
let editor: StaffClient
let support: StaffClient
let admin: StaffClient

/** The staff member's own address, as verified on the account page: where a test goes. */
async function verifiedAddress(staff: StaffClient, address: string) {
  await runtime.database.db.insert(memberEmails).values({
    memberId: staff.memberId,
    address,
    verifiedAt: clock.now(),
    verificationId: crypto.randomUUID(),
    requestedAt: clock.now(),
    locale: 'en',
    region: 'en',
  })
}

async function signUp(
  email: string,
  state: { locale: string; region: string; confirmed: boolean; left?: boolean },
) {
  await runtime.database.db.insert(newsletterSignups).values({
    email,
    locale: state.locale,
    region: state.region,
    source: 'footer',
    confirmedAt: state.confirmed ? clock.now() : null,
    unsubscribedAt: state.left ? clock.now() : null,
  })
}

async function digestsTo() {
  const rows = await runtime.database.db.select().from(mailQueue)
  return rows.filter((row) => row.kind === 'newsletter-digest' && row.idempotencyKey.startsWith('digest:'))
}

const runJob = () => weeklyDigestJob(runtime).run(new AbortController().signal)

beforeAll(async () => {
  runtime = await createTestRuntime(
    { LIMITS_TIME_ZONE: 'Asia/Hong_Kong' },
    { clock, smsSender: clients.smsSender },
  )
  clients.bind(runtime)
  await signUp('reader.en@example.com', { locale: 'en', region: 'en', confirmed: true })
  await signUp('reader.hk@example.com', { locale: 'zh-Hant', region: 'hk', confirmed: true })
  await signUp('unconfirmed@example.com', { locale: 'en', region: 'en', confirmed: false })
  await signUp('left@example.com', { locale: 'en', region: 'en', confirmed: true, left: true })
})
afterAll(() => runtime.close())

describe('the weekly digest', () => {
  it('is due on Monday at 08:00 in the firm’s time zone, and nothing is sent before', async () => {
    expect(runtime.services.digest.nextIssueAt(clock.now()).toISOString()).toBe('2026-11-30T00:00:00.000Z')
    await runJob()
    expect(await digestsTo()).toHaveLength(0)
  })

  it('goes to confirmed sign-ups still on the list, each in its language and with its site’s links', async () => {
    clock.set('2026-11-30T00:00:30Z')
    await runJob()
    const digests = await digestsTo()
    expect(digests.map((row) => row.toAddress).sort()).toEqual([
      'reader.en@example.com',
      'reader.hk@example.com',
    ])
    const english = digests.find((row) => row.toAddress === 'reader.en@example.com')
    const chinese = digests.find((row) => row.toAddress === 'reader.hk@example.com')
    expect(english?.subject).toBe('Your Tickerwise weekly digest — week of 2026-11-30')
    expect(english?.text).toContain('http://en.localhost:3000/articles')
    expect(chinese?.subject).toBe('Tickerwise 每週摘要（2026-11-30 當週）')
    expect(chinese?.html).toContain('<html lang="zh-Hant">')
    expect(chinese?.text).toContain('http://hk.localhost:3000/articles')
    expect(chinese?.headers['List-Unsubscribe']).toMatch(/^<http:\/\/hk\.localhost:3000\/api\/portal\//)
    expect(chinese?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  })

  it('is queued once per recipient and week, however often and wherever it runs', async () => {
    await runJob()
    await Promise.all([runtime.services.digest.sendIssue(), runJob()])
    clock.set('2026-11-30T09:00:00Z')
    await runJob()
    expect(await digestsTo()).toHaveLength(2)
  })

  it('is not sent a day late, and skips next week a reader who unsubscribed from this one', async () => {
    clock.set('2026-12-01T01:00:00Z')
    await runJob()
    expect(await digestsTo()).toHaveLength(2)

    await runtime.services.mail.deliverDue()
    const chinese = (await digestsTo()).find((row) => row.toAddress === 'reader.hk@example.com')
    const token = runtime.services.mail.unsubscribeTokenOf(chinese?.id ?? '')
    expect(await runtime.services.mail.unsubscribe(token)).toBe(true)
    clock.set('2026-12-07T00:05:00Z')
    await runJob()
    const nextWeek = (await digestsTo()).filter((row) => row.idempotencyKey.startsWith('digest:2026-12-07:'))
    expect(nextWeek.map((row) => row.toAddress)).toEqual(['reader.en@example.com'])
  })
})

describe('the console’s digest desk', () => {
  beforeAll(async () => {
    editor = await clients.newStaff(['editor'])
    support = await clients.newStaff(['support'])
    admin = await clients.newStaff(['admin'])
  })

  it('shows an editor the coming issue in each language', async () => {
    const english = dataOf<DigestPreview>(
      await clients.call(editor, 'GET', '/digest/preview', { query: { locale: 'en', region: 'en' } }),
    )
    expect(english).toMatchObject({
      week: '2026-12-14',
      subject: 'Your Tickerwise weekly digest — week of 2026-12-14',
    })
    const chinese = dataOf<DigestPreview>(
      await clients.call(editor, 'GET', '/digest/preview', { query: { locale: 'zh-Hant', region: 'hant' } }),
    )
    expect(chinese.html).toContain('本週 Tickerwise 精選')
    expect(chinese.text).toContain('http://hant.localhost:3000/articles')
  })

  it('test-sends only to the editor’s own verified address', async () => {
    expectFailure(
      await clients.call(editor, 'POST', '/digest/test', { body: { locale: 'en', region: 'en' } }),
      409,
      'DIGEST_NO_VERIFIED_EMAIL',
    )
    expect(
      (await runtime.database.db.select().from(mailQueue)).some((row) =>
        row.idempotencyKey.startsWith('digest-test:'),
      ),
    ).toBe(false)
  })

  it('test-sends to the editor’s address outside the send log, and the log counts what the sender did', async () => {
    await verifiedAddress(editor, 'editor.test@example.com')
    const test = await clients.call(editor, 'POST', '/digest/test', {
      body: { to: 'someone.else@example.com', locale: 'en', region: 'en' },
    })
    expect(dataOf<DigestSendAnswer>(test)).toEqual({
      week: '2026-12-14',
      queued: 1,
      to: 'editor.test@example.com',
    })
    await runtime.services.mail.deliverDue()
    const outbox = await runtime.services.mail.listOutbox({ page: 1, pageSize: 50 })
    expect(outbox.rows.some((row) => row.toAddress === 'editor.test@example.com')).toBe(true)

    const log = dataOf<DigestLog>(await clients.call(editor, 'GET', '/digest/issues'))
    expect(log.nextWeek).toBe('2026-12-14')
    const counts = log.issues.map(({ week, queued, sent, failed, suppressed, unsubscribed }) => ({
      week,
      queued,
      sent,
      failed,
      suppressed,
      unsubscribed,
    }))
    expect(counts).toEqual([
      { week: '2026-12-07', queued: 1, sent: 1, failed: 0, suppressed: 0, unsubscribed: 0 },
      { week: '2026-11-30', queued: 2, sent: 2, failed: 0, suppressed: 0, unsubscribed: 1 },
    ])
  })

  it('limits test sends per staff member and hour, in the staff member’s language', async () => {
    for (let i = 1; i < digestTestsPerHour; i++)
      expect(
        (await clients.call(editor, 'POST', '/digest/test', { body: { locale: 'zh-Hant', region: 'hk' } }))
          .statusCode,
      ).toBe(200)
    const refused = await clients.call(editor, 'POST', '/digest/test', {
      body: { locale: 'en', region: 'en' },
      headers: { lang: 'zh-Hant' },
    })
    expectFailure(refused, 429, 'DIGEST_TESTS_LIMITED')
    expect(refused.json().message).toContain('分鐘後再試')
  })

  it('sends this week’s issue now, once, for admins only, and writes each send to the audit log', async () => {
    await signUp('late.reader@example.com', { locale: 'en', region: 'en', confirmed: true })
    expectFailure(
      await clients.call(editor, 'POST', '/digest/send', { body: {} }),
      403,
      'CONSOLE_ROLE_REQUIRED',
    )
    expect((await digestsTo()).some((row) => row.toAddress === 'late.reader@example.com')).toBe(false)
    const first = dataOf<DigestSendAnswer>(await clients.call(admin, 'POST', '/digest/send', { body: {} }))
    expect(first).toEqual({ week: '2026-12-07', queued: 1 })
    const again = dataOf<DigestSendAnswer>(await clients.call(admin, 'POST', '/digest/send', { body: {} }))
    expect(again).toEqual({ week: '2026-12-07', queued: 0 })
    const entries = (await runtime.database.db.select().from(consoleAuditEntries)).filter(
      (row) => row.action === 'digest.send',
    )
    expect(entries.map((row) => [row.actorMemberId, row.entity, row.entityId, row.after])).toEqual([
      [admin.memberId, 'digest_issue', '2026-12-07', { week: '2026-12-07', queued: 1 }],
      [admin.memberId, 'digest_issue', '2026-12-07', { week: '2026-12-07', queued: 0 }],
    ])
  })

  it('is closed to other staff and to visitors', async () => {
    expectFailure(await clients.call(support, 'GET', '/digest/preview'), 403, 'CONSOLE_ROLE_REQUIRED')
    expectFailure(
      await clients.call(support, 'POST', '/digest/send', { body: {} }),
      403,
      'CONSOLE_ROLE_REQUIRED',
    )
    const visitor = await clients.call(null, 'GET', '/digest/issues')
    expect(visitor.statusCode).toBe(401)
  })

  it('says what is wrong with a test request', async () => {
    const bad = await clients.call(admin, 'POST', '/digest/test', {
      body: { locale: 'fr', region: 'en' },
    })
    expect(bad.statusCode).toBe(400)
  })
})

describe('the digest of a sign-up whose address a member verified', () => {
  // November's issue: the month's picks are locked beyond a plan's number for visitors.
  const week = '2026-11-30'
  const issueOf = async (address: string) =>
    (await digestsTo()).find(
      (row) => row.toAddress === address && row.idempotencyKey.startsWith(`digest:${week}:`),
    )

  /** A member of the plan, with the address verified as theirs and signed up for the digest, following stocks. */
  async function memberSignedUp(
    address: string,
    tier: 'plus' | undefined,
    site: { locale: 'en' | 'zh-Hant'; region: 'en' | 'hk' },
    follows: readonly { market: string; code: string }[],
  ) {
    const client = await clients.readers.newMember(tier, site.region === 'hk' ? 'hant' : 'en')
    const memberId = (await runtime.services.accounts.findMember(client.phone as string))?.id as string
    await runtime.database.db.insert(memberEmails).values({
      memberId,
      address,
      verifiedAt: clock.now(),
      verificationId: crypto.randomUUID(),
      requestedAt: clock.now(),
      locale: site.locale,
      region: site.region,
    })
    for (const stock of follows)
      dataOf(await clients.readers.send(client, 'POST', '/watchlist/follow', stock))
    await signUp(address, { ...site, confirmed: true })
  }

  it('lists the picks the member’s plan may see and the week’s biggest moves on their watchlist, in their language', async () => {
    clock.set(`${week}T00:00:30Z`)
    const follows = [
      { market: 'us', code: 'AAPL' },
      { market: 'hk', code: '0005' },
      { market: 'hk', code: '0700' },
    ]
    await memberSignedUp('plus.member@example.com', 'plus', { locale: 'en', region: 'en' }, follows)
    await memberSignedUp('hk.member@example.com', undefined, { locale: 'zh-Hant', region: 'hk' }, follows)
    // An address nobody verified as theirs: a visitor's issue, no watchlist part.
    await signUp('plain.reader@example.com', { locale: 'en', region: 'en', confirmed: true })
    await runJob()

    const prices = createMarketPricesService({ db: runtime.database.db })
    const moves = [
      ...(
        await prices.listWeekMoves(
          follows.map((stock) => `${stock.market}:${stock.code}`),
          week,
        )
      ).values(),
    ]
    expect(moves).toHaveLength(3)
    const largest = [...moves].sort((a, b) => Math.abs(b.move) - Math.abs(a.move))[0]

    const plus = await issueOf('plus.member@example.com')
    expect(plus?.text).toContain('Biggest moves on your watchlist')
    expect(plus?.text).toContain('Close-to-close change over the week')
    expect(plus?.text).toContain('DEMO: these prices are synthetic demo data')
    const percent = new Intl.NumberFormat('en', {
      style: 'percent',
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
      signDisplay: 'exceptZero',
    }).format(largest?.move ?? 0)
    expect(plus?.text).toContain(`${largest?.nameEn} (${largest?.code}): ${percent} (`)
    const lines = (plus?.text ?? '').split('\n')
    const movesAt = lines.findIndex((line) => line.includes('Biggest moves on your watchlist'))
    const moveLines = lines.slice(movesAt + 1).filter((line) => /\((AAPL|0005|0700)\):/.test(line))
    // The largest move either way first, every followed stock once.
    expect(moveLines[0]).toContain(`(${largest?.code})`)
    expect(moveLines).toHaveLength(3)
    expect(plus?.html).toContain('href="http://en.localhost:3000/ai-stock-diagnosis?market=hk&#38;code=0005"')

    // Picks as the plan shows them: Plus sees this month's picks a visitor may not.
    const plusReader = {
      role: 'subscriber',
      memberId: null,
      tier: 'plus',
      sessionId: null,
      device: { key: 't', network: null },
    } as const
    const visitorReader = { ...plusReader, role: 'visitor', tier: null } as const
    const [plusPicks, visitorPicks] = await Promise.all([
      runtime.services.stocks.listMonthlyPicks({ months: 1 } as never, plusReader, 'en'),
      runtime.services.stocks.listMonthlyPicks({ months: 1 } as never, visitorReader, 'en'),
    ])
    const plusSees = plusPicks.months[0]?.picks ?? []
    const visitorSees = visitorPicks.months[0]?.picks ?? []
    expect(plusSees.length).toBeGreaterThan(visitorSees.length)
    const plain = await issueOf('plain.reader@example.com')
    for (const pick of plusSees) expect(plus?.text).toContain(`${pick.name} (${pick.code})`)
    const hidden = plusSees.filter((pick) => !visitorSees.some((seen) => seen.code === pick.code))
    for (const pick of hidden) expect(plain?.text).not.toContain(`${pick.name} (${pick.code})`)
    expect(plain?.text).not.toContain('Biggest moves on your watchlist')

    const chinese = await issueOf('hk.member@example.com')
    expect(chinese?.text).toContain('您自選股的最大變動')
    expect(chinese?.text).toContain('示範數據')
    expect(chinese?.text).toContain('滙豐控股 (0005)')
    expect(chinese?.html).toContain(
      'href="http://hk.localhost:3000/ai-stock-diagnosis?market=hk&#38;code=0005"',
    )
  })

  it('reads a batch’s members, their plans and watchlists in the same statements, however many members it has', async () => {
    let added = 0
    /** `count` more members with verified, signed-up addresses: every other one on Plus, all following two stocks. */
    async function moreMembers(count: number) {
      for (let i = 0; i < count; i++) {
        added++
        const address = `batch.member${added}@example.com`
        const member = await runtime.services.accounts.findOrRegisterMember(
          `+8526126${String(added).padStart(4, '0')}`,
        )
        await runtime.database.db.insert(memberEmails).values({
          memberId: member.id,
          address,
          verifiedAt: clock.now(),
          verificationId: crypto.randomUUID(),
          requestedAt: clock.now(),
          locale: 'en',
          region: 'en',
        })
        const plus = added % 2 === 0
        if (plus)
          await runtime.services.subscriptions.grantSubscription({
            memberId: member.id,
            tier: 'plus',
            period: 'month',
            source: 'operator',
          })
        const reader = {
          role: plus ? 'subscriber' : 'member',
          memberId: member.id,
          tier: plus ? 'plus' : null,
          sessionId: null,
          device: { key: 'digest-test', network: null },
        } as const
        for (const code of ['AAPL', 'MSFT'])
          await runtime.services.watchlists.followStock(reader, { market: 'us', code }, 'en')
        await signUp(address, { locale: 'en', region: 'en', confirmed: true })
      }
    }
    /** The statements one issue takes, and how many it queued. */
    async function issueStatements(issueWeek: string) {
      const counter = countStatements()
      try {
        const { queued } = await runtime.services.digest.sendIssue(issueWeek)
        return { queued, statements: counter.count, texts: counter.texts.map((text) => text.slice(0, 120)) }
      } finally {
        counter.stop()
      }
    }

    await moreMembers(2)
    // A first issue fills what the services keep between runs (the market's figures, the picks).
    await issueStatements('2026-12-14')
    const few = await issueStatements('2026-12-21')
    await moreMembers(12)
    const many = await issueStatements('2026-12-28')
    expect(many.queued).toBe(few.queued + 12)
    // The reads about the batch's members (addresses, plans, watchlists) are the same few statements; what else may
    // differ is the services' own caches (articles, picks, figures) lapsing between the runs, never a read per member.
    const aboutMembers = (texts: readonly string[]) =>
      texts.filter((text) => /"(member_emails|subscriptions|watchlists|watchlist_stocks)"/.test(text)).length
    expect(aboutMembers(many.texts), many.texts.join('\n')).toBe(aboutMembers(few.texts))
    expect(aboutMembers(few.texts)).toBeGreaterThan(0)
    expect(many.statements - few.statements, many.texts.join('\n')).toBeLessThan(12)
    // Whose plan the issue read: the Plus members' picks, the others' not.
    const plusIssue = (await digestsTo()).find(
      (row) =>
        row.toAddress === 'batch.member14@example.com' && row.idempotencyKey.startsWith('digest:2026-12-28:'),
    )
    const plainIssue = (await digestsTo()).find(
      (row) =>
        row.toAddress === 'batch.member13@example.com' && row.idempotencyKey.startsWith('digest:2026-12-28:'),
    )
    expect(plusIssue?.text).toContain('Biggest moves on your watchlist')
    expect(plusIssue?.text).not.toBe(plainIssue?.text?.replaceAll('member13', 'member14'))
  })
})
