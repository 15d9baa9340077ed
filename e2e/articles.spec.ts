import type { Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import {
  acceptCookies,
  expect,
  languageNeutral,
  type Site,
  test,
  waitForHydration,
} from './support/fixtures.ts'

const timeZones = { en: 'America/New_York', hant: 'Asia/Taipei' } as const

/** A request to the site under test: the test process cannot resolve *.localhost as Chromium does, so it goes to
 * the loopback address with the site's host name in the Host header. */
function getFromSite(page: Page, site: Site, path: string, headers: Record<string, string> = {}) {
  const origin = new URL(site.origin)
  return page.request.get(`http://127.0.0.1:${origin.port}${path}`, {
    headers: { host: origin.host, ...headers },
  })
}

/** The data of an API call on the site under test (the site serves the API at /api/portal). */
async function apiData<T>(page: Page, site: Site, path: string): Promise<T> {
  const response = await getFromSite(page, site, `/api/portal${path}`, {
    lang: site.locale === 'zh-Hant' ? 'hk' : 'en',
  })
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { data: T }).data
}

test.describe('article lists', () => {
  test('every list screen shows its articles under its own heading', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    const lists = [
      ['/articles', t('articles:lists.all.title')],
      ['/analysis', t('articles:lists.analysis.title')],
      ['/recommendations', t('articles:lists.recommendations.title')],
      ['/market-us', t('articles:markets.us')],
      ['/market-hk', t('articles:markets.hk')],
      ['/market-jp', t('articles:markets.jp')],
      ['/market-kr', t('articles:markets.kr')],
    ] as const
    for (const [path, heading] of lists) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading)
      await expect(page.getByTestId('article-card').first(), path).toBeVisible()
    }
    const analysis = await apiData<{ rows: { title: string }[] }>(page, site, '/analy/list?pageSize=3')
    await page.goto('/analysis')
    await expect(page.getByTestId('article-card').first().getByRole('heading')).toHaveText(
      analysis.rows[0]!.title,
    )
  })

  test('a topic page shows the topic and only its articles', async ({ page, site }) => {
    await acceptCookies(page, site.origin)
    const topics = await apiData<{ slug: string; name: string; articleCount: number }[]>(
      page,
      site,
      '/topic/list',
    )
    const topic = topics.find((entry) => entry.slug === 'ai-semiconductors')!
    await page.goto('/topics/ai-semiconductors')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(topic.name)
    await expect(page.getByTestId('article-card')).toHaveCount(Math.min(12, topic.articleCount))
    for (const card of await page.getByTestId('article-card').all())
      await expect(card.getByRole('link', { name: topic.name })).toBeVisible()
  })

  test('pages through the list and shows an empty state past the end', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    await page.goto('/articles')
    await waitForHydration(page)
    const firstTitle = await page.getByTestId('article-card').first().getByRole('heading').textContent()
    const pagination = page.getByRole('navigation', { name: t('pagination.label') })
    await expect(pagination.getByRole('link', { name: t('pagination.page', { page: 1 }) })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await pagination.getByRole('link', { name: t('pagination.next') }).click()
    await expect(page).toHaveURL(/\/articles\?page=2$/)
    await expect(pagination.getByRole('link', { name: t('pagination.page', { page: 2 }) })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(page.getByTestId('article-card').first().getByRole('heading')).not.toHaveText(
      firstTitle ?? '',
    )

    await page.goto('/articles?page=40')
    await expect(page.getByText(t('articles:empty.pastLastPage'))).toBeVisible()
    await page.getByRole('link', { name: t('articles:empty.firstPage') }).click()
    await expect(page).toHaveURL(/\/articles$/)
  })

  test('an unknown market or topic is the 404 screen', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    for (const path of ['/market-cn', '/topics/no-such-topic']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('errorPage.notFound'))
    }
  })

  test('list pages have no serious accessibility violations', async ({ page, site }) => {
    await acceptCookies(page, site.origin)
    await page.goto('/articles')
    await waitForHydration(page)
    await expectNoSeriousA11yIssues(page)
  })
})

test.describe('article detail', () => {
  test('opens from a list with body, author, time in the region zone, tags, related articles and stocks', async ({
    page,
    site,
    t,
  }) => {
    await acceptCookies(page, site.origin)
    const article = await apiData<{
      articleId: number
      title: string
      publishedAt: string
      author: { name: string }
      tags: { k: string; v: string }[]
      stocks: { market: string; code: string }[]
      related: { title: string }[]
    }>(page, site, '/article?key=nvidia-data-center-cycle')
    await page.goto('/topics/ai-semiconductors')
    await waitForHydration(page)
    await page.getByRole('link', { name: article.title }).first().click()
    await expect(page).toHaveURL(/\/articles\/nvidia-data-center-cycle$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title)
    await expect(page.getByTestId('article-body').getByRole('heading', { level: 2 }).first()).toBeVisible()
    await expect(
      page.getByTestId('article').getByText(t('articles:detail.byline', { author: article.author.name })),
    ).toBeVisible()

    const expectedTime = new Intl.DateTimeFormat(site.locale === 'zh-Hant' ? 'zh-TW' : 'en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: timeZones[site.region as 'en' | 'hant'],
    }).format(new Date(article.publishedAt))
    const time = page.getByTestId('published-at').locator('time')
    await expect(time).toHaveAttribute('datetime', article.publishedAt)
    expect((await time.textContent())?.replace(/\s/g, ' ')).toBe(expectedTime.replace(/\s/g, ' '))

    const tags = page.getByRole('region', { name: t('articles:detail.tags') })
    for (const tag of article.tags) {
      await expect(tags.getByRole('link', { name: `#${tag.v}` })).toHaveAttribute(
        'href',
        `/search/${encodeURIComponent(tag.v)}?tag=${tag.k}`,
      )
    }
    const stocks = page.getByRole('region', { name: t('articles:detail.relatedStocks') })
    const first = article.stocks[0]!
    await expect(stocks.getByRole('link', { name: new RegExp(first.code) })).toHaveAttribute(
      'href',
      `/ai-stock-diagnosis?code=${first.code}&market=${first.market}`,
    )
    const related = page.getByRole('region', { name: t('articles:detail.relatedArticles') })
    await expect(related.getByTestId('article-card')).toHaveCount(article.related.length)
    await related.getByRole('link', { name: article.related[0]!.title }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.related[0]!.title)
  })

  test(
    'is reached by its id as well as its key, with the key as canonical address',
    languageNeutral,
    async ({ page, site }) => {
      await acceptCookies(page, site.origin)
      const article = await apiData<{ articleId: number; title: string }>(
        page,
        site,
        '/article?key=tesla-margins-and-autonomy',
      )
      const response = await page.goto(`/articles/${article.articleId}`)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${site.origin}/articles/tesla-margins-and-autonomy`,
      )
    },
  )

  test('describes itself to search engines and social networks', async ({ page, site }) => {
    await acceptCookies(page, site.origin)
    const article = await apiData<{ title: string; locales: string[] }>(
      page,
      site,
      '/article?key=nvidia-data-center-cycle',
    )
    await page.goto('/articles/nvidia-data-center-cycle')
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
    // A raster share image (social networks show no SVG): the PNG twin of the article's own cover variant.
    const ogImage = page.locator('meta[property="og:image"]')
    await expect(ogImage).toHaveAttribute(
      'content',
      new RegExp(`^${site.origin.replace(/[.]/g, '\\.')}/media/covers/ai-semiconductors\\.v\\d+\\.png$`),
    )
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200')
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630')
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
    const image = await getFromSite(
      page,
      site,
      new URL((await ogImage.getAttribute('content')) ?? '').pathname,
    )
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toBe('image/png')
    await expect(page.locator('link[rel="alternate"][hreflang="zh-Hant"]')).toHaveAttribute(
      'href',
      `${site.origin.replace(site.region, 'hant')}/articles/nvidia-data-center-cycle`,
    )
    await expect(page.locator('link[rel="alternate"][hreflang="en-JP"]')).toHaveCount(1)
    const script = page.locator('script[type="application/ld+json"]')
    const jsonLd = JSON.parse((await script.textContent()) ?? '{}')
    expect(jsonLd).toMatchObject({ '@type': 'Article', headline: article.title, inLanguage: site.locale })
    expect(await script.evaluate((element) => (element as HTMLScriptElement).nonce)).not.toBe('')

    // An article in one language only has alternates only on that language's sites.
    const oneLanguage = site.locale === 'en' ? 'etf-costs-explained' : 'hk-ipo-subscription-guide'
    await page.goto(`/articles/${oneLanguage}`)
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(site.locale === 'en' ? 4 : 2)
  })

  test('says the content is empty, deleted or removed, with the right status', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    const empty = await page.goto('/articles/state-fixture-empty-body')
    expect(empty?.status()).toBe(200)
    if (site.locale === 'zh-Hant') {
      await expect(page.getByTestId('article-state')).toContainText(t('articles:states.empty'))
      await expect(page.getByTestId('article-body')).toHaveCount(0)
    } else {
      // The English version has a body: the state belongs to one language.
      await expect(page.getByTestId('article-body')).toBeVisible()
    }
    const deleted = await page.goto('/articles/state-fixture-deleted')
    expect(deleted?.status()).toBe(410)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('articles:states.deleted'))
    const removed = await page.goto('/articles/state-fixture-taken-down')
    expect(removed?.status()).toBe(410)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('articles:states.takenDown'))
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  })

  test('a draft or an unknown article is the "page you visited does not exist" screen', async ({
    page,
    site,
    t,
  }) => {
    await acceptCookies(page, site.origin)
    const other = site.locale === 'en' ? 'hk-ipo-subscription-guide' : 'etf-costs-explained'
    for (const path of [
      '/articles/state-fixture-draft',
      '/articles/no-such-article',
      '/articles/987654',
      `/articles/${other}`,
    ]) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(t('errorPage.contentMissing'))
    }
  })

  test('detail pages have no serious accessibility violations', async ({ page, site }) => {
    await acceptCookies(page, site.origin)
    await page.goto('/articles/nvidia-data-center-cycle')
    await waitForHydration(page)
    await expectNoSeriousA11yIssues(page)
  })
})

test.describe('reading events', () => {
  test(
    'each navigation to an article sends the event, which is stored',
    languageNeutral,
    async ({ page, site }) => {
      await acceptCookies(page, site.origin)
      await page.goto('/articles')
      await waitForHydration(page)
      const article = await apiData<{ articleId: number; title: string }>(
        page,
        site,
        '/article?key=kospi-week-ahead',
      )
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith('/track/event') && r.method() === 'POST'),
        page.getByRole('link', { name: article.title }).first().click(),
      ])
      expect(request.headers().lang).toBe(site.locale === 'zh-Hant' ? 'hk' : 'en')
      const body = request.postDataJSON()
      expect(body).toMatchObject({
        eventType: 'page_view',
        pageUrl: `${site.origin}/articles/kospi-week-ahead`,
        pageReferrer: `${site.origin}/articles`,
        articleId: article.articleId,
        category: 'news',
        deviceType: 'desktop',
        browser: 'Chrome',
        sdkVersion: 'tickerwise-web-1',
        dataSource: 'web',
      })
      expect(body.screen).toMatch(/^\d+x\d+$/)
      expect((await request.response())?.status()).toBe(200)

      const stored = await apiData<{ articleId: number | null; lang: string; pageUrl: string }[]>(
        page,
        site,
        `/track/session?subSessionId=${body.subSessionId}`,
      )
      expect(stored[0]).toMatchObject({
        articleId: article.articleId,
        lang: site.locale === 'zh-Hant' ? 'hk' : 'en',
      })

      // Lists are not article paths; an opened document is.
      let listEvents = 0
      page.on('request', (r) => {
        if (r.url().endsWith('/track/event')) listEvents += 1
      })
      await page.goto('/analysis')
      await waitForHydration(page)
      expect(listEvents).toBe(0)
      const [documentEvent] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith('/track/event')),
        page.goto('/articles/state-fixture-deleted'),
      ])
      expect(documentEvent.postDataJSON()).toMatchObject({
        pageUrl: `${site.origin}/articles/state-fixture-deleted`,
      })
    },
  )

  test('a failing tracking call does not disturb reading', languageNeutral, async ({ page, site }) => {
    await acceptCookies(page, site.origin)
    await page.route('**/track/event', (route) => route.abort())
    await page.goto('/articles/nvidia-data-center-cycle')
    await waitForHydration(page)
    await expect(page.getByTestId('article-body')).toBeVisible()
  })
})

test.describe('services mega-menu', () => {
  test('lists the real groups and their articles, which it opens', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    await page.setViewportSize({ width: 1600, height: 900 })
    const menu = await apiData<{ menuName: string; articles: { k: string; v: string }[] }[]>(
      page,
      site,
      '/home/listMenu',
    )
    expect(menu.length).toBeGreaterThan(2)
    await page.goto('/about-us')
    await waitForHydration(page)
    const nav = page.getByRole('navigation', { name: t('shell:mainNavigation') })
    await nav.getByRole('button', { name: t('shell:nav.services') }).hover()
    const panel = page.getByTestId('mega-menu')
    await expect(panel).toBeVisible()
    for (const group of menu) await expect(panel.getByRole('heading', { name: group.menuName })).toBeVisible()
    const target = menu[1]!.articles[0]!
    await panel.getByRole('link', { name: target.v }).click()
    await expect(page).toHaveURL(new RegExp(`/articles/${target.k}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.v)
  })

  test('closes 1000 ms after the pointer leaves', languageNeutral, async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    await page.setViewportSize({ width: 1600, height: 900 })
    await page.clock.install()
    await page.goto('/about-us')
    await waitForHydration(page)
    // From here on the page's time moves only when the test moves it.
    await page.clock.pauseAt(Date.now() + 1000)
    const nav = page.getByRole('navigation', { name: t('shell:mainNavigation') })
    await nav.getByRole('button', { name: t('shell:nav.services') }).hover()
    const panel = page.getByTestId('mega-menu')
    await expect(panel).toBeVisible()
    await page.mouse.move(800, 850)
    await page.clock.runFor(900)
    await expect(panel).toBeVisible()
    await page.clock.runFor(150)
    await expect(panel).toBeHidden()
  })
})

test.describe('home', () => {
  test('shows the latest articles, each market with the region market first, hot topics and recommendations', async ({
    page,
    site,
    t,
  }) => {
    await acceptCookies(page, site.origin)
    const home = await apiData<{ latest: { title: string }[]; byMarket: { country: string }[] }>(
      page,
      site,
      '/home/list',
    )
    await page.goto('/')
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${site.origin}/media/share/site.png`,
    )
    const latest = page.getByRole('region', { name: t('articles:home.latest') })
    await expect(latest.getByTestId('article-card')).toHaveCount(home.latest.length)
    // Neighbouring articles on one topic still show different covers.
    const covers = await latest
      .getByTestId('article-card')
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src')))
    expect(new Set(covers).size).toBe(covers.length)
    await expect(latest.getByTestId('article-card').first().getByRole('heading')).toHaveText(
      home.latest[0]!.title,
    )
    const markets = page.getByRole('region', { name: t('articles:home.byMarket') })
    await expect(markets.getByRole('heading', { level: 3 }).first()).toHaveText(t('articles:markets.us'))
    await expect(
      page.getByRole('region', { name: t('articles:home.hotTopics') }).getByRole('listitem'),
    ).toHaveCount(4)
    await expect(
      page
        .getByRole('region', { name: t('articles:home.recommendations') })
        .getByTestId('article-card')
        .first(),
    ).toBeVisible()
    await page.goto(site.origin.replace(`//${site.region}.`, site.locale === 'en' ? '//jp.' : '//hk.'))
    await expect(
      page
        .getByRole('region', { name: t('articles:home.byMarket') })
        .getByRole('heading', { level: 3 })
        .first(),
    ).toHaveText(t(site.locale === 'en' ? 'articles:markets.jp' : 'articles:markets.hk'))
  })
})

test.describe('sitemap, feed and robots.txt', () => {
  test('list the site pages and articles with absolute addresses on the regional domain', async ({
    page,
    site,
  }) => {
    const sitemap = await getFromSite(page, site, '/sitemap.xml')
    expect(sitemap.headers()['content-type']).toContain('application/xml')
    const xml = await sitemap.text()
    expect(xml).toContain(`<loc>${site.origin}/articles/nvidia-data-center-cycle</loc>`)
    expect(xml).toContain(`<loc>${site.origin}/market-hk</loc>`)
    expect(xml).not.toContain('state-fixture-deleted')
    expect(xml).not.toContain('state-fixture-draft')

    const feed = await getFromSite(page, site, '/rss.xml')
    expect(feed.headers()['content-type']).toContain('application/rss+xml')
    const rss = await feed.text()
    const latest = await apiData<{ rows: { key: string; title: string }[] }>(
      page,
      site,
      '/article/list?pageSize=1',
    )
    expect(rss).toContain(`<link>${site.origin}/articles/${latest.rows[0]!.key}</link>`)
    expect(rss).toContain(`<language>${site.locale}</language>`)

    const robots = await getFromSite(page, site, '/robots.txt')
    expect(robots.status()).toBe(200)
    const rules = await robots.text()
    expect(rules).toContain(`Sitemap: ${site.origin}/sitemap.xml`)
    expect(rules).toContain('Disallow: /console')
    expect(rules).toContain('Disallow: /member/')
  })
})
