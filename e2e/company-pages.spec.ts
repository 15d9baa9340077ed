import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { acceptCookies, expect, test } from './support/fixtures.ts'

const companyPages = [
  { path: '/about-us', key: 'company:pages.aboutUs' },
  { path: '/service', key: 'company:pages.service' },
  { path: '/company-history', key: 'company:pages.history' },
  { path: '/contact-us', key: 'company:pages.contactUs' },
  { path: '/description', key: 'company:pages.description' },
  { path: '/cookie-policy' },
  { path: '/privacy-policy' },
  { path: '/user-agreement' },
]

test.describe('company pages', () => {
  for (const { path } of companyPages) {
    test(`${path} loads in the site language with a real status and no serious accessibility issue`, async ({
      page,
      site,
    }) => {
      await acceptCookies(page, site.origin)
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', site.locale)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoSeriousA11yIssues(page)
    })
  }

  test('about us shows the marketing claims', async ({ page }) => {
    await page.goto('/about-us')
    const claims = page.getByTestId('marketing-claims')
    await expect(claims).toContainText('8,000+')
    await expect(claims).toContainText('20,000+')
    await expect(claims).toContainText('30')
  })

  test('our services lists the service groups', async ({ page }) => {
    await page.goto('/service')
    await expect(page.getByTestId('service-groups').getByRole('heading', { level: 2 }).first()).toBeVisible()
  })

  test('company history shows the milestones', async ({ page }) => {
    await page.goto('/company-history')
    await expect(page.getByTestId('history-timeline').locator('li')).not.toHaveCount(0)
  })

  test('the page title names the page and the site', async ({ page, t }) => {
    await page.goto('/about-us')
    await expect(page).toHaveTitle(`${t('company:pages.aboutUs')} | ${t('siteName')}`)
  })
})
