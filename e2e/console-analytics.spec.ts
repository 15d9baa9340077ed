/**
 * Readers' analytics in the console (issue 14, ADR 0016), on the English and the Traditional Chinese site: a reader
 * opens an article and searches for a word nothing matches; an admin opens the dashboard, sees the views chart and
 * finds the article among the top articles and the word among the searches without results (today's events, before
 * any rollup could take them), narrows the site, moves the date range away from today and back, and downloads the
 * searches as CSV.
 */
import { randomInt } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { logInThroughApi } from './support/accounts.ts'
import { adminOn, consoleAdminsOf } from './support/console-staff.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'

const consoleAdmins = consoleAdminsOf('analytics')

function dayOf(date: Date): string {
  // The e2e server counts the firm's days in UTC (LIMITS_TIME_ZONE's default).
  return date.toISOString().slice(0, 10)
}

test('an admin reads what readers did, by day and by site, and downloads a table', async ({
  page,
  request,
  site,
  t,
}) => {
  test.setTimeout(90_000)
  const admin = adminOn(consoleAdmins, site.region)
  const keyword = `zyxwombat${randomInt(100_000, 999_999)}`

  // A reader opens an article, then searches for a word no article has.
  await acceptCookies(page, site.origin)
  const [read] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/track/event') && r.request().method() === 'POST'),
    page.goto('/articles/kospi-week-ahead'),
  ])
  expect(read.status()).toBe(200)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  expect(title).not.toBe('')
  const [searched] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/track/event') && r.request().method() === 'POST'),
    page.goto(`/search/${keyword}`),
  ])
  expect(searched.request().postDataJSON()).toMatchObject({ eventType: 'search', category: 'missed' })

  // The admin opens the dashboard: the chart and the tables hold today's events.
  await page.context().clearCookies()
  await logInThroughApi(page, request, site.origin, admin)
  await page.goto('/console')
  await page
    .getByRole('link', { name: t('console:nav.analytics') })
    .first()
    .click()
  await expect(page).toHaveURL(/\/console\/analytics$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('console-analytics:analytics.title'))
  await expect(page.getByRole('img', { name: t('console-analytics:analytics.viewsPerDay') })).toBeVisible()
  await expect(page.getByTestId('analytics-total-views')).not.toHaveText('0')
  const articles = page.getByRole('region', { name: t('console-analytics:analytics.tables.articles') })
  await expect(articles).toContainText(title)
  const missed = page.getByRole('region', { name: t('console-analytics:analytics.tables.searches-missed') })
  await expect(missed).toContainText(keyword)
  await waitForHydration(page)

  // Only this site: still there.
  const filters = page.getByRole('form', { name: t('console-analytics:analytics.filters') })
  await filters.getByLabel(t('console-analytics:analytics.site')).selectOption(site.region)
  await filters.getByRole('button', { name: t('console:articles.apply') }).click()
  await expect(page).toHaveURL(new RegExp(`region=${site.region}`))
  await expect(missed).toContainText(keyword)

  // A range that ends yesterday does not have today's search; one that ends today does.
  const today = new Date()
  const yesterday = dayOf(new Date(today.getTime() - 86_400_000))
  const weekAgo = dayOf(new Date(today.getTime() - 7 * 86_400_000))
  await filters.getByLabel(t('console-analytics:analytics.from')).fill(weekAgo)
  await filters.getByLabel(t('console-analytics:analytics.to')).fill(yesterday)
  await filters.getByRole('button', { name: t('console:articles.apply') }).click()
  await expect(page).toHaveURL(new RegExp(`to=${yesterday}`))
  await expect(page.getByTestId('analytics-range')).toContainText(yesterday)
  await expect(missed).not.toContainText(keyword)
  await filters.getByLabel(t('console-analytics:analytics.to')).fill(dayOf(today))
  await filters.getByRole('button', { name: t('console:articles.apply') }).click()
  await expect(page).toHaveURL(new RegExp(`to=${dayOf(today)}`))
  await expect(missed).toContainText(keyword)

  // The searches without results, as CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    missed
      .getByRole('button', {
        name: t('console-analytics:analytics.downloadCsv', {
          table: t('console-analytics:analytics.tables.searches-missed'),
        }),
      })
      .click(),
  ])
  expect(download.suggestedFilename()).toBe(
    `analytics-searches-missed-${weekAgo}-${dayOf(today)}-${site.region}.csv`,
  )
  const csv = await readFile(await download.path(), 'utf8')
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('key,label,count')
  expect(csv).toContain(`${keyword},${keyword},1`)
})
