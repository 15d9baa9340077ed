/**
 * What the AI chat could not answer, in the console (issue 27), on the English and the Traditional Chinese site: a
 * reader asks about a crypto-currency (declined: not a stock); an admin opens the console's view and finds the
 * question under its reason, counted in this week's row; narrowing to another reason leaves it out. Axe.
 */
import { logInThroughApi } from './support/accounts.ts'
import { adminOn, consoleAdminsOf } from './support/console-staff.ts'
import { acceptCookies, expect, test, waitForHydration } from './support/fixtures.ts'

const consoleAdmins = consoleAdminsOf('chat-gaps')

import { expectNoSeriousA11yIssues } from './support/accessibility.ts'

test('an admin sees the questions the chat declined, by week and reason', async ({
  page,
  request,
  site,
  t,
}) => {
  test.setTimeout(90_000)
  const admin = adminOn(consoleAdmins, site.region)
  const question = site.locale === 'zh-Hant' ? '比特幣現在多少錢？' : 'What is Bitcoin’s price right now?'

  // A reader asks what the chat does not cover.
  await acceptCookies(page, site.origin)
  await page.goto('/ai-qna')
  await waitForHydration(page)
  const answered = await page.evaluate(async (q) => {
    const response = await fetch(`/api/portal/ai/chatSearch?question=${encodeURIComponent(q)}`, {
      headers: { Accept: 'text/event-stream' },
    })
    return /event: done/.test(await response.text())
  }, question)
  expect(answered).toBe(true)

  // The admin finds it under its reason.
  await page.context().clearCookies()
  await logInThroughApi(page, request, site.origin, admin)
  await page.goto('/console')
  await page
    .getByRole('link', { name: t('console:nav.chat-gaps') })
    .first()
    .click()
  await expect(page).toHaveURL(/\/console\/chat-gaps$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('console-analytics:chatGaps.title'))
  const row = page.getByTestId('chat-gap').filter({ hasText: question })
  await expect(row).toHaveCount(1)
  await expect(row).toContainText(t('console-analytics:chatGaps.reasons.crypto'))
  await expect(page.getByTestId('chat-gaps-weeks')).toContainText(
    t('console-analytics:chatGaps.reasons.crypto'),
  )
  await expect(page.getByTestId('chat-gaps-week').first().locator('[data-reason="crypto"]')).not.toHaveText(
    '0',
  )
  await waitForHydration(page)
  await expectNoSeriousA11yIssues(page)

  // Another reason: the question is not there.
  const filters = page.getByRole('form', { name: t('console-analytics:chatGaps.filters') })
  await filters.getByLabel(t('console-analytics:chatGaps.reason')).selectOption('advice')
  await filters.getByRole('button', { name: t('console-analytics:chatGaps.apply') }).click()
  await expect(page).toHaveURL(/reason=advice/)
  await expect(page.getByTestId('chat-gap').filter({ hasText: question })).toHaveCount(0)
})
