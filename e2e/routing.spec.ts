import type { Page } from '@playwright/test'
import {
  acceptCookies,
  expect,
  languageNeutral,
  type Site,
  test,
  waitForHydration,
} from './support/fixtures.ts'
import { e2ePort } from './support/sites.ts'

/** Opens /about-us with cookies accepted, counting the full page loads of /company-history from then on. */
async function openAboutUsCountingHistoryLoads(page: Page, site: Site) {
  await acceptCookies(page, site.origin)
  const history = { documentLoads: 0 }
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.url().endsWith('/company-history'))
      history.documentLoads += 1
  })
  await page.goto('/about-us')
  await waitForHydration(page)
  // The page knows only its own routes until the router has asked the server about its links (lazy discovery);
  // a reader's intent before that preloads nothing, so the journeys wait for it.
  await page.waitForFunction(() =>
    Object.values(
      (window as unknown as { __reactRouterManifest: { routes: Record<string, { path?: string }> } })
        .__reactRouterManifest.routes,
    ).some((route) => route.path === 'company-history'),
  )
  return history
}

test.describe('regional domains', () => {
  test('a visitor on the apex host lands on the regional site of their browser language', async ({
    page,
    site,
  }) => {
    await page.goto(`http://localhost:${e2ePort}/about-us?ref=apex`)
    await expect(page).toHaveURL(`${site.origin}/about-us?ref=apex`)
    await expect(page.locator('html')).toHaveAttribute('lang', site.locale)
  })

  test('a remembered choice wins over the browser language', async ({ page, context }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'jp', domain: 'localhost', path: '/' }])
    await page.goto(`http://localhost:${e2ePort}/service`)
    await expect(page).toHaveURL(`http://jp.localhost:${e2ePort}/service`)
  })

  test('every path exists on every region, each in its language', async ({ page }) => {
    const languages = { en: 'en', hant: 'zh-Hant', hk: 'zh-Hant', kr: 'en', jp: 'en' }
    for (const [region, language] of Object.entries(languages)) {
      const response = await page.goto(`http://${region}.localhost:${e2ePort}/about-us`)
      expect(response?.status(), region).toBe(200)
      await expect(page.locator('html'), region).toHaveAttribute('lang', language)
    }
  })
})

test.describe('operator redirects', () => {
  test('a short path is redirected permanently to its page', languageNeutral, async ({ page, site }) => {
    const response = await page.goto('/about')
    expect(response?.url()).toBe(`${site.origin}/about-us`)
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301)
  })
})

test.describe('visit attribution', () => {
  test(
    'records referrer, landing page and search keyword for an hour and sends them with API calls',
    languageNeutral,
    async ({ page, context, site, t }) => {
      await acceptCookies(page, site.origin)
      // The page answer sets no cookie (a shared cache may keep it); the page reports the visit, and that answer does.
      const [response, report] = await Promise.all([
        page.goto('/service?utm=mail', { referer: 'https://www.google.com/search?q=tencent+dividend' }),
        page.waitForResponse('**/track/visit'),
      ])
      expect(response?.headers()['set-cookie']).toBeUndefined()
      expect(response?.headers()['cache-control']).toMatch(/^public, /)
      expect(report.status()).toBe(200)
      const cookies = Object.fromEntries((await context.cookies(site.origin)).map((c) => [c.name, c]))
      expect(cookies.referer?.value).toContain('google.com')
      expect(decodeURIComponent(cookies.landing?.value ?? '')).toBe('/service?utm=mail')
      expect(decodeURIComponent(cookies.searchKey?.value ?? '')).toBe('tencent dividend')
      const lifetime = (cookies.landing?.expires ?? 0) - Date.now() / 1000
      expect(lifetime).toBeGreaterThan(3500)
      expect(lifetime).toBeLessThanOrEqual(3600)

      await waitForHydration(page)
      const form = page.locator('footer').getByRole('form', { name: t('shell:newsletter.formLabel') })
      await form.getByLabel(t('shell:newsletter.emailLabel')).fill(`attributed-${Date.now()}@example.com`)
      const [request] = await Promise.all([
        page.waitForRequest('**/home/subEmail'),
        form.getByRole('button', { name: t('actions.subscribe') }).click(),
      ])
      const headers = request.headers()
      expect(headers.lang).toBe(site.locale === 'zh-Hant' ? 'hk' : 'en')
      expect(decodeURIComponent(headers.landingval ?? '')).toBe('/service?utm=mail')
      expect(decodeURIComponent(headers.refererval ?? '')).toContain('google.com')
    },
  )

  test(
    'keeps the first landing page for the rest of the visit, and reports it once',
    languageNeutral,
    async ({ page, context, site }) => {
      const reports: string[] = []
      page.on('request', (request) => {
        if (request.url().endsWith('/track/visit')) reports.push(request.url())
      })
      await Promise.all([page.goto('/service'), page.waitForResponse('**/track/visit')])
      await page.goto('/about-us')
      await page.reload()
      const landing = (await context.cookies(site.origin)).find((c) => c.name === 'landing')
      expect(decodeURIComponent(landing?.value ?? '')).toBe('/service')
      expect(reports).toHaveLength(1)
    },
  )
})

test.describe('navigation behaviour', () => {
  test(
    'after a new build is deployed the next navigation loads the page in full',
    languageNeutral,
    async ({ page, site, t }) => {
      await acceptCookies(page, site.origin)
      await page.route('**/portal', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ code: 200, data: { buildId: 'a-newer-build' } }),
        }),
      )
      await page.goto('/about-us')
      await waitForHydration(page)
      await page.evaluate(() => {
        ;(window as unknown as { keptAcrossNavigation: boolean }).keptAcrossNavigation = true
      })
      await page.waitForResponse('**/portal')
      await page
        .getByRole('link', { name: t('company:pages.service') })
        .first()
        .click()
      await expect(page).toHaveURL(/\/service$/)
      await waitForHydration(page)
      expect(
        await page.evaluate(
          () => (window as unknown as { keptAcrossNavigation?: boolean }).keptAcrossNavigation,
        ),
      ).toBeUndefined()
    },
  )

  test('without a new build, navigation stays in the page', languageNeutral, async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    await page.goto('/about-us')
    await waitForHydration(page)
    await page.evaluate(() => {
      ;(window as unknown as { keptAcrossNavigation: boolean }).keptAcrossNavigation = true
    })
    await page
      .getByRole('link', { name: t('company:pages.service') })
      .first()
      .click()
    await expect(page).toHaveURL(/\/service$/)
    expect(
      await page.evaluate(
        () => (window as unknown as { keptAcrossNavigation?: boolean }).keptAcrossNavigation,
      ),
    ).toBe(true)
  })

  test(
    'the document head changes only once the navigation has settled',
    languageNeutral,
    async ({ page, site, t }) => {
      await acceptCookies(page, site.origin)
      await page.goto('/about-us')
      await waitForHydration(page)
      const aboutTitle = await page.title()
      let release: () => void = () => undefined
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await page.route('**/company-history.data*', async (route) => {
        await held
        await route.continue()
      })
      await page
        .getByRole('link', { name: t('company:pages.history') })
        .first()
        .click()
      await page.waitForTimeout(500)
      expect(await page.title()).toBe(aboutTitle)
      release()
      await expect(page).toHaveTitle(new RegExp(t('company:pages.history')))
    },
  )

  test(
    'a page whose code is gone is loaded in full once, not in a loop',
    languageNeutral,
    async ({ page, site, t }) => {
      const history = await openAboutUsCountingHistoryLoads(page, site)
      let aborted = false
      await page.route(/\/assets\/company-history-[\w-]+\.js$/, (route) => {
        if (aborted) return route.continue()
        aborted = true
        return route.abort()
      })
      const link = page.getByRole('link', { name: t('company:pages.history') }).first()
      await link.hover()
      await expect.poll(() => aborted).toBe(true)
      await link.click()
      await expect(page).toHaveURL(/\/company-history$/)
      await expect(page.getByTestId('history-timeline')).toBeVisible()
      expect(history.documentLoads).toBe(1)
    },
  )

  test(
    'a key pressed on a link whose code is gone loads that page, not the one being left',
    languageNeutral,
    async ({ page, site, t }) => {
      const history = await openAboutUsCountingHistoryLoads(page, site)
      // The code fails only after the key is pressed (no preload has found it broken yet), until the page is loaded.
      await page.route(/\/assets\/company-history-[\w-]+\.js$/, async (route) => {
        if (history.documentLoads > 0) return route.continue()
        await new Promise((resolve) => setTimeout(resolve, 400))
        return route.abort()
      })
      await page
        .getByRole('link', { name: t('company:pages.history') })
        .first()
        .focus()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(/\/company-history$/)
      await expect(page.getByTestId('history-timeline')).toBeVisible()
      await waitForHydration(page)
      expect(history.documentLoads).toBe(1)
    },
  )
})
