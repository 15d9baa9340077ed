import { logInThroughApi } from './support/accounts.ts'
import { acceptCookies, expect, languageNeutral, test, waitForHydration } from './support/fixtures.ts'

test.describe('header', () => {
  test('shows the AI diagnosis, classroom and login links, the login link bringing the reader back', async ({
    page,
    site,
    t,
  }) => {
    await acceptCookies(page, site.origin)
    await page.setViewportSize({ width: 1600, height: 900 })
    await page.goto('/about-us?from=test')
    const nav = page.getByRole('navigation', { name: t('shell:mainNavigation') })
    await expect(nav.getByRole('link', { name: t('shell:nav.aiDiagnosis') })).toHaveAttribute(
      'href',
      '/ai-stock-diagnosis',
    )
    await expect(nav.getByRole('link', { name: t('shell:nav.classroom') })).toHaveAttribute(
      'href',
      '/member/investment',
    )
    await expect(page.getByRole('link', { name: t('shell:account.login') })).toHaveAttribute(
      'href',
      `/member/login?redirect=${encodeURIComponent('/about-us?from=test')}`,
    )
  })

  test('moves links that do not fit into the More menu at narrower widths', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/about-us')
    await waitForHydration(page)
    const nav = page.getByRole('navigation', { name: t('shell:mainNavigation') })
    await expect(nav.getByRole('link', { name: t('shell:nav.analysis') })).toBeHidden()
    await nav.getByRole('button', { name: t('shell:nav.more') }).click()
    await expect(page.getByRole('menuitem', { name: t('shell:nav.analysis') })).toBeVisible()

    await page.keyboard.press('Escape')
    await page.setViewportSize({ width: 1600, height: 900 })
    await expect(nav.getByRole('link', { name: t('shell:nav.analysis') })).toBeVisible()
  })

  test('folds into a menu on a 360 px screen without horizontal scrolling', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/about-us')
    await waitForHydration(page)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.getByRole('button', { name: t('shell:openMenu') }).click()
    const sheet = page.getByRole('dialog', { name: t('shell:menu') })
    await expect(sheet.getByRole('link', { name: t('shell:nav.articles') })).toBeVisible()
    await sheet.getByRole('link', { name: t('shell:nav.articles') }).click()
    await expect(page).toHaveURL(/\/articles$/)
    await expect(sheet).toBeHidden()
  })
})

test.describe('language switcher', () => {
  test('leads to the same path on the other language site', async ({ page, site }) => {
    await page.goto('/company-history?tab=all')
    const switcher = page.getByTestId('language-switcher').first()
    // Nothing to carry (not logged in, cookies not accepted): a plain link.
    await expect(switcher).toHaveAttribute('href', `${site.other.origin}/company-history?tab=all`)
    await switcher.click()
    await expect(page).toHaveURL(`${site.other.origin}/company-history?tab=all`)
    await expect(page.locator('html')).toHaveAttribute('lang', site.other.locale)
  })

  test('carries the login and the cookie consent to the other language site', async ({
    page,
    request,
    site,
    t,
  }) => {
    test.slow() // a login and four page loads on two sites
    const number = await logInThroughApi(page, request, site.origin)
    await page.goto('/about-us?from=test')
    await waitForHydration(page)
    const banner = page.getByTestId('cookie-banner')
    await banner.getByRole('button', { name: t('shell:cookies.accept') }).click()
    await expect(banner).toBeHidden()
    await expect(page.getByTestId('account-name')).toHaveText(number.masked)

    await page.getByTestId('language-switcher').first().click()
    await expect(page).toHaveURL(`${site.other.origin}/about-us?from=test`)
    await expect(page.locator('html')).toHaveAttribute('lang', site.other.locale)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByTestId('account-name')).toHaveText(number.masked)
    await expect(page.getByTestId('cookie-banner')).toBeHidden()

    // Still logged in after the page has checked the session, and on the way back.
    await waitForHydration(page)
    await page.reload()
    await expect(page.getByTestId('account-name')).toHaveText(number.masked)
    await page.getByTestId('language-switcher').first().click()
    await expect(page).toHaveURL(`${site.origin}/about-us?from=test`)
    await expect(page.getByTestId('account-name')).toHaveText(number.masked)
    await expect(page.getByTestId('cookie-banner')).toBeHidden()
  })

  test('carries the consent a visitor has just given to the other language site', async ({
    page,
    site,
    t,
  }) => {
    test.slow() // two page loads on two sites
    await page.goto('/about-us')
    await waitForHydration(page)
    const banner = page.getByTestId('cookie-banner')
    await banner.getByRole('button', { name: t('shell:cookies.accept') }).click()
    await expect(banner).toBeHidden()
    await page.getByTestId('language-switcher').first().click()
    await expect(page).toHaveURL(`${site.other.origin}/about-us`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByTestId('cookie-banner')).toBeHidden()
    await expect(page.getByTestId('account-name')).toHaveCount(0)
  })

  test(
    'remembers the region the reader chose for a year',
    languageNeutral,
    async ({ page, context, site }) => {
      // Set by the answer to the page's visit report, not by the page's own (which any reader may share).
      await Promise.all([page.goto('/about-us'), page.waitForResponse('**/track/visit')])
      const cookie = (await context.cookies(site.origin)).find((c) => c.name === 'i18n_redirected')
      expect(cookie?.value).toBe(site.region)
      expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600)
    },
  )
})

test.describe('cookie banner', () => {
  test('stays gone after Accept and a reload', languageNeutral, async ({ page, t }) => {
    await page.goto('/about-us')
    await waitForHydration(page)
    const banner = page.getByTestId('cookie-banner')
    await expect(banner).toBeVisible()
    await banner.getByRole('button', { name: t('shell:cookies.accept') }).click()
    await expect(banner).toBeHidden()
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(banner).toBeHidden()
  })

  test('View detail opens the cookie policy', async ({ page, t }) => {
    await page.goto('/about-us')
    await waitForHydration(page)
    await page
      .getByTestId('cookie-banner')
      .getByRole('link', { name: t('shell:cookies.viewDetail') })
      .click()
    await expect(page).toHaveURL(/\/cookie-policy$/)
  })
})

test.describe('footer', () => {
  test('links to the agreements and policies', async ({ page, site }) => {
    await acceptCookies(page, site.origin)
    await page.goto('/')
    const footer = page.locator('footer')
    for (const href of ['/user-agreement', '/privacy-policy', '/cookie-policy', '/description']) {
      await expect(footer.locator(`a[href="${href}"]`)).toBeVisible()
    }
  })
})

test.describe('type', () => {
  test('sets each language in its own fonts: Latin faces first in English, Chinese faces first in Chinese', async ({
    page,
    site,
  }) => {
    await page.goto('/')
    const families = (await page.evaluate(() => getComputedStyle(document.body).fontFamily))
      .split(',')
      .map((family) => family.trim().replace(/^"|"$/g, ''))
    const firstChinese = families.findIndex((family) => /TC|JhengHei/.test(family))
    const systemLatin = families.indexOf('system-ui')
    if (site.locale === 'en') expect(systemLatin).toBeLessThan(firstChinese)
    else expect(firstChinese).toBe(0)
  })
})
