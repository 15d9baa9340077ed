/**
 * Each market at a glance, on the English and the Traditional Chinese site: opened from the home page at 1440 and
 * 360 px, the index named as our own with its method and the DEMO label; at 1440 px another market by its tab, a sector
 * tile leading to the screener of that sector and a mover to its diagnosis. `/markets` goes to the region's market and an
 * unknown market is the site's 404. No serious accessibility issue at either width.
 */
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

/** How many companies the market's index counts, as the API answers it. */
async function constituentsOf(page: Page, market: string): Promise<number> {
  return page.evaluate(async (url) => {
    const answer = await (await fetch(url)).json()
    return answer.data.benchmark.constituents as number
  }, `/api/portal/market/overview?market=${market}`)
}

/** The US market opened from the home page: its index, breadth and sectors, fitting the screen, accessible. */
async function openFromHome(page: Page, t: Translate, width: number) {
  await page.setViewportSize({ width, height: width < 800 ? 740 : 900 })
  await page.goto('/')
  const us = t('stocks:markets.us')
  await page
    .getByTestId('home-markets-overview')
    .getByRole('link', { name: t('stocks:overview.link', { market: us }) })
    .click()
  await expect(page).toHaveURL(/\/markets\/us$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('markets:title', { market: us }))

  // The index is named as ours, with its method, and labelled as demo data.
  const count = await constituentsOf(page, 'us')
  expect(count).toBeGreaterThan(0)
  const name = page.getByTestId('index-name')
  await expect(name).toContainText(t('markets:indexName', { market: us, count }))
  await expect(name.getByText(t('common:demo.badge'))).toBeVisible()
  await expect(page.getByTestId('index-method')).toContainText('equal-weight-universe-v1')
  await expect(page.getByRole('img', { name: t('markets:indexName', { market: us, count }) })).toBeVisible()
  await expect(page.getByTestId('breadth-advancing')).toBeVisible()
  await expect(page.getByTestId('market-sectors').getByRole('link').first()).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `at ${width} px`).toBeLessThanOrEqual(0)
  await expectNoSeriousA11yIssues(page)
}

test('a market at a glance, from the home page to a diagnosis, at 1440 px', async ({ page, t }) => {
  test.setTimeout(90_000)
  await openFromHome(page, t, 1440)

  // Another market by its tab.
  await waitForHydration(page)
  const hk = t('stocks:markets.hk')
  await page
    .getByRole('navigation', { name: t('stocks:lists.market') })
    .getByRole('link', { name: hk })
    .click()
  await expect(page).toHaveURL(/\/markets\/hk$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('markets:title', { market: hk }))

  // A sector tile screens its stocks; a mover opens its diagnosis.
  const tile = page.getByTestId('market-sectors').getByRole('link').first()
  const sector = (await tile.getAttribute('data-testid'))?.replace(/^sector-/, '')
  await tile.click()
  await expect(page).toHaveURL(new RegExp(`/stocks-screener\\?market=hk&sector=${sector}$`))
  await page.goBack()
  await expect(page).toHaveURL(/\/markets\/hk$/)
  const mover = page.getByTestId('market-gainers').locator('a[href*="/ai-stock-diagnosis"]').first()
  const href = await mover.getAttribute('href')
  expect(href).toMatch(/\/ai-stock-diagnosis\?code=[^&]+&market=hk$/)
  await mover.click()
  await expect(page).toHaveURL(new RegExp(`${(href ?? '').replace(/[?]/g, '\\?')}$`))
  // The report of that stock.
  await expect(page.locator('#diagnosis-title')).toBeVisible()
})

test('a market at a glance fits a 360 px phone', async ({ page, t }) => {
  test.setTimeout(60_000)
  await openFromHome(page, t, 360)
})

test('/markets goes to the region’s market, an unknown market is not found', async ({ page, t }) => {
  await page.goto('/markets')
  await expect(page).toHaveURL(/\/markets\/us$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    t('markets:title', { market: t('stocks:markets.us') }),
  )
  const response = await page.goto('/markets/xx')
  expect(response?.status()).toBe(404)
})
