/**
 * The earnings and dividends calendar on the English and the Traditional Chinese site: opened from a market at a
 * glance, a week back and forward with the back button, narrowed to one market with the plain form, then, logged in,
 * to the member's watchlists, and from the watchlist page to its list's calendar; the DEMO label; no serious
 * accessibility issue at 1440 or 360 px, and nothing wider than a phone's screen.
 */
import type { Page } from '@playwright/test'
import type { CalendarAnswer } from '../contracts/calendar.ts'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { logInThroughApi, postFromPage } from './support/accounts.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

function calendarOf(page: Page, query: string): Promise<CalendarAnswer> {
  return page.evaluate(
    async (url) => (await (await fetch(url)).json()).data,
    `/api/portal/calendar/list?${query}`,
  )
}

const eventsOf = (answer: CalendarAnswer) => answer.days.flatMap((day) => [...day.earnings, ...day.dividends])

/** A recent week with Tokyo results and events of other markets besides, as the API answers it. */
async function busyWeek(page: Page, from: CalendarAnswer): Promise<CalendarAnswer> {
  let answer = from
  for (let i = 0; i < 26; i++) {
    const markets = new Set(eventsOf(answer).map((event) => event.stock.market))
    if (answer.days.some((day) => day.earnings.some((e) => e.stock.market === 'jp')) && markets.size > 1)
      return answer
    answer = await calendarOf(page, `week=${answer.previousWeek}`)
  }
  throw new Error('no week with Tokyo results in the last half year')
}

test('a week of results and dividends: change week, filter by market and by a member’s watchlist, at 1440 and 360 px', async ({
  page,
  request,
  site,
  t,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  // From a market at a glance, to that market's calendar.
  await page.goto('/markets/us')
  const us = t('stocks:markets.us')
  await page.getByRole('link', { name: t('markets:calendarLink', { market: us }) }).click()
  await expect(page).toHaveURL(/\/calendar\?market=us$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('calendar:title'))
  await expect(page.getByTestId('data-stamp').getByText(t('common:demo.badge'))).toBeVisible()
  await expect(page.getByRole('combobox', { name: t('calendar:filter.market') })).toHaveValue('us')

  // A week back and forward; the back button returns to the week before.
  await waitForHydration(page)
  const current = await calendarOf(page, 'market=us')
  const week = page.getByTestId('week-navigation')
  await week.getByRole('link', { name: t('calendar:week.previous') }).click()
  await expect(page).toHaveURL(new RegExp(`week=${current.previousWeek}&market=us$`))
  await week.getByRole('link', { name: t('calendar:week.next') }).click()
  await expect(page).toHaveURL(new RegExp(`week=${current.week}&market=us$`))
  await page.goBack()
  await expect(page).toHaveURL(new RegExp(`week=${current.previousWeek}&market=us$`))

  // A busy week, every market; then Tokyo only, through the form.
  const busy = await busyWeek(page, await calendarOf(page, ''))
  await page.goto(`/calendar?week=${busy.week}`)
  await expect(page.getByTestId('earnings-row').first()).toBeVisible()
  await waitForHydration(page)
  await page.getByRole('combobox', { name: t('calendar:filter.market') }).selectOption('jp')
  await page.getByRole('button', { name: t('calendar:filter.apply') }).click()
  await expect(page).toHaveURL(new RegExp(`week=${busy.week}&market=jp$`))
  const rows = page.locator('[data-testid=earnings-row], [data-testid=dividend-row]')
  await expect(rows.first()).toBeVisible()
  // The address changes as the navigation commits; the rows follow in the same render, so wait for them.
  const japan = t('stocks:markets.jp')
  await expect(rows.filter({ hasNotText: japan })).toHaveCount(0)
  // Each row leads to its stock's diagnosis.
  await expect(rows.first().locator('a[href*="/ai-stock-diagnosis"]')).toHaveAttribute('href', /market=jp/)

  // A member follows one stock of that week and narrows the calendar to their watchlists.
  const chosen = eventsOf(busy).find((event) => event.stock.market !== 'jp')?.stock
  expect(chosen).toBeDefined()
  await logInThroughApi(page, request, site.origin)
  expect(await postFromPage(page, '/watchlist/follow', { market: chosen?.market, code: chosen?.code })).toBe(
    200,
  )
  await page.goto(`/calendar?week=${busy.week}`)
  await waitForHydration(page)
  await page.getByTestId('list-filter').selectOption('all')
  await page.getByRole('button', { name: t('calendar:filter.apply') }).click()
  await expect(page).toHaveURL(new RegExp(`week=${busy.week}&list=all$`))
  await expect(rows.first()).toBeVisible()
  const code = chosen?.code ?? ''
  await expect(rows.filter({ hasNotText: code })).toHaveCount(0)
  await expectNoSeriousA11yIssues(page)

  // On a phone: the tables scroll in their own boxes, the page does not widen.
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(rows.first()).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await expectNoSeriousA11yIssues(page)

  // The watchlist page leads to the calendar of the list it shows.
  await page.goto('/member/watchlist')
  await page.getByTestId('watchlist-calendar').click()
  await expect(page).toHaveURL(/\/calendar\?list=[0-9a-f-]{36}$/)
  await expect(page.getByTestId('list-filter')).not.toHaveValue('')
})

test('a week it cannot read is explained in the reader’s language, and the calendar still shows', async ({
  page,
  t,
}) => {
  const response = await page.goto('/calendar?week=2026-W99&market=kr')
  expect(response?.status()).toBe(400)
  await expect(page.getByRole('alert')).toContainText(t('errors:CALENDAR_WEEK_INVALID'))
  await expect(page.getByTestId('week-heading')).toBeVisible()
  await expect(page.getByRole('combobox', { name: t('calendar:filter.market') })).toHaveValue('kr')
})
