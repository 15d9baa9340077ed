/**
 * Expert diagnosis (issue 15), on the English and the Traditional Chinese site: a member without a plan is asked to
 * subscribe; a Base subscriber (on a 360 px phone) asks an analyst about a stock; the admin answers it in the
 * console from another browser, claiming it first and previewing the Markdown; the subscriber's header shows the
 * notice, they open the answer, and the notice goes.
 */
import { randomInt } from 'node:crypto'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { logInThroughApi, openAccountMenu, subscribeThroughApi } from './support/accounts.ts'
import { adminOn, consoleAdminsOf } from './support/console-staff.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'

const consoleAdmins = consoleAdminsOf('expert')

/** Each site's journey asks about its own stock (both share one server). */
const stockOf = { en: 'MSFT', hant: '0700' } as const

test('an expert question goes to the console and the answer returns', async ({
  page,
  browser,
  request,
  site,
  t,
}) => {
  test.setTimeout(150_000)
  const admin = adminOn(consoleAdmins, site.region)
  const code = stockOf[site.region === 'hant' ? 'hant' : 'en']
  const marker = `${randomInt(100_000, 999_999)}`
  const questionText = `Is the dividend safe after the last results? (${marker})`

  // A member without a plan sees what opens it.
  await page.setViewportSize({ width: 360, height: 800 })
  await acceptCookies(page, site.origin)
  await logInThroughApi(page, request, site.origin)
  await page.goto('/member/expert')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('expert:title'))
  const lock = page.getByTestId('lock-prompt')
  await expect(lock).toContainText(
    t('member:lock.subscribe', { what: t('expert:lockWhat'), tier: t('plans:subscribe.tiers.base') }),
  )
  await expect(lock.getByRole('link')).toHaveAttribute('href', '/subscribe?tier=base')
  await expect(page.getByRole('form', { name: t('expert:form.title') })).toHaveCount(0)
  await expectNoSeriousA11yIssues(page)

  // Subscribed to Base: this month's allowance, an empty list that says how it works, the form.
  await subscribeThroughApi(page, 'base')
  await page.goto('/member/expert')
  await waitForHydration(page)
  await expect(page.getByTestId('expert-allowance')).toContainText(
    t('expert:allowance.usedOf', { used: 0, total: 1 }),
  )
  await expect(page.getByText(t('expert:list.empty'))).toBeVisible()
  await expect(page.getByRole('heading', { name: t('expert:how.title') })).toBeVisible()

  // Asking: the form says what is missing first, then sends.
  const form = page.getByRole('form', { name: t('expert:form.title') })
  await form.getByRole('button', { name: t('expert:form.submit') }).click()
  await expect(form.getByText(t('expert:form.chooseStock'))).toBeVisible()
  await expect(form.getByText(t('errors:EXPERT_QUESTION_TOO_SHORT'))).toBeVisible()
  await form.getByRole('combobox', { name: t('expert:form.stock') }).fill(code)
  await page.getByRole('option').filter({ hasText: code }).first().click()
  await expect(form.getByTestId('expert-chosen-stock')).toContainText(code)
  await form.getByLabel(t('expert:form.question')).fill(questionText)
  await form.getByRole('button', { name: t('expert:form.submit') }).click()
  await expect(form.getByRole('status')).toHaveText(t('expert:form.sent'))
  await expect(page.getByTestId('expert-allowance')).toContainText(
    t('expert:allowance.usedOf', { used: 1, total: 1 }),
  )
  const asked = page.getByTestId('expert-question').filter({ hasText: marker })
  await expect(asked).toContainText(t('expert:list.states.waiting'))
  // No question is left: the button is off and the page says when they renew and what gives more.
  await expect(form.getByRole('button', { name: t('expert:form.submit') })).toBeDisabled()
  await expect(
    page.getByRole('link', {
      name: t('expert:allowance.upgrade', { tier: t('plans:subscribe.tiers.plus') }),
    }),
  ).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectNoSeriousA11yIssues(page)

  // The admin, in a browser of their own, claims and answers it in the console.
  const consoleContext = await browser.newContext({ baseURL: site.origin })
  const consolePage = await consoleContext.newPage()
  await acceptCookies(consolePage, site.origin)
  await logInThroughApi(consolePage, request, site.origin, admin)
  await consolePage.goto('/console/expert')
  await expect(consolePage.getByRole('heading', { level: 1 })).toHaveText(t('expert:console.title'))
  await waitForHydration(consolePage)
  const row = consolePage.getByTestId('expert-queue-row').filter({ hasText: marker })
  await row.getByRole('link').click()
  await expect(consolePage.getByTestId('expert-question-text')).toHaveText(questionText)
  await expectNoSeriousA11yIssues(consolePage)
  await consolePage.getByRole('button', { name: t('expert:console.claim') }).click()
  await expect(consolePage.getByRole('status')).toHaveText(t('expert:console.claimed'))
  await expect(consolePage.getByRole('button', { name: t('expert:console.release') })).toBeVisible()
  const answerForm = consolePage.getByRole('form', { name: t('expert:console.send') })
  await answerForm
    .getByLabel(t('expert:console.answer'))
    .fill(`**Yes, for now.** Payout ratio ${marker} is covered.`)
  await expect(consolePage.getByTestId('markdown-preview').locator('strong')).toHaveText('Yes, for now.')
  await answerForm.getByRole('button', { name: t('expert:console.send') }).click()
  await expect(consolePage.getByRole('status')).toHaveText(t('expert:console.answered'))
  await expect(consolePage.getByTestId('expert-console-answer')).toContainText(t('expert:console.notSeen'))
  await consoleContext.close()

  // The subscriber: the header shows the notice (on the phone, on the menu button), then in the account entry.
  await page.goto('/member/expert')
  await waitForHydration(page)
  await expect(
    page.getByRole('button', { name: t('shell:openMenu') }).getByTestId('expert-notice-dot'),
  ).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByTestId('account-menu').getByTestId('expert-notice-dot')).toBeVisible()
  const notice = (await openAccountMenu(page)).getByTestId('expert-notice')
  await expect(notice).toHaveText(t('account:menu.expertAnswers', { count: 1 }))
  await notice.click()
  await expect(page).toHaveURL(/\/member\/expert$/)
  const answered = page.getByTestId('expert-question').filter({ hasText: marker })
  await expect(answered).toContainText(t('expert:list.new'))
  await answered.getByRole('button', { name: t('expert:list.readAnswer') }).click()
  const answer = answered.getByTestId('expert-answer')
  await expect(answer.locator('strong')).toHaveText('Yes, for now.')
  await expect(answer).toContainText(t('expert:list.anAnalyst'))
  // Opened: the notice goes, here and after the next page.
  await expect(notice).toHaveCount(0)
  await expect(answered).not.toContainText(t('expert:list.new'))
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.getByTestId('account-menu')).toBeVisible()
  await expect(page.getByTestId('expert-notice')).toHaveCount(0)
  await expect(page.getByTestId('expert-notice-dot')).toHaveCount(0)
})
