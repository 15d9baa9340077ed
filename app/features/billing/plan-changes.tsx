/**
 * Changing a plan from a page (/subscribe's tier buttons, the account page's plan panel): each change is asked for
 * in a dialog that says what happens and what it costs — an upgrade quotes the prorated amount first — and runs only
 * on confirm; then a toast, the page's data again (the plan, the allowances) and the header's plan badge. The
 * dialog's code is fetched when one first opens (ADR 0011). The portal is no change of ours: it only leaves for
 * the provider's page.
 */
import { type ReactNode, useCallback, useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { ApiError } from '#app/api/api-client.ts'
import { Button } from '#app/components/button.tsx'
import { Dialog, preloadDialog } from '#app/components/dialog.tsx'
import { Spinner } from '#app/components/spinner.tsx'
import { toast } from '#app/components/toaster.tsx'
import { useAccount } from '#app/features/account/account-provider.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { BillingState, PriceCatalogue, UpgradeQuote } from '#contracts/billing-rules.ts'
import {
  cancelDowngrade,
  cancelRenewal,
  downgradePlan,
  fetchUpgradeQuote,
  openBillingPortal,
  refundPlan,
  resumeRenewal,
  upgradePlan,
} from './billing-api.ts'
import { formatBillingDate, formatMoney, type ReadingPlace } from './billing-format.ts'
import type { PlanChange } from './plan-offers.ts'

/** A refusal's code as the reader's sentence (errors.json); an unknown code as the general failure. */
export function useErrorMessage(): (error: unknown) => string {
  const { t, i18n } = useTranslation('errors')
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
      return t(i18n.exists(`errors:${code}`) ? code : 'INTERNAL_ERROR')
    },
    [t, i18n],
  )
}

type AskedChange = Exclude<PlanChange, { kind: 'portal' }>

export function usePlanChanges({
  state,
  prices,
  place,
  portalReturnPath,
}: {
  /** null for a visitor, who changes nothing. */
  state: BillingState | null
  prices: PriceCatalogue
  place: ReadingPlace
  /** Where Stripe's portal sends the reader back to. */
  portalReturnPath: string
}): { ask(change: PlanChange): void; preload(): void; isOpeningPortal: boolean; dialog: ReactNode } {
  const errorMessage = useErrorMessage()
  // Each ask is a fresh dialog (a new quote, no state left from the last one).
  const [asked, setAsked] = useState<{ change: AskedChange; serial: number } | null>(null)
  const [isOpen, setIsOpen] = useState(false)
  const [isOpeningPortal, setIsOpeningPortal] = useState(false)

  const ask = useCallback(
    (change: PlanChange) => {
      if (change.kind === 'portal') {
        setIsOpeningPortal(true)
        openBillingPortal(portalReturnPath).then(
          ({ url }) => window.location.assign(url),
          (error: unknown) => {
            setIsOpeningPortal(false)
            toast.error(errorMessage(error))
          },
        )
        return
      }
      setAsked((last) => ({ change, serial: (last?.serial ?? 0) + 1 }))
      setIsOpen(true)
    },
    [errorMessage, portalReturnPath],
  )

  return {
    ask,
    preload: preloadDialog,
    isOpeningPortal,
    dialog:
      asked && state ? (
        <PlanChangeDialog
          key={asked.serial}
          change={asked.change}
          isOpen={isOpen}
          onOpenChange={setIsOpen}
          state={state}
          prices={prices}
          place={place}
        />
      ) : null,
  }
}

function PlanChangeDialog({
  change,
  isOpen,
  onOpenChange,
  state,
  prices,
  place,
}: {
  change: AskedChange
  isOpen: boolean
  onOpenChange(isOpen: boolean): void
  state: BillingState
  prices: PriceCatalogue
  place: ReadingPlace
}) {
  const { t } = useTranslation(['billing', 'plans'])
  const errorMessage = useErrorMessage()
  const revalidator = useRevalidator()
  const { refreshMemberInfo } = useAccount()
  const [isRunning, setIsRunning] = useState(false)
  const [quote, setQuote] = useState<UpgradeQuote | null>(null)
  const [quoteError, setQuoteError] = useState<string | null>(null)
  const plan = state.subscription
  const upgradeTier = change.kind === 'upgrade' ? change.tier : null

  // The prorated amount comes from the server, as it will be charged, before the reader can confirm.
  useEffect(() => {
    if (!upgradeTier) return
    let isCurrent = true
    fetchUpgradeQuote(upgradeTier).then(
      (answer) => isCurrent && setQuote(answer),
      (error: unknown) => isCurrent && setQuoteError(errorMessage(error)),
    )
    return () => {
      isCurrent = false
    }
  }, [upgradeTier, errorMessage])

  const tierName = (tier: string) => t(`plans:subscribe.tiers.${tier}`)
  const money = (amountMinor: number | null | undefined, currency = plan?.currency ?? prices.currency) =>
    amountMinor === null || amountMinor === undefined || !currency
      ? ''
      : formatMoney(amountMinor, currency, place.displayLocale)
  const date = (iso: string | null | undefined) => (iso ? formatBillingDate(iso, place) : '')
  const periodEndsOn = date(plan?.currentPeriodEndsAt)
  const priceOf = (tier: string) =>
    plan && plan.currency === prices.currency
      ? prices.prices.find((p) => p.tier === tier && p.period === plan.period)?.amountMinor
      : undefined
  const perPeriod = (amount: string) =>
    plan && amount ? t(`billing:price.perPeriod.${plan.period}`, { price: amount }) : ''

  const text = (() => {
    switch (change.kind) {
      case 'upgrade': {
        const tier = tierName(change.tier)
        const amount = quote ? money(quote.prorationMinor, quote.currency) : ''
        return {
          title: t('billing:change.upgrade.title', { tier }),
          description: t('billing:change.upgrade.description', { tier }),
          details: quote
            ? [
                [t('billing:change.upgrade.chargedNow'), amount],
                [
                  t('billing:change.upgrade.newPrice', { date: date(quote.renewsOn) }),
                  perPeriod(money(quote.newPriceMinor, quote.currency)),
                ],
              ]
            : [],
          confirm: quote
            ? t('billing:change.upgrade.confirm', { amount })
            : t('billing:change.upgrade.confirmPlain'),
          run: () => upgradePlan(change.tier, quote?.quotedAt),
          done: t('billing:change.upgrade.done', { tier }),
        }
      }
      case 'downgrade': {
        const tier = tierName(change.tier)
        const price = perPeriod(money(priceOf(change.tier)))
        return {
          title: t('billing:change.downgrade.title', { tier }),
          description: t('billing:change.downgrade.description', {
            tier,
            current: tierName(plan?.tier ?? ''),
            date: periodEndsOn,
          }),
          details: price ? [[t('billing:change.downgrade.newPrice', { date: periodEndsOn }), price]] : [],
          confirm: t('billing:change.downgrade.confirm'),
          run: () => downgradePlan(change.tier),
          done: t('billing:change.downgrade.done', { tier, date: periodEndsOn }),
        }
      }
      case 'cancelDowngrade': {
        const tier = tierName(plan?.tier ?? '')
        const lower = tierName(plan?.scheduledDowngrade?.tier ?? '')
        return {
          title: t('billing:change.cancelDowngrade.title', { tier }),
          description: t('billing:change.cancelDowngrade.description', { tier, lower, date: periodEndsOn }),
          details: [],
          confirm: t('billing:change.cancelDowngrade.confirm', { tier }),
          run: cancelDowngrade,
          done: t('billing:change.cancelDowngrade.done', { tier }),
        }
      }
      case 'cancelRenewal':
        return {
          title: t('billing:change.cancelRenewal.title'),
          description: t('billing:change.cancelRenewal.description', { date: periodEndsOn }),
          details: [],
          confirm: t('billing:change.cancelRenewal.confirm'),
          run: cancelRenewal,
          done: t('billing:change.cancelRenewal.done', { date: periodEndsOn }),
        }
      case 'resumeRenewal': {
        const price = perPeriod(money(plan?.priceMinor))
        return {
          title: t('billing:change.resumeRenewal.title'),
          description: t('billing:change.resumeRenewal.description', { date: periodEndsOn }),
          details: price ? [[t('billing:change.resumeRenewal.price'), price]] : [],
          confirm: t('billing:change.resumeRenewal.confirm'),
          run: resumeRenewal,
          done: t('billing:change.resumeRenewal.done', { date: periodEndsOn }),
        }
      }
      case 'refund': {
        const { refund } = state.actions
        const amount = money(refund.amountMinor, refund.currency ?? undefined)
        return {
          title: t('billing:change.refund.title'),
          description: t('billing:change.refund.description', { tier: tierName(plan?.tier ?? '') }),
          details: amount ? [[t('billing:change.refund.amount'), amount]] : [],
          confirm: amount
            ? t('billing:change.refund.confirm', { amount })
            : t('billing:change.refund.confirmPlain'),
          run: refundPlan,
          done: t('billing:change.refund.done'),
        }
      }
    }
  })()

  async function confirm() {
    setIsRunning(true)
    try {
      await text.run()
      toast.success(text.done)
      onOpenChange(false)
      refreshMemberInfo()
      await revalidator.revalidate()
    } catch (error) {
      toast.error(errorMessage(error))
      // The plan may have changed under the reader (another tab): show what holds now.
      void revalidator.revalidate()
    } finally {
      setIsRunning(false)
    }
  }

  const isWaitingForQuote = change.kind === 'upgrade' && !quote
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(next) => !isRunning && onOpenChange(next)}
      title={text.title}
      description={text.description}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isRunning}>
            {t('billing:change.back')}
          </Button>
          <Button
            variant={change.kind === 'refund' ? 'danger' : 'primary'}
            onClick={() => void confirm()}
            isLoading={isRunning}
            disabled={isWaitingForQuote}
          >
            {text.confirm}
          </Button>
        </>
      }
    >
      {change.kind === 'upgrade' && !quote ? (
        quoteError ? (
          <p role="alert" className="text-sm text-loss">
            {quoteError}
          </p>
        ) : (
          <Spinner size="sm" label={t('billing:change.upgrade.quoting')} />
        )
      ) : null}
      {text.details.length > 0 ? (
        <dl
          className="flex flex-col gap-2 rounded-lg bg-ink-50 p-3 text-sm"
          data-testid="plan-change-details"
        >
          {text.details.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-4">
              <dt className="text-ink-700">{label}</dt>
              <dd className="font-semibold text-ink-950 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {state.isDemo ? <p className="mt-3 text-xs text-ink-700">{t('billing:demo.noMoney')}</p> : null}
    </Dialog>
  )
}
