/**
 * The classroom in the console (issue 15), on the English and the Traditional Chinese site: an analyst (here an
 * admin, who holds every role) creates a course, adds a lesson in both languages with Markdown notes and their
 * preview, sees a refused field explained beside it, and finds the course and lesson on the member classroom.
 */
import { randomInt } from 'node:crypto'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { logInThroughApi, subscribeThroughApi } from './support/accounts.ts'
import { adminOn, consoleAdminsOf } from './support/console-staff.ts'
import { expect, test, waitForHydration } from './support/fixtures.ts'

const consoleAdmins = consoleAdminsOf('classroom')

test('an analyst adds a course and a lesson, and readers find it in the classroom', async ({
  page,
  request,
  site,
  t,
}) => {
  test.setTimeout(120_000)
  const admin = adminOn(consoleAdmins, site.region)
  const run = randomInt(100_000, 999_999)
  const courseTitle = { en: `Reading bank statements ${run}`, 'zh-Hant': `讀懂銀行報表 ${run}` }
  const lessonTitle = { en: `Net interest margin ${run}`, 'zh-Hant': `淨息差 ${run}` }
  const language = (locale: 'en' | 'zh-Hant') => t(`console:languages.${locale}`)

  await logInThroughApi(page, request, site.origin, admin)
  await page.goto('/console/classroom')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('classroom:console.title'))
  await expect(page.getByTestId('classroom-course-row').first()).toBeVisible()
  await page.getByRole('link', { name: t('classroom:console.newCourse') }).click()

  const courseForm = page.getByRole('form', { name: t('classroom:console.newCourseTitle') })
  await courseForm.getByLabel(t('classroom:console.kind')).selectOption('deepDive')
  for (const locale of ['en', 'zh-Hant'] as const) {
    await courseForm
      .getByLabel(t('classroom:console.titleIn', { language: language(locale) }))
      .fill(courseTitle[locale])
    await courseForm
      .getByLabel(t('classroom:console.summaryIn', { language: language(locale) }))
      .fill(locale === 'en' ? 'How banks earn and lose money.' : '銀行如何賺錢與虧損。')
  }
  await courseForm.getByRole('button', { name: t('classroom:console.saveCourse') }).click()
  await expect(page).toHaveURL(/\/console\/classroom\?id=/)

  await page.getByRole('button', { name: t('classroom:console.addLesson') }).click()
  const lessonForm = page.getByTestId('classroom-lesson-form')
  for (const locale of ['en', 'zh-Hant'] as const)
    await lessonForm
      .getByLabel(t('classroom:console.titleIn', { language: language(locale) }))
      .fill(lessonTitle[locale])
  await lessonForm.getByLabel(t('classroom:console.mark'), { exact: true }).selectOption('partial')
  await lessonForm
    .getByLabel(t('classroom:console.notesIn', { language: language('en') }))
    .fill(
      '## Margins\n\nNet interest margin is what a bank earns on loans **minus** what it pays on deposits.',
    )
  await lessonForm
    .getByLabel(t('classroom:console.notesIn', { language: language('zh-Hant') }))
    .fill('## 息差\n\n淨息差是銀行貸款收入**減去**存款支出。')
  await expect(
    lessonForm.getByTestId('markdown-preview').first().getByRole('heading', { name: 'Margins' }),
  ).toBeVisible()
  await expectNoSeriousA11yIssues(page)
  // A video address that is not https is refused beside the field.
  await lessonForm.getByLabel(t('classroom:console.videoUrl')).fill('http://videos.example.com/margins')
  await lessonForm.getByRole('button', { name: t('classroom:console.saveLesson') }).click()
  await expect(lessonForm.getByText(t('errors:CLASSROOM_VIDEO_URL_INVALID'))).toBeVisible()
  await lessonForm
    .getByLabel(t('classroom:console.videoUrl'))
    .fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ')
  await lessonForm.getByRole('button', { name: t('classroom:console.saveLesson') }).click()
  await expect(page.getByText(t('classroom:console.lessonCreated'))).toBeVisible()
  await expect(page.getByTestId('classroom-lesson-row')).toContainText(lessonTitle[site.locale])

  // On the site: the course and its lesson are listed; the admin has no plan, so the lesson asks to subscribe.
  await page.goto('/member/investment')
  const card = page
    .getByTestId('classroom-course')
    .filter({ has: page.getByRole('heading', { level: 2, name: courseTitle[site.locale] }) })
  await expect(card).toContainText(lessonTitle[site.locale])
  await expect(card).toContainText(
    t('member:lock.subscribeAction', { tier: t('plans:subscribe.tiers.base') }),
  )

  // Subscribed, they open it: the YouTube address plays in the privacy-enhanced player the page's policy allows.
  await subscribeThroughApi(page, 'base')
  await page.goto('/member/investment')
  await waitForHydration(page)
  await card.getByRole('link', { name: lessonTitle[site.locale], exact: true }).click()
  const player = card.getByTestId('lesson-panel').locator('iframe')
  await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
  await expect(player).toHaveAttribute(
    'title',
    t('classroom:video.title', { title: lessonTitle[site.locale] }),
  )
  // The notes' own headings sit under the lesson's title (h3): the analyst's "## Margins" is drawn as h4.
  await expect(card.getByTestId('lesson-notes').getByRole('heading', { level: 4 })).toHaveText(
    site.locale === 'en' ? 'Margins' : '息差',
  )
})
