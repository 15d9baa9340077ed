import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PriceCatalogue } from '#contracts/billing-rules.ts'
import type { AuditPage } from '#contracts/console-rules.ts'
import {
  type ConsoleContactChannels,
  type ConsoleMenuGroup,
  type ConsolePrice,
  type ConsoleRedirect,
  type EditableSiteText,
  SiteAdminErrorCode,
  type SiteTextSummary,
} from '#contracts/console-site-rules.ts'
import type { MenuGroup } from '#contracts/site.ts'
import { createArticleChanges } from '#server/modules/articles/article-changes.ts'
import { loadSeedCorpus } from '#server/modules/articles/seed/seed-corpus.ts'
import { insertSeedMenuIfAbsent } from '#server/modules/navigation/navigation.seed.ts'
import { insertRedirectsIfAbsent } from '#server/modules/redirects/redirects.repo.ts'
import { defaultRedirects } from '#server/modules/redirects/redirects.seed.ts'
import { createRedirectsService } from '#server/modules/redirects/redirects.service.ts'
import { createSiteTextsService } from '#server/modules/site-texts/site-texts.service.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { expectFailure } from '#server/testing/reader-clients.ts'
import { regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import { type ConsoleSiteRuntime, startConsoleSiteRuntime } from './testing/console-site-runtime.ts'

const clients = createConsoleClients({ ipPrefix: '10.66', phonePrefix: '9166' })
let site: ConsoleSiteRuntime
let runtime: TestRuntime
let admin: StaffClient
let editor: StaffClient
let support: StaffClient

beforeAll(async () => {
  site = await startConsoleSiteRuntime(clients)
  runtime = site.runtime
  admin = await clients.newStaff(['admin'])
  editor = await clients.newStaff(['editor'])
  support = await clients.newStaff(['support'], 'hant')
}, 180_000)
afterAll(() => site?.close())

function page(path: string, region: 'en' | 'hant') {
  return site.page(path, region)
}

function publicApi(path: string, region: 'en' | 'hant', query: Record<string, string> = {}) {
  return runtime.app.inject({
    method: 'GET',
    url: `/api/portal${path}`,
    query,
    headers: regionalHeaders(region),
  })
}

async function asAdmin<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options = {}) {
  const response = await clients.call(admin, method, path, options)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data as T
}

/** A form's refusal: 400, the field's code in `x-error-code` and among the body's `fields`. */
function expectFieldRefusal(response: Awaited<ReturnType<typeof clients.call>>, code: string) {
  expect(response.statusCode, response.body).toBe(400)
  expect(response.headers['x-error-code']).toBe(code)
  expect(response.json().fields).toContainEqual(expect.objectContaining({ code }))
}

async function latestAudit(action: string) {
  const page = await asAdmin<AuditPage>('GET', '/audit', { query: { action } })
  return page.rows[0]
}

describe('who may run the site', () => {
  const calls: [string, string][] = [
    ['GET', '/site/texts'],
    ['GET', '/site/texts/about-us/en'],
    ['PUT', '/site/texts/about-us/en'],
    ['GET', '/site/menu-groups'],
    ['POST', '/site/menu-groups'],
    ['PUT', '/site/menu-groups/any'],
    ['DELETE', '/site/menu-groups/any'],
    ['PUT', '/site/menu-order'],
    ['GET', '/site/redirects'],
    ['POST', '/site/redirects'],
    ['PUT', '/site/redirects?from=/never-there'],
    ['DELETE', '/site/redirects?from=/never-there'],
    ['GET', '/site/contact'],
    ['PUT', '/site/contact'],
    ['GET', '/site/prices'],
    ['PUT', '/site/prices/plus/month/USD'],
  ]

  it('refuses visitors (401) and staff without the admin role (403), and lets admins in', async () => {
    for (const [method, path] of calls) {
      const as = (client: StaffClient | null) =>
        clients.call(client, method as 'GET', path, method === 'GET' ? {} : { body: {} })
      expectFailure(await as(null), 401, 'UNAUTHENTICATED')
      expectFailure(await as(editor), 403, 'CONSOLE_ROLE_REQUIRED')
      expectFailure(await as(support), 403, 'CONSOLE_ROLE_REQUIRED')
      expect([401, 403]).not.toContain((await as(admin)).statusCode)
    }
  })
})

describe('site texts', () => {
  it('lists every text in both languages', async () => {
    const texts = await asAdmin<SiteTextSummary[]>('GET', '/site/texts')
    expect(texts.filter((text) => text.key === 'about-us').map((text) => text.locale)).toEqual([
      'en',
      'zh-Hant',
    ])
    expect(new Set(texts.map((text) => text.key)).size).toBe(9)
  })

  it('shows a saved text on its public page at once, in its language only, and audits the save', async () => {
    // The page is read (and cached) before the save: the save must not wait for the cache to expire.
    expect((await page('/about-us', 'en')).statusCode).toBe(200)
    const chineseBefore = (await page('/about-us', 'hant')).body
    const current = await asAdmin<EditableSiteText>('GET', '/site/texts/about-us/en')
    const saved = await asAdmin<EditableSiteText>('PUT', '/site/texts/about-us/en', {
      body: {
        title: 'About the quokka desk',
        bodyMarkdown: 'We study **quokka** markets.\n\n<script>alert(1)</script>',
        updatedAt: current.updatedAt,
      },
    })
    expect(saved.title).toBe('About the quokka desk')
    expect(saved.updatedAt).not.toBe(current.updatedAt)

    const english = await page('/about-us', 'en')
    expect(english.body).toContain('About the quokka desk')
    expect(english.body).toContain('<strong>quokka</strong>')
    expect(english.body).not.toContain('<script>alert(1)')
    const chinese = (await page('/about-us', 'hant')).body
    expect(chinese).not.toContain('quokka')
    expect(chinese).toContain(
      (await publicApi('/text', 'hant', { key: 'about-us' })).json().data.title as string,
    )
    expect(chineseBefore.length).toBeGreaterThan(0)

    const entry = await latestAudit('site_text.save')
    expect(entry).toMatchObject({
      entity: 'site_text',
      entityId: 'about-us:en',
      actor: { phone: admin.phone },
      before: { title: current.title },
      after: { title: 'About the quokka desk' },
    })
  })

  it('tells another process holding the text to drop it', async () => {
    const otherProcess = createSiteTextsService({
      db: runtime.database.db,
      onSiteChanged: (listener) => runtime.services.articles.onArticlesChanged(listener),
    })
    const before = await otherProcess.getSiteText('service', 'zh-Hant')
    const current = await asAdmin<EditableSiteText>('GET', '/site/texts/service/zh-Hant')
    await asAdmin('PUT', '/site/texts/service/zh-Hant', {
      body: { title: '袋鼠服務', bodyMarkdown: current.bodyMarkdown, updatedAt: current.updatedAt },
    })
    expect(before.title).not.toBe('袋鼠服務')
    expect((await otherProcess.getSiteText('service', 'zh-Hant')).title).toBe('袋鼠服務')
  })

  it('refuses a save made on an old version, answering the stored one', async () => {
    const opened = await asAdmin<EditableSiteText>('GET', '/site/texts/history/en')
    await asAdmin('PUT', '/site/texts/history/en', {
      body: { title: 'First save', bodyMarkdown: 'One', updatedAt: opened.updatedAt },
    })
    const late = await clients.call(admin, 'PUT', '/site/texts/history/en', {
      body: { title: 'Second save', bodyMarkdown: 'Two', updatedAt: opened.updatedAt },
    })
    expectFailure(late, 409, SiteAdminErrorCode.siteTextStale)
    expect(late.json().current).toMatchObject({ title: 'First save', bodyMarkdown: 'One' })
    expect((await publicApi('/text', 'en', { key: 'history' })).json().data.title).toBe('First save')
  })

  it('refuses an empty title and unknown texts', async () => {
    const current = await asAdmin<EditableSiteText>('GET', '/site/texts/description/en')
    const empty = await clients.call(admin, 'PUT', '/site/texts/description/en', {
      body: { title: '  ', bodyMarkdown: 'x', updatedAt: current.updatedAt },
    })
    expectFieldRefusal(empty, SiteAdminErrorCode.titleRequired)
    expect(empty.json().message).toBe('Write a title.')
    expect((await clients.call(admin, 'GET', '/site/texts/careers/en')).statusCode).toBe(400)
  })
})

describe("site texts' structured parts", () => {
  it('shows a milestone added on the history page of its language only, saved with the title and audited', async () => {
    expect((await page('/company-history', 'hant')).statusCode).toBe(200) // held before the save
    const current = await asAdmin<EditableSiteText>('GET', '/site/texts/history/zh-Hant')
    const seeded = current.data.milestones ?? []
    expect(seeded.length).toBeGreaterThan(0)
    const added = { year: '2031', title: '袋鼠里程碑', description: '我們開始研究袋鼠市場。' }
    const saved = await asAdmin<EditableSiteText>('PUT', '/site/texts/history/zh-Hant', {
      body: {
        title: current.title,
        bodyMarkdown: current.bodyMarkdown,
        data: { milestones: [added, ...seeded] },
        updatedAt: current.updatedAt,
      },
    })
    expect(saved.data.milestones?.[0]).toEqual(added)

    const chinese = (await page('/company-history', 'hant')).body
    expect(chinese).toContain('袋鼠里程碑')
    expect(chinese).toContain('我們開始研究袋鼠市場。')
    expect((await page('/company-history', 'en')).body).not.toContain('袋鼠里程碑')
    expect((await latestAudit('site_text.save'))?.after).toMatchObject({
      data: { milestones: [added, ...seeded] },
    })

    // A save of the title and body alone keeps the parts.
    await asAdmin('PUT', '/site/texts/history/zh-Hant', {
      body: { title: '袋鼠歷史', bodyMarkdown: current.bodyMarkdown, updatedAt: saved.updatedAt },
    })
    expect((await publicApi('/text', 'hant', { key: 'history' })).json().data.data.milestones[0]).toEqual(
      added,
    )
  })

  it("refuses a link that is neither a site path nor an http(s) address, naming its field in the reader's language", async () => {
    const current = await asAdmin<EditableSiteText>('GET', '/site/texts/footer/zh-Hant')
    const links = current.data.links ?? []
    expect(links.length).toBeGreaterThan(1)
    const refused = await clients.call(admin, 'PUT', '/site/texts/footer/zh-Hant', {
      headers: { lang: 'zh-Hant' },
      body: {
        title: current.title,
        bodyMarkdown: current.bodyMarkdown,
        data: {
          tagline: '袋鼠標語',
          links: links.map((link, index) => (index === 1 ? { ...link, href: 'javascript:alert(1)' } : link)),
        },
        updatedAt: current.updatedAt,
      },
    })
    expectFieldRefusal(refused, SiteAdminErrorCode.sitePartLinkInvalid)
    expect(refused.json().fields).toContainEqual({
      field: 'data.links.1.href',
      code: SiteAdminErrorCode.sitePartLinkInvalid,
    })
    expect(refused.json().message).toBe('請輸入以 / 開頭的路徑，或以 http:// 或 https:// 開頭的網址。')
    expect((await page('/about-us', 'hant')).body).not.toContain('袋鼠標語')

    // A kind of part its page does not draw is refused too, on that kind.
    const about = await asAdmin<EditableSiteText>('GET', '/site/texts/about-us/zh-Hant')
    const notShown = await clients.call(admin, 'PUT', '/site/texts/about-us/zh-Hant', {
      body: { ...about, data: { milestones: [{ year: '2031', title: 'x', description: '' }] } },
    })
    expectFieldRefusal(notShown, SiteAdminErrorCode.sitePartNotShown)
    expect(notShown.json().fields).toContainEqual({
      field: 'data.milestones',
      code: SiteAdminErrorCode.sitePartNotShown,
    })
  })

  it('refuses parts saved on an old version, answering the stored ones', async () => {
    const opened = await asAdmin<EditableSiteText>('GET', '/site/texts/footer/en')
    const first = await asAdmin<EditableSiteText>('PUT', '/site/texts/footer/en', {
      body: { ...opened, data: { tagline: 'Quokkas first' } },
    })
    expect(first.data.links).toEqual(opened.data.links)
    const late = await clients.call(admin, 'PUT', '/site/texts/footer/en', {
      body: { ...opened, data: { tagline: 'Quokkas second' } },
    })
    expectFailure(late, 409, SiteAdminErrorCode.siteTextStale)
    expect(late.json().current).toMatchObject({ data: { tagline: 'Quokkas first' } })
    const english = (await page('/about-us', 'en')).body
    expect(english).toContain('Quokkas first')
    expect(english).not.toContain('Quokkas second')
  })
})

describe('header menu groups', () => {
  async function publicMenu(region: 'en' | 'hant'): Promise<MenuGroup[]> {
    return (await publicApi('/home/listMenu', region)).json().data
  }

  it('creates, renames, fills, reorders and deletes a group, and the public menu follows each change', async () => {
    const seeded = await asAdmin<ConsoleMenuGroup[]>('GET', '/site/menu-groups')
    const articleKeys = seeded.flatMap((group) => group.articles.map((article) => article.key)).slice(0, 2)
    expect(articleKeys).toHaveLength(2)
    await publicMenu('en') // held by this process before the change

    const created = await asAdmin<ConsoleMenuGroup>('POST', '/site/menu-groups', {
      body: { name: { en: 'Quokka research', 'zh-Hant': '袋鼠研究' }, articleKeys },
    })
    expect(created.key).toBe('quokka-research')
    expect(created.articles.map((article) => article.key)).toEqual(articleKeys)
    expect((await publicMenu('en')).at(-1)?.menuName).toBe('Quokka research')
    expect((await publicMenu('hant')).at(-1)?.menuName).toBe('袋鼠研究')

    const renamed = await asAdmin<ConsoleMenuGroup>('PUT', `/site/menu-groups/${created.key}`, {
      body: { name: { en: 'Quokka notes', 'zh-Hant': '袋鼠筆記' }, articleKeys: [articleKeys[1]] },
    })
    expect(renamed.articles.map((article) => article.key)).toEqual([articleKeys[1]])
    const renamedInMenu = (await publicMenu('en')).find((group) => group.menuName === 'Quokka notes')
    expect(renamedInMenu?.articles.map((article) => article.k)).toEqual([articleKeys[1]])

    const order = [created.key, ...seeded.map((group) => group.key)]
    const reordered = await asAdmin<ConsoleMenuGroup[]>('PUT', '/site/menu-order', { body: { keys: order } })
    expect(reordered.map((group) => group.key)).toEqual(order)
    expect((await publicMenu('en'))[0]?.menuName).toBe('Quokka notes')
    expect((await latestAudit('menu_group.reorder'))?.after).toEqual(order)

    await asAdmin('DELETE', `/site/menu-groups/${created.key}`)
    expect((await publicMenu('en')).map((group) => group.menuName)).not.toContain('Quokka notes')
    expect(await latestAudit('menu_group.delete')).toMatchObject({
      entityId: created.key,
      before: { name: { en: 'Quokka notes' }, articleKeys: [articleKeys[1]] },
      after: null,
    })
    expect((await latestAudit('menu_group.create'))?.after).toMatchObject({ key: created.key })
    expect((await latestAudit('menu_group.update'))?.before).toMatchObject({
      name: { en: 'Quokka research' },
    })
  })

  it('refuses unknown articles, a nameless group and an order that leaves a group out', async () => {
    const groups = await asAdmin<ConsoleMenuGroup[]>('GET', '/site/menu-groups')
    expectFailure(
      await clients.call(admin, 'POST', '/site/menu-groups', {
        body: { name: { en: 'Ghosts', 'zh-Hant': '幽靈' }, articleKeys: ['no-such-article-here'] },
      }),
      400,
      SiteAdminErrorCode.menuArticleUnknown,
    )
    expectFieldRefusal(
      await clients.call(admin, 'POST', '/site/menu-groups', {
        body: { name: { en: 'Only English', 'zh-Hant': '' } },
      }),
      SiteAdminErrorCode.menuGroupNameRequired,
    )
    expectFailure(
      await clients.call(admin, 'PUT', '/site/menu-order', {
        body: { keys: groups.slice(1).map((g) => g.key) },
      }),
      400,
      SiteAdminErrorCode.menuOrderInvalid,
    )
    expectFailure(
      await clients.call(admin, 'DELETE', '/site/menu-groups/no-such-group'),
      404,
      SiteAdminErrorCode.menuGroupNotFound,
    )
  })

  it('keeps a deleted seeded group deleted, and a changed one as changed, when the seed runs again', async () => {
    const [first, second] = await asAdmin<ConsoleMenuGroup[]>('GET', '/site/menu-groups')
    if (!first || !second) throw new Error('the seed has two menu groups at least')
    await asAdmin('PUT', `/site/menu-groups/${second.key}`, { body: { name: second.name, articleKeys: [] } })
    await asAdmin('DELETE', `/site/menu-groups/${first.key}`)
    await insertSeedMenuIfAbsent(runtime.database.db, (await loadSeedCorpus()).menuGroups)
    const after = await asAdmin<ConsoleMenuGroup[]>('GET', '/site/menu-groups')
    expect(after.map((group) => group.key)).not.toContain(first.key)
    expect(after.find((group) => group.key === second.key)?.articles).toEqual([])
  })
})

describe('redirects', () => {
  it('follows a new rule, then its changed target, at once; a removed rule no more', async () => {
    expect((await page('/quokka-old', 'en')).statusCode).toBe(404)
    const added = await asAdmin<ConsoleRedirect>('POST', '/site/redirects', {
      body: { fromPath: '/quokka-old/', toLocation: '/about-us', status: 301 },
    })
    expect(added).toMatchObject({ fromPath: '/quokka-old', toLocation: '/about-us', status: 301 })
    const first = await page('/quokka-old', 'hant')
    expect(first.statusCode).toBe(301)
    expect(first.headers.location).toBe('/about-us')

    await asAdmin('PUT', '/site/redirects', {
      query: { from: '/quokka-old' },
      body: { fromPath: '/quokka-old', toLocation: '/service', status: 302 },
    })
    const changed = await page('/quokka-old', 'en')
    expect(changed.statusCode).toBe(302)
    expect(changed.headers.location).toBe('/service')
    expect(await latestAudit('redirect.update')).toMatchObject({
      entity: 'redirect',
      entityId: '/quokka-old',
      before: { toLocation: '/about-us', status: 301 },
      after: { toLocation: '/service', status: 302 },
    })

    // Its path changed too: the old one leads nowhere, the new one to the target.
    await asAdmin('PUT', '/site/redirects', {
      query: { from: '/quokka-old' },
      body: { fromPath: '/quokka-older', toLocation: 'https://example.com/quokka', status: 302 },
    })
    expect((await page('/quokka-old', 'en')).statusCode).toBe(404)
    expect((await page('/quokka-older', 'en')).headers.location).toBe('https://example.com/quokka')

    await asAdmin('DELETE', '/site/redirects', { query: { from: '/quokka-older' } })
    expect((await page('/quokka-older', 'en')).statusCode).toBe(404)
    expect((await latestAudit('redirect.delete'))?.before).toMatchObject({ fromPath: '/quokka-older' })
    const rules = await asAdmin<ConsoleRedirect[]>('GET', '/site/redirects')
    expect(rules.map((rule) => rule.fromPath)).not.toContain('/quokka-older')
  })

  it('refuses rules that point at themselves, loop, or are not paths or http(s) addresses', async () => {
    const add = (fromPath: string, toLocation: string, status: number = 301) =>
      clients.call(admin, 'POST', '/site/redirects', { body: { fromPath, toLocation, status } })
    await asAdmin('POST', '/site/redirects', {
      body: { fromPath: '/loop-a', toLocation: '/loop-b', status: 301 },
    })
    await asAdmin('POST', '/site/redirects', {
      body: { fromPath: '/loop-b', toLocation: 'http://en.localhost:3000/loop-c', status: 301 },
    })
    expectFailure(await add('/loop-c', '/loop-a?from=c'), 400, SiteAdminErrorCode.redirectLoop)
    expectFailure(await add('/self', '/self/'), 400, SiteAdminErrorCode.redirectSelf)
    expectFailure(await add('/self', 'http://hant.localhost:3000/self'), 400, SiteAdminErrorCode.redirectSelf)
    expectFailure(await add('old-page', '/new'), 400, SiteAdminErrorCode.redirectFromInvalid)
    expectFailure(await add('/console', '/'), 400, SiteAdminErrorCode.redirectFromInvalid)
    expectFailure(await add('/api/portal/x', '/'), 400, SiteAdminErrorCode.redirectFromInvalid)
    expectFailure(await add('/old', 'javascript:alert(1)'), 400, SiteAdminErrorCode.redirectTargetInvalid)
    expectFailure(await add('/old', '//evil.example'), 400, SiteAdminErrorCode.redirectTargetInvalid)
    expectFailure(await add('/old', '/new', 303), 400, 'VALIDATION_FAILED')
    const exists = await add('/about', '/company-history')
    expectFailure(exists, 409, SiteAdminErrorCode.redirectExists)
    expect(exists.json().message).toBe('This path already redirects; edit that rule.')
    expectFailure(
      await clients.call(admin, 'DELETE', '/site/redirects', { query: { from: '/never-there' } }),
      404,
      SiteAdminErrorCode.redirectNotFound,
    )
  })

  it('answers a refusal in the reader’s language', async () => {
    const response = await clients.call(admin, 'POST', '/site/redirects', {
      body: { fromPath: '/self-zh', toLocation: '/self-zh', status: 301 },
      headers: { lang: 'hk' },
    })
    expectFailure(response, 400, SiteAdminErrorCode.redirectSelf)
    expect(response.json().message).toBe('路徑不能轉址到自己。')
  })

  // Another process hears of it over PostgreSQL (or Redis): on PGlite there is only one process.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'makes another process follow a changed rule at once, though it reads its rules every 30 s',
    async () => {
      const channel = createArticleChanges({ database: runtime.database, redis: runtime.redis })
      try {
        const otherProcess = createRedirectsService({
          db: runtime.database.db,
          onSiteChanged: (listener) => channel.subscribe(() => listener()),
        })
        await asAdmin('POST', '/site/redirects', {
          body: { fromPath: '/elsewhere', toLocation: '/about-us', status: 301 },
        })
        expect(await otherProcess.findRedirect('/elsewhere')).toEqual({ location: '/about-us', status: 301 })
        const nextWord = () =>
          new Promise<void>((resolve) => {
            const stop = channel.subscribe(() => {
              stop()
              resolve()
            })
          })
        // The channel's listener connection opens in the background: wait until a word gets through.
        let isListening = false
        for (let attempt = 0; attempt < 50 && !isListening; attempt++) {
          const next = nextWord().then(() => true)
          await runtime.services.articles.announceArticleChange([])
          isListening = await Promise.race([
            next,
            new Promise<boolean>((r) => setTimeout(() => r(false), 100)),
          ])
        }
        expect(isListening).toBe(true)
        const heard = nextWord()
        await asAdmin('PUT', '/site/redirects', {
          query: { from: '/elsewhere' },
          body: { fromPath: '/elsewhere', toLocation: '/service', status: 302 },
        })
        await heard
        expect(await otherProcess.findRedirect('/elsewhere')).toEqual({ location: '/service', status: 302 })
      } finally {
        await channel.close()
      }
    },
  )

  it('keeps a removed default rule removed when the seed runs again', async () => {
    await asAdmin('DELETE', '/site/redirects', { query: { from: '/terms' } })
    await insertRedirectsIfAbsent(runtime.database.db, defaultRedirects)
    expect(await runtime.services.redirects.findRedirect('/terms')).toBeUndefined()
    expect((await page('/terms', 'en')).statusCode).toBe(404)
  })
})

describe('contact channels', () => {
  it('shows the configuration’s until an admin saves, then the saved ones on the contact page', async () => {
    const initial = await asAdmin<ConsoleContactChannels>('GET', '/site/contact')
    expect(initial).toMatchObject({ isDefault: true, updatedAt: null, channels: runtime.config.contact })
    expect((await page('/contact-us', 'en')).body).toContain(runtime.config.contact.email)

    const channels = {
      phone: '+852 3999 1234',
      email: 'quokka@tickerwise.example',
      whatsapp: '85239991234',
      line: '@quokka',
      kakaotalk: 'quokka-kr',
      telegram: 'quokka_help',
    }
    const saved = await asAdmin<ConsoleContactChannels>('PUT', '/site/contact', { body: channels })
    expect(saved).toMatchObject({ isDefault: false, channels })
    const contactPage = (await page('/contact-us', 'hant')).body
    expect(contactPage).toContain('quokka@tickerwise.example')
    expect(contactPage).not.toContain(runtime.config.contact.email)
    expect(await latestAudit('contact.save')).toMatchObject({
      before: { isDefault: true },
      after: { channels: { email: 'quokka@tickerwise.example' } },
    })
  })

  it('refuses an invalid email and an empty channel', async () => {
    const current = (await asAdmin<ConsoleContactChannels>('GET', '/site/contact')).channels
    expectFieldRefusal(
      await clients.call(admin, 'PUT', '/site/contact', { body: { ...current, email: 'not-an-address' } }),
      SiteAdminErrorCode.contactEmailInvalid,
    )
    expectFieldRefusal(
      await clients.call(admin, 'PUT', '/site/contact', { body: { ...current, line: ' ' } }),
      SiteAdminErrorCode.contactRequired,
    )
  })
})

describe('the price catalogue', () => {
  it('sets a price with its Stripe id through the operators’ path, shown to readers at once', async () => {
    const prices = await asAdmin<ConsolePrice[]>('GET', '/site/prices')
    expect(prices.length).toBe(3 * 3 * 5)
    const saved = await asAdmin<ConsolePrice>('PUT', '/site/prices/plus/month/USD', {
      body: { amount: '24.5', stripePriceId: 'price_Quokka123' },
    })
    expect(saved).toMatchObject({
      amountMinor: 2450,
      amount: '24.50',
      stripePriceId: 'price_Quokka123',
      isDefault: false,
    })
    const catalogue: PriceCatalogue = (await publicApi('/billing/prices', 'en')).json().data
    expect(catalogue.prices.find((price) => price.tier === 'plus' && price.period === 'month')).toMatchObject(
      {
        amountMinor: 2450,
      },
    )
    const yen = await asAdmin<ConsolePrice>('PUT', '/site/prices/base/year/JPY', {
      body: { amount: '29800' },
    })
    expect(yen).toMatchObject({ amountMinor: 29800, stripePriceId: null })
    expect(await latestAudit('price.set')).toMatchObject({
      entity: 'price',
      entityId: 'base:year:JPY',
      after: { amountMinor: 29800 },
    })
    const ntDollars = await asAdmin<ConsolePrice>('PUT', '/site/prices/base/month/TWD', {
      body: { amount: '640' },
    })
    expect(ntDollars).toMatchObject({ amountMinor: 64_000, amount: '640' })
  })

  it('refuses amounts the currency cannot have, malformed and borrowed Stripe ids', async () => {
    const set = (path: string, body: object) => clients.call(admin, 'PUT', `/site/prices/${path}`, { body })
    expectFailure(
      await set('base/month/USD', { amount: '9.999' }),
      400,
      SiteAdminErrorCode.priceAmountInvalid,
    )
    expectFailure(
      await set('base/month/JPY', { amount: '980.5' }),
      400,
      SiteAdminErrorCode.priceAmountInvalid,
    )
    expectFailure(
      await set('base/month/TWD', { amount: '640.50' }),
      400,
      SiteAdminErrorCode.priceAmountInvalid,
    )
    expectFailure(await set('base/month/USD', { amount: '0' }), 400, SiteAdminErrorCode.priceAmountInvalid)
    expectFailure(
      await set('base/month/USD', { amount: '9.99', stripePriceId: 'prod_123' }),
      400,
      SiteAdminErrorCode.priceStripeIdInvalid,
    )
    await asAdmin('PUT', '/site/prices/premium/year/HKD', {
      body: { amount: '2980', stripePriceId: 'price_Taken1' },
    })
    expectFailure(
      await set('premium/year/TWD', { amount: '9800', stripePriceId: 'price_Taken1' }),
      409,
      SiteAdminErrorCode.priceStripeIdTaken,
    )
    expect((await set('gold/month/USD', { amount: '1' })).statusCode).toBe(400)
  })
})
