/**
 * Accounts for browser journeys: fresh mobile numbers, codes read from the development SMS outbox, logging in.
 * The outbox and the plan grant are test endpoints: the servers in playwright.config.ts set TEST_ENDPOINTS=loopback.
 */

import { randomInt } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { toE164Mobile } from '../../contracts/mobile-number.ts'
import { expect } from './fixtures.ts'

/** A valid Hong Kong mobile number nobody else in the run uses. */
export function newMobile(): { mobile: string; e164: string; masked: string } {
  for (;;) {
    const mobile = `${randomInt(5, 7)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`
    const e164 = toE164Mobile('HK', mobile)
    if (e164) return { mobile, e164, masked: `+852 ****${mobile.slice(-4)}` }
  }
}

/** The test process cannot resolve *.localhost as Chromium does; the outbox is the same on every host name. */
function loopbackOf(origin: string): string {
  const url = new URL(origin)
  url.hostname = '127.0.0.1'
  return url.origin
}

/**
 * The newest code texted to the number, from the development outbox. Waits for it: a click on "send code" returns
 * before the browser's request has reached the server.
 */
export async function codeFromOutbox(
  request: APIRequestContext,
  origin: string,
  e164: string,
): Promise<string> {
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `${loopbackOf(origin)}/api/portal/dev/sms-outbox?phone=${encodeURIComponent(e164)}`,
        )
        if (!response.ok()) return `outbox answered ${response.status()} (is TEST_ENDPOINTS=loopback set?)`
        const body = ((await response.json()) as { data: { body: string }[] }).data[0]?.body ?? ''
        code = /\b(\d{6})\b/.exec(body)?.[1]
        return code ? 'code' : `no code in the outbox for ${e164}`
      },
      { timeout: 10_000 },
    )
    .toBe('code')
  return code as string
}

/** POSTs JSON to the site's API from the page, as the page's own code does (its cookies, its origin); the status. */
export function postFromPage(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(`/api/portal${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return response.status
    },
    { path, body },
  )
}

/** Logs the browser in through the same API the form uses (for journeys about something else). */
export async function logInThroughApi(
  page: Page,
  request: APIRequestContext,
  origin: string,
  number = newMobile(),
) {
  await page.goto(`${origin}/privacy-policy`)
  expect(await postFromPage(page, '/member/sendCode', { country: 'HK', mobile: number.mobile })).toBe(200)
  const code = await codeFromOutbox(request, origin, number.e164)
  expect(
    await postFromPage(page, '/member/login', { country: 'HK', mobile: number.mobile, code, agreed: true }),
  ).toBe(200)
  return number
}

/**
 * Subscribes the browser's logged-in member now, through the test endpoint that grants a plan (what an operator's
 * `subscription:grant` does); the page must be on the site.
 */
export async function subscribeThroughApi(page: Page, tier: 'base' | 'plus' | 'premium'): Promise<void> {
  expect(await postFromPage(page, '/dev/subscription', { tier })).toBe(200)
}

/** Opens the desktop header's account menu (a logged-in reader's number) and answers the open menu. */
export async function openAccountMenu(page: Page) {
  await page.locator('header').first().getByTestId('account-menu').getByRole('button').click()
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  return menu
}

/** The account menu's "Log out" item (which asks first). */
export async function chooseLogOut(page: Page, logOutLabel: string): Promise<void> {
  const menu = await openAccountMenu(page)
  await menu.getByRole('menuitem', { name: logOutLabel }).click()
}

/** Gives the reader logged in on `page` a display name (the console says who acted by it). */
export async function setDisplayNameThroughApi(page: Page, displayName: string): Promise<void> {
  const status = await page.evaluate(async (name) => {
    const response = await fetch('/api/portal/member/displayName', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: name }),
    })
    return response.status
  }, displayName)
  expect(status).toBe(200)
}
