import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnalyticsDashboard, AnalyticsDay } from '#contracts/console-analytics-rules.ts'
import { createManualClock } from '#server/clock.ts'
import { selectRows } from '#server/db/database.ts'
import { trackingEvents } from '#server/modules/tracking/tracking.sql.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

// The firm's days are Hong Kong's (UTC+8, no daylight saving): 16:00 UTC is the firm's midnight. The tests follow
// one another in time, as events arrive: each records what happens after the last rollup's mark.
const clock = createManualClock('2026-11-01T00:00:00Z')
const clients = createConsoleClients({ ipPrefix: '10.66', phonePrefix: '9166' })
let runtime: TestRuntime
let editor: StaffClient
let admin: StaffClient
let support: StaffClient
let analyst: StaffClient
let articles: { id: number; key: string; title: string; topic: string; topicName: string }[]

type NewEvent = typeof trackingEvents.$inferInsert

function event(at: string, fields: Partial<NewEvent> = {}): NewEvent {
  return {
    receivedAt: new Date(at),
    eventType: 'page_view',
    subSessionId: 'analytics-test-session',
    lang: 'en',
    pageUrl: 'http://en.localhost:3000/articles/some-article',
    category: 'news',
    deviceType: 'desktop',
    browser: 'Chrome',
    osName: 'Linux',
    isLoggedIn: false,
    ...fields,
  }
}

async function record(...events: NewEvent[]) {
  await runtime.database.db.insert(trackingEvents).values(events)
}

async function dashboard(
  client: StaffClient,
  query: Record<string, string>,
  lang = 'en',
): Promise<AnalyticsDashboard> {
  const response = await clients.call(client, 'GET', '/analytics', { query, headers: { lang } })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data as AnalyticsDashboard
}

function dayOf(answer: AnalyticsDashboard, day: string): AnalyticsDay | undefined {
  return answer.days.find((row) => row.day === day)
}

beforeAll(async () => {
  runtime = await createTestRuntime(
    { LIMITS_TIME_ZONE: 'Asia/Hong_Kong', JOBS_ENABLED: 'false' },
    { smsSender: clients.smsSender, clock },
  )
  clients.bind(runtime)
  // Five members registered and logged in on the firm's 1 November.
  editor = await clients.newStaff(['editor'])
  admin = await clients.newStaff(['admin'])
  support = await clients.newStaff(['support'])
  analyst = await clients.newStaff(['analyst'])
  await clients.newStaff([])
  const rows = await selectRows<{
    id: string | number
    key: string
    title: string
    topic: string
    names: Record<string, string>
  }>(
    runtime.database.db,
    sql`select a.id, a.key, t.title, a.topic_slug as topic, p.name as names
        from articles a
        join article_translations t on t.article_id = a.id and t.locale = 'en'
        join article_topics p on p.slug = a.topic_slug
        where a.state = 'published'
        order by a.id limit 40`,
  )
  // Three articles of two different topics.
  const first = rows[0]
  const sameTopic = rows.find((row) => row !== first && row.topic === first?.topic)
  const otherTopic = rows.find((row) => row.topic !== first?.topic)
  articles = [first, sameTopic, otherTopic].map((row) => {
    if (!row) throw new Error('the seeded articles have fewer than two topics')
    return {
      id: Number(row.id),
      key: row.key,
      title: row.title,
      topic: row.topic,
      topicName: row.names.en ?? '',
    }
  })
}, 60_000)
afterAll(() => runtime.close())

describe('readers analytics', () => {
  it('refuses a range that ends before it starts or is longer than a year, or a day that is not a date', async () => {
    for (const query of [
      { from: '2026-11-05', to: '2026-11-04' } as Record<string, string>,
      { from: '2025-01-01', to: '2026-11-04' },
      { region: 'mars' },
      { from: '2026-02-30' },
      { from: 'x' },
      { to: 'not-a-day' },
    ]) {
      const response = await clients.call(editor, 'GET', '/analytics', { query })
      expect(response.statusCode, JSON.stringify(query)).toBe(400)
      expect(response.headers['x-error-code']).toBe('VALIDATION_FAILED')
    }
    const unknownTable = await clients.call(editor, 'GET', '/analytics/export', {
      query: { table: 'salaries' },
    })
    expect(unknownTable.statusCode).toBe(400)
    const notADay = await clients.call(editor, 'GET', '/analytics/export', {
      query: { table: 'days', from: 'x' },
      headers: { lang: 'hk' },
    })
    expect(notADay.statusCode).toBe(400)
    expect(notADay.headers['x-error-code']).toBe('VALIDATION_FAILED')
    expect(notADay.json().message).toMatch(/[\u4e00-\u9fff]/)
  })

  it('opens to editors and admins only', async () => {
    expect((await clients.call(admin, 'GET', '/analytics')).statusCode).toBe(200)
    expect(
      (await clients.call(editor, 'GET', '/analytics/export', { query: { table: 'days' } })).statusCode,
    ).toBe(200)
    for (const client of [support, analyst]) {
      const response = await clients.call(client, 'GET', '/analytics')
      expect(response.statusCode).toBe(403)
      expect(response.headers['x-error-code']).toBe('CONSOLE_ROLE_REQUIRED')
    }
    expect(
      (await clients.call(null, 'GET', '/analytics/export', { query: { table: 'days' } })).statusCode,
    ).toBe(401)
  })
  it('counts views per firm day, across midnight UTC, before and after the rollup', async () => {
    await record(
      event('2026-11-01T15:59:00Z'), // the firm's 1 Nov 23:59
      event('2026-11-01T16:00:00Z'), // the firm's 2 Nov 00:00, still 1 Nov in UTC
      event('2026-11-01T23:30:00Z'), // 2 Nov 07:30
      event('2026-11-02T15:59:59Z', { isLoggedIn: true }), // 2 Nov 23:59:59
    )
    const query = { from: '2026-11-01', to: '2026-11-02' }
    const expectDays = (answer: AnalyticsDashboard) => {
      expect(answer.days.map((day) => [day.day, day.views, day.loggedInViews])).toEqual([
        ['2026-11-01', 1, 0],
        ['2026-11-02', 3, 1],
      ])
      expect(answer.totals).toMatchObject({ views: 4, loggedInViews: 1 })
    }
    expectDays(await dashboard(editor, query))
    clock.set('2026-11-02T17:00:00Z')
    await runtime.services.console.analytics.rollUp()
    expectDays(await dashboard(editor, query))
    // Run again (nothing new): the same numbers, nothing counted twice.
    await runtime.services.console.analytics.rollUp()
    expectDays(await dashboard(editor, query))
  })

  it('counts sign-ups, logins, diagnoses and chat questions per firm day', async () => {
    const db = runtime.database.db
    await db.execute(
      sql`insert into chat_conversations (id, owner, title, created_at, updated_at)
          values ('6d7d1f36-8a3b-4d0c-9a51-1e7b8f0a0001', 'device:analytics-test', '', now(), now())`,
    )
    for (const [role, at] of [
      ['question', '2026-11-02T17:30:00Z'], // the firm's 3 Nov 01:30
      ['answer', '2026-11-02T17:30:05Z'],
      ['question', '2026-11-03T03:00:00Z'],
    ] as const) {
      await db.execute(
        sql`insert into chat_messages (conversation_id, role, text, status, locale, created_at)
            values ('6d7d1f36-8a3b-4d0c-9a51-1e7b8f0a0001', ${role}, 'text', 'complete', 'en', ${at}::timestamptz)`,
      )
    }
    await db.execute(
      sql`insert into stock_diagnosis_views (subject, company_id, day, created_at)
          select 'device:analytics-test', id, '2026-11-03', '2026-11-03T02:00:00Z' from stock_companies
          order by id limit 3`,
    )
    const expectActivity = (answer: AnalyticsDashboard) => {
      expect(dayOf(answer, '2026-11-01')).toMatchObject({
        signups: 5,
        logins: 5,
        diagnoses: 0,
        chatQuestions: 0,
      })
      expect(dayOf(answer, '2026-11-02')).toMatchObject({ signups: 0, logins: 0, chatQuestions: 0 })
      expect(dayOf(answer, '2026-11-03')).toMatchObject({ signups: 0, diagnoses: 3, chatQuestions: 2 })
      // Counted for all sites, whichever is chosen.
      expect(answer.totals).toMatchObject({ signups: 5, logins: 5, diagnoses: 3, chatQuestions: 2 })
    }
    const range = { from: '2026-11-01', to: '2026-11-03', region: 'hant' }
    expectActivity(await dashboard(admin, range))
    clock.set('2026-11-03T04:00:00Z')
    await runtime.services.console.analytics.rollUp()
    await runtime.services.console.analytics.rollUp()
    expectActivity(await dashboard(admin, range))
  })

  it('ranks articles and topics, with titles and topic names in the console language', async () => {
    const [a, b, c] = articles as [(typeof articles)[0], (typeof articles)[0], (typeof articles)[0]]
    const viewsOf = (article: typeof a, count: number) =>
      Array.from({ length: count }, () =>
        event(clock.now().toISOString(), {
          articleId: article.id,
          pageUrl: `http://en.localhost:3000/articles/${article.key}`,
        }),
      )
    clock.set('2026-11-03T05:00:00Z')
    await record(...viewsOf(a, 2), ...viewsOf(b, 1), ...viewsOf(c, 4))
    const answer = await dashboard(editor, { from: '2026-11-03', to: '2026-11-03' })
    expect(answer.rankings.articles).toEqual([
      { key: String(c.id), label: c.title, count: 4 },
      { key: String(a.id), label: a.title, count: 2 },
      { key: String(b.id), label: b.title, count: 1 },
    ])
    // a and b share a topic: 3 views, below c's 4.
    expect(answer.rankings.topics).toEqual([
      { key: c.topic, label: c.topicName, count: 4 },
      { key: a.topic, label: a.topicName, count: 3 },
    ])
    // Part rolled up, part not: counted once each.
    clock.set('2026-11-03T06:00:00Z')
    await runtime.services.console.analytics.rollUp()
    await record(...viewsOf(b, 3))
    const later = await dashboard(editor, { from: '2026-11-03', to: '2026-11-03' })
    // Equal counts are ordered by key.
    const [first, second] = [String(b.id), String(c.id)].sort()
    expect(later.rankings.articles.map((row) => [row.key, row.count])).toEqual([
      [first, 4],
      [second, 4],
      [String(a.id), 2],
    ])
  })

  it('lists search keywords with and without results, decoded', async () => {
    const search = (keyword: string, outcome: 'found' | 'missed', region = 'en') =>
      event('2026-11-04T03:00:00Z', {
        eventType: 'search',
        category: outcome,
        pageUrl: `http://${region}.localhost:3000/search/${keyword}`,
      })
    await record(
      search('nvidia', 'found'),
      search('NVIDIA', 'found'),
      search('tsmc', 'found'),
      search('%E8%98%8B%E6%9E%9C', 'missed', 'hant'),
      search('nothing-here', 'missed'),
      search('nothing-here', 'missed'),
    )
    const answer = await dashboard(editor, { from: '2026-11-04', to: '2026-11-04' })
    expect(answer.rankings['searches-found']).toEqual([
      { key: 'nvidia', label: 'nvidia', count: 2 },
      { key: 'tsmc', label: 'tsmc', count: 1 },
    ])
    expect(answer.rankings['searches-missed']).toEqual([
      { key: 'nothing-here', label: 'nothing-here', count: 2 },
      { key: '蘋果', label: '蘋果', count: 1 },
    ])
    expect(answer.totals.searches).toBe(6)
    // Searches are not article views.
    expect(answer.totals.views).toBe(0)
  })

  it('filters by site, and groups referrers, landing pages, devices and browsers', async () => {
    await record(
      event('2026-11-05T01:00:00Z', {
        pageUrl: 'http://hant.localhost:3000/articles/a',
        lang: 'hk',
        visitReferer: 'https://www.google.com/search?q=tickerwise',
        visitLanding: '/articles/a?utm_source=news',
        deviceType: 'mobile',
        browser: 'Safari',
        isLoggedIn: true,
      }),
      event('2026-11-05T01:00:00Z', {
        pageUrl: 'http://hant.localhost:3000/articles/b',
        lang: 'hk',
        visitReferer: 'https://www.google.com/',
        visitLanding: '/articles/a',
        deviceType: 'mobile',
        browser: 'Safari',
      }),
      event('2026-11-05T01:00:00Z', { pageUrl: 'http://hk.localhost:3000/articles/c', lang: 'hk' }),
      event('2026-11-05T01:00:00Z', { visitLanding: '/', deviceType: 'tablet', browser: 'Firefox' }),
    )
    const range = { from: '2026-11-05', to: '2026-11-05' }
    const all = await dashboard(editor, range)
    expect(all.totals).toMatchObject({ views: 4, loggedInViews: 1 })
    expect(all.rankings.referers).toEqual([
      { key: '', label: '', count: 2 },
      { key: 'www.google.com', label: 'www.google.com', count: 2 },
    ])
    expect(all.rankings.landings).toEqual([
      { key: '/articles/a', label: '/articles/a', count: 2 },
      { key: '', label: '', count: 1 },
      { key: '/', label: '/', count: 1 },
    ])
    expect(all.rankings.devices.map((row) => [row.key, row.count])).toEqual([
      ['mobile', 2],
      ['desktop', 1],
      ['tablet', 1],
    ])
    expect(all.rankings.browsers.map((row) => [row.key, row.count])).toEqual([
      ['Safari', 2],
      ['Chrome', 1],
      ['Firefox', 1],
    ])

    const hant = await dashboard(editor, { ...range, region: 'hant' })
    expect(hant.region).toBe('hant')
    expect(hant.totals).toMatchObject({ views: 2, loggedInViews: 1 })
    expect(hant.rankings.browsers).toEqual([{ key: 'Safari', label: 'Safari', count: 2 }])
    await runtime.services.console.analytics.rollUp()
    expect((await dashboard(editor, { ...range, region: 'hant' })).totals.views).toBe(2)
    expect((await dashboard(editor, { ...range, region: 'hk' })).totals.views).toBe(1)
    expect((await dashboard(editor, { ...range, region: 'jp' })).totals.views).toBe(0)
  })

  it("counts today's events before the job has rolled them up", async () => {
    // 12:00 on the firm's 10 November; the last rollup read up to a minute before the clock.
    clock.set('2026-11-10T04:00:00Z')
    await runtime.services.console.analytics.rollUp()
    clock.advance(2 * 60_000)
    await record(event(clock.now().toISOString(), { isLoggedIn: true }))
    const today = await dashboard(editor, {})
    expect(today.to).toBe('2026-11-10')
    expect(today.from).toBe('2026-10-12')
    expect(today.days).toHaveLength(30)
    expect(dayOf(today, '2026-11-10')).toMatchObject({ views: 1, loggedInViews: 1 })
    await runtime.services.console.analytics.rollUp()
    expect(dayOf(await dashboard(editor, {}), '2026-11-10')).toMatchObject({ views: 1, loggedInViews: 1 })
  })

  it('exports each table as CSV', async () => {
    const articlesCsv = await clients.call(editor, 'GET', '/analytics/export', {
      query: { table: 'articles', from: '2026-11-03', to: '2026-11-03' },
      headers: { lang: 'en' },
    })
    expect(articlesCsv.statusCode).toBe(200)
    expect(articlesCsv.headers['content-type']).toMatch(/^text\/csv/)
    expect(articlesCsv.headers['content-disposition']).toBe(
      'attachment; filename="analytics-articles-2026-11-03-2026-11-03.csv"',
    )
    const quoted = (text: string) => (/[",]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text)
    const line = (article: (typeof articles)[0] | undefined, count: number) =>
      `${article?.id},${quoted(article?.title ?? '')},${count}`
    const [a, b, c] = articles
    const tied = [b, c].sort((x, y) => String(x?.id).localeCompare(String(y?.id)))
    expect(articlesCsv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'key,label,count',
      line(tied[0], 4),
      line(tied[1], 4),
      line(a, 2),
      '',
    ])

    const days = await clients.call(editor, 'GET', '/analytics/export', {
      query: { table: 'days', from: '2026-11-01', to: '2026-11-02' },
    })
    expect(days.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'day,views,logged_in_views,signups,logins,diagnoses,chat_questions',
      '2026-11-01,1,0,5,5,0,0',
      '2026-11-02,3,1,0,0,0,0',
      '',
    ])

    // A reader's keyword that reads as a formula is kept as text.
    await record(
      event(clock.now().toISOString(), {
        eventType: 'search',
        category: 'missed',
        pageUrl: 'http://en.localhost:3000/search/%3D1%2B1',
      }),
    )
    const missed = await clients.call(editor, 'GET', '/analytics/export', {
      query: { table: 'searches-missed', from: '2026-11-10', to: '2026-11-10', region: 'en' },
    })
    expect(missed.headers['content-disposition']).toContain(
      'analytics-searches-missed-2026-11-10-2026-11-10-en.csv',
    )
    expect(missed.body.replace(/^\uFEFF/, '').split('\r\n')[1]).toBe("'=1+1,'=1+1,1")
  })
})
