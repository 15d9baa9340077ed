/**
 * The reader's own portfolio (issue 25), on the English and the Traditional Chinese site: a member opens it from
 * the header's account menu (1440 px), adds a holding by hand, imports a CSV (the preview lists the rejected row
 * with its reason; they skip it), sees the value, the score, the performance line and how many transactions their
 * plan keeps, switches the base currency, and on a 360 px phone deletes the portfolio.
 */
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { logInThroughApi, openAccountMenu } from './support/accounts.ts'
import { acceptCookies, expect, languageNeutral, test, waitForHydration } from './support/fixtures.ts'

const csv = [
  'Date,Symbol,Action,Quantity,Price,Currency',
  '2023-03-01,0700.HK,Buy,100,300,HKD',
  '2023-04-03,MSFT,Buy,5,280,USD',
  '2023-05-02,NOPE,Buy,1,10,USD',
].join('\n')

test('a member builds a portfolio by hand and by CSV, sees its value and score, and deletes it', async ({
  page,
  request,
  site,
  t,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  await acceptCookies(page, site.origin)
  await logInThroughApi(page, request, site.origin)
  await page.goto('/')
  await waitForHydration(page)
  await openAccountMenu(page)
  await page.getByRole('menuitem', { name: t('account:menu.portfolio') }).click()
  await expect(page).toHaveURL(/\/member\/portfolio$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('portfolio:page.title'))
  await expect(page.getByTestId('portfolio-empty')).toBeVisible()
  await waitForHydration(page)

  // By hand: a holding already owned is a buy.
  await page.getByRole('button', { name: t('portfolio:toolbar.add') }).click()
  const form = page.getByRole('form', { name: t('portfolio:form.addTitle') })
  await form.getByRole('combobox', { name: t('portfolio:form.stock') }).fill('AAPL')
  await page.getByRole('option').filter({ hasText: 'AAPL' }).first().click()
  await form.getByLabel(t('portfolio:form.date')).fill('2022-01-05')
  await form.getByLabel(t('portfolio:form.quantity')).fill('10')
  await form.getByLabel(t('portfolio:form.price')).fill('150')
  await form.getByRole('button', { name: t('portfolio:form.save') }).click()
  await expect(page.getByTestId('portfolio-holding')).toHaveCount(1)

  // By CSV: the preview names the rejected row and its reason; nothing is imported until it is skipped.
  await page.getByRole('button', { name: t('portfolio:toolbar.import') }).click()
  const dialog = page.getByRole('dialog', { name: t('portfolio:import.title') })
  await dialog.getByLabel(t('portfolio:import.text')).fill(csv)
  await dialog.getByRole('button', { name: t('portfolio:import.preview') }).click()
  await expect(dialog.getByTestId('import-layout')).toHaveText(
    t('portfolio:import.layout', { layout: t('portfolio:import.layouts.generic') }),
  )
  await expect(dialog.getByTestId('import-rejected')).toHaveText(
    t('portfolio:import.rejectedRow', { line: 4, reason: t('errors:PORTFOLIO_STOCK_UNKNOWN') }),
  )
  const submit = dialog.getByRole('button', { name: t('portfolio:import.submit', { count: 2 }) })
  await expect(submit).toBeDisabled()
  await dialog.getByLabel(t('portfolio:import.skip')).check()
  await submit.click()
  await expect(page.getByTestId('portfolio-holding')).toHaveCount(3)

  // Values, the score and the line against the benchmark; each holding links to its diagnosis.
  await expect(page.getByTestId('demo-note')).toBeVisible()
  await expect(page.getByTestId('portfolio-marketValue')).toContainText('$')
  await expect(page.getByTestId('portfolio-score-total')).toHaveText(/^\d{1,3}\.\d$/)
  await expect(page.getByTestId('portfolio-notes')).toContainText(
    t('portfolio:notes.fewStocks', { count: 3, target: 25 }),
  )
  await expect(page.getByTestId('portfolio-performance-summary')).toBeVisible()
  // Three transactions of the 250 a member's plan keeps (contracts/benefits.ts).
  await expect(page.getByTestId('portfolio-transaction-limit')).toHaveText(
    t('portfolio:transactions.limit', { used: '3', limit: '250' }),
  )
  await expect(page.getByTestId('portfolio-holding').first().getByRole('link')).toHaveAttribute(
    'href',
    /\/ai-stock-diagnosis\?code=/,
  )
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 5000 })
  await expectNoSeriousA11yIssues(page)

  // Counted in Hong Kong dollars.
  await page.getByTestId('portfolio-base').selectOption('HKD')
  await expect(page.getByTestId('portfolio-rates')).toContainText('1 USD = 7.8000 HKD')

  // On a phone: delete it all.
  await page.setViewportSize({ width: 360, height: 800 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await page.getByRole('button', { name: t('portfolio:toolbar.delete') }).click()
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('portfolio:deletePortfolio.confirm') })
    .click()
  await expect(page.getByTestId('portfolio-empty')).toBeVisible()
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 5000 })
  await expectNoSeriousA11yIssues(page)
})

test(
  'a member with many transactions sees the latest and shows older ones a page at a time',
  languageNeutral,
  async ({ page, request, site, t }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await acceptCookies(page, site.origin)
    await logInThroughApi(page, request, site.origin)
    // 25 buys of one stock, one a day from 2 January 2023 (the newest on 26 January).
    const rows = ['Date,Symbol,Market,Action,Quantity,Price']
    for (let day = 2; day <= 26; day++) rows.push(`2023-01-${String(day).padStart(2, '0')},AAPL,us,buy,1,130`)
    const status = await page.evaluate(async (text) => {
      const response = await fetch('/api/portal/member/portfolio/import', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      })
      return response.status
    }, rows.join('\n'))
    expect(status).toBe(200)

    await page.goto('/member/portfolio')
    await waitForHydration(page)
    const transactions = page.getByTestId('portfolio-transaction')
    await expect(transactions).toHaveCount(20)
    await expect(page.getByTestId('portfolio-transactions-shown')).toHaveText(
      t('portfolio:transactions.shown', { shown: '20', count: '25' }),
    )
    await page.getByRole('button', { name: t('portfolio:transactions.more', { count: 5 }) }).click()
    await expect(transactions).toHaveCount(25)
    await expect(transactions.last()).toContainText(t('portfolio:kinds.buy'))
    await expect(page.getByTestId('portfolio-transactions-shown')).toHaveCount(0)

    // An older transaction deleted from the rows shown later: the list is read again, the rest stays shown.
    await transactions
      .last()
      .getByRole('button', { name: t('portfolio:transactions.delete'), exact: false })
      .click()
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('portfolio:transactions.delete') })
      .click()
    await expect(transactions).toHaveCount(24)
    await expect(page.getByTestId('portfolio-transaction-limit')).toHaveText(
      t('portfolio:transactions.limit', { used: '24', limit: '250' }),
    )
  },
)
