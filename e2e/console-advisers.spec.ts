/**
 * The one-to-one adviser (issue 15), on the English and the Traditional Chinese site: an admin (who passes the
 * support role) finds a Premium member by their number in the console's advisers section and assigns them a sample
 * adviser; the member then sees that adviser and their contact channels on /member/adviser (on a 360 px phone too),
 * and the member's console page names the adviser. A Premium member not yet assigned is told one is coming.
 */
import { sampleAdvisers } from '#server/modules/advisers/advisers.seed.ts'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { logInThroughApi, subscribeThroughApi } from './support/accounts.ts'
import { adminOn, consoleAdminsOf } from './support/console-staff.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'
import { expectTierNamesOfTheSite } from './support/tier-names.ts'

const consoleAdmins = consoleAdminsOf('advisers')

test('support assigns a sample adviser to a Premium member, who then sees how to reach them', async ({
  browser,
  page,
  request,
  site,
  t,
}) => {
  test.setTimeout(120_000)
  const admin = adminOn(consoleAdmins, site.region)
  const sample = sampleAdvisers[0]
  if (!sample) throw new Error('no sample adviser')
  const sampleName = sample.name[site.locale]

  // A reader on Premium, in a browser of their own: their adviser is pending.
  const readerContext = await browser.newContext({ baseURL: site.origin })
  const readerPage = await readerContext.newPage()
  await acceptCookies(readerPage, site.origin)
  const reader = await logInThroughApi(readerPage, request, site.origin)
  await subscribeThroughApi(readerPage, 'premium')
  await readerPage.goto('/member/adviser')
  await expect(readerPage.getByTestId('adviser-pending')).toContainText(t('advisers:page.pending'))

  // The admin finds the reader by number and assigns the sample adviser.
  await acceptCookies(page, site.origin)
  await logInThroughApi(page, request, site.origin, admin)
  await page.goto('/console/advisers')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('advisers:console.title'))
  await waitForHydration(page)
  await expect(page.getByTestId('adviser-row').filter({ hasText: sampleName })).toContainText(
    t('advisers:console.sample'),
  )
  // Checked before any change: the console's shared "done" line is checked by the members journey.
  await expectNoSeriousA11yIssues(page)
  const find = page.getByRole('form', { name: t('advisers:console.findMember') })
  await find
    .getByLabel(t('console-members:members.phone'))
    .fill(`${reader.mobile.slice(0, 4)} ${reader.mobile.slice(4)}`)
  await find.getByRole('button', { name: t('console-members:members.search') }).click()
  const assignment = page.getByTestId('adviser-assignment')
  await expect(assignment).toContainText(reader.e164)
  await expect(assignment).toContainText(t('advisers:console.noAdviser'))
  await assignment.getByLabel(t('advisers:console.chooseAdviser')).selectOption({
    label: `${sampleName} (${t('advisers:console.sample')})`,
  })
  await assignment.getByRole('button', { name: t('advisers:console.assign') }).click()
  await expect(page.getByRole('status')).toHaveText(t('advisers:console.assigned', { name: sampleName }))

  // The adviser's page lists the member (masked); the member's page names the adviser.
  await page.getByRole('link', { name: t('advisers:console.openNamed', { name: sampleName }) }).click()
  const memberRow = page.getByTestId('adviser-member-row').filter({ hasText: reader.masked })
  await expect(memberRow).toContainText(t('console-members:members.tiers.premium'))
  await memberRow.getByRole('link', { name: reader.masked }).click()
  await expect(page.getByTestId('member-adviser')).toContainText(sampleName)

  // The reader sees the adviser, labelled as a sample, with links for each channel, on a phone too.
  await readerPage.setViewportSize({ width: 360, height: 740 })
  await readerPage.goto('/member/adviser')
  const card = readerPage.getByTestId('adviser-card')
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(sampleName)
  await expect(card).toContainText(t('member:sample'))
  await expect(card).toContainText(sample.bio[site.locale])
  await expect(card.getByRole('link', { name: '+85221234567' })).toHaveAttribute('href', 'tel:+85221234567')
  await expect(card.getByRole('link', { name: '+85291234567' })).toHaveAttribute(
    'href',
    'https://wa.me/85291234567',
  )
  await expect(card.getByRole('link', { name: 'grace.lam@example.com' })).toHaveAttribute(
    'href',
    'mailto:grace.lam@example.com',
  )
  const overflow = await readerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await expectNoSeriousA11yIssues(readerPage)
  await readerContext.close()
})

test('a member without Premium is asked to subscribe for an adviser', async ({ page, request, site, t }) => {
  await acceptCookies(page, site.origin)
  await logInThroughApi(page, request, site.origin)
  await page.goto('/member/adviser')
  const tier = t('plans:subscribe.tiers.premium')
  await expect(page.getByTestId('lock-prompt')).toContainText(
    t('member:lock.subscribe', { what: t('advisers:page.lockWhat'), tier }),
  )
  await expect(page.getByTestId('lock-prompt').getByRole('link')).toHaveText(
    t('member:lock.subscribeAction', { tier }),
  )
  await expect(page.locator('main')).toContainText(t('advisers:page.intro'))
  await expectTierNamesOfTheSite(page, site)
  await expectNoSeriousA11yIssues(page)
})
