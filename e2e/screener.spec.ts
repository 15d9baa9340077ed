/**
 * The stock screener in the browser, on the English and the Traditional Chinese site: screen with the form, sort by
 * a column's header, share the address (another browser sees the same rows), walk back with the back button, pick
 * a preset; the same form without JavaScript; a value it cannot use explained in the reader's language; and at
 * 360 px the table scrolls in its own focusable box with the stock column fixed while the page does not scroll
 * sideways. No serious accessibility issue at either width.
 */
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

/** The stock names of the rows shown, in order. */
async function rowNames(page: Page): Promise<string[]> {
  return page.getByTestId('screener-row').locator('th a').allTextContents()
}

/** The same screen's names as the API answers them, asked from the page (in its language). */
async function apiNames(page: Page, search: string): Promise<string[]> {
  return page.evaluate(async (url) => {
    const lang = document.documentElement.lang.startsWith('zh') ? 'hk' : 'en'
    const answer = await (await fetch(url, { headers: { lang } })).json()
    return (answer.data.rows as Array<{ name: string }>).map((row) => row.name)
  }, `/api/portal/screener/list${search}&pageSize=25`)
}

test('screen, sort by a column, share the address and walk back', async ({ page, t, browser, site }) => {
  // Five screens, a second browser and an accessibility scan: longer than one page's journey.
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/stocks-screener?market=all')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('screener:title'))
  await expect(page.getByTestId('data-stamp').getByText(t('common:demo.badge'))).toBeVisible()
  await expect(page.getByRole('columnheader', { name: t('screener:scores.total') })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await waitForHydration(page)

  const form = page.getByTestId('screener-form')
  await form.getByLabel(t('screener:scores.total'), { exact: true }).fill('30')
  await form.getByRole('button', { name: t('screener:form.submit') }).click()
  await expect(page).toHaveURL(/\/stocks-screener\?market=all&minTotal=30$/)
  await expect.poll(() => rowNames(page)).toEqual(await apiNames(page, '?market=all&minTotal=30'))

  await page
    .getByRole('columnheader', { name: t('screener:columns.pe'), exact: true })
    .getByRole('link')
    .click()
  await expect(page).toHaveURL(/minTotal=30&sort=pe$/)
  await expect(
    page.getByRole('columnheader', { name: t('screener:columns.pe'), exact: true }),
  ).toHaveAttribute('aria-sort', 'ascending')
  const sorted = await apiNames(page, '?market=all&minTotal=30&sort=pe')
  await expect.poll(() => rowNames(page)).toEqual(sorted)
  await expectNoSeriousA11yIssues(page)

  // Shared: another browser opening the address sees the same screen.
  const other = await browser.newContext({ baseURL: site.origin })
  const shared = await other.newPage()
  await shared.goto(page.url())
  await expect.poll(() => rowNames(shared)).toEqual(sorted)
  await other.close()

  await page.goBack()
  await expect(page).toHaveURL(/\/stocks-screener\?market=all&minTotal=30$/)
  await expect(page.getByRole('columnheader', { name: t('screener:scores.total') })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await expect(form.getByLabel(t('screener:scores.total'), { exact: true })).toHaveValue('30')

  await page.getByRole('link', { name: t('screener:presets.dividendPayers.name') }).click()
  await expect(page).toHaveURL(/market=all&minFinancialHealth=50&peMax=25&yieldMin=3&sort=yield$/)
  await expect(page.getByRole('link', { name: t('screener:presets.dividendPayers.name') })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(page.getByText(t('screener:presets.dividendPayers.explain'))).toBeVisible()
})

test('at 360 px the table scrolls in its own box with the stock column fixed', async ({ page, t }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/stocks-screener?market=all')
  const box = page.getByRole('region', {
    name: t('screener:results.caption', { column: t('screener:scores.total') }),
  })
  await expect(box).toBeVisible()
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
  await box.focus()
  await expect(box).toBeFocused()
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight')
  await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
  const stock = page.getByTestId('screener-row').first().locator('th')
  const [boxLeft, stockLeft] = await Promise.all([
    box.evaluate((el) => el.getBoundingClientRect().left),
    stock.evaluate((el) => el.getBoundingClientRect().left),
  ])
  expect(Math.abs(stockLeft - boxLeft)).toBeLessThanOrEqual(2)
  await expectNoSeriousA11yIssues(page)
})

test('works as a plain form without JavaScript, and explains a value it cannot use', async ({
  browser,
  site,
  t,
}) => {
  const context = await browser.newContext({ baseURL: site.origin, javaScriptEnabled: false })
  const page = await context.newPage()
  await acceptCookies(page, site.origin)
  await page.goto('/stocks-screener?market=all')
  const form = page.getByTestId('screener-form')
  await form
    .getByLabel(t('screener:form.rangeOf', { label: t('screener:form.pe'), bound: t('screener:form.max') }))
    .fill('cheap')
  await form.getByRole('button', { name: t('screener:form.submit') }).click()
  await expect(page).toHaveURL(/peMax=cheap/)
  const problems = page.getByTestId('screener-problems')
  await expect(problems).toContainText(t('errors:SCREEN_PE_INVALID'))
  await expect(problems).toContainText(t('screener:problems.heading'))
  await form
    .getByLabel(t('screener:form.rangeOf', { label: t('screener:form.pe'), bound: t('screener:form.max') }))
    .fill('30')
  await form.getByRole('button', { name: t('screener:form.submit') }).click()
  await expect(page).toHaveURL(/peMax=30/)
  await expect(page.getByTestId('screener-problems')).toHaveCount(0)
  await expect(page.getByTestId('screener-row').first()).toBeVisible()
  await context.close()
})
