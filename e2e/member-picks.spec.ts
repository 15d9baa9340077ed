/**
 * Monthly picks in the member area (issue 15), on the English and the Traditional Chinese site: a member without a
 * plan is asked to subscribe; Base sees 5 of the month's picks, the rest behind "Upgrade to Plus", and tracking
 * locked; Premium sees every pick and the analysts' picks tracked against the market, on a 360 px phone too.
 */
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { logInThroughApi, subscribeThroughApi } from './support/accounts.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'
import { expectTierNamesOfTheSite } from './support/tier-names.ts'

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

test('a member without a plan is asked to subscribe to see the month’s picks', async ({
  page,
  request,
  site,
  t,
}) => {
  await logInThroughApi(page, request, site.origin)
  await page.goto('/member/picks')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('picks:page.title'))
  await expect(page.getByTestId('pick-row')).toHaveCount(0)
  const tier = t('plans:subscribe.tiers.base')
  await expect(page.getByTestId('lock-prompt').first().getByRole('link')).toHaveText(
    t('member:lock.subscribeAction', { tier }),
  )
  await expect(page.getByTestId('data-stamp')).toContainText(t('common:demo.badge'))
})

test('Base sees 5 picks of the month and tracking locked behind Plus', async ({ page, request, site, t }) => {
  await logInThroughApi(page, request, site.origin)
  await subscribeThroughApi(page, 'base')
  await page.goto('/member/picks')
  await expect(page.getByTestId('pick-row')).toHaveCount(5)
  const locks = page.getByTestId('lock-prompt')
  const upgradeToPlus = t('member:lock.upgradeAction', { tier: t('plans:subscribe.tiers.plus') })
  await expect(locks.first().getByRole('link')).toHaveText(upgradeToPlus)
  await expect(locks.last()).toContainText(
    t('member:lock.upgrade', { what: t('picks:tracking.lockWhat'), tier: t('plans:subscribe.tiers.plus') }),
  )
  await expect(locks.last().getByRole('link')).toHaveText(upgradeToPlus)
  await expect(page.getByTestId('picks-tracking')).toHaveCount(0)
  // The intro names all three plans, in the site's language.
  await expect(page.locator('main')).toContainText(t('picks:page.intro'))
  await expectTierNamesOfTheSite(page, site)
  await expectNoSeriousA11yIssues(page)
})

test('Premium sees every pick of the month and the tracking, by market, on a phone', async ({
  page,
  request,
  site,
  t,
}) => {
  // A login, a plan, three pages and two accessibility scans: 30 s is too close on a busy 2-core machine.
  test.setTimeout(60_000)
  await logInThroughApi(page, request, site.origin)
  await subscribeThroughApi(page, 'premium')
  await page.goto('/member/picks')
  const rows = page.getByTestId('pick-row')
  const total = await rows.count()
  expect(total).toBeGreaterThan(10)
  await expect(page.getByTestId('picks-count')).toHaveText(t('picks:month.shown', { count: total, total }))
  await expect(page.getByTestId('lock-prompt')).toHaveCount(0)
  const tracking = page.getByTestId('picks-tracking')
  await expect(tracking.getByTestId('tracked-month').first()).toBeVisible()
  await expect(page.getByTestId('tracking-method')).toContainText('equal-weight-universe-v1')
  await expectNoSeriousA11yIssues(page)

  // One market, from the filter form (the address keeps it).
  await waitForHydration(page)
  await page.getByLabel(t('picks:filters.market'), { exact: true }).selectOption('jp')
  await page.getByRole('button', { name: t('picks:filters.apply') }).click()
  await expect(page).toHaveURL(/market=jp/)
  await expect(page.locator('[data-testid="pick-row"] a[href*="market=jp"]').first()).toBeVisible()
  await expect(page.locator('[data-testid="pick-row"] a:not([href*="market=jp"])')).toHaveCount(0)

  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/member/picks')
  await expect(page.getByTestId('pick-row').first()).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expectNoSeriousA11yIssues(page)
})
