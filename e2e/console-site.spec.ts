/**
 * The site's administration in the console (issue 14, "Site"), on the English and the Traditional Chinese site: an
 * admin adds a redirect, a visitor following the old path lands on its target; the admin points it elsewhere and the
 * next visitor lands there, and the change is in the audit log. The admin edits a site text beside its live preview,
 * saves it, and finds it on the public page; and adds a history milestone, which the history page shows at once.
 * The audit log says each change in words, with the admin by name; no console page scrolls sideways at 360 px; the
 * roles form tells an unallocated number from one typed in the wrong form.
 */
import { randomInt } from 'node:crypto'
import type { Browser } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { logInThroughApi, setDisplayNameThroughApi } from './support/accounts.ts'
import { adminOn, consoleAdminsOf } from './support/console-staff.ts'

const consoleAdmins = consoleAdminsOf('site')

import { expect, test, waitForHydration } from './support/fixtures.ts'

/** A visitor with nothing remembered (browsers keep a 301 they followed): where an address leads them now. */
async function visitAsNewVisitor(browser: Browser, url: string): Promise<{ path: string; heading: string }> {
  const context = await browser.newContext()
  try {
    const visitor = await context.newPage()
    await visitor.goto(url)
    return {
      path: new URL(visitor.url()).pathname,
      heading: (await visitor.getByRole('heading', { level: 1 }).first().textContent()) ?? '',
    }
  } finally {
    await context.close()
  }
}

test('an admin changes a redirect (visitors land on the new target) and a site text (shown at once)', async ({
  page,
  request,
  browser,
  site,
  t,
}) => {
  test.setTimeout(180_000)
  const admin = adminOn(consoleAdmins, site.region)
  const oldPath = `/old-${site.region}-${randomInt(100_000, 999_999)}`

  await logInThroughApi(page, request, site.origin, admin)
  // The admin goes by a name, which the audit log shows for who acted.
  const adminName = `Admin ${admin.mobile}`
  await setDisplayNameThroughApi(page, adminName)
  await page.goto('/console')
  await page
    .getByRole('navigation', { name: t('console:nav.label') })
    .getByRole('link', { name: t('console:nav.site') })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('console-site:site.title'))
  await page.getByRole('link', { name: t('console-site:site.tabNames.redirects') }).click()
  await expect(page).toHaveURL(/\/console\/site\/redirects$/)
  await waitForHydration(page)

  const add = page.getByRole('form', { name: t('console-site:site.redirects.add') })
  await add.getByLabel(t('console-site:site.redirects.from')).fill(oldPath)
  await add.getByLabel(t('console-site:site.redirects.to')).fill(oldPath)
  await add.getByRole('button', { name: t('console-site:site.redirects.add') }).click()
  // A rule to itself is refused in the reader's language, and nothing is added.
  await expect(page.getByRole('alert').filter({ hasText: t('errors:CONSOLE_REDIRECT_SELF') })).toBeVisible()
  await add.getByLabel(t('console-site:site.redirects.to')).fill('/about-us')
  await add.getByRole('button', { name: t('console-site:site.redirects.add') }).click()
  const rule = page.getByTestId('redirect-rule').filter({ hasText: oldPath })
  await expect(rule).toContainText('/about-us')
  await expectNoSeriousA11yIssues(page)

  const first = await visitAsNewVisitor(browser, `${site.origin}${oldPath}`)
  expect(first.path).toBe('/about-us')

  // Pointed elsewhere, the rule is followed at once.
  await rule.getByRole('button', { name: t('console-site:site.redirects.editOf', { path: oldPath }) }).click()
  const edit = page.getByRole('form', { name: t('console-site:site.redirects.editOf', { path: oldPath }) })
  await edit.getByLabel(t('console-site:site.redirects.to')).fill('/company-history')
  await edit.getByLabel(t('console-site:site.redirects.status')).selectOption('302')
  await edit.getByRole('button', { name: t('console-site:site.redirects.save') }).click()
  await expect(
    page.getByRole('status').filter({
      hasText: t('console-site:site.redirects.saved', { fromPath: oldPath, toLocation: '/company-history' }),
    }),
  ).toBeVisible()
  await expect(rule).toContainText(t('console-site:site.redirects.statusNames.302'))

  const second = await visitAsNewVisitor(browser, `${site.origin}${oldPath}`)
  expect(second.path).toBe('/company-history')
  await page.goto('/company-history')
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(second.heading)

  // The change is in the audit log in words, with who made it by name.
  await page.goto(`/console/audit?action=redirect.update`)
  const changed = page.getByTestId('audit-entry').filter({ hasText: oldPath }).first()
  await expect(changed.getByTestId('audit-message')).toHaveText(
    t('console:audit.messages.redirect.update', { subject: oldPath }),
  )
  await expect(changed).toContainText(adminName)
  await expect(changed).toContainText(t('console:audit.entities.redirect'))

  // The admin edits a site text beside its preview and finds it on the public page.
  const token = `wombat${randomInt(100_000, 999_999)}`
  const language = t(`console:languages.${site.locale}`)
  const name = t('console-site:site.textNames.cookie-policy')

  await page.goto('/console/site')
  await waitForHydration(page)
  await page.getByRole('link', { name: t('console-site:site.texts.editOf', { name, language }) }).click()
  await expect(
    page.getByRole('heading', { level: 2, name: t('console-site:site.texts.editorOf', { name, language }) }),
  ).toBeVisible()

  const body = page.getByLabel(t('console-site:site.texts.body', { language }), { exact: true })
  await expect(body).not.toHaveValue('')
  const before = await body.inputValue()
  await body.fill(`${before}\n\nUpdated by the **${token}** desk.`)
  await expect(page.getByTestId('markdown-preview').locator('strong', { hasText: token })).toBeVisible()
  await expectNoSeriousA11yIssues(page)
  await page.getByRole('button', { name: t('console-site:site.texts.save') }).click()
  await expect(page.getByRole('status').filter({ hasText: t('console-site:site.texts.saved') })).toBeVisible()

  const textEditorUrl = page.url()

  await page.goto('/cookie-policy')
  await expect(page.getByRole('main').locator('strong', { hasText: token })).toBeVisible()
  await page.goto('/console/audit?action=site_text.save')
  // Both sites' journeys share the log: this site's save is the one in its own language.
  await expect(
    page
      .getByTestId('audit-message')
      .filter({ hasText: t('console:audit.messages.site_text.save', { subject: name, language }) })
      .first(),
  ).toBeVisible()

  // The admin adds a history milestone below the body; a field left empty is refused beside it, then it shows.
  const historyName = t('console-site:site.textNames.history')
  await page.goto('/console/site')
  await waitForHydration(page)
  await page
    .getByRole('link', { name: t('console-site:site.texts.editOf', { name: historyName, language }) })
    .click()
  const milestones = page.getByRole('group', { name: t('console-site:site.texts.parts.milestones') })
  await milestones.getByRole('button', { name: t('console-site:site.texts.parts.addMilestone') }).click()
  const added = milestones.getByRole('group').last()
  await added.getByLabel(t('console-site:site.texts.parts.year'), { exact: true }).fill('2031')
  await added
    .getByLabel(t('console-site:site.texts.parts.description'), { exact: true })
    .fill(`The ${token} desk opens.`)
  await page.getByRole('button', { name: t('console-site:site.texts.save') }).click()
  await expect(added.getByRole('alert')).toHaveText(t('errors:CONSOLE_SITE_PART_REQUIRED'))
  await added.getByLabel(t('console-site:site.texts.parts.title'), { exact: true }).fill(`Milestone ${token}`)
  await expectNoSeriousA11yIssues(page)
  await page.getByRole('button', { name: t('console-site:site.texts.save') }).click()
  await expect(page.getByRole('status').filter({ hasText: t('console-site:site.texts.saved') })).toBeVisible()

  await page.goto('/company-history')
  const timeline = page.getByTestId('history-timeline')
  await expect(timeline.getByRole('heading', { name: `Milestone ${token}` })).toBeVisible()
  await expect(timeline).toContainText(`The ${token} desk opens.`)

  // The other parts open with their data, every field labelled, on a tablet too.
  await page.setViewportSize({ width: 820, height: 1180 })
  await page.goto('/console/site')
  // The tabs are the router's links: a click before the page has hydrated can be lost on a busy machine.
  await waitForHydration(page)
  for (const [tab, ready] of [
    ['menu', page.getByTestId('menu-group').first()],
    ['contact', page.getByLabel(t('console-site:site.contact.channels.email'), { exact: true })],
    ['prices', page.getByTestId('price-row').first()],
  ] as const) {
    await page.getByRole('link', { name: t(`console-site:site.tabNames.${tab}`), exact: true }).click()
    await expect(ready).toBeVisible()
    await expectNoSeriousA11yIssues(page)
  }

  // On a phone no console page scrolls sideways: wide tables scroll inside their own box.
  await page.setViewportSize({ width: 360, height: 740 })
  for (const [path, ready] of [
    ['/console/picks', page.getByTestId('pick-row').first()],
    [
      '/console/site',
      page.getByRole('link', { name: t('console-site:site.texts.editOf', { name, language }) }),
    ],
    [textEditorUrl, page.getByLabel(t('console-site:site.texts.body', { language }), { exact: true })],
    ['/console/site/redirects', page.getByTestId('redirect-rule').first()],
    ['/console/site/prices', page.getByTestId('price-row').first()],
    ['/console/audit', page.getByTestId('audit-entry').first()],
    ['/console/roles', page.getByTestId('role-holder').first()],
    ['/console/articles', page.getByRole('heading', { level: 1 })],
    ['/console/classroom', page.getByRole('table').first()],
    ['/console/strategies', page.getByRole('table').first()],
  ] as const) {
    await page.goto(path)
    await expect(ready).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${path} scrolls sideways at 360 px`).toBeLessThanOrEqual(0)
  }

  // The roles form tells a well-formed number nobody is given apart from one typed in the wrong form.
  await page.goto('/console/roles')
  await waitForHydration(page)
  const grant = page.getByRole('form', { name: t('console:roles.grant') })
  await grant.getByLabel(t('console:roles.phone')).fill('+852 1234 5678')
  await grant.getByRole('button', { name: t('console:roles.grant') }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: t('errors:CONSOLE_PHONE_NOT_MOBILE') }),
  ).toBeVisible()
})
