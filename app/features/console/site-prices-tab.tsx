/**
 * The price catalogue: what one period of each plan costs in each currency, and the Stripe Price charged for it —
 * the same change as the operators' `prices:set`. Amounts are typed in major units (19.99; yen and won whole).
 * Defaults seeded by the migration are marked until set.
 */

import { useState } from 'react'
import { Button } from '#app/components/button.tsx'
import { TextField } from '#app/components/text-field.tsx'
import type { TFunction } from '#app/i18n/i18n.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { type Currency, currencies } from '#contracts/billing-rules.ts'
import type { ConsolePrice } from '#contracts/console-site-rules.ts'
import { consoleApi } from './console-client.ts'
import { ConsoleError, ConsoleLoading, ConsoleNotice, SelectField } from './console-ui.tsx'
import { useConsoleAction } from './use-console-action.ts'
import { useConsoleData } from './use-console-data.ts'

export function SitePricesTab() {
  const { t } = useTranslation(['console', 'console-site'], { nsMode: 'fallback' })
  const prices = useConsoleData(() => consoleApi.get<ConsolePrice[]>('/site/prices'), 'prices')
  const [currency, setCurrency] = useState<Currency>('USD')
  const action = useConsoleAction()
  const rows = (prices.data ?? []).filter((price) => price.currency === currency)
  return (
    <section aria-label={t('site.tabNames.prices')} className="flex flex-col gap-4">
      <p className="text-sm text-ink-700">{t('site.prices.intro')}</p>
      <div className="max-w-xs">
        <SelectField
          label={t('site.prices.currency')}
          value={currency}
          onChange={(event) => setCurrency(event.target.value as Currency)}
        >
          {currencies.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </SelectField>
      </div>
      <ConsoleNotice notice={action.notice} isBoxed />
      <ConsoleError error={action.error ?? prices.error} />
      {prices.isLoading && !prices.data ? <ConsoleLoading /> : null}
      <ul className="flex flex-col gap-2">
        {rows.map((price) => (
          <li key={`${price.tier}:${price.period}:${price.currency}`}>
            <PriceRow
              key={price.updatedAt}
              price={price}
              onSave={(amount, stripePriceId) =>
                action.run(async () => {
                  const saved = await consoleApi.put<ConsolePrice>(
                    `/site/prices/${price.tier}/${price.period}/${price.currency}`,
                    { amount, stripePriceId: stripePriceId.trim() || null },
                  )
                  prices.reload()
                  return t('site.prices.saved', {
                    plan: planName(t, saved),
                    amount: saved.amount,
                    currency: saved.currency,
                  })
                })
              }
            />
          </li>
        ))}
      </ul>
    </section>
  )
}

type T = TFunction

function planName(t: T, price: ConsolePrice): string {
  return t('site.prices.plan', {
    tier: t(`site.prices.tiers.${price.tier}`),
    period: t(`site.prices.periods.${price.period}`),
  })
}

function PriceRow({
  price,
  onSave,
}: {
  price: ConsolePrice
  onSave(amount: string, stripePriceId: string): Promise<boolean>
}) {
  const { t } = useTranslation(['console', 'console-site'], { nsMode: 'fallback' })
  const [amount, setAmount] = useState(price.amount)
  const [stripePriceId, setStripePriceId] = useState(price.stripePriceId ?? '')
  const name = planName(t, price)
  return (
    <form
      aria-label={name}
      data-testid="price-row"
      className="grid items-end gap-3 rounded-lg border border-ink-100 p-3 md:grid-cols-[12rem_1fr_1fr_auto]"
      onSubmit={(event) => {
        event.preventDefault()
        void onSave(amount, stripePriceId)
      }}
    >
      <div className="flex flex-col text-sm">
        <span className="font-medium text-ink-900">{name}</span>
        {price.isDefault ? <span className="text-xs text-ink-500">{t('site.prices.isDefault')}</span> : null}
      </div>
      <TextField
        label={t('site.prices.amount', { currency: price.currency })}
        value={amount}
        inputMode="decimal"
        required
        onChange={(event) => setAmount(event.target.value)}
      />
      <TextField
        label={t('site.prices.stripePriceId')}
        hint={t('site.prices.stripePriceIdHint')}
        value={stripePriceId}
        onChange={(event) => setStripePriceId(event.target.value)}
      />
      <Button type="submit">{t('site.prices.save')}</Button>
    </form>
  )
}
