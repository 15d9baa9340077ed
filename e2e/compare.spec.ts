/**
 * The compare page in the browser, on the English and the Traditional Chinese site. At a 1440 px desktop: opened from
 * a diagnosis's "Compare with…", a second stock chosen from the suggestions and a third typed in, one removed, the
 * address shared (another browser, and a reload, see the same comparison) and walked back. At a 360 px phone: a shared
 * comparison of three fits the screen, an unknown code and a fifth stock are explained in the reader's language. The
 * add box as a plain form without JavaScript; the screener's first results compared. No serious accessibility issue
 * on the comparison or its message.
 */
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { acceptCookies, expect, languageNeutral, test, waitForHydration } from './support/fixtures.ts'

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

const names = {
  apple: { en: 'Apple Inc.', 'zh-Hant': '蘋果' },
  microsoft: { en: 'Microsoft Corp.', 'zh-Hant': '微軟' },
  toyota: { en: 'Toyota Motor Corp.', 'zh-Hant': '豐田汽車' },
} as const

/**
 * The stocks the comparison's table shows, in order: each column head's first link (its name). Read in one go, so a
 * poll during a navigation sees the old table or the new one, never waits on a column that has just gone.
 */
function stockHeaders(page: Page): Promise<string[]> {
  return page.locator('[data-testid="compare-stock"] > span > a:first-child').allTextContents()
}

test('at 1440 px: from a diagnosis, add two stocks, remove one, share the address and walk back', async ({
  page,
  t,
  site,
  browser,
}) => {
  // A diagnosis, four comparisons, a second browser and two scans: longer than one page's journey.
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const name = (stock: keyof typeof names) => names[stock][site.locale]
  await page.goto('/ai-stock-diagnosis?code=AAPL&market=us')
  await expect(page.getByTestId('diagnosis-report')).toBeVisible({ timeout: 20_000 })
  await waitForHydration(page)
  await page.getByRole('link', { name: t('stocks:report.compareWith') }).click()
  await expect(page).toHaveURL(/\/compare\?codes=us:AAPL$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('compare:title'))
  await expect(page.getByTestId('compare-too-few')).toHaveText(t('compare:tooFew', { min: 2, max: 4 }))
  await waitForHydration(page)

  // A second stock from the suggestions.
  const box = page.getByRole('combobox', { name: t('compare:picker.add') })
  await box.pressSequentially('Microsoft', { delay: 20 })
  const listbox = page.getByRole('listbox', { name: t('compare:picker.suggestions') })
  await listbox.getByRole('option', { name: new RegExp(`^${names.microsoft.en}`) }).click()
  await expect(page).toHaveURL(/\/compare\?codes=us:AAPL,us:MSFT$/)
  await expect.poll(() => stockHeaders(page)).toEqual([name('apple'), name('microsoft')])

  // A third typed as a code and sent with the form: the loader answers the comparison's own address.
  await box.fill('7203')
  await box.press('Escape')
  await page
    .getByTestId('compare-add')
    .getByRole('button', { name: t('compare:picker.submit') })
    .click()
  await expect(page).toHaveURL(/\/compare\?codes=us:AAPL,us:MSFT,jp:7203$/)
  await expect.poll(() => stockHeaders(page)).toEqual([name('apple'), name('microsoft'), name('toyota')])
  const chart = page.getByTestId('compare-chart')
  await expect(chart.locator('svg[role="img"]:visible').getByTestId('compare-line')).toHaveCount(3)
  await expect(page.getByTestId('data-stamp').getByText(t('common:demo.badge'))).toBeVisible()
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)
  await expectNoSeriousA11yIssues(page)

  // Remove one.
  await page
    .getByTestId('compare-chosen')
    .getByRole('link', { name: t('compare:picker.remove', { name: name('microsoft') }) })
    .click()
  await expect(page).toHaveURL(/\/compare\?codes=us:AAPL,jp:7203$/)
  await expect.poll(() => stockHeaders(page)).toEqual([name('apple'), name('toyota')])

  // Shared: a reload and another browser show the same comparison.
  await page.reload()
  await expect.poll(() => stockHeaders(page)).toEqual([name('apple'), name('toyota')])
  const other = await browser.newContext({ baseURL: site.origin })
  const shared = await other.newPage()
  await shared.goto(page.url())
  await expect.poll(() => stockHeaders(shared)).toEqual([name('apple'), name('toyota')])
  await other.close()

  // Back: the three stocks again.
  await page.goBack()
  await expect(page).toHaveURL(/\/compare\?codes=us:AAPL,us:MSFT,jp:7203$/)
  await expect.poll(() => stockHeaders(page)).toEqual([name('apple'), name('microsoft'), name('toyota')])
})

test("at 360 px: a shared comparison of three fits the phone, and an unknown code and a fifth stock are explained in the reader's language", async ({
  page,
  t,
  site,
}) => {
  // Three pages and two accessibility scans.
  test.setTimeout(60_000)
  await page.setViewportSize({ width: 360, height: 740 })
  const name = (stock: keyof typeof names) => names[stock][site.locale]
  await page.goto('/compare?codes=us:AAPL,us:MSFT,jp:7203')
  await expect.poll(() => stockHeaders(page)).toEqual([name('apple'), name('microsoft'), name('toyota')])
  await expect(
    page.getByTestId('compare-chart').locator('svg[role="img"]:visible').getByTestId('compare-line'),
  ).toHaveCount(3)
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)
  await expectNoSeriousA11yIssues(page)

  await page.goto('/compare?codes=us:AAPL,ZZZZQ9')
  const problems = page.getByTestId('compare-problems')
  await expect(problems).toContainText(t('compare:problems.COMPARE_STOCK_UNKNOWN', { code: 'ZZZZQ9' }))
  await expect(page.getByTestId('compare-table')).toHaveCount(0)
  await expectNoSeriousA11yIssues(page)
  await waitForHydration(page)
  // Removing it leaves the stock that was found.
  await page
    .getByTestId('compare-chosen')
    .getByRole('link', { name: t('compare:picker.remove', { name: 'ZZZZQ9' }) })
    .click()
  await expect(page).toHaveURL(/\/compare\?codes=us:AAPL$/)
  await expect(page.getByTestId('compare-problems')).toHaveCount(0)

  await page.goto('/compare?codes=us:AAPL,us:MSFT,us:NVDA,hk:0700,jp:7203')
  await expect(page.getByTestId('compare-problems')).toContainText(
    t('compare:problems.COMPARE_TOO_MANY', { max: 4 }),
  )
})

test(
  'builds a comparison as a plain form without JavaScript',
  languageNeutral,
  async ({ browser, site, t }) => {
    const context = await browser.newContext({ baseURL: site.origin, javaScriptEnabled: false })
    const page = await context.newPage()
    await acceptCookies(page, site.origin)
    await page.goto('/compare?codes=us:AAPL')
    await page.getByRole('combobox', { name: t('compare:picker.add') }).fill('MSFT')
    await page
      .getByTestId('compare-add')
      .getByRole('button', { name: t('compare:picker.submit') })
      .click()
    await expect(page).toHaveURL(/\/compare\?codes=us:AAPL,us:MSFT$/)
    await expect(page.getByTestId('compare-stock')).toHaveCount(2)
    await context.close()
  },
)

test("compares the screener's first results", languageNeutral, async ({ page, t }) => {
  await page.goto('/stocks-screener?market=all')
  const link = page.getByRole('link', { name: t('screener:results.compare', { count: 4 }) })
  await link.click()
  await expect(page).toHaveURL(/\/compare\?codes=(\w+:[^,]+,){3}\w+:[^,]+$/)
  await expect(page.getByTestId('compare-stock')).toHaveCount(4)
  await expect(page.getByTestId('compare-add')).toHaveCount(0)
  await expect(page.getByText(t('compare:picker.full', { max: 4 }))).toBeVisible()
})
