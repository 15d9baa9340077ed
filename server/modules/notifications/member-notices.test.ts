/**
 * What other modules tell a member through the notification centre (issue 26): a new article about a stock they
 * follow (published from the console's newsroom), a plan renewing in 7 days and a renewal not charged (billing) —
 * once each, in the centre always, by mail and push only where the member wants that kind on that channel.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationSettingsAnswer, NotificationsAnswer } from '#contracts/alert-rules.ts'
import type { CheckoutStart } from '#contracts/billing-rules.ts'
import type { ArticleDocumentInput } from '#contracts/console.ts'
import type { EditorArticle, NewsroomOptions } from '#contracts/console-rules.ts'
import { createManualClock } from '#server/clock.ts'
import { selectRows } from '#server/db/database.ts'
import { memberWithVerifiedEmail } from '#server/modules/mail/testing/member-email.ts'
import { linkIn, mailTo } from '#server/modules/mail/testing/outbox-reading.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { dataOf, expectFailure, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { createNotificationsService } from './notifications.service.ts'

const clock = createManualClock('2026-11-02T09:00:00Z')
const clients = createConsoleClients({ ipPrefix: '10.231', phonePrefix: '9231' })
const readers = clients.readers
let runtime: TestRuntime
let editor: StaffClient
let addressSeed = 0

beforeAll(async () => {
  runtime = await createTestRuntime(
    { SESSION_IDLE_DAYS: '365', SESSION_ABSOLUTE_DAYS: '365' },
    { clock, smsSender: clients.smsSender },
  )
  clients.bind(runtime)
  editor = await clients.newStaff(['editor'])
})
afterAll(() => runtime.close())

const post = (client: ReaderClient, path: string, body: unknown) => readers.send(client, 'POST', path, body)
const centreOf = async (client: ReaderClient) =>
  dataOf<NotificationsAnswer>(await readers.get(client, '/notification/list'))

async function memberIdOf(client: ReaderClient): Promise<string> {
  const [row] = await selectRows<{ id: string }>(
    runtime.database.db,
    sql`select id from members where phone = ${client.phone}`,
  )
  return row?.id as string
}

/** A member with a verified address given on their own site. */
async function memberWithEmail(
  region: 'en' | 'hant' = 'en',
): Promise<{ member: ReaderClient; address: string }> {
  addressSeed += 1
  const address = `notice.${addressSeed}@example.com`
  return { member: await memberWithVerifiedEmail(runtime, readers, address, { region }), address }
}

async function turnOff(member: ReaderClient, kind: string, channel: 'email' | 'push') {
  dataOf<NotificationSettingsAnswer>(
    await post(member, '/notification/settings', { kind, channel, enabled: false }),
  )
}

async function publishArticleAbout(stocks: { market: 'us' | 'hk'; code: string }[], key: string) {
  const options = dataOf<NewsroomOptions>(await clients.call(editor, 'GET', '/articles/options'))
  const document: ArticleDocumentInput = {
    key,
    kind: 'analysis',
    topic: options.topics[0]?.slug as string,
    market: stocks[0]?.market ?? 'us',
    author: options.authors[0]?.key as string,
    tags: [],
    stocks,
    menuGroups: [],
    versions: {
      en: {
        title: 'Apple widens its margins',
        summary: 'Why.',
        bodyMarkdown: 'The cycle turned.',
        seoTitle: '',
        seoDescription: '',
      },
      'zh-Hant': {
        title: '蘋果利潤擴大',
        summary: '原因。',
        bodyMarkdown: '週期轉向。',
        seoTitle: '',
        seoDescription: '',
      },
    },
  }
  const created = await clients.call(editor, 'POST', '/articles', { body: document })
  expect(created.statusCode, created.body).toBe(200)
  const draft = created.json().data as EditorArticle
  const published = await clients.call(editor, 'POST', `/articles/${draft.id}/state`, {
    body: { revision: draft.revision, action: 'publish' },
  })
  expect(published.statusCode, published.body).toBe(200)
  return published.json().data as EditorArticle
}

describe('a new article about a followed stock', () => {
  it('is told once to each follower, in the centre and by mail unless they turned its email off', async () => {
    const { member: wantsMail, address: wantsMailAddress } = await memberWithEmail('hant')
    const { member: noMail, address: noMailAddress } = await memberWithEmail('en')
    const { member: notFollowing } = await memberWithEmail('en')
    for (const member of [wantsMail, noMail])
      dataOf(await post(member, '/watchlist/follow', { market: 'us', code: 'AAPL' }))
    await turnOff(noMail, 'newArticle', 'email')

    const article = await publishArticleAbout([{ market: 'us', code: 'AAPL' }], 'notice-test-apple-margins')
    for (const member of [wantsMail, noMail]) {
      const centre = await centreOf(member)
      expect(
        centre.items.map(({ kind, code, link, details }) => ({ kind, code, link, title: details.titleZh })),
      ).toEqual([
        {
          kind: 'newArticle',
          code: 'AAPL',
          link: '/articles/notice-test-apple-margins',
          title: '蘋果利潤擴大',
        },
      ])
      expect(centre.unread).toBe(1)
    }
    expect((await centreOf(notFollowing)).items).toEqual([])

    // Taken down and published again: nothing new, nothing twice.
    const down = await clients.call(editor, 'POST', `/articles/${article.id}/state`, {
      body: { revision: article.revision, action: 'take_down' },
    })
    const again = await clients.call(editor, 'POST', `/articles/${article.id}/state`, {
      body: { revision: (down.json().data as EditorArticle).revision, action: 'publish' },
    })
    expect(again.statusCode, again.body).toBe(200)
    expect((await centreOf(wantsMail)).items).toHaveLength(1)

    await runtime.services.mail.deliverDue()
    const mails = (await mailTo(runtime, wantsMailAddress)).filter(
      (mail) => !mail.text.includes('/mail/verify'),
    )
    expect(mails.map((mail) => mail.subject)).toEqual(['Tickerwise 新文章：AAPL (US)'])
    expect(mails[0]?.text).toContain('「蘋果利潤擴大」')
    expect(linkIn(mails[0]?.text ?? '', '/articles/notice-test-apple-margins')).toBe(
      'http://hant.localhost:3000/articles/notice-test-apple-margins',
    )
    expect(
      (await mailTo(runtime, noMailAddress)).filter((mail) => !mail.text.includes('/mail/verify')),
    ).toEqual([])
  })
})

describe('billing’s notices', () => {
  async function buy(client: ReaderClient) {
    const start = dataOf<CheckoutStart>(
      await post(client, '/billing/checkout', { tier: 'plus', period: 'month' }),
    )
    dataOf(await post(client, '/billing/demo/complete', { checkoutId: start.checkoutId, outcome: 'paid' }))
  }

  it('tells of a renewal 7 days ahead once in the centre, with a link to the account page', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const { member } = await memberWithEmail('en')
    await buy(member)
    clock.set('2026-11-25T10:00:00Z')
    await runtime.services.billing.remindRenewals()
    clock.set('2026-11-26T10:00:00Z')
    await runtime.services.billing.remindRenewals()
    const items = (await centreOf(member)).items
    expect(items.map(({ kind, link, details }) => ({ kind, link, tier: details.tier }))).toEqual([
      { kind: 'renewalReminder', link: '/member/account', tier: 'plus' },
    ])
  })

  it('tells of a renewal that could not be charged once in the centre', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const { member } = await memberWithEmail('en')
    await buy(member)
    const memberId = await memberIdOf(member)
    const subscription = await runtime.services.subscriptions.findSubscriptionInForce(memberId)
    clock.set('2026-12-02T09:30:00Z')
    for (const eventId of ['evt_notice_past_due_1', 'evt_notice_past_due_2'])
      await runtime.services.billing.processPaymentEvent({
        type: 'subscription.updated',
        eventId,
        occurredAt: clock.now(),
        providerSubscriptionId: subscription?.providerSubscriptionId ?? '',
        checkoutId: null,
        providerCustomerId: null,
        status: 'past_due',
        cancelAtPeriodEnd: false,
        periodStart: new Date('2026-12-02T09:00:00Z'),
        periodEnd: new Date('2027-01-02T09:00:00Z'),
        stripePriceId: null,
      })
    const items = (await centreOf(member)).items.filter((item) => item.kind === 'paymentFailed')
    expect(items.map(({ link, details }) => ({ link, tier: details.tier }))).toEqual([
      { link: '/member/account', tier: 'plus' },
    ])
  })

  it('keeps their email on: billing mails them itself, so the setting cannot be turned off', async () => {
    const member = await readers.newMember()
    const settings = dataOf<NotificationSettingsAnswer>(await readers.get(member, '/notification/settings'))
    expect(settings.settings.renewalReminder).toEqual({ inApp: true, email: true, push: true })
    expect(settings.settings.paymentFailed.email).toBe(true)
    expectFailure(
      await post(member, '/notification/settings', {
        kind: 'paymentFailed',
        channel: 'email',
        enabled: false,
      }),
      400,
      'NOTIFICATION_SETTING_INVALID',
    )
    await turnOff(member, 'paymentFailed', 'push')
  })
})

describe('push and mail follow the member’s choices for each kind', () => {
  it('sends no push of a kind the member turned push off for, and no article mail with its email off', async () => {
    const pushes: { memberId: string; key: string }[] = []
    const articleMails: string[] = []
    const notifications = createNotificationsService({
      db: runtime.database.db,
      clock,
      findVerifiedEmail: async () => ({
        address: 'x@example.com',
        locale: 'en',
        siteOrigin: 'http://en.localhost:3000',
      }),
      queueAlertMail: async () => undefined,
      sendAlertPush: async () => undefined,
      queueArticleMail: async (request) => {
        articleMails.push(request.idempotencyKey)
      },
      sendPush: async (memberId, _message, key) => {
        pushes.push({ memberId, key })
      },
    })
    const everything = await readers.newMember()
    const nothing = await readers.newMember()
    for (const kind of ['newArticle', 'renewalReminder', 'paymentFailed'])
      await turnOff(nothing, kind, 'push')
    await turnOff(nothing, 'newArticle', 'email')
    const ids = { everything: await memberIdOf(everything), nothing: await memberIdOf(nothing) }
    const notices = Object.entries(ids).flatMap(([who, memberId]) =>
      (['newArticle', 'renewalReminder', 'paymentFailed'] as const).map((kind) => ({
        key: `test:${who}:${kind}`,
        memberId,
        kind,
        market: kind === 'newArticle' ? ('us' as const) : null,
        code: kind === 'newArticle' ? 'AAPL' : null,
        details: { titleEn: 'A title', titleZh: '標題', tier: 'plus' },
        link: kind === 'newArticle' ? '/articles/a-title' : '/member/account',
        occurredAt: clock.now(),
      })),
    )
    await notifications.notifyMembers(notices)
    await notifications.notifyMembers(notices)
    expect(pushes.filter((push) => push.memberId === ids.nothing)).toEqual([])
    expect(articleMails).not.toContain('notification:test:nothing:newArticle')
    expect(new Set(pushes.map((push) => push.key))).toEqual(
      new Set([
        'notification:test:everything:newArticle',
        'notification:test:everything:renewalReminder',
        'notification:test:everything:paymentFailed',
      ]),
    )
    // In the centre all the same, once each.
    for (const member of [everything, nothing]) expect((await centreOf(member)).items).toHaveLength(3)
  })
})
