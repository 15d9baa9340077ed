/**
 * The stock lists in the browser, on the English and the Traditional Chinese site: hot stocks and market heat by
 * market (the region's market first), the most undervalued and overvalued stocks, executives' moves filtered by
 * market and by buy or sell and paged, and the stock sections of the home page. Every list says DEMO next to its
 * numbers, links each stock to its diagnosis, fits a 360 px screen and has no serious accessibility issue.
 */
import type { Locator, Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { acceptCookies, expect, languageNeutral, type Site, test } from './support/fixtures.ts'
import { siteOrigin } from './support/sites.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string

async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(path)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow, `${path} at 360 px`).toBeLessThanOrEqual(0)
}

function marketTabs(page: Page, t: Translate) {
  return page.getByRole('navigation', { name: t('stocks:lists.market') })
}

/** A calendar date as the reader's language writes it. */
function datePattern(site: Site): RegExp {
  return site.locale === 'zh-Hant' ? /\d{4}年\d{1,2}月\d{1,2}日/ : /[A-Z][a-z]{2} \d{1,2}, \d{4}/
}

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

/**
 * The distinct values of an attribute across the matched elements, sorted and joined. Polled by the journeys: the
 * address bar can show a new filter a moment before the new rows replace the old ones.
 */
async function distinctAttribute(elements: Locator, name: string): Promise<string> {
  const values = await elements.evaluateAll(
    (nodes, attribute) => nodes.map((n) => n.getAttribute(attribute)),
    name,
  )
  return [...new Set(values)].sort().join(',')
}

test.describe('hot stocks', () => {
  test("open on the region's market, with market heat, DEMO and links to each diagnosis", async ({
    page,
    t,
  }) => {
    await page.goto('/stocks-hot')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('stocks:hot.title'))
    await expect(marketTabs(page, t).getByRole('link', { name: t('stocks:markets.us') })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(page.getByTestId('data-stamp').getByText(t('common:demo.badge'))).toBeVisible()
    await expect(page.getByTestId('market-heat-us')).toContainText(t('stocks:hot.mentions'))
    const rows = page.getByTestId('hot-stock')
    await expect(rows.first()).toBeVisible()
    expect(await rows.count()).toBeGreaterThan(0)
    const first = rows.first()
    await expect(first).toContainText(t('stocks:hot.volumeRatio'))
    await expect(first).toContainText(t('stocks:hot.priceMove'))
    await expect(first.getByRole('link').first()).toHaveAttribute(
      'href',
      /\/ai-stock-diagnosis\?code=[^&]+&market=us$/,
    )
    await expectNoSeriousA11yIssues(page)
  })

  test('switch market by tab, and the region decides the first one', async ({ page, t, site }) => {
    await page.goto('/stocks-hot')
    await marketTabs(page, t)
      .getByRole('link', { name: t('stocks:markets.hk') })
      .click()
    await expect(page).toHaveURL(/\/stocks-hot\?market=hk$/)
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: t('stocks:hot.listTitle', { market: t('stocks:markets.hk') }),
      }),
    ).toBeVisible()
    const first = page.getByTestId('hot-stock').first()
    await expect(first).toContainText('HK$')
    await expect(first.getByRole('link').first()).toHaveAttribute('href', /market=hk$/)

    // The Hong Kong site (Traditional Chinese) and the Japan site (English) open on their own market.
    const region = site.locale === 'zh-Hant' ? 'hk' : 'jp'
    await acceptCookies(page, siteOrigin(region))
    await page.goto(`${siteOrigin(region)}/stocks-hot`)
    await expect(
      marketTabs(page, t).getByRole('link', { name: t(`stocks:markets.${region}`) }),
    ).toHaveAttribute('aria-current', 'page')
  })

  test('fit a 360 px screen', async ({ page }) => {
    await expectNoSidewaysScroll(page, '/stocks-hot')
  })
})

test.describe('undervalued and overvalued stocks', () => {
  test('list the most undervalued first, with price, fair value, margin, score and date', async ({
    page,
    site,
    t,
  }) => {
    await page.goto('/stocks-valuation')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('stocks:valuation.title'))
    await expect(page.getByTestId('data-stamp').getByText(t('common:demo.badge'))).toBeVisible()
    const rows = page.getByTestId('valuation-row')
    await expect(rows.first()).toBeVisible()
    const margins = await page
      .getByTestId('valuation-row')
      .locator('[data-direction]')
      .evaluateAll((spans) => spans.map((s) => s.getAttribute('data-direction')))
    expect(margins.length).toBeGreaterThan(0)
    expect(new Set(margins)).toEqual(new Set(['up']))
    await expect(rows.first()).toContainText('$')
    await expect(rows.first()).toContainText(datePattern(site))
    await expectNoSeriousA11yIssues(page)
  })

  test('switch to the most overvalued and to another market, and lead to a diagnosis', async ({
    page,
    t,
  }) => {
    await page.goto('/stocks-valuation')
    await page
      .getByRole('navigation', { name: t('stocks:valuation.kindLabel') })
      .getByRole('link', { name: t('stocks:valuation.kind.overvalued') })
      .click()
    await expect(page).toHaveURL(/kind=overvalued/)
    await expect(page.getByTestId('valuation-row').first()).toBeVisible()
    await expect
      .poll(() =>
        distinctAttribute(page.getByTestId('valuation-row').locator('[data-direction]'), 'data-direction'),
      )
      .toBe('down')

    await marketTabs(page, t)
      .getByRole('link', { name: t('stocks:markets.jp') })
      .click()
    await expect(page).toHaveURL(/kind=overvalued&market=jp$/)
    const first = page.getByTestId('valuation-row').first()
    await expect(first).toContainText('¥')
    const link = first.getByRole('link').first()
    const href = await link.getAttribute('href')
    expect(href).toMatch(/\/ai-stock-diagnosis\?code=\d{4}&market=jp$/)
  })

  test('name the gap margin of safety or premium to fair value, and never print one beyond 100%', async ({
    page,
    t,
  }) => {
    await page.goto('/stocks-valuation')
    const table = page.getByTestId('valuation-table')
    await expect(
      table.getByRole('columnheader', { name: t('stocks:fairValue.marginOfSafety') }),
    ).toBeAttached()
    await page.goto('/stocks-valuation?kind=overvalued')
    await expect(table.getByRole('columnheader', { name: t('stocks:fairValue.premium') })).toBeAttached()
    await expect(page.locator('main')).not.toContainText(/downside margin/i)
    // Every gap reads at most 100%: a premium beyond it is "> 100%", never "−325%".
    for (const market of ['us', 'hk', 'jp', 'kr']) {
      await page.goto(`/stocks-valuation?kind=overvalued&market=${market}`)
      const gaps = await page
        .getByTestId('valuation-row')
        .locator('[data-confidence] [data-direction]')
        .allTextContents()
      for (const gap of gaps) expect(gap.trim(), market).toMatch(/^(\d{1,2}\.\d%|100\.0%|\D+ ?100%)$/)
    }
  })

  test('mark a premium beyond 100% low-confidence, and the diagnosis says why', async ({ page, t }) => {
    // The demo market's mispricings change with its seed: look for a stock priced above twice its fair value.
    let lowRow: Locator | null = null
    for (const market of ['us', 'hk', 'jp', 'kr']) {
      await page.goto(`/stocks-valuation?kind=overvalued&market=${market}`)
      await expect(page.getByTestId('valuation-row').first()).toBeVisible()
      const low = page.getByTestId('valuation-row').filter({ has: page.locator('[data-confidence="low"]') })
      if ((await low.count()) > 0) {
        lowRow = low.first()
        break
      }
    }
    test.skip(lowRow === null, 'no covered stock is priced above twice its fair value today')
    if (!lowRow) return
    await expect(lowRow).toContainText(t('stocks:fairValue.beyond', { value: '100%' }))
    await expect(lowRow).toContainText(t('stocks:fairValue.lowConfidence'))
    await expect(page.getByTestId('low-confidence-note')).toHaveText(t('stocks:valuation.lowConfidenceNote'))

    await lowRow.getByRole('link').first().click()
    await expect(page.getByTestId('diagnosis-report')).toBeVisible({ timeout: 20_000 })
    const note = page.getByTestId('low-confidence')
    await expect(note).toContainText(t('stocks:fairValue.lowConfidence'))
    const reason = t('stock-diagnosis:fairValue.lowConfidenceReason.price_above_twice_fair_value', {
      multiple: '§',
    })
    await expect(note).toContainText(reason.split('§')[0] ?? '')
    await expect(note).toContainText(reason.split('§')[1]?.slice(0, 20) ?? '')
    await expect(page.getByTestId('figure-downside-margin')).toContainText(t('stocks:fairValue.premium'))
    await expect(page.getByTestId('fair-value-drivers')).toContainText(
      t('stock-diagnosis:fairValue.drivers.title'),
    )
  })

  test('fit a 360 px screen', async ({ page }) => {
    await expectNoSidewaysScroll(page, '/stocks-valuation')
  })
})

test.describe("executives' moves", () => {
  test('list insider buys and sells newest first, with dates and amounts in the listing currency', async ({
    page,
    site,
    t,
  }) => {
    await page.goto('/executives-moves')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('stocks:moves.title'))
    await expect(page.getByTestId('data-stamp').getByText(t('common:demo.badge'))).toBeVisible()
    const rows = page.getByTestId('move-row')
    await expect(rows.first()).toBeVisible()
    await expect(rows.first()).toContainText(datePattern(site))
    await expect(rows.first()).toContainText(/[$¥₩￦]/)
    expect(await rows.count()).toBeLessThanOrEqual(20)
    await expectNoSeriousA11yIssues(page)
  })

  test('filter by buy or sell and by market, and page through', languageNeutral, async ({ page, t }) => {
    await page.goto('/executives-moves')
    const kinds = page.getByRole('navigation', { name: t('stocks:moves.kindLabel') })
    await kinds.getByRole('link', { name: t('stocks:moves.filter.sell'), exact: true }).click()
    await expect(page).toHaveURL(/kind=sell/)
    await expect(page.getByTestId('move-row').first()).toBeVisible()
    await expect.poll(() => distinctAttribute(page.getByTestId('move-row'), 'data-kind')).toBe('sell')

    await kinds.getByRole('link', { name: t('stocks:moves.filter.buy'), exact: true }).click()
    await expect(page).toHaveURL(/kind=buy/)
    await expect.poll(() => distinctAttribute(page.getByTestId('move-row'), 'data-kind')).toBe('buy')

    await marketTabs(page, t)
      .getByRole('link', { name: t('stocks:markets.kr') })
      .click()
    await expect(page).toHaveURL(/market=kr/)
    await expect(page).toHaveURL(/kind=buy/)
    await expect(page.getByTestId('move-row').first()).toContainText(/₩|￦/)

    await marketTabs(page, t)
      .getByRole('link', { name: t('stocks:lists.allMarkets') })
      .click()
    // The kind links are rebuilt for every market: the one to click is that of the list for all markets.
    await expect(page).toHaveURL(/\/executives-moves\?kind=buy$/)
    const everyKind = kinds.getByRole('link', { name: t('stocks:moves.filter.all') })
    await expect(everyKind).toHaveAttribute('href', '/executives-moves')
    await everyKind.click()
    await expect(page).toHaveURL(/\/executives-moves$/)
    // The links are those of the list shown (every kind) before the first row is read and the second page opened.
    const pageTwo = page
      .getByRole('navigation', { name: t('common:pagination.label') })
      .getByRole('link', { name: t('common:pagination.page', { page: 2 }), exact: true })
    await expect(pageTwo).toHaveAttribute('href', '/executives-moves?page=2')
    const firstOnPageOne = await page.getByTestId('move-row').first().textContent()
    await pageTwo.click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByTestId('move-row').first()).not.toHaveText(firstOnPageOne ?? '')
  })

  test('fit a 360 px screen', async ({ page }) => {
    await expectNoSidewaysScroll(page, '/executives-moves')
  })
})

test.describe('home page stock sections', () => {
  test('show the picks’ track record, hot stocks and the most undervalued, each labelled DEMO', async ({
    page,
    t,
  }) => {
    await page.goto('/')
    for (const id of ['home-picks', 'home-hot-stocks', 'home-undervalued']) {
      const section = page.getByTestId(id)
      await expect(section, id).toBeVisible()
      await expect(section.getByText(t('common:demo.badge')).first(), id).toBeVisible()
    }
    await expect(page.getByTestId('home-picks').getByTestId('pick-row').first()).toContainText(/[+-]\d/)
    await expect(
      page.getByTestId('home-hot-stocks').getByRole('link', { name: t('stocks:home.hotAll') }),
    ).toHaveAttribute('href', '/stocks-hot')
    await expect(
      page.getByTestId('home-undervalued').getByRole('link', { name: t('stocks:home.valuationAll') }),
    ).toHaveAttribute('href', '/stocks-valuation')
  })
})
