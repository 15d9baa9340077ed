import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'

test.describe('error screens', () => {
  test('an unknown path is a real 404 with a way home', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('errorPage.notFound'))
    await waitForHydration(page)
    await page.getByRole('link', { name: t('errorPage.backHome') }).click()
    await expect(page).toHaveURL(`${site.origin}/`)
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
