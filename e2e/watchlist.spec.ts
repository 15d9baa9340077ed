/**
 * Watchlists (issue 25) on the English and the Traditional Chinese site: a visitor follows stocks from the hot
 * stocks and the valuation list, finds them saved on the device, and logs in — the stocks move to the account; a
 * member follows from the diagnosis (with undo), sees its levels, labels and newest article in the member area's
 * frame, sorts, renames and deletes the list, at 1440 px and on a 360 px phone. Each screen passes the accessibility check.
 */
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import {
  codeFromOutbox,
  logInThroughApi,
  newMobile,
  postFromPage,
  subscribeThroughApi,
} from './support/accounts.ts'
import { acceptCookies, expect, languageNeutral, test, waitForHydration } from './support/fixtures.ts'

/** The follow control: the one toggle button beside a stock (`data-loaded` once it answers clicks). */
const followButton = 'button[aria-pressed][data-loaded]'

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

/** Follows the first stock of the list other than `except` (a button's name); the name of the one followed. */
async function followFirst(page: Page, testId: string, except = ''): Promise<string> {
  const buttons = page.getByTestId(testId).locator(followButton)
  await expect(buttons.first()).toBeVisible()
  const labels = await buttons.evaluateAll((nodes) =>
    nodes.map((node) => node.getAttribute('aria-label') ?? ''),
  )
  const index = labels.findIndex((label) => label !== except)
  const button = buttons.nth(index)
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  await button.click()
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  return labels[index] ?? ''
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test('a visitor follows from the lists, keeps them on the device, and logging in moves them to the account', async ({
  page,
  request,
  site,
  t,
}) => {
  // Three pages, a login by SMS code and the hand-over: longer than one screen's journey.
  test.slow()
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/stocks-hot')
  await waitForHydration(page)
  const hot = await followFirst(page, 'hot-stock')
  const name = hot.replace(t('common:follow.label', { name: '' }), '')
  await expect(page.getByText(t('watchlist:toast.followedOnDevice', { name }))).toBeVisible()

  await page.goto('/stocks-valuation')
  await waitForHydration(page)
  await followFirst(page, 'valuation-row', hot)

  await page.goto('/member/watchlist')
  const device = page.getByTestId('device-watchlist')
  await expect(device.getByRole('listitem')).toHaveCount(2)
  await expectNoSeriousA11yIssues(page)

  // Logging in with the form hands the device's stocks to the account.
  await waitForHydration(page)
  await device.getByRole('link', { name: t('watchlist:visitor.logIn') }).click()
  const number = newMobile()
  const form = page.getByRole('form', { name: t('account:login.formLabel') })
  await form.getByLabel(t('account:login.country')).selectOption('HK')
  await form.getByLabel(t('account:login.mobile')).fill(number.mobile)
  await form.getByRole('button', { name: t('account:login.sendCode') }).click()
  await form.getByLabel(t('account:login.code')).fill(await codeFromOutbox(request, site.origin, number.e164))
  await form.getByRole('checkbox').check()
  await form.getByRole('button', { name: t('account:login.submit') }).click()
  await expect(page).toHaveURL(`${site.origin}/member/watchlist`)
  await expect(page.getByText(t('watchlist:toast.handedOver', { count: 2 }))).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('watchlist-row')).toHaveCount(2)
  expect(await page.evaluate(() => window.localStorage.getItem('tw_watchlist'))).toBeNull()
})

test('a member follows from the diagnosis with undo, then sorts, renames and deletes the list on a phone', async ({
  page,
  request,
  site,
  t,
}) => {
  await logInThroughApi(page, request, site.origin)
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto('/ai-stock-diagnosis?code=AAPL&market=us')
  await waitForHydration(page)
  const follow = page.getByTestId('diagnosis-report').locator(followButton).first()
  await follow.click()
  await expect(follow).toHaveAttribute('aria-pressed', 'true')
  // Undo in the toast takes it back; following again keeps it.
  await page.getByRole('button', { name: t('watchlist:toast.undo') }).click()
  await expect(follow).toHaveAttribute('aria-pressed', 'false')
  // The star answers at once; the page is left only once the server has kept the follow.
  const kept = page.waitForResponse((r) => r.url().includes('/watchlist/follow') && r.ok())
  await follow.click()
  await expect(follow).toHaveAttribute('aria-pressed', 'true')
  await kept

  // The header's account entry (the phone menu on a phone) leads to the watchlist.
  await page.goto('/member/watchlist')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('watchlist:page.title'))
  const row = page.getByTestId('watchlist-row')
  await expect(row).toHaveCount(1)
  await expect(page.getByTestId('watchlist-us')).toContainText('USD')
  await expect(page.getByTestId('data-stamp')).toContainText(t('common:demo.badge'))
  // The diagnosis's support and resistance, technicals and capital flow, and the newest article about the stock.
  await expect(row).toContainText(t('watchlist:table.technicals', { label: '' }).trim())
  await expect(row).toContainText(t('watchlist:table.flow', { label: '' }).trim())
  await expect(
    row.locator('[title]', { hasText: t('watchlist:table.support', { value: '' }).trim() }),
  ).toHaveCount(1)
  await expect(row.locator('a[href^="/articles/"]')).toHaveCount(1)
  // In the member area's frame, its tab marked as the page shown.
  await expect(
    page
      .getByRole('navigation', { name: t('member:nav.label') })
      .getByRole('link', { name: t('member:nav.watchlist') }),
  ).toHaveAttribute('aria-current', 'page')
  await expectNoSidewaysScroll(page)
  await expectNoSeriousA11yIssues(page)

  await waitForHydration(page)
  await page.getByTestId('watchlist-sort').selectOption('support')
  await page.getByRole('button', { name: t('watchlist:lists.rename') }).click()
  const renamed = site.locale === 'en' ? 'Long term' : '長線'
  // The first list is named like the page, in the site's language.
  await page.getByLabel(t('watchlist:lists.newNameFor', { name: t('watchlist:page.title') })).fill(renamed)
  await page.getByRole('button', { name: t('watchlist:lists.save') }).click()
  await expect(page.getByRole('navigation', { name: t('watchlist:lists.label') })).toContainText(renamed)

  await page.getByTestId('watchlist-delete').click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('watchlist:lists.deleteConfirm') })
    .click()
  await expect(page.getByText(t('watchlist:empty.title'))).toBeVisible()
})

test(
  'a list longer than a screen: the first 24 rows come with the page, the rest once it has hydrated, and a sort orders them all',
  languageNeutral,
  async ({ page, request, site }) => {
    await logInThroughApi(page, request, site.origin)
    await subscribeThroughApi(page, 'base')
    // 30 US stocks (Base follows up to 50 a list): the most under- and overvalued of the market.
    const stocks = await page.evaluate(async () => {
      const answers = await Promise.all(
        ['undervalued', 'overvalued'].map(async (kind) => {
          const response = await fetch(
            `/api/portal/bizStockScore/listStock?kind=${kind}&market=us&pageSize=15`,
          )
          return (await response.json()).data.rows as Array<{ market: string; code: string }>
        }),
      )
      return answers.flat().map(({ market, code }) => ({ market, code }))
    })
    expect(stocks).toHaveLength(30)
    for (const stock of stocks) expect(await postFromPage(page, '/watchlist/follow', stock)).toBe(200)

    // The page as the server sends it: the first screen's rows drawn, the others only in its data.
    const html = await page.evaluate(async () => (await fetch('/member/watchlist')).text())
    expect(html.match(/data-testid="watchlist-row"/g)).toHaveLength(24)

    await page.goto('/member/watchlist')
    await waitForHydration(page)
    const rows = page.getByTestId('watchlist-row')
    await expect(rows).toHaveCount(30)
    // Sorted by name, every row takes part, those drawn after hydration too.
    await page.getByTestId('watchlist-sort').selectOption('name')
    const names = await rows.evaluateAll((nodes) =>
      nodes.map((node) => node.querySelector('a')?.textContent?.trim() ?? ''),
    )
    expect(names).toHaveLength(30)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
  },
)
