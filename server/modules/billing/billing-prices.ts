/**
 * The price catalogue (spec §1, §9): what one period of a tier costs in each currency. Readers see it in their
 * region's currency with the per-month amount and the saving against paying monthly; checkouts and plan changes
 * charge from it; operators set it (`npm run ops -- prices:set`, the console). Decides the arithmetic shown; the
 * amounts are the operators'.
 */
import {
  BillingErrorCode as Code,
  type Currency,
  currencyOfRegion,
  monthsOfPeriod,
  type PriceCatalogue,
  perMonthMinorOf,
  type SubscriptionPeriod,
  type Tier,
} from '#contracts/billing-rules.ts'
import type { Locale, Region } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { SubscriptionRow } from '#server/modules/subscriptions/subscriptions.service.ts'
import type { PaymentsProvider } from '#server/providers/payments/payments-provider.ts'
import type { PaymentsConfig } from './billing.config.ts'
import { type PriceRow, selectPrice, selectPrices, upsertPrice } from './billing.repo.ts'

/** The whole-percent saving of a period against paying the tier's monthly price for as many months. */
function savingPercentOf(amountMinor: number, monthlyMinor: number | undefined, months: number): number {
  if (!monthlyMinor || months === 1) return 0
  const full = monthlyMinor * months
  return full > amountMinor ? Math.floor(((full - amountMinor) * 100) / full) : 0
}

export function createBillingPrices({
  db,
  payments,
  provider,
}: {
  db: Db
  payments: PaymentsConfig
  provider: PaymentsProvider
}) {
  async function priceOf(tier: Tier, period: SubscriptionPeriod, currency: Currency): Promise<PriceRow> {
    const price = await selectPrice(db, { tier, period, currency })
    if (!price) throw new AppError('not_found', Code.priceNotFound)
    return price
  }

  /** `GET /billing/prices`: the catalogue in the region's currency, with per-month amounts and savings. */
  async function listPrices(region: Region, locale: Locale): Promise<PriceCatalogue> {
    const currency = currencyOfRegion(region)
    const rows = await selectPrices(db, currency)
    const monthly = new Map(rows.filter((r) => r.period === 'month').map((r) => [r.tier, r.amountMinor]))
    return {
      currency,
      provider: provider.name,
      isDemo: provider.isDemo,
      checkoutOpen: payments.checkoutOpen,
      taxNote: payments.taxNote[locale],
      prices: rows.map((row) => {
        const months = monthsOfPeriod[row.period]
        return {
          tier: row.tier,
          period: row.period,
          currency: row.currency,
          amountMinor: row.amountMinor,
          perMonthMinor: perMonthMinorOf(row.amountMinor, row.period, row.currency),
          savingPercent: savingPercentOf(row.amountMinor, monthly.get(row.tier), months),
          isDefault: row.isDefault,
        }
      }),
    }
  }

  async function pricedTiersOf(subscription: SubscriptionRow | undefined): Promise<Tier[]> {
    if (!subscription?.currency) return []
    const rows = await selectPrices(db, subscription.currency)
    return rows.filter((r) => r.period === subscription.period).map((r) => r.tier)
  }

  /**
   * Operators and admins: set a price (`npm run ops -- prices:set`, the console's price catalogue), in the caller's
   * transaction when given (the console writes its audit entry there).
   */
  async function setPrice(
    input: {
      tier: Tier
      period: SubscriptionPeriod
      currency: Currency
      amountMinor: number
      stripePriceId?: string | null
    },
    inDb: Db = db,
  ): Promise<PriceRow> {
    return upsertPrice(inDb, input)
  }

  async function listAllPrices(): Promise<PriceRow[]> {
    return selectPrices(db)
  }

  return { priceOf, listPrices, pricedTiersOf, setPrice, listAllPrices }
}

export type BillingPrices = ReturnType<typeof createBillingPrices>
