/**
 * Mail (issue 26), on the English and the Traditional Chinese site: a reader signs up in the footer and is told to
 * confirm by email; the admin reads the confirmation in the console's Outbox (the default mail adapter keeps every
 * message there), follows its link, confirms on the page it opens; the welcome that follows carries one-click
 * unsubscribe (List-Unsubscribe-Post), and its unsubscribe link works.
 */
import type { Page } from '@playwright/test'
import { logInThroughApi } from './support/accounts.ts'
import { adminOn, consoleAdminsOf } from './support/console-staff.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'

const consoleAdmins = consoleAdminsOf('mail')

/** Opens the outbox message with this subject to this address, once the mail-queue job (every 5 s) has sent it. */
async function openOutboxMessage(page: Page, to: string, subject: string, openLabel: string): Promise<void> {
  const row = page.getByTestId('outbox-message').filter({ hasText: to }).filter({ hasText: subject })
  await expect(async () => {
    await page.goto('/console/outbox')
    await expect(row).toBeVisible({ timeout: 8000 })
  }).toPass({ timeout: 60_000 })
  await waitForHydration(page)
  await row.getByRole('link', { name: openLabel }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject)
}

/** The link of a message's plain-text part that leads to `path`. */
async function linkIn(page: Page, path: string): Promise<string> {
  const text = (await page.getByTestId('outbox-text').textContent()) ?? ''
  const link = text.match(new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?token=\\S+`))?.[0]
  expect(link, `a ${path} link in the message`).toBeTruthy()
  return link as string
}

test('a footer sign-up is confirmed from the email in the outbox, and unsubscribes in one click', async ({
  page,
  request,
  site,
  t,
}, testInfo) => {
  test.setTimeout(120_000)
  const email = `reader-${testInfo.project.name.toLowerCase()}-${Date.now()}@example.com`

  // The reader signs up in the footer and is asked to confirm by email.
  await acceptCookies(page, site.origin)
  await page.goto('/')
  await waitForHydration(page)
  const form = page.locator('footer').getByRole('form', { name: t('shell:newsletter.formLabel') })
  await form.getByLabel(t('shell:newsletter.emailLabel')).fill(email)
  await form.getByRole('button', { name: t('actions.subscribe') }).click()
  await expect(page.getByText(t('toast.confirmByEmail'))).toBeVisible()

  // The admin reads the confirmation in the outbox: transactional, so no unsubscribe header.
  await logInThroughApi(page, request, site.origin, adminOn(consoleAdmins, site.region))
  await page.goto('/console')
  await page
    .getByRole('navigation', { name: t('console:nav.label') })
    .getByRole('link', { name: t('console:nav.outbox') })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('console-mail:outbox.title'))
  await openOutboxMessage(
    page,
    email,
    t('mail:newsletterConfirmation.subject'),
    t('console-mail:outbox.open'),
  )
  await expect(page.getByTestId('outbox-headers')).not.toContainText('List-Unsubscribe')
  const confirmLink = await linkIn(page, '/mail/confirm')
  expect(new URL(confirmLink).origin).toBe(site.origin)

  // Following the link opens a page that confirms with one click.
  await page.goto(confirmLink)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('mail-links:confirm.heading'))
  await waitForHydration(page)
  await page.getByRole('button', { name: t('mail-links:confirm.action') }).click()
  await expect(page.getByRole('status')).toHaveText(t('mail-links:confirm.done'))

  // The welcome carries one-click unsubscribe; its unsubscribe link works.
  await openOutboxMessage(page, email, t('mail:newsletterWelcome.subject'), t('console-mail:outbox.open'))
  await expect(page.getByTestId('outbox-headers')).toContainText(
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
  )
  await expect(page.getByTestId('outbox-headers')).toContainText(
    `List-Unsubscribe: <${site.origin}/api/portal/mail/unsubscribe?token=`,
  )
  await page.goto(await linkIn(page, '/mail/unsubscribe'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('mail-links:unsubscribe.heading'))
  await waitForHydration(page)
  await page.getByRole('button', { name: t('mail-links:unsubscribe.action') }).click()
  await expect(page.getByRole('status')).toHaveText(t('mail-links:unsubscribe.done'))
})
