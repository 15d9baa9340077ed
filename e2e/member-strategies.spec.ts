/**
 * Portfolio strategies (issue 15), on the English and the Traditional Chinese site: a member without a plan is
 * asked to subscribe; a Base subscriber (on a 360 px phone) sees the three curated sample strategies open and the
 * public and exclusive ones locked with the step that opens them; a Premium subscriber opens the analyst-exclusive
 * sample strategy: its chart against the benchmark, the key figures, the holdings linking to their diagnoses, the
 * guidance warning, the method and the sample and demo labels.
 */
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { logInThroughApi, subscribeThroughApi } from './support/accounts.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'

/** The seeded sample strategies' names (server/modules/strategies/strategies.seed.ts), per site language. */
const samples = {
  en: {
    curated: ['US Quality Compounders', 'Hong Kong Dividend Income', 'Japan Value Recovery'],
    public: 'Korea Technology Leaders',
    exclusive: 'US Concentrated Growth (analyst exclusive)',
  },
  'zh-Hant': {
    curated: ['美股優質複利成長組合', '港股股息收益組合', '日股價值回升組合'],
    public: '韓股科技龍頭組合',
    exclusive: '美股集中成長組合（分析師專屬）',
  },
} as const

test('a member is asked to subscribe; Base sees the three curated strategies, the others locked', async ({
  page,
  request,
  site,
  t,
}) => {
  test.setTimeout(120_000)
  const names = samples[site.locale]
  await page.setViewportSize({ width: 360, height: 800 })
  await acceptCookies(page, site.origin)
  await logInThroughApi(page, request, site.origin)

  await page.goto('/member/strategies')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('strategies:page.title'))
  const cards = page.getByTestId('strategy-card')
  const firstCurated = cards.filter({ hasText: names.curated[0] })
  await expect(firstCurated.getByTestId('lock-prompt')).toContainText(
    t('member:lock.subscribe', {
      what: t('strategies:page.lockWhat.curated'),
      tier: t('plans:subscribe.tiers.base'),
    }),
  )
  await expect(firstCurated.getByTestId('lock-prompt').getByRole('link')).toHaveAttribute(
    'href',
    '/subscribe?tier=base',
  )
  await expect(page.locator('[data-testid="strategy-card"][data-locked="false"]')).toHaveCount(0)
  await expect(page.getByTestId('strategy-card-return')).toHaveCount(0)
  await expectNoSeriousA11yIssues(page)

  await subscribeThroughApi(page, 'base')
  await page.goto('/member/strategies')
  await waitForHydration(page)
  const open = page.locator('[data-testid="strategy-card"][data-locked="false"]')
  await expect(open).toHaveCount(3)
  for (const [index, name] of names.curated.entries()) await expect(open.nth(index)).toContainText(name)
  await expect(open.first().getByTestId('strategy-card-return')).toBeVisible()
  await expect(cards.filter({ hasText: names.public }).getByTestId('lock-prompt')).toContainText(
    t('member:lock.upgrade', {
      what: t('strategies:page.lockWhat.public'),
      tier: t('plans:subscribe.tiers.plus'),
    }),
  )
  await expect(cards.filter({ hasText: names.exclusive }).getByTestId('lock-prompt')).toContainText(
    t('member:lock.upgrade', {
      what: t('strategies:page.lockWhat.exclusive'),
      tier: t('plans:subscribe.tiers.premium'),
    }),
  )
  await expect(page.getByTestId('demo-note')).toHaveText(t('strategies:page.demoNote'))

  // The first curated one opens in full, on the phone too.
  await open
    .first()
    .getByRole('link', { name: `${t('strategies:page.open')} — ${names.curated[0]}` })
    .click()
  await expect(page).toHaveURL(/\?strategy=sample-us-quality-compounders/)
  const detail = page.getByTestId('strategy-detail')
  await expect(detail.locator('#strategy-title')).toHaveText(names.curated[0])
  // It opens where the reader is: its title on screen, not below the list.
  await expect(detail.locator('#strategy-title')).toBeInViewport()
  // The phone's chart: axis text of 11 px or more.
  const chart = detail.getByTestId('strategy-chart').locator('visible=true')
  await expect(chart).toHaveCount(1)
  const axisTextSizes = await chart.evaluate((svg) => {
    const scale = svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width
    return [...svg.querySelectorAll('text')].map(
      (text) => Number.parseFloat(getComputedStyle(text).fontSize) * scale,
    )
  })
  expect(axisTextSizes.length).toBeGreaterThan(3)
  for (const size of axisTextSizes) expect(size).toBeGreaterThanOrEqual(11)
  await expect(detail.getByTestId('strategy-holdings').locator('tbody tr')).toHaveCount(25)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectNoSeriousA11yIssues(page)

  // An exclusive one asked for by address shows the lock, not the strategy.
  await page.goto('/member/strategies?strategy=sample-us-concentrated-growth')
  await expect(page.getByTestId('strategy-detail')).toHaveCount(0)
  await expect(page.locator('#strategy').getByTestId('lock-prompt')).toBeVisible()
})

test('Premium opens an analyst-exclusive strategy with its chart, figures and holdings', async ({
  page,
  request,
  site,
  t,
}) => {
  test.setTimeout(120_000)
  const names = samples[site.locale]
  await acceptCookies(page, site.origin)
  await logInThroughApi(page, request, site.origin)
  await subscribeThroughApi(page, 'premium')
  await page.goto('/member/strategies')
  await waitForHydration(page)
  await expect(page.locator('[data-testid="strategy-card"][data-locked="true"]')).toHaveCount(0)
  await page.getByRole('link', { name: `${t('strategies:page.open')} — ${names.exclusive}` }).click()
  await expect(page).toHaveURL(/\?strategy=sample-us-concentrated-growth/)

  const detail = page.getByTestId('strategy-detail')
  await expect(detail.locator('#strategy-title')).toHaveText(names.exclusive)
  await expect(detail).toContainText(t('strategies:page.visibility.exclusive'))
  await expect(detail).toContainText(t('member:sample'))
  await expect(detail).toContainText(t('common:demo.badge'))
  // The chart: both lines from 100, described for screen readers.
  const chart = detail.getByRole('img', { name: t('strategies:page.chartTitle', { name: names.exclusive }) })
  await expect(chart).toBeVisible()
  await expect(detail.getByTestId('strategy-chart-strategy').locator('visible=true')).toHaveAttribute(
    'points',
    /,/,
  )
  await expect(detail.getByTestId('strategy-chart-benchmark').locator('visible=true')).toHaveAttribute(
    'points',
    /,/,
  )
  const figures = detail.getByTestId('strategy-figures')
  await expect(
    figures.getByRole('rowheader', { name: t('strategies:page.figures.totalReturn') }),
  ).toBeVisible()
  await expect(
    figures.getByRole('rowheader', { name: t('strategies:page.figures.maxDrawdown') }),
  ).toBeVisible()
  await expect(figures.locator('tbody tr').first().locator('td').first()).toHaveText(/^[+\-−]?\d/)
  // Eight stocks, each linking to its diagnosis; the guidance warns (fewer than 25, younger than 5 years).
  const holdings = detail.getByTestId('strategy-holdings').locator('tbody tr')
  await expect(holdings).toHaveCount(8)
  await expect(holdings.first().getByRole('link')).toHaveAttribute(
    'href',
    /\/ai-stock-diagnosis\?code=.+&market=us/,
  )
  const guidance = detail.getByTestId('strategy-guidance')
  await expect(guidance).toContainText(t('strategies:page.guidance.tooFewHoldings', { count: 8 }))
  await expect(detail.getByTestId('strategy-rebalances').locator(':scope > li')).toHaveCount(2)
  await expect(detail.getByTestId('benchmark-method')).toContainText('equal-weight-universe-v1')
  await expectNoSeriousA11yIssues(page)
})
