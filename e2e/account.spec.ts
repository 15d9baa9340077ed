/**
 * Accounts in the browser: logging in with an SMS code read from the development outbox, registration at the
 * first login, the way back to the page the reader came from, the header's change, and logging out (asked, with
 * confirm and cancel; forced, by a 401).
 */
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import {
  chooseLogOut,
  codeFromOutbox,
  logInThroughApi,
  newMobile,
  openAccountMenu,
} from './support/accounts.ts'
import { acceptCookies, expect, languageNeutral, test, waitForHydration } from './support/fixtures.ts'
import { liveChatPort, siteOrigin } from './support/sites.ts'

async function fillLoginForm(
  page: Page,
  t: (key: string, options?: Record<string, unknown>) => string,
  mobile: string,
) {
  const form = page.getByRole('form', { name: t('account:login.formLabel') })
  await form.getByLabel(t('account:login.country')).selectOption('HK')
  await form.getByLabel(t('account:login.mobile')).fill(mobile)
  return form
}

function header(page: Page) {
  return page.locator('header').first()
}

async function expectLoggedIn(page: Page, masked: string, t: (key: string) => string) {
  await expect(header(page).getByTestId('account-name')).toHaveText(masked)
  await expect(header(page).getByRole('link', { name: t('shell:account.login') })).toHaveCount(0)
}

test.describe('logging in', () => {
  test.beforeEach(async ({ page, site }) => {
    await acceptCookies(page, site.origin)
  })

  test('registers a new number with the code from the SMS and returns to the page the reader came from', async ({
    page,
    site,
    t,
    request,
  }) => {
    await page.goto('/about-us')
    await waitForHydration(page)
    await header(page)
      .getByRole('link', { name: t('shell:account.login') })
      .click()
    await expect(page).toHaveURL(/\/member\/login\?redirect=%2Fabout-us$/)
    await expect(page.getByRole('heading', { level: 1, name: t('account:login.title') })).toBeVisible()

    const number = newMobile()
    const form = await fillLoginForm(page, t, number.mobile)
    await form.getByRole('button', { name: t('account:login.sendCode') }).click()
    await expect(page.getByText(t('account:login.codeSent'))).toBeVisible()
    const countdown = form.getByRole('button', {
      name: new RegExp(t('account:login.resendIn', { seconds: '\\d+' })),
    })
    await expect(countdown).toBeDisabled()

    await form
      .getByLabel(t('account:login.code'))
      .fill(await codeFromOutbox(request, site.origin, number.e164))
    // The agreement box is a target a finger can hit: 24 × 24 px at least.
    const agreement = form.getByRole('checkbox')
    const box = await agreement.boundingBox()
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(24)
    await agreement.check()
    await form.getByRole('button', { name: t('account:login.submit') }).click()

    await expect(page).toHaveURL(`${site.origin}/about-us`)
    await expect(page.getByText(t('account:login.welcomeNew'))).toBeVisible()
    await expectLoggedIn(page, number.masked, t)

    await page.reload()
    await expectLoggedIn(page, number.masked, t)
  })

  test('has no serious accessibility issue on the login page', async ({ page }) => {
    await page.goto('/member/login?redirect=%2F')
    await waitForHydration(page)
    await expectNoSeriousA11yIssues(page)
  })

  test('counts down before another code can be asked for', languageNeutral, async ({ page, t }) => {
    const start = new Date('2026-11-02T09:00:00Z')
    await page.clock.install({ time: start })
    await page.goto('/member/login?redirect=%2Fcontact-us')
    await waitForHydration(page)
    // Time stands still from here, so the countdown reads exactly what the test moves it to.
    await page.clock.pauseAt(new Date(start.getTime() + 60 * 60 * 1000))
    const form = await fillLoginForm(page, t, newMobile().mobile)
    await form.getByRole('button', { name: t('account:login.sendCode') }).click()
    await expect(
      form.getByRole('button', { name: t('account:login.resendIn', { seconds: 60 }) }),
    ).toBeDisabled()
    await page.clock.runFor(30_000)
    await expect(
      form.getByRole('button', { name: t('account:login.resendIn', { seconds: 30 }) }),
    ).toBeDisabled()
    await page.clock.runFor(31_000)
    await expect(form.getByRole('button', { name: t('account:login.resendCode') })).toBeEnabled()
  })

  test('says how long to wait when this address asked for too many codes', async ({ page, t }) => {
    await page.route('**/member/sendCode', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '2280', 'x-error-code': 'RATE_LIMITED' },
        body: '',
      }),
    )
    await page.goto('/member/login')
    await waitForHydration(page)
    const form = await fillLoginForm(page, t, newMobile().mobile)
    await form.getByRole('button', { name: t('account:login.sendCode') }).click()
    await expect(page.getByText(t('errors:RATE_LIMITED_MINUTES', { count: 38 }))).toBeVisible()
  })

  test('explains each mistake in the site language', async ({ page, site, t, request }) => {
    await page.goto('/member/login')
    await waitForHydration(page)
    const form = page.getByRole('form', { name: t('account:login.formLabel') })
    const send = form.getByRole('button', { name: t('account:login.sendCode') })
    const submit = form.getByRole('button', { name: t('account:login.submit') })

    await form.getByLabel(t('account:login.country')).selectOption('HK')
    await send.click()
    await expect(form.getByRole('alert')).toHaveText(t('errors:MOBILE_EMPTY'))
    await form.getByLabel(t('account:login.mobile')).fill('2123 4567')
    await send.click()
    await expect(form.getByRole('alert')).toHaveText(t('errors:MOBILE_INVALID'))

    const number = newMobile()
    await form.getByLabel(t('account:login.mobile')).fill(number.mobile)
    await submit.click()
    await expect(form.getByRole('alert')).toHaveText([
      t('errors:VERIFICATION_CODE_EMPTY'),
      t('errors:AGREEMENT_REQUIRED'),
    ])

    await send.click()
    const code = await codeFromOutbox(request, site.origin, number.e164)
    await form.getByLabel(t('account:login.code')).fill(code === '000000' ? '111111' : '000000')
    await form.getByRole('checkbox').check()
    await submit.click()
    await expect(form.getByRole('alert')).toHaveText(t('errors:VERIFICATION_CODE_ERROR'))
    await expect(page).toHaveURL(/\/member\/login/)
  })

  test(
    'goes home instead of to another site after logging in',
    languageNeutral,
    async ({ page, site, t, request }) => {
      await page.goto('/member/login?redirect=https%3A%2F%2Fevil.example%2F')
      await waitForHydration(page)
      const number = newMobile()
      const form = await fillLoginForm(page, t, number.mobile)
      await form.getByRole('button', { name: t('account:login.sendCode') }).click()
      await form
        .getByLabel(t('account:login.code'))
        .fill(await codeFromOutbox(request, site.origin, number.e164))
      await form.getByRole('checkbox').check()
      await form.getByRole('button', { name: t('account:login.submit') }).click()
      await expect(page).toHaveURL(`${site.origin}/`)
    },
  )

  test(
    'sends a logged-in reader straight on from the login page',
    languageNeutral,
    async ({ page, site, request }) => {
      await logInThroughApi(page, request, site.origin)
      await page.goto('/member/login?redirect=%2Fservice')
      await expect(page).toHaveURL(`${site.origin}/service`)
    },
  )
})

test.describe('logging out', () => {
  test.beforeEach(async ({ page, site }) => {
    await acceptCookies(page, site.origin)
  })

  test('asks first, stays logged in on cancel and logs out on confirm', async ({
    page,
    site,
    t,
    request,
  }) => {
    const number = await logInThroughApi(page, request, site.origin)
    await page.goto('/')
    await waitForHydration(page)
    await expectLoggedIn(page, number.masked, t)

    // The number opens the account menu: who is logged in, the account page, the plans and log out.
    const menu = await openAccountMenu(page)
    await expect(menu).toContainText(t('account:menu.signedInAs', { name: number.masked }))
    await expect(menu.getByRole('menuitem', { name: t('account:menu.account') })).toHaveAttribute(
      'href',
      '/member/account',
    )
    await expect(menu.getByRole('menuitem', { name: t('shell:nav.plans') })).toHaveAttribute(
      'href',
      '/subscribe',
    )
    await menu.getByRole('menuitem', { name: t('account:menu.logout') }).click()
    const dialog = page.getByRole('alertdialog', { name: t('account:logout.confirmTitle') })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: t('actions.cancel') }).click()
    await expect(dialog).toBeHidden()
    await expectLoggedIn(page, number.masked, t)

    await chooseLogOut(page, t('account:menu.logout'))
    await dialog.getByRole('button', { name: t('account:logout.confirm') }).click()
    await expect(header(page).getByRole('link', { name: t('shell:account.login') })).toBeVisible()
    await expect(page.getByText(t('account:logout.done'))).toBeVisible()
    const cookies = await page.context().cookies(site.origin)
    expect(cookies.filter((c) => c.name === 'access_token' || c.name === 'userInfo')).toEqual([])

    await page.reload()
    await expect(header(page).getByRole('link', { name: t('shell:account.login') })).toBeVisible()
  })

  test(
    'logs out without asking when the server no longer knows the session',
    languageNeutral,
    async ({ page, site, t, request }) => {
      const number = await logInThroughApi(page, request, site.origin)
      await page.goto('/about-us')
      await waitForHydration(page)
      await expectLoggedIn(page, number.masked, t)
      // The session ends elsewhere (another tab logged out): the next member-info lookup answers 401.
      expect(
        await page.evaluate(
          async () => (await fetch('/api/portal/token/logout', { method: 'DELETE' })).status,
        ),
      ).toBe(200)
      await header(page)
        .getByRole('link', { name: t('shell:homeLink') })
        .click()
      await expect(page).toHaveURL(`${site.origin}/`)
      await expect(header(page).getByRole('link', { name: t('shell:account.login') })).toBeVisible()
      await expect(page.getByRole('alertdialog')).toHaveCount(0)
    },
  )

  test('offers logout in the mobile menu too', async ({ page, site, t, request }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const number = await logInThroughApi(page, request, site.origin)
    await page.goto('/')
    await waitForHydration(page)
    await page.getByRole('button', { name: t('shell:openMenu') }).click()
    const menu = page.getByRole('dialog', { name: t('shell:menu') })
    await expect(menu.getByTestId('account-name')).toHaveText(number.masked)
    await menu.getByRole('button', { name: t('account:menu.logout') }).click()
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('account:logout.confirm') })
      .click()
    await expect(page.getByRole('alertdialog')).toBeHidden()
    await expect(menu.getByRole('link', { name: t('shell:account.login') })).toBeVisible()
  })
})

test.describe('the live-chat customer', () => {
  test(
    'is the member while logged in and reset at logout',
    languageNeutral,
    async ({ page, site, t, request }) => {
      const origin = siteOrigin(site.region, liveChatPort)
      await acceptCookies(page, origin)
      await page.route('https://embed.tawk.to/**', (route) =>
        route.fulfill({ contentType: 'application/javascript', path: 'e2e/support/fake-tawk.js' }),
      )
      const number = await logInThroughApi(page, request, origin)
      await page.goto(`${origin}/`)
      await waitForHydration(page)
      await expect.poll(() => page.evaluate(() => window.Tawk_API?.visitor?.name)).toBe(number.masked)
      await chooseLogOut(page, t('account:menu.logout'))
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: t('account:logout.confirm') })
        .click()
      await expect(header(page).getByRole('link', { name: t('shell:account.login') })).toBeVisible()
      expect(await page.evaluate(() => window.Tawk_API?.visitor)).toEqual({})
    },
  )
})
