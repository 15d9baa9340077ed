/**
 * Buying a plan in the browser with the demo payments provider (issue 13), on the English and the Traditional
 * Chinese site: a visitor chooses Plus quarterly, logs in, comes back to the same choice, pays on the DEMO checkout
 * page, sees 'Subscription Successful' and the new allowance, upgrades to Premium (the prorated amount shown first)
 * and takes the 7-day refund; a failed payment says 'Subscription Failed' and changes nothing; the account page sets
 * a display name, lists payments, logs out everywhere and deletes the account.
 */
import type { Page } from '@playwright/test'
import { formatMoney, type ReadingPlace } from '../app/features/billing/billing-format.ts'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { codeFromOutbox, logInThroughApi, newMobile, openAccountMenu } from './support/accounts.ts'
import {
  acceptCookies,
  expect,
  languageNeutral,
  type Site,
  test,
  waitForHydration,
} from './support/fixtures.ts'
import { expectTierNamesOfTheSite } from './support/tier-names.ts'

type T = (key: string, options?: Record<string, unknown>) => string

/**
 * The price the migration seeds for Plus quarterly, in each site's currency, as a reader reads it: US dollars to
 * the cent, NT dollars whole and never a bare "$" (which reads as US dollars).
 */
const seeded = {
  en: {
    currency: 'USD',
    plusQuarter: 10699,
    written: '$106.99',
    perMonth: '$35.66',
    money: /^\$[\d,]+\.\d\d$/,
  },
  hant: {
    currency: 'TWD',
    plusQuarter: 345600,
    written: 'NT$3,456',
    perMonth: 'NT$1,152',
    money: /^NT\$[\d,]+$/,
  },
} as const

function seededOf(site: Site) {
  return seeded[site.region === 'hant' ? 'hant' : 'en']
}

function placeOf(site: Site): ReadingPlace {
  return site.locale === 'zh-Hant'
    ? { displayLocale: 'zh-TW', timeZone: 'Asia/Taipei' }
    : { displayLocale: 'en-US', timeZone: 'America/New_York' }
}

function priceOf(site: Site, amountMinor: number): string {
  const { currency } = seededOf(site)
  return formatMoney(amountMinor, currency, placeOf(site).displayLocale)
}

/** "$3,455.99" → 345599, "NT$3,456" → 345600: in cents (USD and TWD both count in cents; TWD shows none). */
function centsIn(text: string): number {
  return Math.round(Number(text.replace(/[^\d.]/g, '')) * 100)
}

function header(page: Page) {
  return page.locator('header').first()
}

/** Sonner's toast with this text (3 s). */
function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text })
}

async function logInWithForm(page: Page, request: Parameters<typeof codeFromOutbox>[0], site: Site, t: T) {
  const number = newMobile()
  const form = page.getByRole('form', { name: t('account:login.formLabel') })
  await form.getByLabel(t('account:login.country')).selectOption('HK')
  await form.getByLabel(t('account:login.mobile')).fill(number.mobile)
  await form.getByRole('button', { name: t('account:login.sendCode') }).click()
  await form.getByLabel(t('account:login.code')).fill(await codeFromOutbox(request, site.origin, number.e164))
  await form.getByRole('checkbox').check()
  await form.getByRole('button', { name: t('account:login.submit') }).click()
  return number
}

/** The accessibility scan, once the toasts (sonner's own colours, not the page's) have gone. */
async function expectAccessiblePage(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 5000 })
  await expectNoSeriousA11yIssues(page)
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test.describe('buying a plan', () => {
  test.beforeEach(async ({ page, site }) => {
    await acceptCookies(page, site.origin)
    await page.setViewportSize({ width: 1280, height: 900 })
  })

  test('a visitor chooses Plus quarterly, logs in, pays, gets the allowance, upgrades to Premium and takes the refund', async ({
    page,
    request,
    site,
    t,
  }) => {
    test.setTimeout(150_000)
    const plus = t('plans:subscribe.tiers.plus')
    const premium = t('plans:subscribe.tiers.premium')
    await page.goto('/subscribe')
    await waitForHydration(page)

    // The period switch: prices of the quarter, with what it saves against paying monthly.
    await page.getByTestId('period-quarter').click()
    await expect(page).toHaveURL(/\/subscribe\?period=quarter$/)
    const plusCard = page.getByTestId('plan-plus')
    await expect(plusCard.getByTestId('price-plus')).toContainText(priceOf(site, seededOf(site).plusQuarter))
    await expect(plusCard.getByTestId('price-plus')).toContainText(seededOf(site).written)
    await expect(plusCard.getByTestId('price-plus')).toContainText(
      t('billing:price.perMonth', { price: seededOf(site).perMonth }),
    )
    await expect(plusCard.getByTestId('price-plus')).toContainText(t('billing:price.per.quarter'))
    await expect(
      page.getByText(t('billing:period.pricesIn', { currency: seededOf(site).currency })),
    ).toBeVisible()
    await expect(page.getByText(t('plans:subscribe.how'))).toBeVisible()

    // A visitor logs in first and comes back to the same choice.
    await plusCard.getByRole('link', { name: t('plans:subscribe.choose', { tier: plus }) }).click()
    await expect(page).toHaveURL(/\/member\/login\?redirect=%2Fsubscribe%3Ftier%3Dplus%26period%3Dquarter$/)
    await logInWithForm(page, request, site, t)
    await expect(page).toHaveURL(`${site.origin}/subscribe?tier=plus&period=quarter`)

    // The price, the period and the renewal date before paying.
    const review = page.getByTestId('checkout-review')
    await expect(review.getByTestId('review-plan')).toHaveText(plus)
    await expect(review.getByTestId('review-period')).toHaveText(t('billing:period.quarter'))
    await expect(review.getByTestId('review-price')).toHaveText(
      t('billing:price.perPeriod.quarter', { price: priceOf(site, seededOf(site).plusQuarter) }),
    )
    const renewsOn = (await review.getByTestId('review-renews').textContent()) ?? ''
    expect(renewsOn).not.toBe('')
    await expect(review.getByText(t('common:demo.badge'), { exact: true })).toBeVisible()
    await expectAccessiblePage(page)
    await review.getByRole('button', { name: t('billing:review.pay') }).click()

    // The demo checkout page: labelled DEMO, the same plan, period, price and renewal date.
    await expect(page).toHaveURL(/\/checkout\/demo\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('billing:demoCheckout.title'))
    await expect(page.getByTestId('demo-notice')).toHaveText(t('billing:demoCheckout.notice'))
    await expect(page.getByTestId('demo-plan')).toHaveText(plus)
    await expect(page.getByTestId('demo-period')).toHaveText(t('billing:period.quarter'))
    await expect(page.getByTestId('demo-renews')).toHaveText(renewsOn)
    await expectAccessiblePage(page)
    const amount = priceOf(site, seededOf(site).plusQuarter)
    await page.getByRole('button', { name: t('billing:demoCheckout.pay', { amount }) }).click()

    // Back on /subscribe: the toast, and the plan already in force.
    await expect(page).toHaveURL(`${site.origin}/subscribe?period=quarter`)
    await expect(toast(page, t('toast.subscribed'))).toBeVisible()
    await expect(page.getByTestId('plan-status')).toContainText(
      t('billing:status.renews', { tier: plus, billing: t('billing:billed.quarter'), date: renewsOn }),
    )
    await expect(page.getByTestId('plan-plus')).toContainText(t('plans:subscribe.currentPlan'))
    await expect((await openAccountMenu(page)).getByText(plus, { exact: true })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(toast(page, t('toast.subscribed'))).toBeHidden({ timeout: 5000 })

    // The new allowance, on the diagnosis page and on the account page.
    await page.goto('/ai-stock-diagnosis')
    await expect(page.getByTestId('attempts-left')).toHaveText(t('stocks:quota.leftToday', { count: 21 }))
    await page.goto('/')
    await waitForHydration(page)
    await (await openAccountMenu(page)).getByRole('menuitem', { name: t('account:menu.account') }).click()
    await expect(page).toHaveURL(`${site.origin}/member/account`)
    await expect(page.getByTestId('account-plan-tier')).toHaveText(plus)
    await expect(page.getByTestId('account-plan-date')).toHaveText(renewsOn)
    await expect(page.getByTestId('usage-diagnosis-month')).toHaveText(
      t('billing:account.usage.monthly', { used: 0, limit: 30 }),
    )
    await expect(page.getByTestId('refund-deadline')).toBeVisible()
    await expect(page.getByTestId('payment-row')).toHaveCount(1)
    await expect(page.getByTestId('payment-row')).toContainText(amount)
    await expect(page.getByTestId('payment-row')).toContainText(t('billing:account.payments.kinds.checkout'))
    await expectTierNamesOfTheSite(page, site)
    await expectAccessiblePage(page)

    // Upgrade: the prorated amount first, then confirm.
    await page.getByRole('button', { name: t('plans:subscribe.upgrade', { tier: premium }) }).click()
    const upgrade = page.getByRole('dialog', { name: t('billing:change.upgrade.title', { tier: premium }) })
    const details = upgrade.getByTestId('plan-change-details')
    await expect(details).toContainText(t('billing:change.upgrade.chargedNow'))
    const prorated = (await details.locator('dd').first().textContent()) ?? ''
    expect(prorated).toMatch(seededOf(site).money)
    await expectAccessiblePage(page)
    await upgrade
      .getByRole('button', { name: t('billing:change.upgrade.confirm', { amount: prorated }) })
      .click()
    await expect(toast(page, t('billing:change.upgrade.done', { tier: premium }))).toBeVisible()
    await expect(upgrade).toBeHidden()
    await expect(page.getByTestId('account-plan-tier')).toHaveText(premium)
    await expect(page.getByTestId('usage-diagnosis-month')).toHaveText(
      t('billing:account.usage.monthly', { used: 0, limit: 60 }),
    )
    await expect(page.getByTestId('payment-row')).toHaveCount(2)
    // The charge is the quote the reader confirmed, to the minor unit.
    const charged = centsIn(
      (await page.getByTestId('payment-row').first().getByTestId('payment-amount').textContent()) ?? '',
    )
    expect(charged).toBe(centsIn(prorated))
    await expect(page.getByTestId('payment-row').first()).toContainText(
      t('billing:account.payments.kinds.upgrade'),
    )
    await expect((await openAccountMenu(page)).getByText(premium, { exact: true })).toBeVisible()
    await page.keyboard.press('Escape')

    // The 7-day refund: everything paid comes back, and the plan ends at once.
    await page.getByRole('button', { name: t('billing:change.refund.button') }).click()
    const refund = page.getByRole('dialog', { name: t('billing:change.refund.title') })
    const paidBack = (await refund.getByTestId('plan-change-details').locator('dd').textContent()) ?? ''
    expect(paidBack).toMatch(seededOf(site).money)
    expect(centsIn(paidBack)).toBe(seededOf(site).plusQuarter + charged)
    await refund
      .getByRole('button', { name: t('billing:change.refund.confirm', { amount: paidBack }) })
      .click()
    await expect(toast(page, t('billing:change.refund.done'))).toBeVisible()
    await expect(page.getByTestId('account-no-plan')).toBeVisible()
    await expect(page.getByTestId('plan-reasons')).toHaveText(t('errors:BILLING_REFUND_ALREADY_DONE'))
    await expect(
      page.getByTestId('payment-row').filter({ hasText: t('billing:account.payments.statuses.refunded') }),
    ).toHaveCount(2)
    await expect(page.getByTestId('usage-diagnosis-month')).toHaveText(
      t('billing:account.usage.monthly', { used: 0, limit: 5 }),
    )
    await page.goto('/subscribe')
    await expect(page.getByTestId('plan-status')).toContainText(
      t('plans:subscribe.status.member', { daily: 5, monthly: 5 }),
    )
  })

  test('a failed payment says so and changes nothing', async ({ page, request, site, t }) => {
    test.setTimeout(90_000)
    const base = t('plans:subscribe.tiers.base')
    await logInThroughApi(page, request, site.origin)
    await page.goto('/subscribe?period=month')
    await waitForHydration(page)
    await page
      .getByTestId('plan-base')
      .getByRole('link', { name: t('plans:subscribe.choose', { tier: base }) })
      .click()
    await expect(page).toHaveURL(/\/subscribe\?tier=base&period=month$/)
    await page
      .getByTestId('checkout-review')
      .getByRole('button', { name: t('billing:review.pay') })
      .click()
    await expect(page).toHaveURL(/\/checkout\/demo\//)
    // The toast's three seconds are counted on the page's clock, paused from here on: a loaded machine cannot
    // stretch them, and the test does not wait for them in real time.
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 1000)
    await page.getByRole('button', { name: t('billing:demoCheckout.fail') }).click()

    await expect(page).toHaveURL(`${site.origin}/subscribe?period=month`)
    const failed = toast(page, t('toast.subscribeFailed'))
    await expect
      .poll(async () => {
        await page.clock.runFor(50)
        return failed.isVisible()
      })
      .toBe(true)
    await page.clock.runFor(2000)
    await expect(failed).toBeVisible()
    await page.clock.runFor(1500)
    await expect(failed).toBeHidden()
    await page.clock.resume()
    await expect(page.getByTestId('plan-status')).toContainText(
      t('plans:subscribe.status.member', { daily: 5, monthly: 5 }),
    )
    await page.goto('/member/account')
    await expect(page.getByTestId('account-no-plan')).toBeVisible()
    await expect(page.getByTestId('payment-history')).toContainText(t('billing:account.payments.none'))
    await expect(page.getByTestId('usage-diagnosis-month')).toHaveText(
      t('billing:account.usage.monthly', { used: 0, limit: 5 }),
    )
  })
})

test.describe('the account page', () => {
  test.beforeEach(async ({ page, site }) => {
    await acceptCookies(page, site.origin)
  })

  test('sends a visitor to log in and back', languageNeutral, async ({ page }) => {
    await page.goto('/member/account')
    await expect(page).toHaveURL(/\/member\/login\?redirect=%2Fmember%2Faccount$/)
  })

  test('sets the display name the header shows, on a 360 px phone', async ({ page, request, site, t }) => {
    const number = await logInThroughApi(page, request, site.origin)
    await page.setViewportSize({ width: 360, height: 740 })
    await page.goto('/member/account')
    await waitForHydration(page)
    await expect(page.getByTestId('account-phone')).toHaveText(number.masked)
    await expect(page.getByTestId('account-no-plan')).toBeVisible()
    await expectNoSidewaysScroll(page)
    const field = page.getByLabel(t('billing:account.profile.displayName'))
    const name = site.locale === 'zh-Hant' ? '陳小明' : 'Ada Investor'
    await field.fill(name)
    await page.getByRole('button', { name: t('billing:account.profile.save') }).click()
    await expect(toast(page, t('billing:account.profile.saved'))).toBeVisible()
    await page.reload()
    await expect(page.getByLabel(t('billing:account.profile.displayName'))).toHaveValue(name)
    await page.setViewportSize({ width: 1280, height: 900 })
    await expect(header(page).getByTestId('account-name')).toHaveText(name)
    // Saved empty, the name is cleared: the header goes back to the masked number.
    await page.getByLabel(t('billing:account.profile.displayName')).fill('')
    await page.getByRole('button', { name: t('billing:account.profile.save') }).click()
    await expect(toast(page, t('billing:account.profile.saved'))).toBeVisible()
    await expect(header(page).getByTestId('account-name')).not.toHaveText(name)
    await page.reload()
    await expect(page.getByLabel(t('billing:account.profile.displayName'))).toHaveValue('')
    await page.goto('/subscribe?tier=plus&period=year')
    await page.setViewportSize({ width: 360, height: 740 })
    await expect(page.getByTestId('checkout-review')).toBeVisible()
    await expectNoSidewaysScroll(page)
  })

  test('logs out of every device after asking', languageNeutral, async ({ page, request, site, t }) => {
    await logInThroughApi(page, request, site.origin)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/member/account')
    await waitForHydration(page)
    await page.getByRole('button', { name: t('billing:account.security.button') }).click()
    const dialog = page.getByRole('dialog', { name: t('billing:account.security.dialogTitle') })
    await dialog.getByRole('button', { name: t('billing:account.security.confirm') }).click()
    await expect(page).toHaveURL(`${site.origin}/`)
    await expect(toast(page, t('billing:account.security.done'))).toBeVisible()
    await expect(header(page).getByRole('link', { name: t('shell:account.login') })).toBeVisible()
    await page.goto('/member/account')
    await expect(page).toHaveURL(/\/member\/login/)
  })

  test('deletes the account after saying what is removed and what is kept', async ({
    page,
    request,
    site,
    t,
  }) => {
    await logInThroughApi(page, request, site.origin)
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/member/account')
    await waitForHydration(page)
    await page.getByRole('button', { name: t('billing:account.delete.button') }).click()
    const dialog = page.getByRole('dialog', { name: t('billing:account.delete.dialogTitle') })
    await expect(dialog).toContainText(t('billing:account.delete.removed'))
    await expect(dialog).toContainText(t('billing:account.delete.kept'))
    await dialog.getByRole('button', { name: t('billing:account.delete.confirm') }).click()
    await expect(page).toHaveURL(`${site.origin}/`)
    await expect(toast(page, t('billing:account.delete.done'))).toBeVisible()
    await expect(header(page).getByRole('link', { name: t('shell:account.login') })).toBeVisible()
  })
})
