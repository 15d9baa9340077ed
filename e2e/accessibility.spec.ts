/**
 * The accessibility bar on the reader pages, on the English and the Traditional Chinese site, at a 360 px phone and a
 * 1440 px desktop: axe finds no serious or critical violation, with the table rule Lighthouse adds. One load per page,
 * width and language, and none a journey already makes: 1440 px lays a page out as the journeys' default 1280 px
 * window does (Tailwind's xl, the page's full width), so a page scanned there in its own journey is scanned here on a
 * phone only. The AI chat (chat.spec.ts), the member picks (member-picks.spec.ts) and the company pages
 * (company-pages.spec.ts, screen-layout.spec.ts) are scanned at both widths by their journeys. A page added to the
 * site (watchlist, portfolio, alerts, screener, compare, calendar…) gets its line here, or its scans at both widths
 * in its own journey.
 */
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { logInThroughApi } from './support/accounts.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'

const phone = { width: 360, height: 740 }
const desktop = { width: 1440, height: 900 }

interface ReaderPage {
  name: string
  path: string
  /** The journey that scans the page at the desktop width, when one does. */
  desktopScannedBy?: string
  /** What shows once the page holds what a reader came for, when it is more than the first render. */
  ready?: (page: Page) => Promise<void>
  /** The page as a logged-in member sees it. */
  member?: boolean
}

const pages: ReaderPage[] = [
  { name: 'home', path: '/' },
  { name: 'article list', path: '/articles', desktopScannedBy: 'articles.spec.ts' },
  { name: 'article', path: '/articles/nvidia-data-center-cycle', desktopScannedBy: 'articles.spec.ts' },
  { name: 'search results', path: '/search/AAPL', desktopScannedBy: 'search.spec.ts' },
  { name: 'plans', path: '/subscribe', desktopScannedBy: 'plans.spec.ts' },
  {
    name: 'diagnosis report',
    path: '/ai-stock-diagnosis?code=AAPL&market=us',
    desktopScannedBy: 'stocks-diagnosis.spec.ts',
    ready: (page) => expect(page.getByTestId('diagnosis-report')).toBeVisible({ timeout: 20_000 }),
  },
  { name: 'hot stocks', path: '/stocks-hot', desktopScannedBy: 'stocks-lists.spec.ts' },
  { name: 'valuation lists', path: '/stocks-valuation', desktopScannedBy: 'stocks-lists.spec.ts' },
  { name: "executives' moves", path: '/executives-moves', desktopScannedBy: 'stocks-lists.spec.ts' },
  { name: 'classroom', path: '/member/investment', desktopScannedBy: 'member-classroom.spec.ts' },
  { name: 'contact us', path: '/contact-us', desktopScannedBy: 'company-pages.spec.ts' },
  { name: 'login', path: '/member/login', desktopScannedBy: 'account.spec.ts' },
  { name: 'member account', path: '/member/account', member: true },
]

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

for (const readerPage of pages) {
  const widths = readerPage.desktopScannedBy ? [phone] : [phone, desktop]
  test(`${readerPage.name} has no serious accessibility issue at ${widths.map((w) => `${w.width} px`).join(' and ')}`, async ({
    page,
    request,
    site,
  }) => {
    // A scan takes seconds, and home and the diagnosis report are large pages to load and to scan.
    test.setTimeout(60_000)
    if (readerPage.member) await logInThroughApi(page, request, site.origin)
    for (const size of widths) {
      await test.step(`${size.width} px`, async () => {
        await page.setViewportSize(size)
        await page.goto(readerPage.path)
        await waitForHydration(page)
        await readerPage.ready?.(page)
        await expectNoSeriousA11yIssues(page, { asLighthouse: true })
      })
    }
  })
}
