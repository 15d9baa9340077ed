import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createManualClock } from '#server/clock.ts'
import { createCapturedSms } from '#server/testing/captured-sms.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { loadAccountPage, loadDemoCheckoutPage, loadSubscribePage } from './billing.server.ts'

const sms = createCapturedSms()
const now = '2026-11-22T09:00:00.000Z'
let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime(
    { SESSION_IDLE_DAYS: '365', SESSION_ABSOLUTE_DAYS: '365', BILLING_TAX_NOTE_ZH: '價格已含稅。' },
    { clock: createManualClock(now), smsSender: sms.sender },
  )
})
afterAll(() => runtime.close())

async function logIn(mobile: string): Promise<string> {
  const { accounts } = runtime.services
  await accounts.sendLoginCode({ country: 'HK', mobile }, { locale: 'en' })
  const code = sms.codeSentTo(`+852${mobile}`)
  return (await accounts.logIn({ country: 'HK', mobile, code, agreed: true }, { locale: 'en' })).token
}

function pageRequest(path: string, token?: string, region: 'en' | 'hant' = 'en'): Request {
  return new Request(`http://${region}.localhost:3000${path}`, {
    headers: token ? { cookie: `access_token=${token}` } : {},
  })
}

const context = (region: 'en' | 'hant' = 'en') => ({
  services: runtime.services,
  config: runtime.config,
  region,
  locale: region === 'en' ? ('en' as const) : ('zh-Hant' as const),
  clientIp: '10.7.0.2',
})

/** A member who bought a plan through the demo checkout; the checkout's id. */
async function buyPlan(token: string, outcome: 'paid' | 'failed' = 'paid') {
  const reader = await runtime.services.accounts.readerFromCookies({ access_token: token })
  const client = { region: 'en' as const, locale: 'en' as const }
  const start = await runtime.services.billing.startCheckout(
    reader,
    { tier: 'plus', period: 'quarter', returnPath: '/subscribe?period=quarter' },
    client,
  )
  await runtime.services.billing.completeDemoCheckout(
    reader,
    { checkoutId: start.checkoutId, outcome },
    client,
  )
  return start.checkoutId
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  const failure = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  if (failure instanceof Response) return failure
  // React Router's `data(…, { status })` is thrown as a DataWithResponseInit.
  const init = (failure as { init?: { status?: number } } | undefined)?.init
  return new Response(null, { status: init?.status ?? 500 })
}

describe('the subscribe page’s data', () => {
  it('gives a visitor the region’s prices and tax wording, when each period would renew, and no plan', async () => {
    const page = await loadSubscribePage(
      pageRequest('/subscribe', undefined, 'hant'),
      context('hant'),
      new Date(now),
    )
    expect(page.role).toBe('visitor')
    expect(page.state).toBeNull()
    expect(page.prices).toMatchObject({
      currency: 'TWD',
      isDemo: true,
      checkoutOpen: true,
      taxNote: '價格已含稅。',
    })
    expect(page.prices.prices.find((p) => p.tier === 'plus' && p.period === 'quarter')).toMatchObject({
      amountMinor: 345600,
    })
    expect(page.renewsOn).toEqual({
      month: '2026-12-22T09:00:00.000Z',
      quarter: '2027-02-22T09:00:00.000Z',
      year: '2027-11-22T09:00:00.000Z',
    })
    expect(page.returnedCheckout).toBeNull()
  })

  it('tells a member back from a paid checkout how it ended, with the plan already in force', async () => {
    const token = await logIn('61240001')
    const checkoutId = await buyPlan(token)
    const page = await loadSubscribePage(
      pageRequest(`/subscribe?period=quarter&checkout=${checkoutId}`, token),
      context(),
    )
    expect(page.returnedCheckout).toEqual({ checkoutId, status: 'paid', isCancelled: false })
    expect(page.state?.subscription).toMatchObject({ tier: 'plus', period: 'quarter', source: 'billing' })
    expect(page.allowances.find((a) => a.rung === 'plus')?.diagnosis.monthly).toBe(30)
  })

  it('tells a failed or given-up checkout as such, and ignores another member’s', async () => {
    const token = await logIn('61240002')
    const failed = await buyPlan(token, 'failed')
    const page = await loadSubscribePage(
      pageRequest(`/subscribe?checkout=${failed}&outcome=cancelled`, token),
      context(),
    )
    expect(page.returnedCheckout).toEqual({ checkoutId: failed, status: 'failed', isCancelled: true })
    expect(page.state?.subscription).toBeNull()
    const stranger = await logIn('61240003')
    const theirs = await loadSubscribePage(pageRequest(`/subscribe?checkout=${failed}`, stranger), context())
    expect(theirs.returnedCheckout).toBeNull()
  })
})

describe('the demo checkout page’s data', () => {
  it('is the member’s own checkout; another’s, or no such id, is a 404; a visitor logs in first', async () => {
    const token = await logIn('61240004')
    const reader = await runtime.services.accounts.readerFromCookies({ access_token: token })
    const start = await runtime.services.billing.startCheckout(
      reader,
      { tier: 'base', period: 'month', returnPath: '/subscribe' },
      { region: 'en' },
    )
    const path = `/checkout/demo/${start.checkoutId}`
    const own = await loadDemoCheckoutPage(pageRequest(path, token), start.checkoutId, context())
    expect(own.checkout).toMatchObject({ status: 'open', tier: 'base', period: 'month', amountMinor: 1999 })
    const stranger = await logIn('61240005')
    expect(
      (await thrown(loadDemoCheckoutPage(pageRequest(path, stranger), start.checkoutId, context()))).status,
    ).toBe(404)
    expect(
      (await thrown(loadDemoCheckoutPage(pageRequest('/checkout/demo/x', token), 'x', context()))).status,
    ).toBe(404)
    const visitor = await thrown(loadDemoCheckoutPage(pageRequest(path), start.checkoutId, context()))
    expect(visitor.headers.get('location')).toBe(`/member/login?redirect=${encodeURIComponent(path)}`)
  })
})

describe('the account page’s data', () => {
  it('sends a visitor to log in and back', async () => {
    const response = await thrown(loadAccountPage(pageRequest('/member/account'), context()))
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/member/login?redirect=%2Fmember%2Faccount')
  })

  it('gives a member their masked number, plan, payments and this month’s use against the allowance', async () => {
    const token = await logIn('61240006')
    await buyPlan(token)
    const page = await loadAccountPage(pageRequest('/member/account', token), context())
    expect(page.member).toMatchObject({ maskedPhone: '+852 ****0006', role: 'subscriber' })
    expect(page.state.subscription).toMatchObject({ tier: 'plus', period: 'quarter' })
    expect(page.state.actions.refund.allowed).toBe(true)
    expect(page.payments.rows).toMatchObject([{ kind: 'checkout', amountMinor: 10699, currency: 'USD' }])
    expect(page.usage.diagnosis).toMatchObject({ kind: 'diagnosis', tier: 'plus', monthlyLimit: 30 })
    expect(page.usage.chat).toMatchObject({ kind: 'chat', tier: 'plus' })
  })
})
