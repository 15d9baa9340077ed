/**
 * Files in the AI chat at /ai-qna, on the English and the Traditional Chinese site: a text file attached by the
 * paperclip shows its upload's progress (on a slowed connection), then is ready, and a question about it is
 * answered from its text and shows the file under it; a file dropped on the conversation (at 360 px) and removed
 * before sending; a pasted file, then the conversation deleted with it; files refused by the browser (a program)
 * and by the server (a picture named .txt) with the 'Upload failed' reason; a sixth file refused while five are
 * kept; a member's holdings CSV (a picture named .csv refused first) previewed and imported into the portfolio only
 * by the confirm button, and only once. Each test runs in a fresh browser, so each visitor has the default allowance of uploads (5 a day); the
 * files are made in the test.
 */
import type { Page } from '@playwright/test'
import { expectNoSeriousA11yIssues } from './support/accessibility.ts'
import { logInThroughApi } from './support/accounts.ts'
import {
  acceptCookies,
  expect,
  languageNeutral,
  type Site,
  test,
  waitForHydration,
} from './support/fixtures.ts'

/** A word the assistant can only know from the file. */
const fileWord = 'Quillbrook'

function notesFile(name = 'warehouse-notes.txt') {
  const text = [
    `${fileWord} warehouse report.`,
    `The ${fileWord} warehouse in Rotterdam stores 4,200 pallets of saffron for the autumn season.`,
    'Inventory turnover improved to 6.1 times a year.',
  ].join('\n')
  return { name, mimeType: 'text/plain', buffer: Buffer.from(text) }
}

/** A real 1 × 1 PNG. */
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

/** Asks about a word of the file; the answer quotes the passage, which names the warehouse. */
const fileQuestion = (site: Site) =>
  site.locale === 'zh-Hant'
    ? '檔案裡的 saffron 存放在哪裡？'
    : 'Where does the file say the saffron is stored?'

function chips(page: Page) {
  return page.getByTestId('file-chip')
}

function picker(page: Page) {
  return page.getByTestId('attach-input')
}

async function openChat(page: Page) {
  await page.goto('/ai-qna')
  await waitForHydration(page)
  await expect(page.locator('[data-testid="conversation-list"] [role="status"]')).toHaveCount(0)
}

/** The open conversation's id, from the address (a new chat gets one when its first file is attached). */
async function conversationIdOf(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/ai-qna\?id=[0-9a-f-]{36}$/)
  return new URL(page.url()).searchParams.get('id') ?? ''
}

/** `GET /ai/listFiles` from the page (its cookies): the status and the files' names and statuses. */
async function listFiles(page: Page, conversationId: string) {
  return page.evaluate(async (id) => {
    const response = await fetch(`/api/portal/ai/listFiles?subSessionId=${id}`)
    const body = response.ok
      ? ((await response.json()) as { data: { name: string; status: string }[] })
      : null
    return { status: response.status, files: body?.data.map((f) => `${f.name}:${f.status}`) ?? [] }
  }, conversationId)
}

test.beforeEach(async ({ page, site }) => {
  await acceptCookies(page, site.origin)
})

test.describe('files in the AI chat', () => {
  test('uploads a file by the paperclip with its progress, then answers a question from it', async ({
    page,
    site,
    t,
  }) => {
    test.setTimeout(60_000)
    await openChat(page)
    const attach = page.getByRole('button', { name: t('chat:composer.attach'), exact: true })
    await expect(attach).toBeVisible()
    await expect(picker(page)).toHaveAttribute('accept', /\.pdf.*\.pptx/)

    // A file of about 150 kB on a connection that sends 40 kB a second: the progress can be watched.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 40_000,
    })
    const big = notesFile('warehouse-notes.txt')
    const filler = `\n${'Shelf audit line with ordinary words. '.repeat(4000)}`
    await picker(page).setInputFiles({ ...big, buffer: Buffer.concat([big.buffer, Buffer.from(filler)]) })
    const chip = chips(page).first()
    await expect(chip).toHaveAttribute('data-status', 'uploading')
    const progress = chip.getByRole('progressbar', { name: t('chat:files.progress', { name: big.name }) })
    await expect(progress).toBeVisible()
    // Real progress: the bar moves while the bytes go up.
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0)
    await expect(chip.getByTestId('file-name')).toHaveText(big.name)
    // Sending waits for the file, and says so.
    await page.getByTestId('composer').fill(fileQuestion(site))
    await expect(page.getByTestId('send')).toBeDisabled()
    await expect(page.getByTestId('composer-hint')).toHaveText(t('chat:composer.waitForFiles'))
    await expectNoSeriousA11yIssues(page)

    await expect(chip).toHaveAttribute('data-status', 'ready', { timeout: 20_000 })
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    await expect(chip.getByTestId('file-state')).toHaveText(t('chat:files.ready'))
    await expect(chip.getByRole('progressbar')).toHaveCount(0)
    // The new chat became a conversation for the file, and the list shows it.
    const conversationId = await conversationIdOf(page)
    await expect(page.locator('aside [data-testid="conversation-row"]')).toHaveCount(1)

    await expect(page.getByTestId('send')).toBeEnabled()
    await page.getByTestId('send').click()
    const answer = page.getByTestId('chat-answer').first()
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 })
    await expect(answer).toContainText(fileWord)
    await expect(chips(page)).toHaveCount(0)
    const question = page.getByTestId('chat-question').first()
    await expect(question.getByTestId('chat-attachment')).toHaveText(new RegExp(big.name))
    await expect(question.getByTestId('chat-attachment').locator('a, button')).toHaveCount(0)
    expect(await conversationIdOf(page)).toBe(conversationId)

    // The question keeps its file after a reload.
    await page.reload()
    await waitForHydration(page)
    await expect(page.getByTestId('chat-question').first().getByTestId('chat-attachment')).toHaveText(
      new RegExp(big.name),
    )
  })

  test('at 360 px, takes a file dropped on the conversation, and removes it before sending', async ({
    page,
    site,
    t,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await openChat(page)
    const file = notesFile('dropped-notes.txt')
    const dataTransfer = await page.evaluateHandle(
      ({ name, text }) => {
        const transfer = new DataTransfer()
        transfer.items.add(new File([text], name, { type: 'text/plain' }))
        return transfer
      },
      { name: file.name, text: file.buffer.toString('utf8') },
    )
    const conversation = page.getByTestId('conversation')
    await conversation.dispatchEvent('dragenter', { dataTransfer })
    const overlay = page.getByTestId('drop-overlay')
    await expect(overlay).toContainText(t('chat:files.drop'))
    await conversation.dispatchEvent('dragover', { dataTransfer })
    await conversation.dispatchEvent('drop', { dataTransfer })
    await expect(overlay).toHaveCount(0)
    const chip = chips(page).first()
    await expect(chip).toHaveAttribute('data-status', 'ready', { timeout: 15_000 })
    const conversationId = await conversationIdOf(page)
    expect((await listFiles(page, conversationId)).files).toEqual([`${file.name}:ready`])
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)

    // Removed by keyboard: the chip goes, and so does the file on the server.
    const remove = chip.getByRole('button', { name: t('chat:files.remove', { name: file.name }) })
    await remove.focus()
    await page.keyboard.press('Enter')
    await expect(chips(page)).toHaveCount(0)
    await expect.poll(async () => (await listFiles(page, conversationId)).files).toEqual([])

    // The question goes without it.
    await page
      .getByTestId('composer')
      .fill(site.locale === 'zh-Hant' ? '騰訊被低估了嗎？' : 'Is Tencent undervalued?')
    await page.getByTestId('composer').press('Enter')
    await expect(page.getByTestId('chat-answer').first()).toHaveAttribute('data-status', 'complete', {
      timeout: 20_000,
    })
    await expect(page.getByTestId('chat-attachment')).toHaveCount(0)
  })

  test(
    'takes a file pasted into the question box; deleting the conversation deletes its files',
    languageNeutral,
    async ({ page, t }) => {
      await openChat(page)
      const file = notesFile('pasted-notes.txt')
      await page.getByTestId('composer').evaluate(
        (box, { name, text }) => {
          const transfer = new DataTransfer()
          transfer.items.add(new File([text], name, { type: 'text/plain' }))
          box.dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
          )
        },
        { name: file.name, text: file.buffer.toString('utf8') },
      )
      await expect(chips(page).first()).toHaveAttribute('data-status', 'ready', { timeout: 15_000 })
      await expect(page.getByTestId('composer')).toHaveValue('')
      const conversationId = await conversationIdOf(page)
      expect((await listFiles(page, conversationId)).status).toBe(200)

      const row = page.locator('aside [data-testid="conversation-row"]:has([aria-current="page"])')
      await row.getByTestId('delete-conversation').click()
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: t('chat:delete.button') })
        .click()
      await expect(page.getByText(t('chat:list.deleted'))).toBeVisible()
      await expect(page).toHaveURL(/\/ai-qna$/)
      await expect(chips(page)).toHaveCount(0)
      expect((await listFiles(page, conversationId)).status).toBe(404)
    },
  )

  test('says why a file was refused: a program by the browser, a picture named .txt by the server', async ({
    page,
    t,
  }) => {
    await openChat(page)
    await picker(page).setInputFiles([
      { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00program') },
      { name: 'chart.txt', mimeType: 'text/plain', buffer: pngBytes },
    ])
    const program = chips(page).nth(0)
    await expect(program).toHaveAttribute('data-status', 'failed')
    await expect(program.getByTestId('file-state')).toHaveText(t('chat:files.failed'))
    await expect(program.getByTestId('file-failure')).toHaveText(t('errors:CHAT_FILE_TYPE_NOT_ALLOWED'))
    const renamed = chips(page).nth(1)
    await expect(renamed).toHaveAttribute('data-status', 'failed', { timeout: 15_000 })
    await expect(renamed.getByTestId('file-state')).toHaveText(t('chat:files.failed'))
    await expect(renamed.getByTestId('file-failure')).toHaveText(t('errors:CHAT_FILE_TYPE_MISMATCH'))
    // Read out politely, and the failed chips do not hold the question back.
    await expect(page.getByTestId('chat-announcement')).toContainText(t('chat:files.failed'))
    await page.getByTestId('composer').fill('x')
    await expect(page.getByTestId('send')).toBeEnabled()
    await expectNoSeriousA11yIssues(page)
  })

  test(
    'refuses a sixth file in the browser and keeps the other five',
    languageNeutral,
    async ({ page, t }) => {
      await openChat(page)
      const five = ['a', 'b', 'c', 'd', 'e'].map((letter) => notesFile(`notes-${letter}.txt`))
      await picker(page).setInputFiles([...five, notesFile('notes-f.txt')])
      await expect(chips(page)).toHaveCount(6)
      const sixth = chips(page).nth(5)
      await expect(sixth).toHaveAttribute('data-status', 'failed')
      await expect(sixth.getByTestId('file-failure')).toHaveText(t('errors:CHAT_FILE_TOO_MANY'))
      for (let index = 0; index < 5; index++)
        await expect(chips(page).nth(index)).toHaveAttribute('data-status', 'ready', { timeout: 15_000 })
      const conversationId = await conversationIdOf(page)
      expect((await listFiles(page, conversationId)).files).toHaveLength(5)
      // Still five pending: one more is refused too, without a request.
      await picker(page).setInputFiles([notesFile('notes-g.txt')])
      await expect(chips(page).nth(6).getByTestId('file-failure')).toHaveText(t('errors:CHAT_FILE_TOO_MANY'))
      expect((await listFiles(page, conversationId)).files).toHaveLength(5)
    },
  )
})

test.describe('a holdings CSV in the AI chat', () => {
  const words = (site: Site) =>
    site.locale === 'zh-Hant'
      ? {
          importIt: '把這個檔案匯入我的投資組合',
          preview: '2 行可以匯入',
          rejected: '以下 1 行不會匯入',
          confirm: '匯入 2 筆交易，略過 1 行',
          done: '已把 2 筆交易匯入您的投資組合。',
        }
      : {
          importIt: 'Import this file into my portfolio',
          preview: '2 can be imported',
          rejected: 'These 1 rows will not be imported',
          confirm: 'Import 2 transactions, skip 1 rows',
          done: 'Imported 2 transactions into your portfolio.',
        }

  const holdingsCsv = [
    'Date,Symbol,Action,Quantity,Price,Currency,Note',
    '2024-01-05,AAPL,Buy,10,150,USD,"first lot, long term"',
    '2024-02-01,MSFT,Buy,5,"1,200",USD,',
    '2024-04-01,ZZZZ,Buy,1,10,USD,"a ""ghost"" ticker"',
  ].join('\r\n')

  async function holdingsOf(page: Page): Promise<string[]> {
    return page.evaluate(async () => {
      const response = await fetch('/api/portal/member/portfolio')
      return ((await response.json()) as { data: { holdings: { code: string }[] } }).data.holdings
        .map((holding) => holding.code)
        .sort()
    })
  }

  test('previews a CSV like a workbook and imports it into the portfolio only on confirm, once', async ({
    page,
    request,
    site,
    t,
  }) => {
    test.setTimeout(90_000)
    await logInThroughApi(page, request, site.origin)
    await openChat(page)

    // A picture named .csv is refused by its content, with the reason in the reader's language.
    await picker(page).setInputFiles({ name: 'holdings.csv', mimeType: 'text/csv', buffer: pngBytes })
    const renamed = chips(page).first()
    await expect(renamed).toHaveAttribute('data-status', 'failed', { timeout: 15_000 })
    await expect(renamed.getByTestId('file-failure')).toHaveText(t('errors:CHAT_FILE_TYPE_MISMATCH'))
    await renamed.getByTestId('remove-file').click()
    await expect(chips(page)).toHaveCount(0)

    await picker(page).setInputFiles({
      name: 'broker.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(holdingsCsv),
    })
    await expect(chips(page).first()).toHaveAttribute('data-status', 'ready', { timeout: 30_000 })
    const answers = page.getByTestId('chat-answer')
    await page.getByTestId('composer').fill(words(site).importIt)
    await page.getByTestId('send').click()
    const answer = answers.first()
    await expect(answer).toHaveAttribute('data-status', 'complete', { timeout: 20_000 })
    await expect(answer).toContainText(words(site).preview)
    await expect(answer).toContainText(words(site).rejected)
    await expect(answer.getByRole('table')).toContainText('MSFT')
    await expect(answer.getByRole('table')).toContainText('1,200')
    expect(await holdingsOf(page)).toEqual([])

    const confirm = answer.getByRole('button', { name: words(site).confirm })
    await confirm.click()
    await expect(answer.getByRole('status').filter({ hasText: words(site).done })).toBeVisible()
    expect(await holdingsOf(page)).toEqual(['AAPL', 'MSFT'])
    await expectNoSeriousA11yIssues(page)
  })
})
