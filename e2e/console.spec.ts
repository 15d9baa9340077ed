/**
 * The operator console in the browser (issue 14), on the English and the Traditional Chinese site: a visitor is
 * sent to log in; a member without a role sees 'no access' (403); an admin grants the editor role and finds the
 * grant in the audit log; that editor writes an article in both languages with a live preview, finds their save
 * refused after someone else's (and loads that version), publishes it, finds it on the public page and in search,
 * takes it down and sees 'The content has been removed'.
 */
import { randomInt } from 'node:crypto'
import type { Page } from '@playwright/test'
import { logInThroughApi, newMobile } from './support/accounts.ts'
import { chooseArticleChoices } from './support/article-editor.ts'
import { adminOn, consoleAdminsOf } from './support/console-staff.ts'
import { expect, languageNeutral, test, waitForHydration } from './support/fixtures.ts'

const consoleAdmins = consoleAdminsOf('console')

type T = (key: string, options?: Record<string, unknown>) => string

async function confirmStateAction(page: Page, t: T, action: string) {
  await page.getByRole('button', { name: t(`console:actions.${action}`), exact: true }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByRole('button', { name: t(`console:actions.${action}`), exact: true }).click()
  await expect(dialog).toBeHidden()
}

test('a visitor is sent to log in first', languageNeutral, async ({ page }) => {
  await page.goto('/console/articles')
  await expect(page).toHaveURL(/\/member\/login\?redirect=%2Fconsole%2Farticles$/)
})

test('a member without a console role sees no access (403)', async ({ page, request, site, t }) => {
  await logInThroughApi(page, request, site.origin)
  const response = await page.goto('/console')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('console:noAccess.title'))
  await expect(page.getByText(t('console:noAccess.body'))).toBeVisible()
})

test('an admin grants the editor role, who writes, publishes and takes down an article', async ({
  page,
  request,
  site,
  t,
}) => {
  test.setTimeout(120_000)
  const admin = adminOn(consoleAdmins, site.region)
  const editor = newMobile()

  // The admin grants the role and finds the grant in the audit log.
  await logInThroughApi(page, request, site.origin, admin)
  await page.goto('/console/roles')
  await waitForHydration(page)
  const grant = page.getByRole('form', { name: t('console:roles.grant') })
  await grant.getByLabel(t('console:roles.phone')).fill(editor.e164)
  await grant.getByLabel(t('console:roles.role')).selectOption('editor')
  await grant.getByRole('button', { name: t('console:roles.grant') }).click()
  await expect(page.getByTestId('role-holder').filter({ hasText: editor.e164 })).toContainText(
    t('console:roleNames.editor'),
  )
  await page.getByRole('link', { name: t('console:nav.audit') }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('console:audit.title'))
  const filters = page.getByRole('form', { name: t('console:audit.filters') })
  await filters.getByLabel(t('console:audit.action')).fill('role.grant')
  await filters.getByRole('button', { name: t('console:articles.apply') }).click()
  await expect(page).toHaveURL(/action=role\.grant/)
  // In words: "Granted Editor to +852 ****4567", by the admin.
  const granted = page.getByTestId('audit-entry').filter({
    hasText: t('console:audit.messages.role.grant', {
      roles: t('console:roleNames.editor'),
      subject: editor.masked,
    }),
  })
  await expect(granted.first()).toContainText(admin.e164)
  await expect(granted.first()).toContainText(t('console:audit.entities.member'))

  // The editor writes the article in both languages, watching the preview.
  await page.context().clearCookies()
  await logInThroughApi(page, request, site.origin, editor)
  await page.goto('/console')
  await expect(page.getByRole('navigation', { name: t('console:nav.label') })).not.toContainText(
    t('console:nav.roles'),
  )
  await page.goto('/console/articles/new')
  await waitForHydration(page)
  const token = `quokka${randomInt(100_000, 999_999)}`
  const key = `console-${token}`
  const titles = { en: `Quokka ${token} rally`, 'zh-Hant': `${token} 袋鼠行情` }
  await page.getByLabel(t('console:editor.key'), { exact: true }).fill(key)
  for (const locale of ['en', 'zh-Hant'] as const) {
    const language = t(`console:languages.${locale}`)
    const column = page.getByTestId(`version-${locale}`)
    await column
      .getByLabel(t('console:editor.titleField', { language }), { exact: true })
      .fill(titles[locale])
    await column
      .getByLabel(t('console:editor.summary', { language }), { exact: true })
      .fill(`${titles[locale]} summary`)
    await column
      .getByLabel(t('console:editor.body', { language }), { exact: true })
      .fill(`## ${token} outlook\n\nThe **${locale} body** of ${token}.`)
    await expect(column.getByTestId('markdown-preview').locator('strong')).toHaveText(`${locale} body`)
    await expect(column.getByTestId('markdown-preview').locator('h2')).toContainText(token)
  }
  await chooseArticleChoices(page, t)
  await page.getByRole('button', { name: t('console:editor.save') }).click()
  await expect(page).toHaveURL(/\/console\/articles\/\d+$/)
  await expect(page.getByTestId('article-state')).toContainText(t('console:states.draft'))
  const editorUrl = page.url()

  // Someone else saves meanwhile: the editor's save is refused and their version can be loaded, never overwritten.
  const theirTitle = `${titles.en} (their edit)`
  expect(
    await page.evaluate(
      async ({ url, title }) => {
        const article = await (await fetch(url)).json()
        const { revision, ...document } = article.data
        document.versions.en.title = title
        document.coverImage = undefined
        const response = await fetch(url, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ revision, document }),
        })
        return response.status
      },
      { url: `/api/console/articles/${editorUrl.split('/').pop()}`, title: theirTitle },
    ),
  ).toBe(200)
  const summaryEn = page
    .getByTestId('version-en')
    .getByLabel(t('console:editor.summary', { language: t('console:languages.en') }), { exact: true })
  await summaryEn.fill('My late summary')
  await page.getByRole('button', { name: t('console:editor.save') }).click()
  await expect(page.getByTestId('stale-warning')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: t('errors:CONSOLE_ARTICLE_STALE') })).toBeVisible()
  await page.getByRole('button', { name: t('console:editor.loadTheirs') }).click()
  await expect(
    page
      .getByTestId('version-en')
      .getByLabel(t('console:editor.titleField', { language: t('console:languages.en') }), { exact: true }),
  ).toHaveValue(theirTitle)
  titles.en = theirTitle

  await confirmStateAction(page, t, 'publish')
  await expect(page.getByTestId('article-state')).toContainText(t('console:states.published'))

  // Readers find it on the article page and in search.
  await page.goto(`/articles/${key}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[site.locale])
  await expect(page.getByTestId('article-body').locator('strong')).toHaveText(`${site.locale} body`)
  await expect
    .poll(
      async () => {
        await page.goto(`/search/${token}`)
        return page.getByRole('link', { name: titles[site.locale] }).count()
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0)

  // Taken down, the public page says so.
  await page.goto(editorUrl)
  await waitForHydration(page)
  await confirmStateAction(page, t, 'take_down')
  await expect(page.getByTestId('article-state')).toContainText(t('console:states.taken_down'))
  await page.goto(`/articles/${key}`)
  await expect(page.getByText(t('articles:states.takenDown'))).toBeVisible()
})
