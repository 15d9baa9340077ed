/**
 * Support in the console (issue 14), on the English and the Traditional Chinese site: an admin makes a new number
 * support staff; support finds a registered member by the number as the member would say it, grants a Plus plan
 * with a reason (the member sees Plus on their account page at once), then logs the member out everywhere (their
 * next page asks them to log in); is told in the grant form that they cannot grant a plan to their own account; then
 * finds the reader's newsletter sign-up, exports it as CSV and removes it.
 */

import { logInThroughApi, newMobile, setDisplayNameThroughApi } from './support/accounts.ts'
import { adminOn, consoleAdminsOf } from './support/console-staff.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'

const consoleAdmins = consoleAdminsOf('members')

test('support finds a member by phone, grants Plus with a reason and logs them out everywhere', async ({
  browser,
  page,
  request,
  site,
  t,
}) => {
  test.setTimeout(90_000)
  const admin = adminOn(consoleAdmins, site.region)
  const support = newMobile()

  // The admin makes the new number support staff.
  await acceptCookies(page, site.origin)
  await logInThroughApi(page, request, site.origin, admin)
  await page.goto('/console/roles')
  await waitForHydration(page)
  // The section's code arrives after the page's: its list of holders, fetched once it has hydrated, says it is ready
  // (a number typed into the server's markup before then is replaced by the form's empty state).
  await expect(page.getByTestId('role-holder').first()).toBeVisible()
  const grantRole = page.getByRole('form', { name: t('console:roles.grant') })
  await grantRole.getByLabel(t('console:roles.phone')).fill(support.e164)
  await grantRole.getByLabel(t('console:roles.role')).selectOption('support')
  await grantRole.getByRole('button', { name: t('console:roles.grant') }).click()
  await expect(page.getByTestId('role-holder').filter({ hasText: support.e164 })).toContainText(
    t('console:roleNames.support'),
  )

  // A reader registers in a browser of their own.
  const readerContext = await browser.newContext({ baseURL: site.origin })
  const readerPage = await readerContext.newPage()
  await acceptCookies(readerPage, site.origin)
  const reader = await logInThroughApi(readerPage, request, site.origin)

  // Support finds the reader by the number as the reader says it, without the calling code.
  await page.context().clearCookies()
  await acceptCookies(page, site.origin)
  await logInThroughApi(page, request, site.origin, support)
  const supportName = `Support ${support.mobile}`
  await setDisplayNameThroughApi(page, supportName)
  await page.goto('/console')
  const navigation = page.getByRole('navigation', { name: t('console:nav.label') })
  await expect(navigation).not.toContainText(t('console:nav.roles'))
  await navigation.getByRole('link', { name: t('console:nav.newsletter') }).waitFor()
  await navigation.getByRole('link', { name: t('console:nav.members') }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('console-members:members.title'))
  await waitForHydration(page)
  const find = page.getByRole('form', { name: t('console-members:members.find') })
  await find
    .getByLabel(t('console-members:members.phone'))
    .fill(`${reader.mobile.slice(0, 4)} ${reader.mobile.slice(4)}`)
  await find.getByRole('button', { name: t('console-members:members.search') }).click()
  await expect(page).toHaveURL(/\/console\/members\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('member-phone')).toHaveText(reader.e164)
  await expect(page.getByTestId('member-plan')).toContainText(t('console-members:members.noPlan'))
  await expect(page.getByTestId('member-session')).toHaveCount(1)

  // Support grants Plus with a reason, after confirming.
  const reason = `Goodwill ${support.mobile}`
  const grant = page.getByRole('form', { name: t('console-members:members.grant') })
  await grant.getByLabel(t('console-members:members.tier')).selectOption('plus')
  await grant.getByLabel(t('console-members:members.period')).selectOption('month')
  await grant.getByLabel(t('console-members:members.reason')).fill(reason)
  await grant.getByRole('button', { name: t('console-members:members.grant') }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText(reason)
  await dialog.getByRole('button', { name: t('console-members:members.grant') }).click()
  await expect(page.getByRole('status')).toHaveText(
    t('console-members:members.granted', { tier: t('console-members:members.tiers.plus') }),
  )
  await expect(page.getByTestId('member-plan')).toContainText(t('console-members:members.tiers.plus'))
  // The plan history says it in words: what changed, who did it by name, and why.
  const planChange = page.getByTestId('plan-change').first()
  await expect(planChange).toContainText(
    t('console-members:members.changeKinds.operator_grant', {
      tier: t('console-members:members.tiers.plus'),
    }),
  )
  await expect(planChange).toContainText(supportName)
  await expect(planChange).toContainText(reason)
  await expect(planChange).toContainText(t('console-members:members.planStates.active'))
  await expect(planChange).not.toContainText('operator_grant')

  // The reader sees Plus on their account page at once.
  await readerPage.goto('/member/account')
  await expect(readerPage.getByTestId('account-plan-tier')).toContainText(t('plans:subscribe.tiers.plus'))

  // Support logs the reader out everywhere: their next page asks them to log in.
  const endSessions = page.getByRole('form', { name: t('console-members:members.endSessions') })
  await endSessions.getByLabel(t('console-members:members.reason')).fill('Phone reported lost')
  await endSessions.getByRole('button', { name: t('console-members:members.endSessions') }).click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('console-members:members.endSessions') })
    .click()
  await expect(page.getByRole('status')).toHaveText(t('console-members:members.sessionsEnded', { count: 1 }))
  await expect(page.getByTestId('member-session')).toHaveCount(0)
  await readerPage.goto('/member/account')
  await expect(readerPage).toHaveURL(/\/member\/login\?redirect=%2Fmember%2Faccount$/)

  // Support cannot grant a plan to their own account: the grant form says why and cannot be sent.
  await page.goto('/console/members')
  await waitForHydration(page)
  const findSelf = page.getByRole('form', { name: t('console-members:members.find') })
  await findSelf.getByLabel(t('console-members:members.phone')).fill(support.e164)
  await findSelf.getByRole('button', { name: t('console-members:members.search') }).click()
  await expect(page.getByTestId('member-phone')).toHaveText(support.e164)
  const ownGrant = page.getByRole('form', { name: t('console-members:members.grant') })
  await expect(ownGrant.getByTestId('grant-own-account')).toHaveText(t('errors:CONSOLE_PLAN_GRANT_SELF'))
  await expect(ownGrant.getByRole('button', { name: t('console-members:members.grant') })).toBeDisabled()

  // The reader signs up for the newsletter; support finds the sign-up, exports it and removes it.
  const email = `reader-${reader.mobile}@example.com`
  expect(
    await readerPage.evaluate(async (address) => {
      const response = await fetch('/api/portal/home/subEmail', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          source: 'contact-dialog',
          email: address,
          name: '陳大文',
          phone: '+852 9123 4567',
        }),
      })
      return response.status
    }, email),
  ).toBe(200)
  await readerContext.close()
  await page
    .getByRole('navigation', { name: t('console:nav.label') })
    .getByRole('link', { name: t('console:nav.newsletter') })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('console:newsletter.title'))
  const filters = page.getByRole('form', { name: t('console:newsletter.filters') })
  await filters.getByLabel(t('console:newsletter.search')).fill(email)
  await filters.getByRole('button', { name: t('console:newsletter.apply') }).click()
  await expect(page.getByTestId('newsletter-signup')).toHaveCount(1)
  await expect(page.getByTestId('newsletter-signup')).toContainText('陳大文')
  const exportLink = page.getByRole('link', { name: t('console:newsletter.export') })
  // Read in the browser, as the link downloads it (the test process cannot resolve *.localhost).
  const csv = await page.evaluate(
    async (href) => {
      const bytes = new Uint8Array(await (await fetch(href)).arrayBuffer())
      return { start: [...bytes.subarray(0, 3)], text: new TextDecoder().decode(bytes.subarray(3)) }
    },
    (await exportLink.getAttribute('href')) as string,
  )
  expect(csv.start).toEqual([0xef, 0xbb, 0xbf])
  expect(csv.text).toContain(`${email},陳大文,+852 9123 4567,`)
  await page.getByRole('button', { name: t('console:newsletter.removeOf', { email }) }).click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('console:newsletter.remove') })
    .click()
  await expect(page.getByRole('status')).toHaveText(t('console:newsletter.removed', { email }))
  await expect(page.getByTestId('newsletter-signup')).toHaveCount(0)
})
