import { acceptCookies, expect, languageNeutral, test, waitForHydration } from './support/fixtures.ts'

test.describe('email subscription', () => {
  test.beforeEach(async ({ page, site }) => {
    await acceptCookies(page, site.origin)
    await page.goto('/')
    await waitForHydration(page)
  })

  test('the home page offers the sign-up once, in the footer', async ({ page, t }) => {
    await expect(page.getByRole('form', { name: t('shell:newsletter.formLabel') })).toHaveCount(1)
  })

  test('explains an empty and a malformed email in the site language', async ({ page, t }) => {
    const form = page.locator('footer').getByRole('form', { name: t('shell:newsletter.formLabel') })
    await form.getByRole('button', { name: t('actions.subscribe') }).click()
    await expect(form.getByRole('alert')).toHaveText(t('errors:EMAIL_EMPTY'))
    await form.getByLabel(t('shell:newsletter.emailLabel')).fill('reader@nowhere')
    await form.getByRole('button', { name: t('actions.subscribe') }).click()
    await expect(form.getByRole('alert')).toHaveText(t('errors:EMAIL_INVALID'))
  })

  test(
    'confirms a subscription with a toast that disappears after three seconds',
    languageNeutral,
    async ({ page, t }, testInfo) => {
      // The page's time moves only when the test moves it: the three seconds are the toast's, not the machine's.
      await page.clock.install()
      await page.goto('/')
      await waitForHydration(page)
      await page.clock.pauseAt(Date.now() + 1000)
      const form = page.locator('footer').getByRole('form', { name: t('shell:newsletter.formLabel') })
      await form
        .getByLabel(t('shell:newsletter.emailLabel'))
        .fill(`reader-${testInfo.project.name}-${Date.now()}@example.com`)
      await form.getByRole('button', { name: t('actions.subscribe') }).click()
      const toast = page.getByText(t('toast.subscribed'))
      // Time moves in small steps until the toast shows, so it has been up for at most one step when it is seen.
      await expect
        .poll(async () => {
          await page.clock.runFor(50)
          return toast.isVisible()
        })
        .toBe(true)
      await page.clock.runFor(2000)
      await expect(toast).toBeVisible()
      await page.clock.runFor(1500)
      await expect(toast).toBeHidden()
    },
  )

  test('says the subscription failed when the server cannot take it', async ({ page, t }) => {
    await page.route('**/home/subEmail', (route) => route.fulfill({ status: 500, body: 'down' }))
    const form = page.locator('footer').getByRole('form', { name: t('shell:newsletter.formLabel') })
    await form.getByLabel(t('shell:newsletter.emailLabel')).fill('reader@example.com')
    await form.getByRole('button', { name: t('actions.subscribe') }).click()
    await expect(page.getByText(t('toast.subscribeFailed'))).toBeVisible()
  })

  test('says how long to wait when this address has signed up too often', async ({ page, t }) => {
    await page.route('**/home/subEmail', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '480', 'x-error-code': 'RATE_LIMITED' },
        body: '',
      }),
    )
    const form = page.locator('footer').getByRole('form', { name: t('shell:newsletter.formLabel') })
    await form.getByLabel(t('shell:newsletter.emailLabel')).fill('reader@example.com')
    await form.getByRole('button', { name: t('actions.subscribe') }).click()
    await expect(page.getByText(t('errors:RATE_LIMITED_MINUTES', { count: 8 }))).toBeVisible()
  })
})

test.describe('contact dialog', () => {
  test('opens from the footer with every channel and checks the phone number', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    await page.goto('/')
    await waitForHydration(page)
    await page
      .locator('footer')
      .getByRole('button', { name: t('shell:contact.open') })
      .click()
    const dialog = page.getByRole('dialog', { name: t('shell:contact.dialogTitle') })
    await expect(dialog).toBeVisible()
    for (const channel of ['phone', 'email', 'whatsapp', 'line', 'kakaotalk', 'telegram']) {
      await expect(
        dialog
          .getByTestId('contact-channels')
          .getByText(t(`shell:contact.channels.${channel}`), { exact: true }),
      ).toBeVisible()
    }
    await dialog.getByLabel(t('shell:contact.email')).fill('reader@example.com')
    await dialog.getByRole('button', { name: t('actions.submit') }).click()
    await expect(dialog.getByRole('alert')).toHaveText(t('errors:PHONE_EMPTY'))
    await dialog.getByLabel(t('shell:contact.phone')).fill('12ab')
    await dialog.getByRole('button', { name: t('actions.submit') }).click()
    await expect(dialog.getByRole('alert')).toHaveText(t('errors:PHONE_INVALID'))
    await dialog.getByLabel(t('shell:contact.phone')).fill('+852 9123 4567')
    await dialog.getByRole('button', { name: t('actions.submit') }).click()
    await expect(page.getByText(t('toast.confirmByEmail'))).toBeVisible()
    await expect(dialog).toBeHidden()
  })
})
