/**
 * The AI chat at /ai-qna in the browser, on the English and the Traditional Chinese site: a question the offline
 * assistant answers, streamed to the end with its source card and disclaimer; stopping an answer; voting; renaming;
 * deleting with cancel then confirm; reopening a conversation from the list after a reload and with back/forward;
 * every quota message; the drawer at 360 px; axe. Each test runs in a fresh browser, so each visitor starts with
 * the default allowance of AI replies (5 a day). The member and subscriber quota journeys run on the second
 * server, whose chat ladder (QUOTA_CHAT_PER_DAY / _PER_MONTH in playwright.config.ts) runs out after one or two.
 */
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { logInThroughApi, subscribeThroughApi } from './support/accounts.ts'
import {
  acceptCookies,
  expect,
  languageNeutral,
  type Site,
  test,
  waitForHydration,
} from './support/fixtures.ts'
import { liveChatPort, siteOrigin } from './support/sites.ts'

const tencentQuestion = (site: Site) =>
  site.locale === 'zh-Hant' ? '騰訊被低估了嗎？' : 'Is Tencent undervalued?'
const appleQuestion = (site: Site) =>
  site.locale === 'zh-Hant'
    ? '蘋果最近一年的股價表現如何？'
    : 'How has Apple’s price done over the past year?'

function composer(page: Page) {
  return page.getByTestId('composer')
}

function answers(page: Page) {
  return page.getByTestId('chat-answer')
}

/** Opens the chat once its conversation list has loaded (a visitor's first call is what gives them a device). */
async function openChat(page: Page, path = '/ai-qna') {
  await page.goto(path)
  await waitForHydration(page)
  await expect(page.locator('[data-testid="conversation-list"] [role="status"]')).toHaveCount(0)
}

/** Asks in the composer and waits for the answer to finish (the offline assistant needs no model). */
async function ask(page: Page, question: string) {
  const count = await answers(page).count()
  await composer(page).fill(question)
  await composer(page).press('Enter')
  const answer = answers(page).nth(count)
  await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 })
  return answer
}

/** The conversation has followed the newest answer to its end (it is taller than the pane at 360 px). */
async function expectConversationAtItsEnd(page: Page) {
  await expect
    .poll(() =>
      page
        .getByTestId('conversation')
        .evaluate((pane) => pane.scrollHeight - pane.scrollTop - pane.clientHeight),
    )
    .toBeLessThan(4)
  await expect(answers(page).last().getByTestId('chat-disclaimer')).toBeInViewport()
}

/** A visitor who has not answered the cookie banner yet (the journeys accept it up front). */
async function withCookieBannerShowing(page: Page) {
  await page.context().clearCookies({ name: 'privacy' })
}

/** The cookie banner (a visitor who has not answered it) leaves the send button uncovered. */
async function expectSendClearOfCookieBanner(page: Page) {
  const banner = page.getByTestId('cookie-banner')
  await expect(banner).toBeVisible()
  await expect(page.getByTestId('send')).toBeInViewport({ ratio: 1 })
  const [send, bannerBox] = [await page.getByTestId('send').boundingBox(), await banner.boundingBox()]
  expect((send?.y ?? 0) + (send?.height ?? 0)).toBeLessThanOrEqual(bannerBox?.y ?? 0)
}

/** Asks through the API from the page (its cookies), reading the stream to its end: uses one reply. */
async function askThroughApi(page: Page, question: string): Promise<string> {
  return page.evaluate(async (q) => {
    const response = await fetch(`/api/portal/ai/chatSearch?question=${encodeURIComponent(q)}`, {
      headers: { Accept: 'text/event-stream' },
    })
    const body = await response.text()
    return /event: done/.test(body)
      ? 'answered'
      : `${response.status} ${response.headers.get('x-error-code')}`
  }, question)
}

function currentRow(page: Page) {
  return page.locator('aside [data-testid="conversation-row"]:has([aria-current="page"])')
}

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

test.describe('asking the AI chat', () => {
  test('streams an answer with its sources, the offline label and the disclaimer, and keeps it', async ({
    page,
    site,
    t,
  }) => {
    await page.setViewportSize({ width: 1440, height: 800 })
    await withCookieBannerShowing(page)
    await openChat(page)
    await expect(page).toHaveTitle(new RegExp(t('chat:title')))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('chat:title'))
    await expect(page.getByTestId('suggestions').getByRole('button').first()).toBeVisible()
    await expectSendClearOfCookieBanner(page)
    await expectNoSeriousA11yIssues(page)

    const answer = await ask(page, tencentQuestion(site))
    await expectConversationAtItsEnd(page)
    await expect(page.getByTestId('chat-question')).toHaveText(new RegExp(tencentQuestion(site)))
    await expect(answer.locator('table').first()).toBeVisible()
    const diagnosisCard = answer.locator('a[data-kind="diagnosis"]').first()
    await expect(diagnosisCard).toHaveAttribute('href', /^\/ai-stock-diagnosis\?code=0700/)
    await expect(diagnosisCard).toContainText(t('chat:answer.kinds.diagnosis'))
    await expect(diagnosisCard).toContainText(t('chat:answer.asOf', { date: '' }).trim())
    await expect(answer.getByTestId('chat-disclaimer')).toHaveText(t('chat:answer.disclaimer'))
    await expect(answer.getByTestId('chat-offline')).toHaveText(t('chat:answer.offline'))
    await expect(answer.getByTestId('chat-demo')).toContainText(t('common:demo.badge'))
    await expect(page.getByTestId('chat-announcement')).toContainText(
      t('chat:answer.announce', { text: '' }).trim(),
    )

    // The conversation has an address and a place in today's list.
    await expect(page).toHaveURL(/\/ai-qna\?id=[0-9a-f-]{36}$/)
    await expect(page.getByRole('region', { name: t('chat:list.today') })).toBeVisible()
    await expect(currentRow(page)).toHaveCount(1)
    await expectNoSeriousA11yIssues(page)

    // Sending waits for a question; Shift+Enter starts a new line instead of sending.
    await expect(page.getByTestId('send')).toBeDisabled()
    await composer(page).fill('line one')
    await composer(page).press('Shift+Enter')
    await composer(page).pressSequentially('line two')
    await expect(composer(page)).toHaveValue('line one\nline two')
    await expect(answers(page)).toHaveCount(1)
  })

  test(
    'stops an answer being written and shows it was stopped',
    languageNeutral,
    async ({ page, site, t }) => {
      await openChat(page)
      // A first answer, so everything the page fetches on demand is there before the connection is slowed.
      await ask(page, appleQuestion(site))
      // The offline assistant writes faster than anyone can press Stop: the connection is slowed to a trickle.
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: 150,
        uploadThroughput: -1,
      })
      await composer(page).fill(tencentQuestion(site))
      await composer(page).press('Enter')
      const answer = answers(page).nth(1)
      await expect(answer).toHaveAttribute('data-status', 'streaming')
      await expect(page.getByTestId('send')).toHaveCount(0)
      await expect(answer.getByTestId('chat-tool-status')).toBeVisible()
      await page.getByRole('button', { name: t('chat:answer.stop') }).click()
      await expect(answer).toHaveAttribute('data-status', 'stopped')
      await expect(answer.getByTestId('chat-stopped')).toHaveText(t('chat:answer.stopped'))
      await expect(page.getByRole('button', { name: t('chat:composer.send') })).toBeVisible()
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      })
    },
  )

  test(
    'votes on an answer, takes the vote back, and regenerates it',
    languageNeutral,
    async ({ page, site, t }) => {
      await openChat(page)
      const answer = await ask(page, tencentQuestion(site))
      // The answer's buttons, found again after each reload.
      const up = answer.getByRole('button', { name: t('chat:answer.voteUp'), exact: true })
      const down = answer.getByRole('button', { name: t('chat:answer.voteDown'), exact: true })
      await up.click()
      await expect(up).toHaveAttribute('aria-pressed', 'true')
      await page.reload()
      await waitForHydration(page)
      await expect(up).toHaveAttribute('aria-pressed', 'true')
      await down.click()
      await expect(down).toHaveAttribute('aria-pressed', 'true')
      await expect(up).toHaveAttribute('aria-pressed', 'false')
      // Pressing it again takes the vote back.
      await down.click()
      await expect(down).toHaveAttribute('aria-pressed', 'false')
      await page.reload()
      await waitForHydration(page)
      await expect(up).toHaveAttribute('aria-pressed', 'false')
      await expect(down).toHaveAttribute('aria-pressed', 'false')

      await answers(page)
        .first()
        .getByRole('button', { name: t('chat:answer.regenerate') })
        .click()
      await expect(answers(page)).toHaveCount(1)
      await expect(answers(page).first()).toHaveAttribute('data-status', 'complete', { timeout: 20_000 })
      await expect(answers(page).first().getByTestId('chat-disclaimer')).toBeVisible()
    },
  )

  test('renames a conversation inline: Enter saves, Esc cancels, an empty title is refused', async ({
    page,
    site,
    t,
  }) => {
    await openChat(page)
    await ask(page, tencentQuestion(site))
    const row = currentRow(page)
    await expect(row.getByTestId('conversation-link')).not.toBeEmpty()
    const before = (await row.getByTestId('conversation-link').textContent()) ?? ''

    await row.getByTestId('rename-conversation').click()
    const input = page.getByRole('textbox', { name: t('chat:list.renameLabel') })
    await expect(input).toBeFocused()
    await input.fill('Draft I will not keep')
    await input.press('Escape')
    await expect(input).toBeHidden()
    await expect(currentRow(page).getByTestId('conversation-link')).toHaveText(before)

    await currentRow(page).getByTestId('rename-conversation').click()
    await input.fill('   ')
    await input.press('Enter')
    await expect(page.getByTestId('rename-error')).toHaveText(t('errors:CHAT_TITLE_INVALID'))
    await input.fill('Tencent valuation notes')
    await input.press('Enter')
    await expect(currentRow(page).getByTestId('conversation-link')).toHaveText('Tencent valuation notes')

    await page.reload()
    await waitForHydration(page)
    await expect(currentRow(page).getByTestId('conversation-link')).toHaveText('Tencent valuation notes')
  })

  test(
    'deletes a conversation after the confirmation, and keeps it when cancelled',
    languageNeutral,
    async ({ page, site, t }) => {
      await openChat(page)
      await ask(page, tencentQuestion(site))
      const title = (await currentRow(page).getByTestId('conversation-link').textContent()) ?? ''
      await currentRow(page).getByTestId('delete-conversation').click()
      const dialog = page.getByRole('alertdialog')
      await expect(dialog).toContainText(t('chat:delete.confirm', { title }))
      await dialog.getByRole('button', { name: t('common:actions.cancel') }).click()
      await expect(dialog).toBeHidden()
      await expect(currentRow(page)).toHaveCount(1)

      await currentRow(page).getByTestId('delete-conversation').click()
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: t('chat:delete.button') })
        .click()
      await expect(page.getByText(t('chat:list.deleted'))).toBeVisible()
      await expect(page.locator('aside [data-testid="conversation-row"]')).toHaveCount(0)
      await expect(page).toHaveURL(/\/ai-qna$/)
      await expect(answers(page)).toHaveCount(0)
      await page.reload()
      await waitForHydration(page)
      await expect(page.getByText(t('chat:list.empty')).first()).toBeVisible()
    },
  )

  test(
    'reopens a conversation from the list after a reload, and back/forward move between them',
    languageNeutral,
    async ({ page, site }) => {
      await openChat(page)
      await ask(page, tencentQuestion(site))
      await expect(page).toHaveURL(/id=/)
      const firstUrl = page.url()

      await page.getByTestId('new-chat').first().click()
      await expect(page).toHaveURL(/\/ai-qna$/)
      await expect(composer(page)).toBeFocused()
      await ask(page, appleQuestion(site))
      await expect(page).toHaveURL(/id=/)
      const secondUrl = page.url()
      expect(secondUrl).not.toBe(firstUrl)

      await page.goto('/ai-qna')
      await waitForHydration(page)
      const rows = page.locator('aside [data-testid="conversation-link"]')
      await expect(rows).toHaveCount(2)
      // Newest activity first: the Apple conversation, then Tencent.
      await rows.nth(1).click()
      await expect(page).toHaveURL(firstUrl)
      await expect(page.getByTestId('chat-question')).toHaveText(new RegExp(tencentQuestion(site)))
      await expect(answers(page).first()).toHaveAttribute('data-status', 'complete')

      await page.reload()
      await waitForHydration(page)
      await expect(page.getByTestId('chat-question')).toHaveText(new RegExp(tencentQuestion(site)))

      await rows.nth(0).click()
      await expect(page).toHaveURL(secondUrl)
      await expect(page.getByTestId('chat-question')).toHaveText(new RegExp(appleQuestion(site)))
      await page.goBack()
      await expect(page).toHaveURL(firstUrl)
      await expect(page.getByTestId('chat-question')).toHaveText(new RegExp(tencentQuestion(site)))
      await page.goForward()
      await expect(page.getByTestId('chat-question')).toHaveText(new RegExp(appleQuestion(site)))
    },
  )

  test('says so when the address names a conversation that is not the reader’s', async ({ page, t }) => {
    await openChat(page, '/ai-qna?id=5b0e4f1c-0d7e-4b8e-9a35-4f2c8a8d9e10')
    await expect(page.getByTestId('chat-failure')).toHaveText(t('errors:CHAT_CONVERSATION_NOT_FOUND'))
    await expect(page).toHaveURL(/\/ai-qna$/)
  })

  test('at 360 px the list is a drawer that opens, leads to a conversation and closes with Escape', async ({
    page,
    site,
    t,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await withCookieBannerShowing(page)
    await openChat(page)
    await expect(page.locator('aside')).toBeHidden()
    await ask(page, tencentQuestion(site))
    await expectConversationAtItsEnd(page)
    await expectSendClearOfCookieBanner(page)
    const opener = page.getByTestId('open-conversations')
    await opener.click()
    const drawer = page.getByRole('dialog', { name: t('chat:list.heading') })
    await expect(drawer.getByTestId('conversation-link')).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(opener).toBeFocused()

    await opener.click()
    await drawer.getByRole('button', { name: t('chat:list.newChat') }).click()
    await expect(drawer).toBeHidden()
    await expect(page).toHaveURL(/\/ai-qna$/)
    await expect(composer(page)).toBeFocused()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoSeriousA11yIssues(page)
  })
})

test.describe('a reader out of AI replies', () => {
  test('a visitor is asked to log in, not to start a new chat that would be refused', async ({
    page,
    site,
    t,
  }) => {
    await openChat(page)
    for (let i = 0; i < 5; i++) expect(await askThroughApi(page, tencentQuestion(site))).toBe('answered')
    await composer(page).fill(tencentQuestion(site))
    await composer(page).press('Enter')
    const notice = page.getByTestId('chat-limit')
    await expect(notice).toContainText(t('errors:CHAT_LIMIT_VISITOR'))
    await expect(notice.getByRole('link', { name: t('chat:quota.login') })).toHaveAttribute(
      'href',
      /^\/member\/login\?redirect=%2Fai-qna/,
    )
    // The question is not lost: it is back in the box.
    await expect(composer(page)).toHaveValue(tencentQuestion(site))
    await expect(answers(page)).toHaveCount(0)
    // The allowance is the visitor's, not the conversation's: a new chat would be refused as well.
    await expect(notice.getByRole('button')).toHaveCount(0)
    await expect(notice.getByRole('link')).toHaveCount(1)

    // …and the visitor's on every regional site: the language switch carries the device (ADR 0026).
    await page.getByTestId('language-switcher').first().click()
    await expect(page).toHaveURL(new RegExp(`^${site.other.origin}/ai-qna`))
    await openChat(page, `${site.other.origin}/ai-qna`)
    await composer(page).fill(tencentQuestion(site))
    await composer(page).press('Enter')
    await expect(page.getByTestId('chat-limit')).toHaveAttribute('data-code', 'CHAT_LIMIT_VISITOR')
  })

  const rungs = [
    {
      name: 'a member is asked to subscribe',
      tier: null,
      replies: 1,
      code: 'CHAT_LIMIT_MEMBER',
      link: 'subscribe',
    },
    {
      name: 'a subscriber is asked to upgrade',
      tier: 'base',
      replies: 1,
      code: 'CHAT_LIMIT_SUBSCRIBER',
      link: 'upgrade',
    },
    {
      name: 'a subscriber at today’s limit is offered the plan with more a day',
      tier: 'plus',
      replies: 2,
      code: 'CHAT_LIMIT_DAILY_SUBSCRIBER',
      link: 'upgrade',
    },
    {
      name: 'a Premium subscriber at today’s limit is asked to come back tomorrow',
      tier: 'premium',
      replies: 3,
      code: 'CHAT_LIMIT_DAILY',
      link: null,
    },
  ] as const

  for (const rung of rungs) {
    test(rung.name, languageNeutral, async ({ page, request, site, t }) => {
      const origin = siteOrigin(site.region, liveChatPort)
      await acceptCookies(page, origin)
      await logInThroughApi(page, request, origin)
      if (rung.tier) await subscribeThroughApi(page, rung.tier)
      await openChat(page, `${origin}/ai-qna`)
      for (let i = 0; i < rung.replies; i++)
        expect(await askThroughApi(page, tencentQuestion(site))).toBe('answered')
      await composer(page).fill(tencentQuestion(site))
      await composer(page).press('Enter')
      const notice = page.getByTestId('chat-limit')
      await expect(notice).toHaveAttribute('data-code', rung.code)
      await expect(notice).toContainText(t(`errors:${rung.code}`))
      if (rung.link)
        await expect(notice.getByRole('link', { name: t(`chat:quota.${rung.link}`) })).toHaveAttribute(
          'href',
          '/subscribe',
        )
      else await expect(notice.getByRole('link')).toHaveCount(0)
    })
  }
})
