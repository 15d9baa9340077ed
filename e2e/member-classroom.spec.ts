/**
 * The investment classroom (/member/investment, issue 15) on the English and the Traditional Chinese site, with the
 * labelled sample courses the first start seeds: a visitor sees every course and is asked to log in; a member
 * without a plan is asked to subscribe; a Base subscriber opens a partial lesson, finds a full one locked with
 * "Upgrade to Plus" and marks the opened one done; a Premium subscriber opens the mentorship; a link to a lesson
 * opens it from the server. Axe on every screen; the page fits a 360 px phone.
 */
import type { Page } from '@playwright/test'
import { sampleCourses } from '../server/modules/classroom/classroom-samples.ts'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { logInThroughApi, subscribeThroughApi } from './support/accounts.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'
import { expectTierNamesOfTheSite } from './support/tier-names.ts'

const deepDive = sampleCourses.find((course) => course.kind === 'deepDive')
const mentorship = sampleCourses.find((course) => course.kind === 'mentorship')
if (!deepDive || !mentorship) throw new Error('the sample classroom has no deep dive or mentorship')
const partialLesson = deepDive.lessons.find((lesson) => lesson.access === 'partial')
const fullLesson = deepDive.lessons.find((lesson) => lesson.access === 'full')
if (!partialLesson || !fullLesson) throw new Error('the sample deep dive needs a partial and a full lesson')

function courseCard(page: Page, title: string) {
  return page
    .getByTestId('classroom-course')
    .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) })
}

function lessonRow(page: Page, courseTitle: string, lessonTitle: string) {
  return courseCard(page, courseTitle).getByTestId('classroom-lesson').filter({ hasText: lessonTitle })
}

async function expectFitsAPhone(page: Page) {
  await page.setViewportSize({ width: 360, height: 800 })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

test('a visitor sees every course and lesson, each locked with a log-in prompt', async ({
  page,
  site,
  t,
}) => {
  await page.goto('/member/investment')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('classroom:page.title'))
  for (const course of sampleCourses) {
    const card = courseCard(page, course.title[site.locale])
    await expect(card).toBeVisible()
    await expect(card).toContainText(t(`classroom:kinds.${course.kind}`))
    await expect(card).toContainText(t('member:sample'))
  }
  const row = lessonRow(page, deepDive.title[site.locale], partialLesson.title[site.locale])
  await expect(row.getByRole('link', { name: t('member:lock.logInAction') })).toHaveAttribute(
    'href',
    /\/member\/login\?/,
  )
  // No lesson opens for a visitor: there is nothing to follow but the prompts.
  await expect(page.getByRole('link', { name: partialLesson.title[site.locale] })).toHaveCount(0)
  await expect(page.getByTestId('course-progress')).toHaveCount(0)
  await expectNoSeriousA11yIssues(page)
  await expectFitsAPhone(page)
})

test('a member without a plan is asked to subscribe', async ({ page, request, site, t }) => {
  await logInThroughApi(page, request, site.origin)
  await page.goto('/member/investment')
  const row = lessonRow(page, deepDive.title[site.locale], partialLesson.title[site.locale])
  const base = t('plans:subscribe.tiers.base')
  await expect(
    row.getByRole('link', { name: t('member:lock.subscribeAction', { tier: base }) }),
  ).toHaveAttribute('href', '/subscribe?tier=base')
  const mentorshipRow = lessonRow(
    page,
    mentorship.title[site.locale],
    mentorship.lessons[0]?.title[site.locale] ?? '',
  )
  await expect(mentorshipRow).toContainText(
    t('member:lock.subscribeAction', { tier: t('plans:subscribe.tiers.premium') }),
  )
})

test('a Base subscriber opens a partial lesson, finds a full one locked, and marks the lesson done', async ({
  page,
  request,
  site,
  t,
}) => {
  // Two accessibility scans, a reload and the phone check beside the lesson itself: ~37 s on a busy machine.
  test.slow()
  await logInThroughApi(page, request, site.origin)
  await subscribeThroughApi(page, 'base')
  await page.goto('/member/investment')
  await waitForHydration(page)
  const courseTitle = deepDive.title[site.locale]
  const card = courseCard(page, courseTitle)
  const partialCount = deepDive.lessons.filter((lesson) => lesson.access === 'partial').length
  await expect(card.getByTestId('course-progress')).toContainText(
    t('classroom:progress', { done: 0, total: partialCount }),
  )

  await card.getByRole('link', { name: partialLesson.title[site.locale], exact: true }).click()
  await expect(page).toHaveURL(/\?lesson=/)
  const panel = card.getByTestId('lesson-panel')
  await expect(panel.getByRole('heading', { name: partialLesson.title[site.locale] })).toBeVisible()
  const firstHeading = /^## (.+)$/m.exec(partialLesson.notes[site.locale])?.[1] ?? ''
  await expect(panel.getByTestId('lesson-notes').getByRole('heading', { name: firstHeading })).toBeVisible()

  const lockedRow = lessonRow(page, courseTitle, fullLesson.title[site.locale])
  await expect(
    lockedRow.getByRole('link', {
      name: t('member:lock.upgradeAction', { tier: t('plans:subscribe.tiers.plus') }),
    }),
  ).toHaveAttribute('href', '/subscribe?tier=plus')
  await expectNoSeriousA11yIssues(page)

  await panel.getByRole('button', { name: t('classroom:markDone') }).click()
  await expect(panel.getByRole('status')).toHaveText(t('classroom:markedDone'))
  await expect(card.getByTestId('course-progress')).toContainText(
    t('classroom:progress', { done: 1, total: partialCount }),
  )
  await expect(panel.getByRole('button', { name: t('classroom:markNotDone') })).toBeVisible()
  await expectNoSeriousA11yIssues(page)

  // A link to the lesson opens it from the server, done mark and all.
  await page.goto(page.url())
  await expect(courseCard(page, courseTitle).getByTestId('lesson-panel')).toContainText(
    partialLesson.title[site.locale],
  )
  await expect(page.getByRole('button', { name: t('classroom:markNotDone') })).toBeVisible()
  await expectFitsAPhone(page)
})

test('a Premium subscriber opens the live mentorship', async ({ page, request, site, t }) => {
  await logInThroughApi(page, request, site.origin)
  await subscribeThroughApi(page, 'premium')
  await page.goto('/member/investment')
  await waitForHydration(page)
  const card = courseCard(page, mentorship.title[site.locale])
  await expect(card.getByTestId('lock-prompt')).toHaveCount(0)
  const session = mentorship.lessons.find((lesson) => lesson.access === 'full') ?? mentorship.lessons[0]
  if (!session) throw new Error('the sample mentorship has no lessons')
  await card.getByRole('link', { name: session.title[site.locale], exact: true }).click()
  const panel = card.getByTestId('lesson-panel')
  await expect(panel.getByTestId('lesson-notes')).toBeVisible()
  await expect(panel.getByRole('button', { name: t('classroom:markDone') })).toBeVisible()
  // The intro and the mentorship's summary name the plan as the plans page does.
  await expect(page.locator('main')).toContainText(t('classroom:page.intro'))
  await expect(card).toContainText(mentorship.summary[site.locale])
  await expectTierNamesOfTheSite(page, site)
  await expectNoSeriousA11yIssues(page)
})
