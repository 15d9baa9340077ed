/**
 * The plan pages a quota prompt or the header leads to: the subscription comparison (/subscribe) and the investment
 * classroom (/member/investment), for a visitor and a logged-in member, in both languages.
 */
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { logInThroughApi, subscribeThroughApi } from './support/accounts.ts'
import { acceptCookies, expect, type Site, test, waitForHydration } from './support/fixtures.ts'
import { expectTierNamesOfTheSite } from './support/tier-names.ts'

/**
 * The allowance ladder the browser server enforces: QUOTA_DIAGNOSIS_PER_DAY / _PER_MONTH in playwright.config.ts,
 * the plans' 20, 30 and 60 diagnoses a month, and the default AI replies.
 */
const ladder = {
  diagnosis: { daily: [3, 5, 20, 21, 22], monthly: [4, 5, 20, 30, 60] },
  chat: { daily: [5, 10, 50, 75, 100], monthly: [10, 30, 300, 600, 1200] },
}
const rungs = ['visitor', 'member', 'base', 'plus', 'premium'] as const

const numberIn = (site: Site, value: number) =>
  new Intl.NumberFormat(site.locale === 'zh-Hant' ? 'zh-TW' : 'en-US').format(value)

test.describe('subscription plans', () => {
  test.beforeEach(async ({ page, site }) => {
    await acceptCookies(page, site.origin)
  })

  test('compares the three plans with the allowances the site enforces, and asks a visitor to log in', async ({
    page,
    site,
    t,
  }) => {
    // Twenty table cells and an accessibility scan of the page.
    test.setTimeout(60_000)
    await page.goto('/subscribe')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('plans:subscribe.title'))
    await expect(page).toHaveTitle(new RegExp(t('plans:subscribe.metaTitle')))
    const allowances = { base: 20, plus: 30, premium: 60 }
    for (const [tier, count] of Object.entries(allowances)) {
      const plan = page.getByTestId(`plan-${tier}`)
      await expect(plan.getByRole('heading')).toHaveText(t(`plans:subscribe.tiers.${tier}`))
      await expect(plan).toContainText(t('plans:subscribe.diagnoses', { count }))
    }
    await expect(page.getByTestId('plan-base')).toContainText(t('plans:subscribe.picks', { count: 5 }))
    await expect(page.getByTestId('plan-premium')).toContainText(t('plans:subscribe.allPicks'))
    await expect(page.getByText(t('plans:subscribe.refund'))).toBeVisible()
    const status = page.getByTestId('plan-status')
    await expect(status).toContainText(t('plans:subscribe.status.visitor', { daily: 3, monthly: 4 }))
    await expect(status.getByRole('link', { name: t('plans:subscribe.logIn') })).toHaveAttribute(
      'href',
      '/member/login?redirect=%2Fsubscribe',
    )

    // One table, visitor to Premium: each rung gives at least what the one before does, a day and a month.
    const table = page.getByRole('table', { name: t('plans:subscribe.allowances.caption') })
    await expect(table.getByRole('columnheader')).toHaveText([
      new RegExp(t('plans:subscribe.allowances.rungs.visitor')),
      t('plans:subscribe.allowances.rungs.member'),
      t('plans:subscribe.tiers.base'),
      t('plans:subscribe.tiers.plus'),
      t('plans:subscribe.tiers.premium'),
    ])
    await expect(table.getByRole('columnheader').first()).toContainText(t('plans:subscribe.allowances.you'))
    for (const kind of ['diagnosis', 'chat'] as const)
      for (const period of ['daily', 'monthly'] as const)
        for (const [index, rung] of rungs.entries())
          await expect(page.getByTestId(`allowance-${kind}-${period}-${rung}`)).toHaveText(
            numberIn(site, ladder[kind][period][index] as number),
          )
    await expectTierNamesOfTheSite(page, site)
    await expectNoSeriousA11yIssues(page)
  })

  test('sends a visitor to log in before paying, keeping the plan and period, and still offers an adviser', async ({
    page,
    t,
  }) => {
    await page.goto('/subscribe?period=year')
    await waitForHydration(page)
    const plus = t('plans:subscribe.tiers.plus')
    await expect(page.getByText(t('plans:subscribe.howClosed'))).toHaveCount(0)
    await expect(
      page.getByTestId('plan-plus').getByRole('link', { name: t('plans:subscribe.choose', { tier: plus }) }),
    ).toHaveAttribute(
      'href',
      `/member/login?redirect=${encodeURIComponent('/subscribe?tier=plus&period=year')}`,
    )
    await page.getByRole('button', { name: t('plans:subscribe.contactAdviser') }).click()
    await expect(page.getByRole('dialog', { name: t('shell:contact.dialogTitle') })).toBeVisible()
  })

  test('tells a logged-in member without a plan what they have now', async ({ page, request, site, t }) => {
    await logInThroughApi(page, request, site.origin)
    await page.goto('/subscribe')
    await expect(page.getByTestId('plan-status')).toHaveText(
      `${t('plans:subscribe.status.member', { daily: 5, monthly: 5 })} ${t('billing:status.manage')}`,
    )
    await expect(page.getByTestId('allowance-table').getByRole('columnheader').nth(1)).toContainText(
      t('plans:subscribe.allowances.you'),
    )
    await expect(page.getByTestId('plan-status').getByRole('link')).toHaveAttribute('href', '/member/account')
  })

  test('shows a plan our team set up and its last day, and lets the reader buy one to replace it', async ({
    page,
    request,
    site,
    t,
  }) => {
    await logInThroughApi(page, request, site.origin)
    await subscribeThroughApi(page, 'plus')
    await page.goto('/subscribe')
    const plus = t('plans:subscribe.tiers.plus')
    await expect(page.getByTestId('plan-status')).toContainText(
      t('plans:subscribe.status.subscriber', { tier: plus, date: '' })
        .replace(/[。.]$/, '')
        .trim(),
    )
    await expect(page.getByTestId('plan-status')).toContainText(t('billing:status.granted'))
    await expect(page.getByTestId('allowance-table').getByRole('columnheader').nth(3)).toContainText(
      t('plans:subscribe.allowances.you'),
    )
    const premium = t('plans:subscribe.tiers.premium')
    await expect(
      page
        .getByTestId('plan-premium')
        .getByRole('link', { name: t('plans:subscribe.choose', { tier: premium }) }),
    ).toHaveAttribute('href', '/subscribe?tier=premium&period=month')
    await page.goto('/member/investment')
    // The classroom opens by the plan: Plus reads the deep-dive reports in full.
    await expect(
      page
        .getByTestId('classroom-course')
        .filter({ hasText: t('classroom:kinds.deepDive') })
        .first(),
    ).toContainText(t('classroom:access.yours', { access: t('classroom:access.full') }))
  })
})

test.describe('investment classroom', () => {
  test('is reached from the header and leads a visitor to log in to open a lesson', async ({
    page,
    site,
    t,
  }) => {
    await acceptCookies(page, site.origin)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/')
    await waitForHydration(page)
    await page
      .locator('header')
      .getByRole('link', { name: t('shell:nav.classroom') })
      .first()
      .click()
    await expect(page).toHaveURL(/\/member\/investment$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('classroom:page.title'))
    await expect(page.getByTestId('classroom-course').first()).toBeVisible()
    const prompt = page.getByTestId('lock-prompt').first()
    await expect(prompt).toContainText(t('member:lock.logInAction'))
    await expectNoSeriousA11yIssues(page)
    await prompt.getByRole('link', { name: t('member:lock.logInAction') }).click()
    await expect(page).toHaveURL(/\/member\/login\?/)
  })
})
