/**
 * Route loaders that catch a service error and answer a page of their own — a notice, a 404, a 410 — instead of the
 * error screen, on the production build, on the English and the Traditional Chinese site. Unit tests cannot see this
 * class of defect: there the loader and the services share one module graph. In the build the page code bundles its
 * own copy of whatever it imports, so a loader that recognised a service error with `instanceof` saw the server's
 * error as a stranger and answered 500. Loaders recognise it by shape (`isServiceError`, contracts/service-error.ts);
 * every route whose loader catches a service error has its case here.
 */
import { logInThroughApi } from './support/accounts.ts'
import { acceptCookies, expect, languageNeutral, test } from './support/fixtures.ts'

/** Well-formed (a version-4 UUID), and nobody's. */
const unknownId = '00000000-0000-4000-8000-000000000000'

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

test('a link to an unknown lesson shows the classroom with the "lesson missing" notice (200)', async ({
  page,
  t,
}) => {
  const response = await page.goto(`/member/investment?lesson=${unknownId}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('classroom:page.title'))
  await expect(page.getByRole('alert').filter({ hasText: t('classroom:lessonMissing') })).toBeVisible()
  await expect(page.getByTestId('classroom-course').first()).toBeVisible()
})

test(
  'a member following a link to an unknown lesson gets the same notice (200)',
  languageNeutral,
  async ({ page, request, site, t }) => {
    await logInThroughApi(page, request, site.origin)
    const response = await page.goto(`/member/investment?lesson=${unknownId}`)
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('alert').filter({ hasText: t('classroom:lessonMissing') })).toBeVisible()
  },
)

test('a deleted or taken-down article answers its own 410 page, an unknown one the 404 screen', async ({
  page,
  t,
}) => {
  const deleted = await page.goto('/articles/state-fixture-deleted')
  expect(deleted?.status()).toBe(410)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('articles:states.deleted'))
  const removed = await page.goto('/articles/state-fixture-taken-down')
  expect(removed?.status()).toBe(410)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('articles:states.takenDown'))
  const unknown = await page.goto('/articles/no-such-article')
  expect(unknown?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('errorPage.contentMissing'))
})

test.describe('the diagnosis page', () => {
  // Headless Chromium names itself in its user agent, and a crawler is answered the preparing state without asking
  // the service (diagnosis-page.server.ts): this reader comes with an ordinary browser's.
  test.use({
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  })

  test('a diagnosis of an unknown stock is the not-found state (404), not the error screen', async ({
    page,
    t,
  }) => {
    const response = await page.goto('/ai-stock-diagnosis?code=zzqxvw&market=us')
    expect(response?.status()).toBe(404)
    await expect(page.getByTestId('state-not-found')).toContainText(t('errors:STOCK_NOT_FOUND'))
  })
})

test(
  "an unknown demo checkout is the 404 screen for a member (the service's not-found)",
  languageNeutral,
  async ({ page, request, site, t }) => {
    await logInThroughApi(page, request, site.origin)
    const response = await page.goto(`/checkout/demo/${unknownId}`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('errorPage.notFound'))
  },
)
