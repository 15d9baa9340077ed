/**
 * Portfolio strategies in the console (issue 15), on the English and the Traditional Chinese site: the admin creates
 * an analyst-exclusive strategy in both languages, adds its first rebalance (stocks chosen from our universe, the
 * form refusing weights that do not sum to 100 before sending), and a Premium reader then finds it on the site with
 * its holdings.
 */
import { randomInt } from 'node:crypto'
import type { Page } from '@playwright/test'
import { logInThroughApi, subscribeThroughApi } from './support/accounts.ts'
import { adminOn, consoleAdminsOf } from './support/console-staff.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'

const consoleAdmins = consoleAdminsOf('strategies')

/** Each site's journey works in its own market (both share one server). */
const stocksOf = {
  en: { market: 'us', codes: ['AAPL', 'MSFT'] },
  hant: { market: 'hk', codes: ['0700', '0005'] },
} as const

/** The market's last day with prices, from the public valuation list (a trading day the rebalance may use). */
async function lastPriceDay(page: Page, market: string): Promise<string> {
  return page.evaluate(async (market) => {
    const answer = await (
      await fetch(`/api/portal/bizStockScore/listStock?market=${market}&pageSize=1`)
    ).json()
    return answer.data.rows[0].priceDate as string
  }, market)
}

test('an analyst creates a strategy with a rebalance and Premium readers see it', async ({
  page,
  browser,
  request,
  site,
  t,
}) => {
  test.setTimeout(150_000)
  const admin = adminOn(consoleAdmins, site.region)
  const stocks = stocksOf[site.region === 'hant' ? 'hant' : 'en']
  const marker = `${randomInt(100_000, 999_999)}`
  const nameEn = `Console test ${marker}`
  const nameZh = `控制台測試 ${marker}`
  const languageEn = t('console:languages.en')
  const languageZh = t('console:languages.zh-Hant')

  await acceptCookies(page, site.origin)
  await logInThroughApi(page, request, site.origin, admin)
  await page.goto('/console/strategies')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('strategies:console.title'))
  await expect(page.getByTestId('strategy-row').first()).toBeVisible()
  await page.getByRole('link', { name: t('strategies:console.add') }).click()

  // The strategy: the form names what is missing in both languages before sending.
  const form = page.getByRole('form', { name: t('strategies:console.formNew') })
  await form.getByLabel(t('strategies:console.name', { language: languageEn })).fill(nameEn)
  await form.getByRole('button', { name: t('strategies:console.save') }).click()
  await expect(form.getByText(t('errors:STRATEGY_NAME_MISSING'))).toBeVisible()
  await form.getByLabel(t('strategies:console.name', { language: languageZh })).fill(nameZh)
  await form
    .getByLabel(t('strategies:console.summary', { language: languageEn }))
    .fill('A test of the console.')
  await form.getByLabel(t('strategies:console.summary', { language: languageZh })).fill('控制台的測試。')
  await form
    .getByLabel(t('strategies:console.rationale', { language: languageEn }))
    .fill('## Why\n\nBecause **testing**.')
  await expect(
    form
      .getByRole('region', { name: t('strategies:console.previewOf', { language: languageEn }) })
      .locator('strong'),
  ).toHaveText('testing')
  await form.getByLabel(t('strategies:console.market')).selectOption(stocks.market)
  await form.getByLabel(t('strategies:console.visibility')).selectOption('exclusive')
  await form.getByRole('button', { name: t('strategies:console.save') }).click()
  await expect(page).toHaveURL(/\/console\/strategies\?id=[0-9a-f-]{36}/)
  const name = site.locale === 'en' ? nameEn : nameZh
  await expect(page.getByText(t('strategies:console.saved', { name }))).toBeVisible()

  // Its first rebalance: two stocks of the market; weights must sum to 100.
  const day = await lastPriceDay(page, stocks.market)
  const rebalance = page.getByRole('form', { name: t('strategies:console.addRebalance') })
  await rebalance.getByLabel(t('strategies:console.rebalanceDate')).fill(day)
  await rebalance.getByLabel(t('strategies:console.note', { language: languageEn })).fill('Inception')
  await rebalance.getByLabel(t('strategies:console.note', { language: languageZh })).fill('成立')
  for (const code of stocks.codes) {
    await rebalance.getByRole('combobox', { name: t('strategies:console.pickStock') }).fill(code)
    await page.getByRole('option').filter({ hasText: code }).first().click()
  }
  await expect(rebalance.getByTestId('rebalance-holdings').locator('li')).toHaveCount(2)
  const [first, second] = stocks.codes
  await rebalance.getByLabel(t('strategies:console.weight', { code: first })).fill('60')
  await rebalance.getByLabel(t('strategies:console.weight', { code: second })).fill('30')
  await rebalance.getByRole('button', { name: t('strategies:console.saveRebalance') }).click()
  await expect(rebalance.getByText(t('errors:STRATEGY_WEIGHTS_SUM'))).toBeVisible()
  await rebalance.getByLabel(t('strategies:console.weight', { code: second })).fill('40')
  await expect(rebalance.getByTestId('weights-total')).toHaveText(
    t('strategies:console.weightsTotal', { total: 100 }),
  )
  await rebalance.getByRole('button', { name: t('strategies:console.saveRebalance') }).click()
  await expect(page.getByTestId('console-rebalances').locator('li')).toHaveCount(1)
  await expect(page.getByTestId('console-rebalances')).toContainText(`${first} 60%`)
  const siteLink = page.getByRole('link', { name: t('strategies:console.viewOnSite') })
  const href = (await siteLink.getAttribute('href')) as string
  expect(href).toMatch(/^\/member\/strategies\?strategy=console-test-\d+/)

  // A Premium reader (another browser) finds it, with its holdings.
  const readerContext = await browser.newContext({ baseURL: site.origin })
  const reader = await readerContext.newPage()
  await acceptCookies(reader, site.origin)
  await logInThroughApi(reader, request, site.origin)
  await subscribeThroughApi(reader, 'premium')
  await reader.goto(href)
  const detail = reader.getByTestId('strategy-detail')
  await expect(detail.locator('#strategy-title')).toHaveText(name)
  const holdings = detail.getByTestId('strategy-holdings').locator('tbody tr')
  await expect(holdings).toHaveCount(2)
  await expect(holdings.first()).toContainText(first)
  await expect(holdings.first()).toContainText('60')
  await expect(detail.getByTestId('strategy-guidance')).toContainText(
    t('strategies:page.guidance.tooFewHoldings', { count: 2 }),
  )
  await readerContext.close()
})
