/**
 * The live-chat widget against the server configured with a provider (tawk). The provider's script is served by
 * the test from e2e/support/fake-tawk.js, which implements the part of tawk.to's JavaScript API the site uses.
 */
import { readFileSync } from 'node:fs'
import { acceptCookies, expect, languageNeutral, test, waitForHydration } from './support/fixtures.ts'
import { liveChatPort, siteOrigin } from './support/sites.ts'

const fakeTawk = readFileSync('e2e/support/fake-tawk.js', 'utf8')

test.describe('live chat', () => {
  test(
    'is hidden by default, opens from a contact button and hides again a second after minimising',
    languageNeutral,
    async ({ page, site, t }) => {
      const origin = siteOrigin(site.region, liveChatPort)
      await acceptCookies(page, origin)
      await page.route('https://embed.tawk.to/**', (route) =>
        route.fulfill({ contentType: 'application/javascript', body: fakeTawk }),
      )
      await page.goto(`${origin}/`)
      await waitForHydration(page)
      const widget = page.getByTestId('fake-tawk-widget')
      await expect(widget).toBeAttached()
      await expect(widget).toBeHidden()

      await page
        .locator('footer')
        .getByRole('button', { name: t('shell:contact.open') })
        .click()
      await expect(widget).toBeVisible()
      await expect(page.getByRole('dialog', { name: t('shell:contact.dialogTitle') })).toBeHidden()

      await widget.getByRole('button', { name: 'Minimize' }).click()
      await page.waitForTimeout(500)
      await expect(widget).toBeVisible()
      await expect(widget).toBeHidden({ timeout: 1500 })
    },
  )

  test('without a provider, contact buttons open the contact dialog', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    await page.goto('/contact-us')
    await waitForHydration(page)
    await page.getByRole('button', { name: t('company:contact.chatNow') }).click()
    await expect(page.getByRole('dialog', { name: t('shell:contact.dialogTitle') })).toBeVisible()
  })
})
