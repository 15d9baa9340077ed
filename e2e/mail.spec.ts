/**
 * Mail (issue 26), on the English and the Traditional Chinese site: a reader signs up in the footer and is told to
 * confirm by email; the admin reads the confirmation in the console's Outbox (the default mail adapter keeps every
 * message there), follows its link, confirms on the page it opens; the welcome that follows carries one-click
 * unsubscribe (List-Unsubscribe-Post), and its unsubscribe link works. Between the two, the same admin runs the weekly
 * digest from the console: verifies their own email, previews the coming issue as a reader of the other language,
 * sends themselves a test (read in the outbox), sends the week's issue to every reader after a confirmation (the
 * reader gets it), and finds the send in the log and in the audit log.
 */
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
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
  test.setTimeout(240_000)
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

  // The weekly digest, run by the same admin while the reader is on the list: a test goes to the admin's own
  // verified email; send now reaches the reader.
  const own = `admin-${testInfo.project.name.toLowerCase()}-${Date.now()}@example.com`
  await page.goto('/member/account')
  await waitForHydration(page)
  const panel = page.getByTestId('account-email')
  await panel.getByRole('button', { name: t('account-email:add') }).click()
  await panel.getByLabel(t('account-email:address')).fill(own)
  await panel.getByRole('button', { name: t('account-email:save') }).click()
  await expect(page.getByText(t('account-email:sent', { address: own }))).toBeVisible()
  await openOutboxMessage(
    page,
    own,
    t('mail:accountEmailVerification.subject'),
    t('console-mail:outbox.open'),
  )
  const verifyText = (await page.getByTestId('outbox-text').textContent()) ?? ''
  await page.goto(verifyText.match(/https?:\/\/\S+\/mail\/verify\?token=\S+/)?.[0] ?? '/mail/verify')
  await waitForHydration(page)
  await page.getByRole('button', { name: t('mail-links:verify.action') }).click()
  await expect(page.getByRole('status')).toHaveText(t('mail-links:verify.done'))

  await page.goto('/console')
  await page
    .getByRole('navigation', { name: t('console:nav.label') })
    .getByRole('link', { name: t('console:nav.digest') })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('console-mail:digest.title'))
  await waitForHydration(page)
  // The preview, as a reader of the other language would get it.
  const subject = page.getByTestId('digest-subject')
  await expect(subject).toBeVisible()
  const ownLanguageSubject = (await subject.textContent()) ?? ''
  await page.getByLabel(t('console-mail:digest.previewAs')).selectOption(site.region === 'en' ? 'hant' : 'en')
  await expect(subject).not.toHaveText(ownLanguageSubject)
  await page.getByLabel(t('console-mail:digest.previewAs')).selectOption(site.region === 'en' ? 'en' : 'hant')
  await expect(subject).toHaveText(ownLanguageSubject)
  // The message's own HTML (a sandboxed frame) is the mail's, not the console page's.
  await expectNoSeriousA11yIssues(page, { exclude: ['iframe[sandbox]'] })

  await page.getByRole('button', { name: t('console-mail:digest.test') }).click()
  await expect(page.getByRole('status').filter({ hasText: own })).toBeVisible()
  await openOutboxMessage(page, own, ownLanguageSubject, t('console-mail:outbox.open'))
  await expect(page.getByTestId('outbox-headers')).toContainText(
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
  )

  // Send now asks first, then queues the week's issue to every reader and writes it to the audit log.
  await page.goto('/console/digest')
  await waitForHydration(page)
  await page.getByRole('button', { name: t('console-mail:digest.sendNow') }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText(t('console-mail:digest.sendConfirm'))
  await dialog.getByRole('button', { name: t('console-mail:digest.confirm') }).click()
  await expect(dialog).toBeHidden()
  const sent = page.getByRole('status').filter({ hasText: /\d{4}-\d{2}-\d{2}/ })
  await expect(sent).toBeVisible()
  const week = ((await sent.textContent()) ?? '').match(/\d{4}-\d{2}-\d{2}/)?.[0] ?? ''
  await expect(page.getByTestId('digest-issue').filter({ hasText: week })).toBeVisible()
  await openOutboxMessage(
    page,
    email,
    ownLanguageSubject.replace(/\d{4}-\d{2}-\d{2}/, week),
    t('console-mail:outbox.open'),
  )
  await page.goto(`/console/audit?action=digest.send`)
  await expect(
    page
      .getByTestId('audit-entry')
      .filter({ hasText: t('console:audit.messages.digest.send', { subject: week }) })
      .first(),
  ).toBeVisible()

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
