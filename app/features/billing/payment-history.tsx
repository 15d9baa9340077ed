/**
 * The account page's payment history, newest first: date, plan and period, why it was paid (first payment,
 * renewal, upgrade), the amount, what was refunded, and the provider's receipt (a new tab). Demo payments have no
 * receipt and say so. More pages load on request.
 */

import { __iconData as externalLinkShape } from 'lucide-react/icons/external-link'
import { useState } from 'react'
import { Badge } from '#app/components/badge.tsx'
import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { toast } from '#app/components/toaster.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { PaymentPage, PaymentRow } from '#contracts/billing-rules.ts'
import { listPayments } from './billing-api.ts'
import { formatMoney, formatShortDate, type ReadingPlace } from './billing-format.ts'
import { useErrorMessage } from './plan-changes.tsx'

const ExternalLink = outlineIcon(externalLinkShape)

export function PaymentHistory({ first, place }: { first: PaymentPage; place: ReadingPlace }) {
  const { t } = useTranslation(['billing', 'plans', 'common'])
  const errorMessage = useErrorMessage()
  // Later pages are added to the loader's first one; a new first page (after a change) starts over.
  const [more, setMore] = useState<{ first: PaymentPage; rows: PaymentRow[]; page: number }>({
    first,
    rows: [],
    page: first.page,
  })
  const [isLoading, setIsLoading] = useState(false)
  const extra = more.first === first ? more : { first, rows: [], page: first.page }
  const rows = [...first.rows, ...extra.rows]

  async function loadMore() {
    setIsLoading(true)
    try {
      const next = await listPayments(extra.page + 1, first.pageSize)
      setMore({ first, rows: [...extra.rows, ...next.rows], page: next.page })
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setIsLoading(false)
    }
  }

  return (
    <Card className="flex flex-col gap-4" data-testid="payment-history">
      <h2 className="text-lg font-semibold text-ink-950">{t('account.payments.title')}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-ink-800">{t('account.payments.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-ink-100">
          {rows.map((row) => (
            <li
              key={row.id}
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 text-sm"
              data-testid="payment-row"
            >
              <div className="flex flex-col gap-0.5">
                <p className="font-medium text-ink-950">
                  {t('account.payments.what', {
                    tier: t(`plans:subscribe.tiers.${row.tier}`),
                    period: t(`period.${row.period}`),
                  })}
                </p>
                <p className="text-ink-700">
                  {formatShortDate(row.paidAt, place)} · {t(`account.payments.kinds.${row.kind}`)}
                </p>
                {row.refundedMinor > 0 && row.refundedAt ? (
                  <p className="text-ink-700">
                    {t('account.payments.refunded', {
                      amount: formatMoney(row.refundedMinor, row.currency, place.displayLocale),
                      date: formatShortDate(row.refundedAt, place),
                    })}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-col items-end gap-1">
                <p className="font-semibold text-ink-950 tabular-nums" data-testid="payment-amount">
                  {formatMoney(row.amountMinor, row.currency, place.displayLocale)}
                </p>
                <p className="flex items-center gap-2">
                  {row.isDemo ? <Badge tone="warn">{t('common:demo.badge')}</Badge> : null}
                  <Badge tone={row.status === 'paid' ? 'gain' : 'neutral'}>
                    {t(`account.payments.statuses.${row.status}`)}
                  </Badge>
                </p>
                {row.receiptUrl ? (
                  <a
                    href={row.receiptUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-brand-700 underline"
                  >
                    {t('account.payments.receipt')}
                    <span className="sr-only"> {t('account.payments.newTab')}</span>
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                  </a>
                ) : (
                  <p className="text-xs text-ink-700">
                    {t(row.isDemo ? 'account.payments.noReceiptDemo' : 'account.payments.noReceipt')}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {rows.length < first.total ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-ink-700">
          <span>{t('account.payments.shown', { shown: rows.length, total: first.total })}</span>
          <Button variant="secondary" size="sm" onClick={() => void loadMore()} isLoading={isLoading}>
            {t('account.payments.more')}
          </Button>
        </div>
      ) : null}
    </Card>
  )
}
