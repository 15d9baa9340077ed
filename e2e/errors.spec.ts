import { acceptCookies, expect, languageNeutral, test, waitForHydration } from './support/fixtures.ts'

test.describe('error screens', () => {
  test('an unknown path is a real 404 with a way home', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('errorPage.notFound'))
    await expect(page).toHaveTitle(`${t('errorPage.notFound')} | ${t('siteName')}`)
    await waitForHydration(page)
    await page.getByRole('link', { name: t('errorPage.backHome') }).click()
    await expect(page).toHaveURL(`${site.origin}/`)
  })

  test('a 404 offers a search and the popular pages', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    await page.goto('/an/old/link')
    const popular = page.getByRole('navigation', { name: t('errorPage.usefulLinks') })
    await expect(popular.getByRole('link', { name: t('shell:nav.hotStocks') })).toHaveAttribute(
      'href',
      '/stocks-hot',
    )
    await waitForHydration(page)
    const search = page.getByRole('search', { name: t('errorPage.searchLabel') })
    await search.getByRole('searchbox').fill('Nvidia')
    await search.getByRole('button', { name: t('search:submit') }).click()
    await expect(page).toHaveURL(`${site.origin}/search/Nvidia`)
  })

  test('the 404 search works before the page script runs', languageNeutral, async ({ browser, site, t }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${site.origin}/an/old/link`)
    const search = page.getByRole('search', { name: t('errorPage.searchLabel') })
    await search.getByRole('searchbox').fill('Nvidia')
    await search.getByRole('button', { name: t('search:submit') }).click()
    await expect(page).toHaveURL(`${site.origin}/search/Nvidia`)
    await context.close()
  })

  test('a path that fails its route rule says Page Not Found with the path', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    const response = await page.goto('/articles/Not%20A%20Key!')
    expect(response?.status()).toBe(404)
    await expect(page.getByText(t('errors:PAGE_NOT_FOUND', { path: '/articles/Not A Key!' }))).toBeVisible()
  })

  test('a server failure is a real 500 with a way home', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    const response = await page.goto('/demo/server-error')
    expect(response?.status()).toBe(500)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('errorPage.unknown'))
    await expect(page.getByRole('link', { name: t('errorPage.backHome') })).toHaveAttribute('href', '/')
  })

  test('the design-system gallery shows every error screen', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    await page.goto('/demo')
    for (const key of ['errorPage.notFound', 'errorPage.contentMissing', 'errorPage.unknown']) {
      await expect(page.getByRole('heading', { name: t(key) })).toBeVisible()
    }
  })
})
