/**
 * Searching the reader's own conversations from the chat's list (issue 27), on the English and the Traditional
 * Chinese site: a visitor's conversation of three questions, the first about Microsoft; typing the name (lower case
 * in English, 微軟 inside a Chinese sentence) shows the conversation with the match marked; choosing it opens the
 * conversation at the message that matched. At 1440 px beside the conversation, at 360 px in the drawer; axe.
 */
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { acceptCookies, expect, type Site, test, waitForHydration } from './support/fixtures.ts'

const questions = (site: Site) =>
  site.locale === 'zh-Hant'
    ? ['微軟的市盈率是多少？', '騰訊被低估了嗎？', '蘋果最近一年的股價表現如何？']
    : [
        'What is Microsoft’s P/E?',
        'Is Tencent undervalued?',
        'How has Apple’s price done over the past year?',
      ]
const searchText = (site: Site) => (site.locale === 'zh-Hant' ? '微軟' : 'microsoft')

/** Asks through the API from the page (its cookies) in one conversation; its id. */
async function askInOneConversation(page: Page, texts: string[]): Promise<string> {
  return page.evaluate(async (all) => {
    let id = ''
    for (const question of all) {
      const query = new URLSearchParams({ question, ...(id ? { subSessionId: id } : {}) })
      const response = await fetch(`/api/portal/ai/chatSearch?${query}`, {
        headers: { Accept: 'text/event-stream' },
      })
      const body = await response.text()
      const start = /event: start\ndata: (.*)\n/.exec(body)
      if (!start || !/event: done/.test(body)) throw new Error(`not answered: ${response.status}`)
      id = JSON.parse(start[1] as string).conversationId
    }
    return id
  }, texts)
}

async function openChat(page: Page, path = '/ai-qna') {
  await page.goto(path)
  await waitForHydration(page)
  await expect(page.locator('[data-testid="conversation-list"] [role="status"]')).toHaveCount(0)
}

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

test('a reader finds a conversation by a word in it and opens it at that message', async ({
  page,
  site,
  t,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1440, height: 800 })
  await openChat(page)
  const conversationId = await askInOneConversation(page, questions(site))
  await openChat(page)
  const list = page.locator('aside')
  const title = (await list.getByTestId('conversation-link').textContent())?.trim() ?? ''
  expect(title).not.toBe('')

  // Nothing matches: said so.
  const box = list.getByRole('searchbox', { name: t('chat:search.label') })
  await box.fill('zzqxw')
  await expect(list.getByTestId('conversation-search-none')).toHaveText(
    t('chat:search.none', { text: 'zzqxw' }),
  )

  // The name: the conversation, its title, the match marked, the date.
  await box.fill(searchText(site))
  const result = list.getByTestId('conversation-search-result')
  await expect(result).toHaveCount(1)
  await expect(result).toContainText(title)
  await expect(result.locator('mark')).toHaveText(new RegExp(`^${searchText(site)}$`, 'i'))
  await expect(result.locator('time')).toBeVisible()
  await expect(list.getByTestId('conversation-link')).toHaveCount(0)
  await expectNoSeriousA11yIssues(page)

  await result.getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/ai-qna\\?id=${conversationId}$`))
  const found = page.locator('[data-found="true"]')
  await expect(found).toHaveCount(1)
  await expect(found).toContainText(new RegExp(searchText(site), 'i'))
  await expect(found).toBeInViewport()

  // Emptied, the box gives the list back.
  await box.fill('')
  await expect(list.getByTestId('conversation-link')).toHaveCount(1)

  // At 360 px the search is in the drawer; choosing a result closes it on the message.
  await page.setViewportSize({ width: 360, height: 740 })
  await openChat(page)
  await page.getByTestId('open-conversations').click()
  const drawer = page.getByRole('dialog', { name: t('chat:list.heading') })
  await drawer.getByRole('searchbox', { name: t('chat:search.label') }).fill(searchText(site))
  await expect(drawer.getByTestId('conversation-search-result').locator('mark')).toBeVisible()
  await expectNoSeriousA11yIssues(page)
  await drawer.getByTestId('conversation-search-result').getByRole('link').click()
  await expect(drawer).toBeHidden()
  await expect(page.locator('[data-found="true"]')).toBeInViewport()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
})
