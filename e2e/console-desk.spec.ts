/**
 * The analysts' desk in the console (issue 14), on the English and the Traditional Chinese site: an admin grants
 * the analyst role to a new number; the analyst adds a monthly pick (chosen from our universe, checked in the
 * form first) and writes a company text in both languages with a live preview; the newsroom list filtered by
 * market lists only that market's articles; an article's related stock is chosen from our universe and readers
 * find it on the article; a reader finds the text of the site's language on the stock's page.
 */
import { randomInt } from 'node:crypto'
import type { Page } from '@playwright/test'
import { logInThroughApi, newMobile } from './support/accounts.ts'
import { chooseArticleChoices } from './support/article-editor.ts'
import { adminOn, consoleAdminsOf } from './support/console-staff.ts'
import { expect, languageNeutral, test, waitForHydration } from './support/fixtures.ts'

const consoleAdmins = consoleAdminsOf('desk')

type T = (key: string, options?: Record<string, unknown>) => string

/**
 * Each site's journey works on its own stocks (both share one server): a pick in one market, a text about one
 * company. The pick is the first candidate the month does not already hold (the monthly rule fills it).
 */
const stocksOf = {
  en: { pickMarket: 'kr', pickCandidates: ['005930', '000660', '005380', '035420'], text: 'MSFT' },
  hant: { pickMarket: 'jp', pickCandidates: ['7203', '6758', '9984', '8306'], text: '0700' },
} as const

async function chooseStock(page: Page, label: string, code: string) {
  const box = page.getByRole('combobox', { name: label, exact: true })
  await box.fill(code)
  await page.getByRole('option').filter({ hasText: code }).first().click()
}

async function grantAnalyst(page: Page, t: T, phone: string) {
  await page.goto('/console/roles')
  await waitForHydration(page)
  const grant = page.getByRole('form', { name: t('console:roles.grant') })
  await grant.getByLabel(t('console:roles.phone')).fill(phone)
  await grant.getByLabel(t('console:roles.role')).selectOption('analyst')
  await grant.getByRole('button', { name: t('console:roles.grant') }).click()
  await expect(page.getByTestId('role-holder').filter({ hasText: phone })).toContainText(
    t('console:roleNames.analyst'),
  )
}

test('an analyst adds a pick and writes a company text that readers see; the newsroom filters by market', async ({
  page,
  request,
  site,
  t,
}) => {
  test.setTimeout(150_000)
  const admin = adminOn(consoleAdmins, site.region)
  const stocks = stocksOf[site.region === 'hant' ? 'hant' : 'en']
  const analyst = newMobile()

  await logInThroughApi(page, request, site.origin, admin)
  await grantAnalyst(page, t, analyst.e164)

  // The analyst's console opens the desk.
  await page.context().clearCookies()
  await logInThroughApi(page, request, site.origin, analyst)
  await page.goto('/console')
  const nav = page.getByRole('navigation', { name: t('console:nav.label') })
  await expect(nav.getByRole('link', { name: t('console:nav.picks') })).toBeVisible()
  await expect(nav).not.toContainText(t('console:nav.roles'))

  // A pick: the form says what is missing before anything is sent, then saves it.
  await nav.getByRole('link', { name: t('console:nav.picks') }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('console:picks.title'))
  await waitForHydration(page)
  const month = await page
    .getByRole('form', { name: t('console:picks.filters') })
    .getByLabel(t('console:picks.month'))
    .inputValue()
  const taken = await page.evaluate(
    async ({ month, market }) => {
      const answer = await (await fetch(`/api/console/picks?month=${month}&market=${market}`)).json()
      return (answer.data.picks as { code: string }[]).map((pick) => pick.code)
    },
    { month, market: stocks.pickMarket },
  )
  const code = stocks.pickCandidates.find((candidate) => !taken.includes(candidate))
  if (!code) throw new Error(`every candidate is already a pick of ${month}`)

  await page.getByRole('button', { name: t('console:picks.add') }).click()
  const form = page.getByRole('form', { name: t('console:picks.add') })
  await form.getByLabel(t('console:editor.market')).selectOption(stocks.pickMarket)
  await form.getByLabel(t('console:picks.recommendedPrice')).fill('0')
  await form.getByRole('button', { name: t('console:picks.save') }).click()
  await expect(form.getByText(t('console:picks.errors.stock'))).toBeVisible()
  // Both prices are wrong (zero, and empty).
  await expect(form.getByText(t('console:picks.errors.price'))).toHaveCount(2)
  await expect(form.getByText(t('console:picks.errors.drawdown'))).toBeVisible()

  await chooseStock(page, t('console:picks.stock'), code)
  await expect(form.getByTestId('picked-stock')).toContainText(code)
  await form.getByLabel(t('console:picks.suggestion')).selectOption('strong_buy')
  await form.getByLabel(t('console:picks.recommendedPrice')).fill('1000')
  await form.getByLabel(t('console:picks.target')).fill('1250')
  await expect(form.getByText(t('console:picks.impliedReturn', { value: '+25.0%' }))).toBeVisible()
  await form.getByLabel(t('console:picks.maxDrawdown')).fill('15')
  await form.getByRole('button', { name: t('console:picks.save') }).click()
  await expect(page.getByText(t('console:picks.saved', { code }))).toBeVisible()
  const row = page.getByTestId('pick-row').filter({ hasText: code })
  await expect(row).toContainText(t('console:picks.sources.analyst'))
  await expect(row).toContainText(t('console:picks.suggestions.strong_buy'))
  await expect(row).toContainText('+25.0%')
  await expect(row.getByTestId('pick-track-record')).not.toBeEmpty()

  // The same stock again in the same month is refused in the reader's language.
  await page.getByRole('button', { name: t('console:picks.add') }).click()
  await form.getByLabel(t('console:editor.market')).selectOption(stocks.pickMarket)
  await chooseStock(page, t('console:picks.stock'), code)
  await form.getByLabel(t('console:picks.recommendedPrice')).fill('1000')
  await form.getByLabel(t('console:picks.target')).fill('1100')
  await form.getByLabel(t('console:picks.maxDrawdown')).fill('10')
  await form.getByRole('button', { name: t('console:picks.save') }).click()
  await expect(form.getByRole('alert')).toHaveText(t('errors:CONSOLE_PICK_EXISTS'))
  await form.getByRole('button', { name: t('console:picks.cancel') }).click()

  // A company text in both languages, each previewed as the stock page draws it.
  await page
    .getByRole('navigation', { name: t('console:nav.label') })
    .getByRole('link', {
      name: t('console:nav.company-texts'),
    })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('console:companyTexts.title'))
  await waitForHydration(page)
  await chooseStock(page, t('console:companyTexts.open'), stocks.text)
  const editor = page.getByTestId('company-text-editor')
  const token = `wombat${randomInt(100_000, 999_999)}`
  const texts = {
    en: `The **${token} en** view: margins keep widening.`,
    'zh-Hant': `**${token} 中文**觀點：利潤率持續擴大。`,
  }
  for (const locale of ['en', 'zh-Hant'] as const) {
    const column = editor.getByTestId(`company-text-${locale}`)
    await column
      .getByLabel(t('console:companyTexts.text', { language: t(`console:languages.${locale}`) }))
      .fill(texts[locale])
    await expect(column.getByTestId('company-text-preview').locator('strong')).toContainText(token)
  }
  await editor.getByRole('button', { name: t('console:editor.save') }).click()
  await expect(editor.getByRole('status')).toHaveText(t('console:companyTexts.saved'))
  await expect(page.getByTestId('company-text-row').filter({ hasText: stocks.text })).toBeVisible()

  // The newsroom list filtered by market lists only that market's articles, and keeps the filter in the address.
  await page.goto('/console/articles')
  await waitForHydration(page)
  // The list is fetched once its section has hydrated: a choice made before that would be reset by hydration.
  await expect(page.getByTestId('article-row').first()).toBeVisible()
  const filters = page.getByRole('form', { name: t('console:articles.filters') })
  await filters.getByLabel(t('console:articles.market')).selectOption('jp')
  await filters.getByRole('button', { name: t('console:articles.apply') }).click()
  await expect(page).toHaveURL(/[?&]market=jp/)
  const markets = page.getByTestId('article-row-market')
  await expect(markets.first()).toBeVisible()
  // The address changes first; the rows follow when the filtered list has loaded.
  await expect
    .poll(async () => [...new Set(await markets.allTextContents())])
    .toEqual([t('console:markets.jp')])
  await page.reload()
  await expect(
    page.getByRole('form', { name: t('console:articles.filters') }).getByLabel(t('console:articles.market')),
  ).toHaveValue('jp')

  // The article editor takes related stocks only from our universe; readers find them on the article.
  await page.goto('/console/articles/new')
  await waitForHydration(page)
  const key = `desk-${token}`
  await page.getByLabel(t('console:editor.key'), { exact: true }).fill(key)
  for (const locale of ['en', 'zh-Hant'] as const) {
    const language = t(`console:languages.${locale}`)
    const column = page.getByTestId(`version-${locale}`)
    await column
      .getByLabel(t('console:editor.titleField', { language }), { exact: true })
      .fill(`${token} ${locale}`)
    await column.getByLabel(t('console:editor.body', { language }), { exact: true }).fill(`Body of ${token}.`)
  }
  await chooseStock(page, t('console:editor.addStock'), 'NVDA')
  await expect(page.getByTestId('related-stock')).toHaveText([/NVDA/])
  await chooseArticleChoices(page, t)
  await page.getByRole('button', { name: t('console:editor.save') }).click()
  await expect(page).toHaveURL(/\/console\/articles\/\d+$/)
  await page.getByRole('button', { name: t('console:actions.publish'), exact: true }).click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('console:actions.publish'), exact: true })
    .click()
  await expect(page.getByTestId('article-state')).toContainText(t('console:states.published'))
  await page.goto(`/articles/${key}`)
  await expect(
    page
      .getByRole('region', { name: t('articles:detail.relatedStocks') })
      .getByRole('link', { name: t('articles:detail.diagnose', { code: 'NVDA' }) }),
  ).toHaveAttribute('href', '/ai-stock-diagnosis?code=NVDA&market=us')

  // A reader of the stock's page finds the text in the site's language, signed by the firm's analysts: coming from
  // another stock's page in the browser, and on the page loaded afresh (once hydrated).
  await page.context().clearCookies()
  await page.goto('/ai-stock-diagnosis?code=KO&market=us')
  await waitForHydration(page)
  await expect(page.getByTestId('company-text')).toHaveCount(0)
  await page.getByRole('combobox', { name: t('stocks:search.label') }).fill(stocks.text)
  await page.getByRole('button', { name: t('stocks:search.submit') }).click()
  await expect(page).toHaveURL(new RegExp(`code=${stocks.text}`))
  const ownText = site.locale === 'en' ? `${token} en` : `${token} 中文`
  const shown = page.getByTestId('company-text')
  for (const visit of ['navigation', 'reload'] as const) {
    if (visit === 'reload') {
      await page.reload()
      await waitForHydration(page)
    }
    await expect(shown.getByRole('heading', { level: 2 })).toHaveText(t('stocks:companyText.title'))
    await expect(shown.locator('strong')).toHaveText(ownText)
    await expect(shown).not.toContainText(site.locale === 'en' ? '中文' : `${token} en`)
    await expect(shown.getByTestId('company-text-byline')).toContainText(
      t('stocks:companyText.byline', { firm: t('common:siteName') }),
    )
  }
})

test('a stock without a company text shows none on its page', languageNeutral, async ({ page }) => {
  await page.goto('/ai-stock-diagnosis?code=KO&market=us')
  await expect(page.getByTestId('diagnosis-report')).toBeVisible()
  await expect(page.getByTestId('company-text')).toHaveCount(0)
})
