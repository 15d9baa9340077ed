import type { Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import {
  acceptCookies,
  expect,
  languageNeutral,
  type Site,
  test,
  waitForHydration,
} from './support/fixtures.ts'

/** A stock the universe names in both languages: what the box suggests and the results page shows for its code. */
const apple = { code: 'AAPL', market: 'us', name: { en: 'Apple Inc.', 'zh-Hant': '蘋果' } } as const

/** Words the seed articles of each language contain, so every journey searches for something real. */
const queries = {
  en: { word: 'dividend', partial: 'nvid', tagText: 'NVIDIA', tagKey: 'nvidia', title: 'Nvidia' },
  'zh-Hant': { word: '營收', partial: '輝', tagText: '輝達', tagKey: 'nvidia', title: '輝達' },
} as const

/** A suggestion's own cell in the grid (a stock's row has its follow cell beside it). */
const suggestionCell = '[role=gridcell][data-cell=choose]'

function searchBox(page: Page, t: (key: string) => string) {
  return page.getByRole('combobox', { name: t('search:label') })
}

async function openSite(page: Page, site: Site, path = '/about-us') {
  await acceptCookies(page, site.origin)
  await page.goto(path)
  await waitForHydration(page)
}

async function search(page: Page, t: (key: string) => string, term: string) {
  const box = searchBox(page, t)
  await box.fill(term)
  await box.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent(term).replace(/[()]/g, '\\$&')}$`))
}

test.describe('search box', () => {
  test('Enter saves the term and opens the results, with the term highlighted', async ({ page, site, t }) => {
    await openSite(page, site)
    const { word } = queries[site.locale]
    await search(page, t, word)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('articles:lists.search.title').replace('{{keyword}}', word),
    )
    await expect(page.getByTestId('result-count')).toBeVisible()
    await expect(page.getByTestId('search-snippet').locator('mark').first()).toHaveText(new RegExp(word, 'i'))
    const saved = await page.evaluate(() => window.localStorage.getItem('tickerwise.searchHistory'))
    expect(JSON.parse(saved ?? '[]')).toEqual([word])
  })

  test('the search button does the same as Enter', languageNeutral, async ({ page, site, t }) => {
    await openSite(page, site)
    await searchBox(page, t).fill(queries[site.locale].word)
    await page.getByRole('button', { name: t('search:submit') }).click()
    await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent(queries[site.locale].word)}$`))
  })

  test('an empty search says "Please enter search content"', async ({ page, site, t }) => {
    await openSite(page, site)
    await searchBox(page, t).fill('   ')
    await searchBox(page, t).press('Enter')
    await expect(page.getByText(t('search:empty'))).toBeVisible()
    await expect(page).toHaveURL(/\/about-us$/)

    // The search page without a keyword has a title of its own, not “Search results for “””.
    await page.goto('/search')
    await expect(page).toHaveTitle(new RegExp(`^${t('articles:lists.search.titleWithoutKeyword')}`))
  })

  test('takes at most 100 characters', languageNeutral, async ({ page, site, t }) => {
    await openSite(page, site)
    await searchBox(page, t).focus()
    await page.keyboard.insertText('x'.repeat(105))
    await expect(searchBox(page, t)).toHaveValue('x'.repeat(100))
    await expect(searchBox(page, t)).toHaveAttribute('maxlength', '100')
  })

  test(
    'focus with empty text shows the history, newest first, a repeated term moved to the top',
    languageNeutral,
    async ({ page, site, t }) => {
      await openSite(page, site)
      for (const term of ['alpha', 'beta', 'gamma', 'beta']) {
        await search(page, t, term)
      }
      await page.goto('/about-us')
      await waitForHydration(page)
      await searchBox(page, t).focus()
      const history = page.getByRole('listbox', { name: t('search:history.title') })
      await expect(history).toBeVisible()
      await expect(history.getByRole('option')).toHaveText(['beta', 'gamma', 'alpha'])
      await expect(searchBox(page, t)).toHaveAttribute('aria-expanded', 'true')

      await page
        .getByRole('button', { name: t('search:history.remove').replace('{{term}}', 'gamma') })
        .click()
      await expect(history.getByRole('option')).toHaveText(['beta', 'alpha'])
      await expect(searchBox(page, t)).toBeFocused()

      await history.getByRole('option', { name: 'alpha' }).click()
      await expect(page).toHaveURL(/\/search\/alpha$/)
      await searchBox(page, t).fill('')
      await searchBox(page, t).focus()
      await expect(
        page.getByRole('listbox', { name: t('search:history.title') }).getByRole('option'),
      ).toHaveText(['alpha', 'beta'])

      await page.getByRole('button', { name: t('search:history.clear') }).click()
      await expect(page.getByTestId('search-popup')).toBeHidden()
      expect(await page.evaluate(() => window.localStorage.getItem('tickerwise.searchHistory'))).toBeNull()
    },
  )

  test('keeps at most 10 history entries', languageNeutral, async ({ page, site, t }) => {
    await openSite(page, site)
    await page.evaluate(() =>
      window.localStorage.setItem(
        'tickerwise.searchHistory',
        JSON.stringify(Array.from({ length: 10 }, (_, i) => `term${i}`)),
      ),
    )
    await search(page, t, 'newest')
    await searchBox(page, t).fill('')
    await searchBox(page, t).focus()
    const options = page.getByRole('listbox', { name: t('search:history.title') }).getByRole('option')
    await expect(options).toHaveCount(10)
    await expect(options.first()).toHaveText('newest')
    await expect(options.last()).toHaveText('term8')
  })

  test('typing shows at most 10 suggestions and the matching tags; a suggestion opens its article', async ({
    page,
    site,
    t,
  }) => {
    await openSite(page, site)
    const { partial, title } = queries[site.locale]
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/article/suggest')),
      searchBox(page, t).fill(partial),
    ])
    expect(new URL(request.url()).searchParams.get('searchValue')).toBe(partial)
    const articles = page
      .getByRole('rowgroup', { name: t('search:suggestions.articles') })
      .locator(suggestionCell)
    await expect(articles.first()).toContainText(new RegExp(title, 'i'))
    expect(await articles.count()).toBeLessThanOrEqual(10)
    const tags = page.getByRole('rowgroup', { name: t('search:suggestions.tags') }).locator(suggestionCell)
    await expect(tags.filter({ hasText: queries[site.locale].tagText })).toHaveCount(1)

    const chosen = (await articles.first().textContent()) ?? ''
    await articles.first().click()
    await expect(page).toHaveURL(/\/articles\/\d+$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen)
  })

  test(
    'a single letter asks for suggestions but a blank text does not',
    languageNeutral,
    async ({ page, site, t }) => {
      await openSite(page, site)
      let calls = 0
      page.on('request', (r) => {
        if (r.url().includes('/article/suggest')) calls += 1
      })
      await searchBox(page, t).fill('   ')
      await page.waitForTimeout(600)
      expect(calls).toBe(0)
      await Promise.all([
        page.waitForRequest((r) => r.url().includes('/article/suggest')),
        searchBox(page, t).fill('a'),
      ])
      expect(calls).toBe(1)
    },
  )

  test('a tag chip lists the articles with that tag', async ({ page, site, t }) => {
    await openSite(page, site)
    const { partial, tagText, tagKey } = queries[site.locale]
    await searchBox(page, t).fill(partial)
    await page
      .getByRole('rowgroup', { name: t('search:suggestions.tags') })
      .locator(suggestionCell, { hasText: tagText })
      .click()
    await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent(partial)}\\?tag=${tagKey}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('articles:lists.search.titleWithTag').replace('{{tag}}', tagText),
    )
    const cards = page.getByTestId('article-card')
    await expect(cards.first()).toBeVisible()
  })

  test(
    'works from the keyboard: arrows choose, Enter opens, Escape closes',
    languageNeutral,
    async ({ page, site, t }) => {
      await openSite(page, site)
      const box = searchBox(page, t)
      await box.fill(queries[site.locale].partial)
      const first = page
        .getByRole('rowgroup', { name: t('search:suggestions.articles') })
        .locator(suggestionCell)
        .first()
      await expect(first).toBeVisible()
      // Stocks the text names (NVIDIA for "nvid") come first; the arrows walk through them to the articles.
      const stockCount = await page
        .getByRole('rowgroup', { name: t('search:suggestions.stocks') })
        .locator(suggestionCell)
        .count()
      for (let step = 0; step <= stockCount; step++) await box.press('ArrowDown')
      await expect(first).toHaveAttribute('aria-selected', 'true')
      await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '')
      await box.press('Escape')
      await expect(page.getByTestId('search-popup')).toBeHidden()
      await expect(box).toHaveAttribute('aria-expanded', 'false')
      await box.press('ArrowDown')
      await expect(first).toBeVisible()
      for (let step = 0; step <= stockCount; step++) await box.press('ArrowDown')
      await expect(first).toHaveAttribute('aria-selected', 'true')
      const title = (await first.textContent()) ?? ''
      await box.press('Enter')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    },
  )

  test('typing a code or a name suggests the stock first; choosing it opens its AI diagnosis', async ({
    page,
    site,
    t,
  }) => {
    await openSite(page, site)
    const box = searchBox(page, t)
    await box.fill(apple.code.toLowerCase())
    const stocks = page
      .getByRole('rowgroup', { name: t('search:suggestions.stocks') })
      .locator(suggestionCell)
    await expect(stocks.first()).toContainText(apple.name[site.locale])
    await expect(stocks.first()).toContainText(`${apple.code} · ${t(`stocks:markets.${apple.market}`)}`)
    const articles = page
      .getByRole('rowgroup', { name: t('search:suggestions.articles') })
      .locator(suggestionCell)
    // Stocks and article titles: at most 10 rows in all (tag chips are not rows).
    expect((await stocks.count()) + (await articles.count())).toBeLessThanOrEqual(10)
    const rows = page.getByTestId('search-popup').locator(suggestionCell)

    // The name in the page's language finds it too.
    const name = apple.name[site.locale]
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).searchParams.get('searchValue') === name),
      box.fill(name),
    ])
    await expect(stocks.first()).toContainText(name)

    // The keyboard walks from the stocks into the articles and back, then Enter opens the stock.
    await box.press('ArrowDown')
    await expect(stocks.first()).toHaveAttribute('aria-selected', 'true')
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await stocks.first().getAttribute('id')) ?? '',
    )
    const count = await rows.count()
    for (let step = 0; step < count; step++) await box.press('ArrowDown')
    await expect(box).not.toHaveAttribute('aria-activedescendant', /.+/)
    await box.press('ArrowUp')
    await expect(rows.last()).toHaveAttribute('aria-selected', 'true')
    await box.press('Escape')
    await expect(page.getByTestId('search-popup')).toBeHidden()
    await box.press('ArrowDown')
    await expect(stocks.first()).toBeVisible()
    await box.press('ArrowDown')
    await expect(stocks.first()).toHaveAttribute('aria-selected', 'true')
    await box.press('Enter')
    await expect(page).toHaveURL(
      new RegExp(`/ai-stock-diagnosis\\?code=${apple.code}&market=${apple.market}$`),
    )
    await expect(page.locator('#diagnosis-title')).toContainText(apple.name[site.locale], { timeout: 20_000 })
  })

  test(
    'follows a stock from its suggestion by keyboard: Right to its follow cell, Enter toggles, Left back',
    languageNeutral,
    async ({ page, site, t }) => {
      await openSite(page, site)
      const box = searchBox(page, t)
      await box.fill(apple.code.toLowerCase())
      const grid = page.getByRole('grid', { name: t('search:label') })
      const stockRow = grid
        .getByRole('rowgroup', { name: t('search:suggestions.stocks') })
        .getByRole('row')
        .first()
      const stockCell = stockRow.locator(suggestionCell)
      const follow = stockRow.getByRole('button', {
        name: t('common:follow.label', { name: apple.name[site.locale] }),
      })
      await expect(stockCell).toContainText(apple.name[site.locale])
      await expect(follow).toHaveAttribute('data-loaded', 'true')
      await expect(box).toHaveAttribute('aria-haspopup', 'grid')

      await box.press('ArrowDown')
      await expect(stockCell).toHaveAttribute('aria-selected', 'true')
      await box.press('ArrowRight')
      await expect(box).toHaveAttribute('aria-activedescendant', (await follow.getAttribute('id')) ?? '')
      await expect(stockCell).toHaveAttribute('aria-selected', 'false')
      await expect(follow).toHaveAttribute('aria-pressed', 'false')
      await box.press('Enter')
      await expect(follow).toHaveAttribute('aria-pressed', 'true')
      // Following keeps the box open, with the focus in it.
      await expect(page.getByTestId('search-popup')).toBeVisible()
      await expect(box).toBeFocused()

      await box.press('ArrowLeft')
      await expect(box).toHaveAttribute('aria-activedescendant', (await stockCell.getAttribute('id')) ?? '')
      await box.press('Enter')
      await expect(page).toHaveURL(
        new RegExp(`/ai-stock-diagnosis\\?code=${apple.code}&market=${apple.market}$`),
      )
      // The diagnosis shows the stock followed.
      await expect(
        page.getByTestId('diagnosis-report').locator('button[aria-pressed][data-loaded]').first(),
      ).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 })
    },
  )

  test('leaving the box closes it', languageNeutral, async ({ page, site, t }) => {
    await openSite(page, site)
    await searchBox(page, t).fill(queries[site.locale].partial)
    await expect(page.getByTestId('search-popup')).toBeVisible()
    // Somewhere the open popup never covers (the page heading sits under it on some widths and languages).
    await page.getByText(t('company:aside.questions'), { exact: true }).click()
    await expect(page.getByTestId('search-popup')).toBeHidden()
  })

  test('works on a 360 px phone screen', async ({ page, site, t }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await openSite(page, site)
    await searchBox(page, t).fill(queries[site.locale].partial)
    const popup = page.getByTestId('search-popup')
    await expect(popup).toBeVisible()
    const box = await popup.boundingBox()
    expect(box?.x).toBeGreaterThanOrEqual(0)
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360)
    await searchBox(page, t).press('Enter')
    await expect(page).toHaveURL(new RegExp(`/search/${encodeURIComponent(queries[site.locale].partial)}$`))
  })
})

test.describe('search results', () => {
  test('a query with no match says so', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    await page.goto('/search/zzqqxxnomatch')
    await expect(page.getByText(t('articles:noResults.title'))).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  })

  test('shows the stocks a keyword names above the articles, each opening its AI diagnosis', async ({
    page,
    site,
    t,
  }) => {
    // An accessibility scan and a diagnosis: more than a plain page on a busy machine.
    test.setTimeout(60_000)
    await acceptCookies(page, site.origin)
    await page.goto(`/search/${apple.code}`)
    const block = page.getByRole('region', { name: t('articles:lists.search.stocks') })
    const link = block.getByRole('link', { name: new RegExp(apple.name[site.locale]) })
    await expect(link).toBeVisible()
    await expect(link).toContainText(apple.code)
    await expect(link).toContainText(t(`stocks:markets.${apple.market}`))
    await expect(link).toContainText(t('articles:lists.search.diagnose'))
    await expectNoSeriousA11yIssues(page)
    await waitForHydration(page)
    await link.click()
    await expect(page).toHaveURL(
      new RegExp(`/ai-stock-diagnosis\\?code=${apple.code}&market=${apple.market}$`),
      { timeout: 20_000 },
    )
  })

  test('shows no stocks block for a word that names no company', async ({ page, site }) => {
    await acceptCookies(page, site.origin)
    await page.goto(`/search/${encodeURIComponent(queries[site.locale].word)}`)
    await expect(page.getByTestId('article-card').first()).toBeVisible()
    await expect(page.getByTestId('search-stocks')).toHaveCount(0)
  })

  test('finds the same articles for 通脹 and 通膨, the Hong Kong and the Taiwan spelling', async ({
    page,
    site,
  }) => {
    test.skip(site.locale !== 'zh-Hant', 'Chinese articles are on the Traditional Chinese site')
    await acceptCookies(page, site.origin)
    const titlesFor = async (keyword: string) => {
      await page.goto(`/search/${encodeURIComponent(keyword)}`)
      await expect(page.getByTestId('article-card').first()).toBeVisible()
      return page.getByTestId('article-card').getByRole('heading').allTextContents()
    }
    const taiwan = await titlesFor('通膨')
    const hongKong = await titlesFor('通脹')
    expect(hongKong).toEqual(taiwan)
    expect(hongKong.length).toBeGreaterThan(1)
    // An article that writes only 通膨 is found by 通脹, with 通膨 marked.
    await expect(
      page.getByTestId('search-snippet').locator('mark', { hasText: '通膨' }).first(),
    ).toBeVisible()
  })

  test('finds a Chinese word inside longer words', async ({ page, site, t }) => {
    test.skip(site.locale !== 'zh-Hant', 'Chinese articles are on the Traditional Chinese site')
    await acceptCookies(page, site.origin)
    await page.goto(`/search/${encodeURIComponent('積電')}`)
    await expect(page.getByTestId('article-card').first()).toBeVisible()
    await expect(page.getByTestId('result-count')).toHaveText(/\d+/)
    expect(await page.getByTestId('article-card').count()).toBeGreaterThan(0)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t('articles:lists.search.title').replace('{{keyword}}', '積電'),
    )
  })

  test('a search over 100 characters is refused with a clear message', async ({ page, site, t }) => {
    await acceptCookies(page, site.origin)
    const response = await page.goto(`/search/${'y'.repeat(101)}`)
    expect(response?.status()).toBe(400)
    await expect(page.getByRole('alert')).toHaveText(t('articles:lists.search.tooLong'))
  })
})
