import { describe, expect, it } from 'vitest'
import { renderMarkup, textOf } from '#app/features/stocks/testing/render-markup.tsx'
import type { QuotaStatus } from '#contracts/accounts.ts'
import type { PaymentPage, PaymentRow } from '#contracts/billing-rules.ts'
import { PaymentHistory } from './payment-history.tsx'
import { UsagePanel } from './usage-panel.tsx'

const newYork = { displayLocale: 'en-US', timeZone: 'America/New_York' }
const taipei = { displayLocale: 'zh-TW', timeZone: 'Asia/Taipei' }

function payment(overrides: Partial<PaymentRow>): PaymentRow {
  return {
    id: 'pay-1',
    kind: 'checkout',
    status: 'paid',
    tier: 'plus',
    period: 'quarter',
    currency: 'USD',
    amountMinor: 10699,
    refundedMinor: 0,
    paidAt: '2026-11-24T15:00:00.000Z',
    refundedAt: null,
    provider: 'stripe',
    isDemo: false,
    receiptUrl: 'https://invoice.stripe.com/i/acct_1/test_receipt',
    ...overrides,
  }
}

const page = (rows: PaymentRow[], total = rows.length): PaymentPage => ({
  rows,
  total,
  page: 1,
  pageSize: 20,
})

describe('the payment history', () => {
  it('lists each payment with its plan, reason, amount and the provider’s receipt in a new tab', () => {
    const html = renderMarkup(
      <PaymentHistory
        first={page([
          payment({
            id: 'up',
            kind: 'upgrade',
            tier: 'premium',
            amountMinor: 5403,
            paidAt: '2026-11-26T15:00:00.000Z',
          }),
          payment({}),
        ])}
        place={newYork}
      />,
    )
    expect(textOf(html)).toContain(
      'Premium, Quarterly Nov 26, 2026 · Upgrade $54.03 Paid Receipt (opens in a new tab)',
    )
    expect(textOf(html)).toContain('Plus, Quarterly Nov 24, 2026 · First payment $106.99 Paid Receipt')
    expect(html).toContain(
      'href="https://invoice.stripe.com/i/acct_1/test_receipt" target="_blank" rel="noopener noreferrer"',
    )
  })

  it('says a demo payment has no receipt, and what a refund paid back and when', () => {
    const html = renderMarkup(
      <PaymentHistory
        first={page([
          payment({
            provider: 'demo',
            isDemo: true,
            receiptUrl: null,
            status: 'refunded',
            refundedMinor: 10699,
            refundedAt: '2026-11-25T15:00:00.000Z',
          }),
        ])}
        place={newYork}
      />,
    )
    expect(textOf(html)).toContain('$106.99 refunded on Nov 25, 2026')
    expect(textOf(html)).toContain('DEMO Refunded Demo payment, no receipt')
    expect(html).not.toContain('<a')
  })

  it('offers more when there are, in Chinese on the Chinese sites, in the region’s currency', () => {
    const html = renderMarkup(
      <PaymentHistory first={page([payment({ currency: 'TWD', amountMinor: 345600 })], 21)} place={taipei} />,
      { locale: 'zh-Hant' },
    )
    expect(textOf(html)).toContain('進階版，按季 2026年11月24日 · 首次付款 NT$3,456 已付款')
    expect(textOf(html)).toContain('顯示 1 筆，共 21 筆付款 顯示更多')
  })

  it('says when there is nothing yet', () => {
    expect(textOf(renderMarkup(<PaymentHistory first={page([])} place={newYork} />))).toBe(
      'Payment history No payments yet.',
    )
  })
})

describe('this month’s use', () => {
  const quota = (
    kind: 'diagnosis' | 'chat',
    monthlyLimit: number,
    monthlyRemaining: number,
  ): QuotaStatus => ({
    kind,
    role: 'subscriber',
    tier: 'plus',
    monthlyLimit,
    monthlyRemaining,
    dailyLimit: 21,
    dailyRemaining: 21 - (monthlyLimit - monthlyRemaining),
    remaining: monthlyRemaining,
    limitedBy: null,
  })

  it('shows diagnoses and replies used against the plan’s allowance', () => {
    const html = renderMarkup(
      <UsagePanel
        usage={{ diagnosis: quota('diagnosis', 30, 27), chat: quota('chat', 600, 600) }}
        displayLocale="en-US"
      />,
    )
    expect(textOf(html)).toBe(
      "This month's use AI stock diagnoses 3 of 30 used this month 3 of 21 today AI chat replies 0 of 600 used this month 0 of 21 today",
    )
  })
})
