/**
 * The newsroom's daily work in the browser (issue 14), on the English and the Traditional Chinese site. The site's
 * admin grants the editor role to a new member once; that editor then
 * - finds a new article's kind, topic, market and author unchosen (a save without them is refused beside each),
 *   reloads mid-way and gets the typed form back, uploads a cover, sends a preview link of the draft to a reader who is not logged in (the plain address is still
 *   'not found'), publishes, and readers see the uploaded cover on the article page;
 * - schedules an article a minute or two ahead on the firm's clock: it is 'scheduled' and not public, until the
 *   `article-schedule` job (every minute, as in production) publishes it;
 * - is asked before leaving unsaved changes by a link, finds them offered back on return, sees the newsroom list in
 *   the console's language, compares two revisions, restores the older one, publishes it, deletes the article, and
 *   readers are told 'Content has been deleted'.
 * The journeys of one site run in order: they share the editor, so the admin logs in once per site.
 */
import { randomInt } from 'node:crypto'
import type { Cookie, Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import type { ConsoleMe } from '../contracts/console-rules.ts'
import type { Locale } from '../contracts/regions.ts'
import { logInThroughApi, newMobile, setDisplayNameThroughApi } from './support/accounts.ts'
import { articleChoiceLabels, chooseArticleChoices } from './support/article-editor.ts'
import { adminOn, consoleAdminsOf } from './support/console-staff.ts'
import { expect, languageNeutral, test, waitForHydration } from './support/fixtures.ts'

const consoleAdmins = consoleAdminsOf('newsroom')

type T = (key: string, options?: Record<string, unknown>) => string
type Words = Record<Locale, { title: string; body: string }>

test.describe.configure({ mode: 'serial' })

const editor = newMobile()
const editorName = `Editor ${editor.mobile}`
let editorCookies: Cookie[] = []

test.beforeAll(async ({ browser }, testInfo) => {
  const region = testInfo.project.name === 'zh-Hant' ? 'hant' : 'en'
  const admin = adminOn(consoleAdmins, region)
  const origin = testInfo.project.use.baseURL as string
  const context = await browser.newContext()
  const page = await context.newPage()
  await logInThroughApi(page, context.request, origin, admin)
  const status = await page.evaluate(
    async (phone) =>
      (
        await fetch('/api/console/roles', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone, role: 'editor' }),
        })
      ).status,
    editor.e164,
  )
  expect(status).toBe(200)
  await context.close()
  // One login for the editor: the site refuses a second code to the same number within a minute.
  const editorContext = await browser.newContext()
  const editorPage = await editorContext.newPage()
  await logInThroughApi(editorPage, editorContext.request, origin, editor)
  // The editor goes by a name: the revisions say who saved them by it.
  await setDisplayNameThroughApi(editorPage, editorName)
  editorCookies = await editorContext.cookies()
  await editorContext.close()
})

/** Words no other article has, so search and lists find this one alone. */
function wordsFor(token: string): Words {
  return {
    en: {
      title: `Wombat ${token} margins`,
      body: `## ${token} outlook\n\nThe **English body** of ${token}.`,
    },
    'zh-Hant': { title: `${token} 袋熊利潤`, body: `## ${token} 展望\n\n${token} 的**中文內文**。` },
  }
}

async function openNewArticle(page: Page) {
  await page.context().addCookies(editorCookies)
  await page.goto('/console/articles/new')
  await waitForHydration(page)
}

/** Fills the form of a new article in both languages and saves it; the editor's address. */
async function writeDraft(page: Page, t: T, key: string, words: Words): Promise<string> {
  await page.getByLabel(t('console:editor.key'), { exact: true }).fill(key)
  for (const locale of ['en', 'zh-Hant'] as const) await fillVersion(page, t, locale, words[locale])
  await chooseArticleChoices(page, t)
  await page.getByRole('button', { name: t('console:editor.save') }).click()
  await expect(page).toHaveURL(/\/console\/articles\/\d+$/)
  await expect(page.getByTestId('article-state')).toContainText(t('console:states.draft'))
  return page.url()
}

async function fillVersion(page: Page, t: T, locale: Locale, words: { title: string; body: string }) {
  const language = t(`console:languages.${locale}`)
  const column = page.getByTestId(`version-${locale}`)
  await column.getByLabel(t('console:editor.titleField', { language }), { exact: true }).fill(words.title)
  await column.getByLabel(t('console:editor.body', { language }), { exact: true }).fill(words.body)
}

/** The element sits inside a screen this wide (nothing pushed off a phone's screen). */
async function expectWithinWidth(locator: Locator, width: number) {
  const box = await locator.boundingBox()
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true)
}

async function confirmStateAction(page: Page, t: T, action: string) {
  await page.getByRole('button', { name: t(`console:actions.${action}`), exact: true }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByRole('button', { name: t(`console:actions.${action}`), exact: true }).click()
  await expect(dialog).toBeHidden()
}

/** The instant as the firm's wall clock, as a datetime-local field takes it (2026-11-26T18:30). */
function firmWallClock(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

test('an editor uploads a cover, shares a preview of the draft, publishes, and readers see the cover', async ({
  page,
  browser,
  site,
  t,
}) => {
  test.setTimeout(120_000)
  const token = `cover${randomInt(100_000, 999_999)}`
  const key = `newsroom-${token}`
  const words = wordsFor(token)
  await openNewArticle(page)

  // Kind, topic, market and author start unchosen; a save without them is refused beside each, in the site's words.
  await page.getByRole('button', { name: t('console:editor.save') }).click()
  for (const choice of articleChoiceLabels) {
    const field = page.getByLabel(t(`console:editor.${choice}`), { exact: true })
    await expect(field).toHaveValue('')
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field.locator('xpath=..').getByRole('alert')).toHaveText(t('errors:CONSOLE_CHOICE_REQUIRED'))
  }
  await expect(page).toHaveURL(/\/console\/articles\/new$/)

  // Typed and then reloaded (on a phone): the browser asks first, and the form is offered back as it was typed.
  await page.setViewportSize({ width: 360, height: 800 })
  await page.getByLabel(t('console:editor.key'), { exact: true }).fill(key)
  await fillVersion(page, t, site.locale, words[site.locale])
  await page.getByLabel(t('console:editor.market'), { exact: true }).selectOption({ index: 2 })
  const market = await page.getByLabel(t('console:editor.market'), { exact: true }).inputValue()
  const asked: string[] = []
  page.once('dialog', (dialog) => {
    asked.push(dialog.type())
    void dialog.accept()
  })
  await page.reload()
  await waitForHydration(page)
  expect(asked).toEqual(['beforeunload'])
  const offer = page.getByTestId('kept-draft-offer')
  await expect(offer).toBeVisible()
  await expectWithinWidth(offer.getByRole('button', { name: t('console:editor.draftDiscard') }), 360)
  await offer.getByRole('button', { name: t('console:editor.draftRestore') }).click()
  await expect(offer).toBeHidden()
  await expect(page.getByLabel(t('console:editor.key'), { exact: true })).toHaveValue(key)
  await expect(page.getByLabel(t('console:editor.market'), { exact: true })).toHaveValue(market)
  const language = t(`console:languages.${site.locale}`)
  await expect(
    page
      .getByTestId(`version-${site.locale}`)
      .getByLabel(t('console:editor.titleField', { language }), { exact: true }),
  ).toHaveValue(words[site.locale].title)
  await page.setViewportSize({ width: 1440, height: 900 })

  // A picture made here (wider than the largest width the site makes), uploaded through the form.
  const picture = await sharp({
    create: { width: 1800, height: 1000, channels: 3, background: { r: 40, g: 110, b: 180 } },
  })
    .png()
    .toBuffer()
  await page
    .getByLabel(t('console:editor.cover'))
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: picture })
  const thumbnail = page.getByRole('img', { name: t('console:editor.coverThumbnail') })
  await expect(thumbnail).toHaveAttribute('src', /^\/media\/uploads\/covers\//)
  await writeDraft(page, t, key, words)
  await expect(thumbnail).toHaveAttribute('src', /^\/media\/uploads\/covers\//)

  // The preview link opens the draft for a reader who is not logged in; the plain address stays 'not found'. The
  // first link is the console's own site (the Chinese console's opens the hant site).
  await page.getByRole('button', { name: t('console:editor.previewLink') }).click()
  const previewLink = page.getByTestId('preview-link').first()
  await expect(previewLink).toBeVisible()
  expect(await previewLink.getAttribute('href')).toMatch(
    new RegExp(`^${site.origin.replaceAll('.', '\\.')}/articles/${key}\\?preview=`),
  )
  await expect(previewLink).toHaveText(
    t('console:editor.previewOpen', { language: t(`console:languages.${site.locale}`) }),
  )
  const previewUrl = (await previewLink.getAttribute('href')) as string
  const reader = await browser.newContext({ locale: site.locale === 'en' ? 'en-US' : 'zh-TW' })
  try {
    const readerPage = await reader.newPage()
    const plain = await readerPage.goto(`${site.origin}/articles/${key}`)
    expect(plain?.status()).toBe(404)
    await expect(readerPage.getByRole('heading', { level: 1 })).toHaveText(t('errorPage.contentMissing'))
    const preview = await readerPage.goto(previewUrl)
    expect(preview?.status()).toBe(200)
    await expect(readerPage.getByRole('heading', { level: 1 })).toHaveText(words[site.locale].title)
    await expect(readerPage.getByTestId('article-body').locator('h2')).toContainText(token)
    // A draft is not 'Published…': the page says it is a preview readers cannot see yet.
    await expect(readerPage.getByTestId('unpublished-preview')).toHaveText(
      t('articles:detail.unpublishedPreview'),
    )
    await expect(readerPage.getByTestId('published-at')).toHaveCount(0)
    // Still a draft for everyone else, even after the preview was seen.
    expect((await readerPage.goto(`${site.origin}/articles/${key}`))?.status()).toBe(404)
  } finally {
    await reader.close()
  }

  // Published, the article page shows the uploaded cover, offered in modern formats and several widths.
  await confirmStateAction(page, t, 'publish')
  await expect(page.getByTestId('article-state')).toContainText(t('console:states.published'))
  await page.goto(`/articles/${key}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words[site.locale].title)
  const cover = page.getByTestId('article-cover')
  await expect(cover).toBeVisible()
  await expect
    .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true)
  expect(await cover.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(
    /\/media\/uploads\/covers\/[^/]+\/\d+\.(avif|webp|png)$/,
  )
  await expect(page.locator('picture source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /480w.*960w.*1600w/,
  )
})

test(
  'a scheduled article is not public until the schedule job publishes it at its time',
  languageNeutral,
  async ({ page, site, t }) => {
    // The job runs at the start of every minute, as in production: the time is at most two minutes ahead.
    test.setTimeout(300_000)
    const token = `sched${randomInt(100_000, 999_999)}`
    const key = `newsroom-${token}`
    const words = wordsFor(token)
    await openNewArticle(page)
    const editorUrl = await writeDraft(page, t, key, words)

    const me = (await page.evaluate(
      async () => (await (await fetch('/api/console/me')).json()).data,
    )) as ConsoleMe
    const serverNow = new Date(me.now).getTime()
    const publishAt = new Date(Math.ceil((serverNow + 75_000) / 60_000) * 60_000)
    const typed = firmWallClock(publishAt, me.timeZone)
    await page.getByLabel(t('console:editor.publishAt', { timeZone: me.timeZone })).fill(typed)
    // The confirmation writes the time as people do (Nov 29, 2026, 3:05 AM / 2026年11月29日 下午3:05), not as typed.
    await page.getByRole('button', { name: t('console:actions.schedule'), exact: true }).click()
    const question = page.getByRole('alertdialog')
    const [year, month, day, minute] = [
      typed.slice(0, 4),
      typed.slice(5, 7),
      typed.slice(8, 10),
      typed.slice(14),
    ]
    await expect(question).toContainText(
      site.locale === 'en'
        ? new RegExp(`${year}, \\d{1,2}:${minute}\\s[AP]M`)
        : new RegExp(`${year}年${Number(month)}月${Number(day)}日.*\\d{1,2}:${minute}`),
    )
    await expect(question).not.toContainText(typed)
    await question.getByRole('button', { name: t('common:actions.cancel'), exact: true }).click()
    await expect(question).toBeHidden()
    await confirmStateAction(page, t, 'schedule')
    await expect(page.getByTestId('article-state')).toContainText(t('console:states.scheduled'))

    // Not yet public on either surface a reader could find it by.
    const before = await page.goto(`/articles/${key}`)
    expect(before?.status()).toBe(404)
    await page.goto(`/search/${token}`)
    await expect(page.getByRole('link', { name: words[site.locale].title })).toHaveCount(0)

    // The job publishes it once its minute has come; the article page and search show it.
    await expect
      .poll(
        async () => {
          const response = await page.goto(`/articles/${key}`)
          return response?.status()
        },
        { timeout: 200_000, intervals: [5_000] },
      )
      .toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words[site.locale].title)
    await page.goto(`/search/${token}`)
    await expect(page.getByRole('link', { name: words[site.locale].title }).first()).toBeVisible()

    await page.goto(editorUrl)
    await waitForHydration(page)
    await expect(page.getByTestId('article-state')).toContainText(t('console:states.published'))
  },
)

test(
  'an editor compares two revisions, restores the older one, and deletes the article',
  languageNeutral,
  async ({ page, site, t }) => {
    test.setTimeout(120_000)
    const token = `revs${randomInt(100_000, 999_999)}`
    const key = `newsroom-${token}`
    const first = wordsFor(token)
    const second: Words = {
      en: { ...first.en, title: `${first.en.title} revised` },
      'zh-Hant': { ...first['zh-Hant'], title: `${first['zh-Hant'].title}（修訂）` },
    }
    await openNewArticle(page)
    const editorUrl = await writeDraft(page, t, key, first)
    for (const locale of ['en', 'zh-Hant'] as const) await fillVersion(page, t, locale, second[locale])

    // Leaving by a link with unsaved changes asks first: cancelled, the changes stay; left, they are offered back.
    const back = page.getByRole('link', { name: t('console:editor.back') })
    const leave = page.getByRole('alertdialog')
    await back.click()
    await expect(leave).toContainText(t('console:editor.leaveTitle'))
    await leave.getByRole('button', { name: t('common:actions.cancel'), exact: true }).click()
    await expect(leave).toBeHidden()
    const language = t(`console:languages.${site.locale}`)
    const title = page
      .getByTestId(`version-${site.locale}`)
      .getByLabel(t('console:editor.titleField', { language }), { exact: true })
    await expect(title).toHaveValue(second[site.locale].title)
    await back.click()
    await leave.getByRole('button', { name: t('console:editor.leave'), exact: true }).click()
    await expect(page).toHaveURL(/\/console\/articles$/)
    // The newsroom list names the article in the console's language.
    await page.getByLabel(t('console:articles.search'), { exact: true }).fill(token)
    await page.getByRole('button', { name: t('console:articles.apply') }).click()
    // The filtered list replaces the whole one when it arrives: wait for it before reading its one row.
    await expect(page.getByTestId('article-row')).toHaveCount(1)
    const row = page.getByTestId('article-row').getByRole('link')
    await expect(row).toHaveText(first[site.locale].title)
    await row.click()
    await page
      .getByTestId('kept-draft-offer')
      .getByRole('button', { name: t('console:editor.draftRestore') })
      .click()
    await expect(title).toHaveValue(second[site.locale].title)
    await page.getByRole('button', { name: t('console:editor.save') }).click()
    await expect(page.getByText(t('console:editor.saved'))).toBeVisible()

    // Revision 1 against revision 2: the titles of both languages changed, shown side by side under the names the
    // form gives them, with only the added words marked; the revisions say who saved them.
    await page.getByLabel(t('console:revisions.from')).selectOption('1')
    await page.getByLabel(t('console:revisions.to')).selectOption('2')
    await page.getByRole('button', { name: t('console:revisions.compare') }).click()
    const changes = page.getByTestId('revision-changes')
    const added = { en: 'revised', 'zh-Hant': '修訂' } as const
    for (const locale of ['en', 'zh-Hant'] as const) {
      const label = t('console:revisions.fields.title', {
        language: t(`console:revisions.languages.${locale}`),
      })
      const row = changes.getByRole('row', { name: label })
      await expect(row.getByRole('rowheader')).toHaveText(label)
      await expect(row).toContainText(first[locale].title)
      await expect(row).toContainText(second[locale].title)
      await expect(row.locator('ins', { hasText: added[locale] })).toHaveCount(1)
      await expect(row.locator('ins', { hasText: token })).toHaveCount(0)
    }
    await expect(changes).not.toContainText('versions.')
    await expect(
      page.getByRole('row').filter({ has: page.getByRole('cell', { name: '2', exact: true }) }),
    ).toContainText(editorName)

    // Restoring revision 1 makes it the newest revision, and its words are what readers get once published.
    await page.getByRole('button', { name: t('console:revisions.restoreNumber', { number: 1 }) }).click()
    await expect(title).toHaveValue(first[site.locale].title)
    await expect(page.getByTestId('article-state')).toContainText(t('console:editor.revision', { number: 3 }))
    const newest = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '3', exact: true }) })
    await expect(newest).toContainText(t('console:revisions.actions.restore'))
    await confirmStateAction(page, t, 'publish')
    await expect(page.getByTestId('article-state')).toContainText(t('console:states.published'))
    expect(page.url()).toBe(editorUrl)
    await page.goto(`/articles/${key}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first[site.locale].title)

    // Deleted: readers are told so, with 410 Gone.
    await page.goto(editorUrl)
    await waitForHydration(page)
    await confirmStateAction(page, t, 'delete')
    await expect(page.getByTestId('article-state')).toContainText(t('console:states.deleted'))
    const gone = await page.goto(`/articles/${key}`)
    expect(gone?.status()).toBe(410)
    await expect(page.getByText(t('articles:states.deleted'))).toBeVisible()
  },
)
