/**
 * The AI stock diagnosis in the browser, on the English and the Traditional Chinese site: diagnosing US, Hong Kong,
 * Japan and Korea stocks by code and by name, the autocomplete with the keyboard, the empty and unknown queries, a
 * failure and its retry, readers of every rung running out of attempts, and a visitor on a network whose visitors'
 * allowance others used. Each test runs in a fresh browser (its own device cookie), so each visitor starts with the
 * allowance the browser server is configured with (QUOTA_DIAGNOSIS_PER_DAY / _PER_MONTH in playwright.config.ts).
 */
import type { Page } from '@playwright/test'
import { suggestionDelayMs } from '../app/features/search/suggestion-pause.ts'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { chooseLogOut, logInThroughApi, subscribeThroughApi } from './support/accounts.ts'
import {
  acceptCookies,
  expect,
  languageNeutral,
  type Site,
  test,
  waitForHydration,
} from './support/fixtures.ts'
import { liveChatPort, siteOrigin } from './support/sites.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string

const stocks = {
  apple: { code: 'AAPL', market: 'us', en: 'Apple Inc.', zh: '蘋果', currency: /\$/ },
  tencent: { code: '0700', market: 'hk', en: 'Tencent Holdings Ltd.', zh: '騰訊控股', currency: /HK\$/ },
  toyota: { code: '7203', market: 'jp', en: 'Toyota Motor Corp.', zh: '豐田汽車', currency: /¥/ },
  samsung: {
    code: '005930',
    market: 'kr',
    en: 'Samsung Electronics Co. Ltd.',
    zh: '三星電子',
    currency: /₩|￦/,
  },
} as const
type Stock = (typeof stocks)[keyof typeof stocks]

const nameOf = (stock: Stock, site: Site) => (site.locale === 'zh-Hant' ? stock.zh : stock.en)

/** A message up to its first variable: what a sentence says whatever figures fill it. */
function sentenceStart(t: Translate, key: string): string {
  const marker = '\u0000'
  const values = Object.fromEntries(
    ['growth', 'years', 'terminal', 'discount', 'price', 'implied', 'multiple', 'share'].map((name) => [
      name,
      marker,
    ]),
  )
  return t(key, values).split(marker)[0] ?? ''
}

function report(page: Page) {
  return page.getByTestId('diagnosis-report')
}

/** The diagnosed stock's name, the report's title. */
function reportTitle(page: Page) {
  return page.locator('#diagnosis-title')
}

async function openDiagnosis(page: Page, stock: Stock) {
  await page.goto(`/ai-stock-diagnosis?code=${stock.code}&market=${stock.market}`)
  await expect(report(page)).toBeVisible({ timeout: 20_000 })
}

function searchBox(page: Page, t: Translate) {
  return page.getByRole('combobox', { name: t('stocks:search.label') })
}

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

test.describe('diagnosing a stock', () => {
  test('shows every part of the diagnosis of AAPL, labelled DEMO, with methods and a disclaimer', async ({
    page,
    site,
    t,
  }) => {
    // A long journey through the whole report, ending with an accessibility scan of a large page.
    test.setTimeout(60_000)
    await openDiagnosis(page, stocks.apple)
    const r = report(page)
    await expect(reportTitle(page)).toHaveText(nameOf(stocks.apple, site))
    await expect(r.getByText(t('common:demo.badge')).first()).toBeVisible()
    await expect(page.getByTestId('diagnosis-as-of')).toContainText(
      t('stocks:report.asOf', { date: '' }).trim(),
    )
    await expect(page.getByTestId('diagnosis-summary')).not.toBeEmpty()
    await expect(page.getByTestId('diagnosis-price')).toHaveText(stocks.apple.currency)

    // Total and ten scores: the radar (described) and its table alternative.
    await expect(page.getByTestId('total-score')).toContainText('/ 100')
    await expect(
      page.getByRole('img', { name: new RegExp(t('stocks:scores.radarLabel', { scores: '' })) }),
    ).toBeVisible()
    const table = page.getByRole('table', { name: t('stocks:scores.tableCaption') })
    await expect(table.getByRole('row')).toHaveCount(11)

    // Key figures (spec §3). The gap to fair value is named as investors name it, never "downside margin".
    for (const id of ['downside-margin', 'pe', 'market-cap', 'analyst', 'profitability', 'health']) {
      await expect(page.getByTestId(`figure-${id}`)).toBeVisible()
    }
    await expect(page.getByTestId('figure-downside-margin')).toContainText(
      new RegExp(`${t('stocks:fairValue.marginOfSafety')}|${t('stocks:fairValue.premium')}`),
    )
    await expect(r).not.toContainText(/downside margin/i)

    // A score's checks: value, threshold, status and the figures used.
    const fundamentals = page.locator('#score-fundamentals')
    await fundamentals.locator('> summary').click()
    const firstCheck = fundamentals.locator('[data-check]').first()
    await expect(firstCheck).toContainText(t('stocks:check.value'))
    await expect(firstCheck).toContainText(t('stocks:check.threshold'))
    await expect(
      firstCheck.getByText(
        new RegExp(
          `^(${t('stocks:check.status.pass')}|${t('stocks:check.status.fail')}|${t('stocks:check.status.not_available')})$`,
        ),
      ),
    ).toBeVisible()
    await firstCheck.getByText(t('stocks:check.inputs')).click()
    await expect(firstCheck.locator('dl').last()).toBeVisible()

    // The method behind a score opens with its formula, source and date.
    await fundamentals.getByTestId('method-button').click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText(t('stock-details:formulas.piotroski-2000'))
    await expect(dialog).toContainText('Piotroski, J. D. (2000)')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // Technicals and capital flow, each with its votes.
    await expect(page.getByTestId('technicals-label').getByRole('row')).toHaveCount(9)
    await expect(page.getByTestId('capital-flow-label').getByRole('row')).toHaveCount(4)

    // The price chart is drawn in the browser once it comes near the screen, with the levels as text beside it.
    await page.getByTestId('price-chart').scrollIntoViewIfNeeded()
    await expect(page.getByTestId('price-chart')).toHaveAttribute('data-status', 'ready')
    await expect(page.getByTestId('price-chart').locator('canvas').first()).toBeVisible()
    await expect(page.getByTestId('level-support')).toContainText(t('stock-diagnosis:levels.support'))
    await expect(page.getByTestId('level-resistance')).toContainText(t('stock-diagnosis:levels.resistance'))

    // Fair value with what drives it (the assumed growth, the growth the price implies, the low–high range) and
    // its calculation.
    await expect(page.getByTestId('fair-value-summary')).toBeVisible()
    const drivers = page.getByTestId('fair-value-drivers')
    await expect(drivers).toContainText(t('stock-diagnosis:fairValue.drivers.title'))
    await expect(drivers).toContainText(sentenceStart(t, 'stock-diagnosis:fairValue.drivers.dcfAssumes'))
    // "The price of $… implies about / more than / less than …": the three share their start.
    await expect(drivers).toContainText(sentenceStart(t, 'stock-diagnosis:fairValue.drivers.dcfImplied'))
    for (const name of ['low', 'base', 'high']) {
      await expect(page.getByTestId('fair-value-range')).toContainText(
        t(`stock-diagnosis:fairValue.drivers.case.${name}`),
      )
    }
    await page.getByText(t('stock-diagnosis:fairValue.showCalculation')).click()
    await expect(page.getByTestId('dcf-projection').getByRole('row')).toHaveCount(7)

    // Dividends (a payer): the trailing yield and the fiscal years of payments, with the dates and the source.
    const dividends = page.getByTestId('dividends')
    await expect(dividends.getByRole('definition').first()).toHaveText(/^\d+(\.\d)?\s?%$/)
    await expect(dividends).toContainText(t('dividends:yield'))
    await expect(dividends).toContainText(t('dividends:payout'))
    const years = dividends.getByRole('table', { name: t('dividends:caption') }).getByRole('row')
    await expect(years.nth(3)).toBeVisible()
    expect(await years.count()).toBeLessThanOrEqual(6)
    await expect(years.nth(1).getByRole('rowheader')).toHaveText(/^20\d\d$/)
    await expect(dividends).toContainText(t('stocks:dataSources.demo'))

    await expect(page.getByTestId('diagnosis-disclaimer')).toContainText(
      t('stock-diagnosis:disclaimer.title'),
    )
    await expect(page.getByTestId('diagnosis-disclaimer')).toContainText(t('stock-diagnosis:disclaimer.demo'))
    await expectNoSeriousA11yIssues(page)
  })

  test('diagnoses 0700 by code and Tencent by its Chinese name', async ({ page, site, t }) => {
    await openDiagnosis(page, stocks.tencent)
    await expect(reportTitle(page)).toHaveText(nameOf(stocks.tencent, site))
    await expect(page.getByTestId('diagnosis-price')).toHaveText(stocks.tencent.currency)

    await searchBox(page, t).fill('騰訊')
    await page.getByRole('button', { name: t('stocks:search.submit') }).click()
    await expect(page).toHaveURL(/code=%E9%A8%B0%E8%A8%8A/)
    await expect(reportTitle(page)).toHaveText(nameOf(stocks.tencent, site))
  })

  test(
    'diagnoses 7203 and 005930 by code, and Samsung by name',
    languageNeutral,
    async ({ page, site, t }) => {
      await page.goto('/ai-stock-diagnosis')
      await waitForHydration(page)
      const suggestionRequests: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/bizStockScore/listStockAI')) suggestionRequests.push(request.url())
      })
      // Typed and sent at once: the suggestions the typing would have asked for are called off, so none open over
      // the report (nor share the connection with its request).
      await searchBox(page, t).fill('7203')
      await searchBox(page, t).press('Enter')
      await expect(reportTitle(page)).toHaveText(nameOf(stocks.toyota, site), {
        timeout: 20_000,
      })
      await expect(page.getByTestId('diagnosis-price')).toHaveText(stocks.toyota.currency)
      // Past the pause after which the typing would have asked (suggestionDelayMs).
      await page.waitForTimeout(suggestionDelayMs + 500)
      expect(suggestionRequests).toEqual([])
      await expect(page.getByRole('listbox', { name: t('stocks:search.suggestions') })).toBeHidden()

      await openDiagnosis(page, stocks.samsung)
      await expect(reportTitle(page)).toHaveText(nameOf(stocks.samsung, site))
      await expect(page.getByTestId('diagnosis-price')).toHaveText(stocks.samsung.currency)

      await page.goto('/ai-stock-diagnosis?code=Samsung%20Electronics')
      await expect(reportTitle(page)).toHaveText(nameOf(stocks.samsung, site), {
        timeout: 20_000,
      })
    },
  )

  test(
    'suggests stocks as the reader types and is driven with the keyboard',
    languageNeutral,
    async ({ page, site, t }) => {
      // Suggestions, a whole report and an accessibility scan of it: 30 s is too close on a busy 2-core machine.
      test.setTimeout(60_000)
      await page.goto('/ai-stock-diagnosis')
      await waitForHydration(page)
      const box = searchBox(page, t)
      await box.pressSequentially('tenc', { delay: 30 })
      const listbox = page.getByRole('listbox', { name: t('stocks:search.suggestions') })
      await expect(listbox.getByRole('option').first()).toContainText(nameOf(stocks.tencent, site))
      await expect(box).toHaveAttribute('aria-expanded', 'true')

      await box.press('ArrowDown')
      const activeId = await box.getAttribute('aria-activedescendant')
      expect(activeId).toBeTruthy()
      await expect(page.locator(`[id="${activeId}"]`)).toHaveAttribute('aria-selected', 'true')
      await box.press('Escape')
      await expect(box).toHaveAttribute('aria-expanded', 'false')

      await box.press('ArrowDown')
      await box.press('Enter')
      await expect(page).toHaveURL(/code=0700&market=hk/)
      await expect(reportTitle(page)).toHaveText(nameOf(stocks.tencent, site), {
        timeout: 20_000,
      })
      await expectNoSeriousA11yIssues(page)
    },
  )
})

test.describe('diagnosis messages', () => {
  test("says 'Please enter your query' for an empty query, with and without JavaScript", async ({
    page,
    browser,
    site,
    t,
  }) => {
    await page.goto('/ai-stock-diagnosis')
    await waitForHydration(page)
    await page.getByRole('button', { name: t('stocks:search.submit') }).click()
    await expect(page.getByRole('alert').filter({ hasText: t('errors:STOCK_QUERY_EMPTY') })).toBeVisible()
    await expect(page).toHaveURL(/\/ai-stock-diagnosis$/)
    await expect(searchBox(page, t)).toHaveAttribute('aria-invalid', 'true')

    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: site.origin })
    const plain = await noScript.newPage()
    const response = await plain.goto('/ai-stock-diagnosis?code=')
    expect(response?.status()).toBe(400)
    await expect(plain.getByTestId('state-invalid')).toContainText(t('errors:STOCK_QUERY_EMPTY'))
    await noScript.close()
  })

  test("says 'No results found for your query' for an unknown stock", async ({ page, t }) => {
    await page.goto('/ai-stock-diagnosis?code=zzqxvw')
    await expect(page.getByTestId('state-not-found')).toContainText(t('errors:STOCK_NOT_FOUND'), {
      timeout: 20_000,
    })
    await expect(report(page)).toHaveCount(0)
    await expectNoSeriousA11yIssues(page)
  })

  test("says 'Diagnosis failed, please try again' when diagnosing fails, and the retry works", async ({
    page,
    site,
    t,
  }) => {
    await page.goto('/ai-stock-diagnosis')
    await waitForHydration(page)
    // The page's data request fails as a dropped connection would.
    await page.route('**/ai-stock-diagnosis.data**', (route) => route.abort('connectionreset'))
    await searchBox(page, t).fill('AAPL')
    await searchBox(page, t).press('Escape')
    await searchBox(page, t).press('Enter')
    const failed = page.getByTestId('state-failed')
    await expect(failed).toContainText(t('errors:DIAGNOSIS_FAILED'))
    await expectNoSeriousA11yIssues(page)

    await page.unroute('**/ai-stock-diagnosis.data**')
    await failed.getByRole('link', { name: t('common:actions.retry') }).click()
    await expect(reportTitle(page)).toHaveText(nameOf(stocks.apple, site), {
      timeout: 20_000,
    })
  })

  test(
    'keeps the autocomplete quiet when suggestions fail, and the query still works',
    languageNeutral,
    async ({ page, site, t }) => {
      await page.route('**/bizStockScore/listStockAI**', (route) => route.fulfill({ status: 500, body: '' }))
      await page.goto('/ai-stock-diagnosis')
      await waitForHydration(page)
      const asked = page.waitForRequest('**/bizStockScore/listStockAI**')
      await searchBox(page, t).pressSequentially('Toyota', { delay: 20 })
      await asked
      await expect(
        page.getByRole('listbox', { name: t('stocks:search.suggestions') }).getByRole('option'),
      ).toHaveCount(0)
      await searchBox(page, t).press('Enter')
      await expect(reportTitle(page)).toHaveText(nameOf(stocks.toyota, site), {
        timeout: 20_000,
      })
    },
  )
})

test.describe('diagnosis attempts', () => {
  test('a visitor sees the attempts left, runs out, and is asked to log in and come back', async ({
    page,
    site,
    t,
  }) => {
    test.setTimeout(90_000)
    await page.goto('/ai-stock-diagnosis')
    // A fresh browser has no device cookie yet: the line comes from the API once the page has hydrated.
    const left = page.getByTestId('attempts-left')
    await expect(left).toHaveText(t('stocks:quota.leftToday', { count: 3 }), { timeout: 20_000 })

    await openDiagnosis(page, stocks.apple)
    await expect(left).toHaveText(t('stocks:quota.leftToday', { count: 2 }))
    await openDiagnosis(page, stocks.tencent)
    await openDiagnosis(page, stocks.toyota)
    await expect(left).toHaveText(t('stocks:quota.leftToday', { count: 0 }))

    // The same stock again the same day costs nothing.
    await openDiagnosis(page, stocks.apple)

    await page.goto(`/ai-stock-diagnosis?code=${stocks.samsung.code}&market=${stocks.samsung.market}`)
    const limited = page.getByTestId('state-limited')
    await expect(limited).toContainText(t('errors:DIAGNOSIS_LIMIT_VISITOR'))
    await expect(limited.getByRole('link', { name: t('stocks:quota.login') })).toHaveAttribute(
      'href',
      `/member/login?redirect=${encodeURIComponent(`/ai-stock-diagnosis?code=${stocks.samsung.code}&market=${stocks.samsung.market}`)}`,
    )
    await expectNoSeriousA11yIssues(page)

    // The other language's site counts the same visitor (the switch carries the device; ADR 0026): still out,
    // also for a visitor who has not accepted cookies (nothing the page knows of to carry: a plain link).
    const samsungPath = `/ai-stock-diagnosis?code=${stocks.samsung.code}&market=${stocks.samsung.market}`
    await page.context().clearCookies({ name: 'privacy' })
    await page.reload()
    await waitForHydration(page)
    await page.getByTestId('language-switcher').first().click()
    await expect(page).toHaveURL(`${site.other.origin}${samsungPath}`)
    await expect(page.getByTestId('state-limited')).toBeVisible()
    await expect(report(page)).toHaveCount(0)
    await page.goto(samsungPath)

    await limited.getByRole('link', { name: t('stocks:quota.login') }).click()
    await expect(page).toHaveURL(/\/member\/login\?redirect=/)
  })

  test('a logged-in member has more attempts, and when they run out is asked to subscribe', async ({
    page,
    request,
    site,
    t,
  }) => {
    test.setTimeout(120_000)
    await logInThroughApi(page, request, site.origin)
    await page.goto('/ai-stock-diagnosis')
    const left = page.getByTestId('attempts-left')
    await expect(left).toHaveText(/\d/)
    const count = Number(((await left.textContent()) ?? '').match(/\d+/)?.[0])
    expect(count).toBeGreaterThan(3)
    const codes = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'TSLA', 'JPM', 'V', 'WMT']
    for (const code of codes.slice(0, count)) {
      await page.goto(`/ai-stock-diagnosis?code=${code}&market=us`)
      await expect(report(page)).toBeVisible({ timeout: 20_000 })
    }
    await page.goto('/ai-stock-diagnosis?code=005930&market=kr')
    const limited = page.getByTestId('state-limited')
    await expect(limited).toContainText(t('errors:DIAGNOSIS_LIMIT_MEMBER'))
    await expect(limited.getByRole('link', { name: t('stocks:quota.subscribe') })).toHaveAttribute(
      'href',
      '/subscribe',
    )
  })

  // The browser server gives Base 20, Plus 21 and Premium 22 a day (QUOTA_DIAGNOSIS_PER_DAY): Base (20 a month) runs
  // out of its month, Plus (30) and Premium (60) stop at the day's — Plus is offered Premium's larger day, Premium
  // only tomorrow. Attempts are spent through the API the page's input uses, then the page shows why.
  const subscriberLimits = [
    {
      tier: 'base',
      spends: 20,
      code: 'DIAGNOSIS_LIMIT_SUBSCRIBER',
      what: 'who used the month is asked to upgrade',
    },
    {
      tier: 'plus',
      spends: 21,
      code: 'DIAGNOSIS_LIMIT_DAILY_SUBSCRIBER',
      what: 'at the daily cap is offered the upgrade to a plan with more a day',
    },
    {
      tier: 'premium',
      spends: 22,
      code: 'DIAGNOSIS_LIMIT_DAILY',
      what: 'at the daily cap is told to come back tomorrow',
    },
  ] as const
  for (const limit of subscriberLimits) {
    test(`a ${limit.tier} subscriber ${limit.what}`, languageNeutral, async ({ page, request, site, t }) => {
      test.setTimeout(120_000)
      await logInThroughApi(page, request, site.origin)
      await subscribeThroughApi(page, limit.tier)
      const limited = await diagnoseAfterSpending(page, limit.spends)
      await expect(limited).toContainText(t(`errors:${limit.code}`))
      if (limit.tier === 'premium') await expect(limited.getByRole('link')).toHaveCount(0)
      else
        await expect(limited.getByRole('link', { name: t('stocks:quota.upgrade') })).toHaveAttribute(
          'href',
          '/subscribe',
        )
    })
  }
})

test.describe('a shared network', () => {
  // The second server (playwright.config.ts) gives the visitors of 127.0.0.1 — every browser's address — one
  // visitor's allowance a day together, as a carrier's shared address whose allowance others used. The English and
  // the Chinese runs share it, so each first makes sure it is used.
  test('tells a visitor who used nothing why, offers the login, and keeps an open report at logout', async ({
    page,
    browser,
    request,
    site,
    t,
  }) => {
    test.setTimeout(120_000)
    const origin = siteOrigin(site.region, liveChatPort)
    const neighbour = await browser.newContext({ baseURL: origin })
    const neighbourPage = await neighbour.newPage()
    await neighbourPage.goto('/privacy-policy')
    const answers = await neighbourPage.evaluate(async () => {
      const codes: string[] = []
      for (const [code, market] of [
        ['AAPL', 'us'],
        ['0700', 'hk'],
        ['7203', 'jp'],
        ['005930', 'kr'],
      ]) {
        const response = await fetch(`/api/portal/bizStockScore/getByCode?code=${code}&market=${market}`)
        codes.push(response.headers.get('x-error-code') ?? String(response.status))
        if (response.status === 429) break
      }
      return codes
    })
    expect(answers.at(-1)).toMatch(/^DIAGNOSIS_LIMIT_(VISITOR|NETWORK)$/)
    await neighbour.close()

    // A newcomer on the same network: not "0 left", but why, and the way to an allowance of their own.
    await acceptCookies(page, origin)
    await page.goto(`${origin}/ai-stock-diagnosis`)
    // Without a device cookie yet, the line comes from the API once the page has hydrated.
    const left = page.getByTestId('attempts-left')
    await expect(left).toContainText(t('errors:DIAGNOSIS_LIMIT_NETWORK'), { timeout: 20_000 })
    await expect(left.getByRole('link', { name: t('stocks:quota.login') })).toHaveAttribute(
      'href',
      '/member/login?redirect=%2Fai-stock-diagnosis',
    )
    await page.goto(`${origin}/ai-stock-diagnosis?code=MSFT&market=us`)
    const limited = page.getByTestId('state-limited')
    await expect(limited).toContainText(t('errors:DIAGNOSIS_LIMIT_NETWORK'), { timeout: 20_000 })
    await expect(limited.getByRole('link', { name: t('stocks:quota.login') })).toHaveAttribute(
      'href',
      `/member/login?redirect=${encodeURIComponent('/ai-stock-diagnosis?code=MSFT&market=us')}`,
    )
    await expectNoSeriousA11yIssues(page)

    // Logged in, the attempts are the member's own.
    await logInThroughApi(page, request, origin)
    await page.goto(`${origin}/ai-stock-diagnosis?code=MSFT&market=us`)
    await expect(report(page)).toBeVisible({ timeout: 20_000 })
    await waitForHydration(page)

    // Logging out reloads the page's data as the visitor's: the open report stays, and the line says why the next
    // diagnosis would be refused.
    await chooseLogOut(page, t('account:menu.logout'))
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('account:logout.confirm') })
      .click()
    await expect(
      page
        .locator('header')
        .first()
        .getByRole('link', { name: t('shell:account.login') }),
    ).toBeVisible()
    await expect(left).toContainText(t('errors:DIAGNOSIS_LIMIT_NETWORK'), { timeout: 20_000 })
    await expect(report(page)).toBeVisible()
    await expect(page.getByTestId('state-limited')).toHaveCount(0)

    await page.goto(`${origin}/ai-stock-diagnosis?code=7203&market=jp`)
    await expect(page.getByTestId('state-limited')).toContainText(t('errors:DIAGNOSIS_LIMIT_NETWORK'), {
      timeout: 20_000,
    })
  })
})

/**
 * Spends `attempts` diagnoses of different stocks through the API the page's input uses, then opens the diagnosis
 * of one more stock; answers the page's quota state.
 */
async function diagnoseAfterSpending(page: Page, attempts: number) {
  const [last, ...spent] = await distinctStocks(page, attempts + 1)
  await diagnoseThroughApi(page, spent)
  await page.goto(`/ai-stock-diagnosis?code=${last?.code}&market=${last?.market}`)
  return page.getByTestId('state-limited')
}

/** `count` different stocks of the demo universe, from the valuation lists of every market. */
async function distinctStocks(page: Page, count: number): Promise<{ code: string; market: string }[]> {
  const stocks = await page.evaluate(async () => {
    const found: { code: string; market: string }[] = []
    for (const market of ['us', 'hk', 'jp', 'kr'])
      for (const kind of ['undervalued', 'overvalued']) {
        const response = await fetch(
          `/api/portal/bizStockScore/listStock?kind=${kind}&market=${market}&pageSize=50`,
        )
        const rows = ((await response.json()) as { data: { rows: { code: string; market: string }[] } }).data
          .rows
        found.push(...rows.map((row) => ({ code: row.code, market: row.market })))
      }
    return found
  })
  const unique = [...new Map(stocks.map((stock) => [`${stock.market}:${stock.code}`, stock])).values()]
  expect(unique.length).toBeGreaterThanOrEqual(count)
  return unique.slice(0, count)
}

async function diagnoseThroughApi(page: Page, stocks: { code: string; market: string }[]): Promise<void> {
  const statuses = await page.evaluate(async (stocks) => {
    const answers: number[] = []
    for (const { code, market } of stocks) {
      const response = await fetch(
        `/api/portal/bizStockScore/getByCode?code=${encodeURIComponent(code)}&market=${market}`,
      )
      answers.push(response.status)
    }
    return answers
  }, stocks)
  expect(statuses.every((status) => status === 200)).toBe(true)
}
