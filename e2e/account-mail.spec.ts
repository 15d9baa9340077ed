/**
 * A member's email and their transactional mail (issue 26), on the English and the Traditional Chinese site: the
 * member adds an address on the account page and verifies it from the link of the mail (read by an admin in the
 * console's Outbox, in another browser), then buys a plan with the demo checkout and the receipt is in the Outbox.
 * One journey per site: the admin may be sent a login code once a minute.
 */
import type { Browser, Page } from '@playwright/test'
import { logInThroughApi } from './support/accounts.ts'
import { adminOn, consoleAdminsOf } from './support/console-staff.ts'
import { acceptCookies, expect, type Site, test, waitForHydration } from './support/fixtures.ts'

const consoleAdmins = consoleAdminsOf('account-mail')
type Translate = (key: string, options?: Record<string, unknown>) => string

/** The admin's console, in a browser of its own (the member stays logged in in theirs). */
async function openOutbox(browser: Browser, site: Site): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await acceptCookies(page, site.origin)
  await logInThroughApi(page, page.request, site.origin, adminOn(consoleAdmins, site.region))
  return page
}

/** Opens the outbox message with this subject to this address, once the mail-queue job (every 5 s) has sent it. */
async function openOutboxMessage(page: Page, site: Site, to: string, subject: string, t: Translate) {
  const row = page.getByTestId('outbox-message').filter({ hasText: to }).filter({ hasText: subject })
  await expect(async () => {
    await page.goto(`${site.origin}/console/outbox`)
    await expect(row).toBeVisible({ timeout: 8000 })
  }).toPass({ timeout: 60_000 })
  await waitForHydration(page)
  await row.getByRole('link', { name: t('console-mail:outbox.open') }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject)
  // Transactional mail: never an unsubscribe header.
  await expect(page.getByTestId('outbox-headers')).not.toContainText('List-Unsubscribe')
}

/** The link of the open message's plain-text part that leads to `path`. */
async function linkIn(page: Page, path: string): Promise<string> {
  const text = (await page.getByTestId('outbox-text').textContent()) ?? ''
  const link = text.match(new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}(\\?token=\\S+)?`))?.[0]
  expect(link, `a ${path} link in the message`).toBeTruthy()
  return link as string
}

/** On the account page: adds the address, reads the verification mail in the outbox, presses the link's button. */
async function addAndVerifyEmail(page: Page, admin: Page, site: Site, email: string, t: Translate) {
  await page.goto('/member/account')
  await waitForHydration(page)
  const panel = page.getByTestId('account-email')
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(t('account-email:title'))
  await panel.getByRole('button', { name: t('account-email:add') }).click()
  await panel.getByLabel(t('account-email:address')).fill(email)
  await panel.getByRole('button', { name: t('account-email:save') }).click()
  await expect(page.getByText(t('account-email:sent', { address: email }))).toBeVisible()
  await expect(panel.getByTestId('account-email-status')).toHaveText(t('account-email:unverified'))

  await openOutboxMessage(admin, site, email, t('mail:accountEmailVerification.subject'), t)
  const link = await linkIn(admin, '/mail/verify')
  expect(new URL(link).origin).toBe(site.origin)

  // The link opens a page; only its button verifies (mail scanners follow links).
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('mail-links:verify.heading'))
  await waitForHydration(page)
  await page.getByRole('button', { name: t('mail-links:verify.action') }).click()
  await expect(page.getByRole('status')).toHaveText(t('mail-links:verify.done'))

  await page.goto('/member/account')
  await expect(page.getByTestId('account-email-address')).toHaveText(email)
  await expect(page.getByTestId('account-email-status')).toHaveText(t('account-email:verified'))
}

test('a member adds and verifies an email from the mail in the outbox, buys a plan, and the receipt is in the outbox', async ({
  page,
  browser,
  site,
  t,
}, testInfo) => {
  test.setTimeout(150_000)
  const email = `buyer-${testInfo.project.name.toLowerCase()}-${Date.now()}@example.com`
  await acceptCookies(page, site.origin)
  await logInThroughApi(page, page.request, site.origin)
  const admin = await openOutbox(browser, site)
  await addAndVerifyEmail(page, admin, site, email, t)

  // Base, monthly, through the demo checkout.
  await page.goto('/subscribe?tier=base&period=month')
  await waitForHydration(page)
  await page
    .getByTestId('checkout-review')
    .getByRole('button', { name: t('billing:review.pay') })
    .click()
  await expect(page).toHaveURL(/\/checkout\/demo\/[0-9a-f-]{36}$/)
  await waitForHydration(page)
  const amount = (await page.getByTestId('demo-price').textContent())?.trim() ?? ''
  const price = amount.match(/(NT|US|HK)?\$[\d,.]+/)?.[0] ?? amount
  await page.getByRole('button', { name: t('billing:demoCheckout.pay', { amount: price }) }).click()
  await expect(page).toHaveURL(/\/subscribe/)

  // The receipt, in the site's language, names the amount and the plan, and links to the account page.
  const base = t('mail:plans.base')
  await openOutboxMessage(
    admin,
    site,
    email,
    t('mail:paymentReceipt.subject', { amount: price, plan: base }),
    t,
  )
  const text = admin.getByTestId('outbox-text')
  await expect(text).toContainText(`${t('mail:facts.plan')}: ${base}`)
  await expect(text).toContainText(`${t('mail:facts.period')}: ${t('mail:periods.month')}`)
  await expect(text).toContainText(`${t('mail:facts.paymentId')}: demo_pay_`)
  const accountLink = await linkIn(admin, '/member/account')
  expect(accountLink).toBe(`${site.origin}/member/account`)
  await page.goto(accountLink)
  await expect(page.getByTestId('payment-row')).toContainText(price)
  await admin.context().close()
})
