/**
 * The layout at the widths readers use (issue 9, "Rough edges seen"), measured from rendered boxes: the services
 * mega-menu stays inside the viewport from 1024 px up; on a 360 px phone the menu sheet starts with the account entry
 * and the language switch, the home page stays under ten screens, and the diagnosis charts stay readable (level
 * labels off the latest bars, no label cut at the top, radar text of 11 px or more).
 */
import type { Locator, Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { logInThroughApi } from './support/accounts.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'

const phone = { width: 360, height: 740 }

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

async function expectInsideViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  expect(box && viewport).toBeTruthy()
  if (!box || !viewport) return
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
}

test.describe('the header of a logged-in reader', () => {
  test('holds from 1280 to 1920 px: a usable search, nothing overlapping or wrapping, the plans in More', async ({
    page,
    request,
    site,
    t,
  }) => {
    const number = await logInThroughApi(page, request, site.origin)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/about-us')
    await waitForHydration(page)
    const header = page.locator('header').first()
    for (const width of [1280, 1440, 1536, 1920]) {
      await page.setViewportSize({ width, height: 800 })
      await expect(header.getByTestId('account-name')).toHaveText(number.masked)
      const search = header.getByRole('combobox').first()
      const searchBox = await search.boundingBox()
      expect(searchBox?.width, `search width at ${width} px`).toBeGreaterThanOrEqual(160)
      // Every item of the bar sits on one line, side by side, inside the viewport.
      const items = await header
        .locator(
          'nav > a:visible, nav button:visible, [data-testid="language-switcher"]:visible, [data-testid="account-menu"] button',
        )
        .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON()))
      const boxes = [searchBox!, ...items] as { x: number; y: number; width: number; height: number }[]
      for (const box of boxes) {
        expect(box.height, `an item wraps at ${width} px`).toBeLessThanOrEqual(44)
        expect(box.x + box.width).toBeLessThanOrEqual(width)
      }
      const sorted = boxes.toSorted((a, b) => a.x - b.x)
      for (let index = 1; index < sorted.length; index++)
        expect(sorted[index]!.x, `items overlap at ${width} px`).toBeGreaterThanOrEqual(
          sorted[index - 1]!.x + sorted[index - 1]!.width - 1,
        )
      await expectNoSidewaysScroll(page)
      // The plans are in the More menu at every width.
      await header.getByRole('button', { name: t('shell:nav.more') }).click()
      await expect(page.getByRole('menuitem', { name: t('shell:nav.plans') })).toHaveAttribute(
        'href',
        '/subscribe',
      )
      await page.keyboard.press('Escape')
    }
    await expect(page.locator('footer').getByRole('link', { name: t('shell:footer.plans') })).toHaveAttribute(
      'href',
      '/subscribe',
    )
  })
})

test.describe('services mega-menu', () => {
  for (const width of [1024, 1280, 1440]) {
    test(`stays inside the viewport at ${width} px, its groups wrapping and its articles reachable`, async ({
      page,
      t,
    }) => {
      test.setTimeout(60_000)
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/about-us')
      await waitForHydration(page)
      const nav = page.getByRole('navigation', { name: t('shell:mainNavigation') })
      await nav.getByRole('button', { name: t('shell:nav.services') }).click()
      const panel = page.getByTestId('mega-menu')
      await expect(panel).toBeVisible()
      await expectInsideViewport(page, panel)
      await expectNoSidewaysScroll(page)

      // Every group is inside the panel's width, and the last article can be scrolled to and followed.
      for (const group of await panel.locator('section').all()) {
        const box = await group.boundingBox()
        const panelBox = await panel.boundingBox()
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(
          (panelBox?.x ?? 0) + (panelBox?.width ?? 0),
        )
      }
      const last = panel.getByRole('link').last()
      await last.scrollIntoViewIfNeeded()
      await expect(last).toBeInViewport({ ratio: 1 })
      if (width === 1024) await expectNoSeriousA11yIssues(page)
    })
  }
})

test.describe('menu sheet on a 360 px phone', () => {
  test('starts with the login link and the language switch, visible without scrolling', async ({
    page,
    t,
  }) => {
    await page.setViewportSize(phone)
    await page.goto('/about-us')
    await waitForHydration(page)
    await page.getByRole('button', { name: t('shell:openMenu') }).click()
    const sheet = page.getByRole('dialog', { name: t('shell:menu') })
    await expect(sheet).toBeVisible()
    const login = sheet.getByRole('link', { name: t('shell:account.login') })
    const switcher = sheet.getByTestId('language-switcher')
    await expect(login).toBeInViewport({ ratio: 1 })
    await expect(switcher).toBeInViewport({ ratio: 1 })
    expect(await sheet.evaluate((element) => element.scrollTop)).toBe(0)
    await expect(sheet.getByRole('link', { name: t('shell:nav.plans') })).toHaveAttribute(
      'href',
      '/subscribe',
    )

    // The service groups are folded, so the whole sheet fits on the screen; a group opens to its articles.
    const fits = await sheet.evaluate((element) => element.scrollHeight <= element.clientHeight)
    expect(fits).toBe(true)
    await expectInsideViewport(page, sheet)
    const group = sheet.locator('details').first()
    await expect(group.getByRole('link').first()).toBeHidden()
    await group.locator('summary').click()
    await expect(group.getByRole('link').first()).toBeVisible()
    await expectNoSeriousA11yIssues(page)
  })

  test('shows a logged-in reader their account and the logout button at the top', async ({
    page,
    request,
    site,
    t,
  }) => {
    const number = await logInThroughApi(page, request, site.origin)
    await page.setViewportSize(phone)
    await page.goto('/about-us')
    await waitForHydration(page)
    await page.getByRole('button', { name: t('shell:openMenu') }).click()
    const sheet = page.getByRole('dialog', { name: t('shell:menu') })
    await expect(sheet.getByTestId('account-name')).toHaveText(number.masked)
    await expect(sheet.getByTestId('account-name')).toBeInViewport({ ratio: 1 })
    await expect(sheet.getByRole('button', { name: t('account:menu.logout') })).toBeInViewport({ ratio: 1 })
    await expect(sheet.getByTestId('language-switcher')).toBeInViewport({ ratio: 1 })
  })
})

test.describe('home page on a 360 px phone', () => {
  test('is under ten screens tall, with every section and its link to the full list', async ({ page, t }) => {
    // A long page to scan for accessibility.
    test.setTimeout(60_000)
    await page.setViewportSize(phone)
    await page.goto('/')
    await waitForHydration(page)
    const height = await page.evaluate(() => document.documentElement.scrollHeight)
    expect(height).toBeLessThan(10 * phone.height)
    await expectNoSidewaysScroll(page)

    const latest = page.getByRole('region', { name: t('articles:home.latest') })
    await expect(latest.getByRole('link', { name: t('articles:home.viewAll') })).toBeVisible()
    // The articles are a row of cards the reader swipes through, all of them there.
    const row = latest.getByRole('list')
    expect(await row.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true)
    await expect(latest.getByTestId('article-card').nth(1)).toBeAttached()
    for (const id of ['home-picks', 'home-hot-stocks', 'home-undervalued']) {
      await expect(page.getByTestId(id), id).toBeVisible()
    }
    await expect(
      page.getByTestId('home-hot-stocks').getByRole('link', { name: t('stocks:home.hotAll') }),
    ).toBeVisible()
    await expect(
      page.getByTestId('home-undervalued').getByRole('link', { name: t('stocks:home.valuationAll') }),
    ).toBeVisible()
    await expect(page.getByTestId('home-undervalued').getByTestId('valuation-row').nth(3)).toBeHidden()
    for (const name of [
      t('articles:home.byMarket'),
      t('articles:home.hotTopics'),
      t('articles:home.recommendations'),
    ]) {
      await expect(page.getByRole('region', { name }), name).toBeVisible()
    }
    await expectNoSeriousA11yIssues(page)
  })
})

const levelColours = {
  support: [0x0b, 0x6b, 0x66],
  resistance: [0xb7, 0x79, 0x1f],
} as const

/**
 * Reads the price chart's canvases in the page: the plot (bars, lines) and the price axis to its right. For each level
 * colour, whether a canvas holds a filled block of it (a label's background: a 6 px tall run in one column; the lines
 * themselves are 2 px), and whether anything is drawn in the axis's top two rows (a label cut by the chart's edge).
 */
function readChart(chart: Locator) {
  return chart.evaluate((element, colours) => {
    const row = element.querySelector('tr')
    const cells = row ? [...row.querySelectorAll(':scope > td')] : []
    const widest = cells.reduce<Element | undefined>(
      (best, cell) => (!best || cell.clientWidth > best.clientWidth ? cell : best),
      undefined,
    )
    const axisCell = widest ? cells[cells.indexOf(widest) + 1] : undefined
    const imagesOf = (cell: Element | undefined) =>
      [...(cell?.querySelectorAll('canvas') ?? [])].flatMap((canvas) => {
        const image = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height)
        return image ? [image] : []
      })
    const hasBlockOf = (image: ImageData, [r, g, b]: readonly number[]) => {
      const d = image.data
      for (let x = 0; x < image.width; x++) {
        let run = 0
        for (let y = 0; y < image.height; y++) {
          const i = (y * image.width + x) * 4
          const isColour =
            (d[i + 3] ?? 0) > 200 &&
            Math.abs((d[i] ?? 0) - (r ?? 0)) < 12 &&
            Math.abs((d[i + 1] ?? 0) - (g ?? 0)) < 12 &&
            Math.abs((d[i + 2] ?? 0) - (b ?? 0)) < 12
          run = isColour ? run + 1 : 0
          if (run >= 6) return true
        }
      }
      return false
    }
    const inkInTopRows = (image: ImageData) => {
      const d = image.data
      for (let i = 0; i < image.width * 2 * 4; i += 4) {
        const isWhite = (d[i] ?? 0) > 240 && (d[i + 1] ?? 0) > 240 && (d[i + 2] ?? 0) > 240
        if ((d[i + 3] ?? 0) > 40 && !isWhite) return true
      }
      return false
    }
    const plot = imagesOf(widest)
    const axis = imagesOf(axisCell)
    const labels = Object.fromEntries(
      Object.entries(colours).map(([kind, colour]) => [
        kind,
        {
          onAxis: axis.some((image) => hasBlockOf(image, colour)),
          overBars: plot.some((image) => hasBlockOf(image, colour)),
        },
      ]),
    )
    return { plotCanvases: plot.length, axisCanvases: axis.length, labels, cutAtTop: axis.some(inkInTopRows) }
  }, levelColours)
}

test.describe('diagnosis charts on a 360 px phone', () => {
  test('keep the level labels on the price axis, no label cut at the top, and radar text of 11 px or more', async ({
    page,
  }) => {
    // A large page to load and to scan for accessibility.
    test.setTimeout(120_000)
    await page.setViewportSize(phone)
    await page.goto('/ai-stock-diagnosis?code=AAPL&market=us')
    await expect(page.getByTestId('diagnosis-report')).toBeVisible({ timeout: 20_000 })
    await expectNoSidewaysScroll(page)

    const chart = page.getByTestId('price-chart')
    // The chart's library and bars load when the chart nears the screen.
    await chart.scrollIntoViewIfNeeded()
    await expect(chart).toHaveAttribute('data-status', 'ready')
    await expect(page.getByTestId('level-support')).toBeVisible()
    // Let the library paint its next frame.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    const drawn = await readChart(chart)
    expect(drawn.plotCanvases).toBeGreaterThan(0)
    expect(drawn.axisCanvases).toBeGreaterThan(0)
    for (const kind of ['support', 'resistance'] as const) {
      // A level the diagnosis did not find has no line (its tile says why).
      if ((await page.getByTestId(`level-${kind}`).locator('.tabular-nums').count()) === 0) continue
      // The label with the level's price is on the axis; no label box lies over the bars.
      expect(drawn.labels[kind]?.onAxis, `${kind} label on the axis`).toBe(true)
      expect(drawn.labels[kind]?.overBars, `${kind} label over the bars`).toBe(false)
    }
    expect(drawn.cutAtTop, 'a price label cut at the top edge').toBe(false)

    const radar = page.getByTestId('score-radar').locator('visible=true')
    await expect(radar).toHaveCount(1)
    await radar.scrollIntoViewIfNeeded()
    const labels = await radar.evaluate((svg) => {
      const box = svg.getBoundingClientRect()
      const scale = box.width / (svg as SVGSVGElement).viewBox.baseVal.width
      return {
        svg: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
        texts: [...svg.querySelectorAll('text')].map((text) => {
          const rect = text.getBoundingClientRect()
          return {
            fontSize: Number.parseFloat(getComputedStyle(text).fontSize) * scale,
            lineHeights: [...text.querySelectorAll('tspan')].map(
              (line) => line.getBoundingClientRect().height,
            ),
            box: { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom },
          }
        }),
      }
    })
    expect(labels.texts).toHaveLength(10)
    for (const text of labels.texts) {
      expect(text.fontSize).toBeGreaterThanOrEqual(11)
      for (const height of text.lineHeights) expect(height).toBeGreaterThanOrEqual(11)
      expect(text.box.left).toBeGreaterThanOrEqual(labels.svg.left - 0.5)
      expect(text.box.right).toBeLessThanOrEqual(labels.svg.right + 0.5)
      expect(text.box.top).toBeGreaterThanOrEqual(labels.svg.top - 0.5)
      expect(text.box.bottom).toBeLessThanOrEqual(labels.svg.bottom + 0.5)
    }
    // No two labels overlap (a pixel of slack for glyph boxes that touch).
    for (const [i, a] of labels.texts.entries()) {
      for (const b of labels.texts.slice(i + 1)) {
        const overlapX = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left)
        const overlapY = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top)
        expect(overlapX > 1 && overlapY > 1).toBe(false)
      }
    }
    await expectNoSeriousA11yIssues(page)
  })
})
