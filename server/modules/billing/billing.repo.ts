import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Currency, SubscriptionPeriod, Tier } from '#contracts/billing-rules.ts'
import type { Db } from '#server/db/database.ts'
import { billingCheckouts, billingPayments, billingPrices, billingProviderEvents } from './billing.sql.ts'

export type PriceRow = typeof billingPrices.$inferSelect
export type CheckoutRow = typeof billingCheckouts.$inferSelect
export type NewCheckout = typeof billingCheckouts.$inferInsert
export type PaymentRowRecord = typeof billingPayments.$inferSelect
export type NewPayment = typeof billingPayments.$inferInsert

const tierOrder = sql`case ${billingPrices.tier} when 'base' then 0 when 'plus' then 1 else 2 end`
const periodOrder = sql`case ${billingPrices.period} when 'month' then 0 when 'quarter' then 1 else 2 end`

export async function selectPrices(db: Db, currency?: Currency): Promise<PriceRow[]> {
  return db
    .select()
    .from(billingPrices)
    .where(currency ? eq(billingPrices.currency, currency) : undefined)
    .orderBy(asc(billingPrices.currency), tierOrder, periodOrder)
}

export async function selectPrice(
  db: Db,
  key: { tier: Tier; period: SubscriptionPeriod; currency: Currency },
): Promise<PriceRow | undefined> {
  const rows = await db
    .select()
    .from(billingPrices)
    .where(
      and(
        eq(billingPrices.tier, key.tier),
        eq(billingPrices.period, key.period),
        eq(billingPrices.currency, key.currency),
      ),
    )
    .limit(1)
  return rows[0]
}

export async function selectPriceByStripeId(db: Db, stripePriceId: string): Promise<PriceRow | undefined> {
  const rows = await db
    .select()
    .from(billingPrices)
    .where(eq(billingPrices.stripePriceId, stripePriceId))
    .limit(1)
  return rows[0]
}

/** Sets a price (an operator's, so no longer a default); a Stripe price id is kept unless a new one is given. */
export async function upsertPrice(
  db: Db,
  price: {
    tier: Tier
    period: SubscriptionPeriod
    currency: Currency
    amountMinor: number
    stripePriceId?: string | null
  },
): Promise<PriceRow> {
  const rows = await db
    .insert(billingPrices)
    .values({ ...price, stripePriceId: price.stripePriceId ?? null, isDefault: false })
    .onConflictDoUpdate({
      target: [billingPrices.tier, billingPrices.period, billingPrices.currency],
      set: {
        amountMinor: price.amountMinor,
        isDefault: false,
        updatedAt: new Date(),
        ...(price.stripePriceId !== undefined ? { stripePriceId: price.stripePriceId } : {}),
      },
    })
    .returning()
  const row = rows[0]
  if (!row) throw new Error('price upsert returned no row')
  return row
}

export async function insertCheckout(db: Db, checkout: NewCheckout): Promise<CheckoutRow> {
  const rows = await db.insert(billingCheckouts).values(checkout).returning()
  const row = rows[0]
  if (!row) throw new Error('checkout insert returned no row')
  return row
}

export async function findCheckout(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<CheckoutRow | undefined> {
  const query = db.select().from(billingCheckouts).where(eq(billingCheckouts.id, id)).limit(1)
  const rows = options.forUpdate ? await query.for('update') : await query
  return rows[0]
}

export async function updateCheckout(
  db: Db,
  id: string,
  patch: Partial<Omit<NewCheckout, 'id'>>,
): Promise<CheckoutRow> {
  const rows = await db.update(billingCheckouts).set(patch).where(eq(billingCheckouts.id, id)).returning()
  const row = rows[0]
  if (!row) throw new Error(`checkout ${id} vanished during an update`)
  return row
}

/**
 * Records a payment once: a second report of the same provider payment fills in what the first lacked (a receipt
 * link, the charge to refund, the subscription) and answers the one row.
 */
export async function upsertPayment(
  db: Db,
  payment: NewPayment,
): Promise<{ row: PaymentRowRecord; isNew: boolean }> {
  const inserted = await db.insert(billingPayments).values(payment).onConflictDoNothing().returning()
  if (inserted[0]) return { row: inserted[0], isNew: true }
  const rows = await db
    .update(billingPayments)
    .set({
      receiptUrl: sql`coalesce(${billingPayments.receiptUrl}, ${payment.receiptUrl ?? null})`,
      providerChargeRef: sql`coalesce(${billingPayments.providerChargeRef}, ${payment.providerChargeRef ?? null})`,
      subscriptionId: sql`coalesce(${billingPayments.subscriptionId}, ${payment.subscriptionId ?? null}::uuid)`,
    })
    .where(
      and(
        eq(billingPayments.provider, payment.provider),
        eq(billingPayments.providerPaymentId, payment.providerPaymentId),
      ),
    )
    .returning()
  const row = rows[0]
  if (!row) throw new Error('payment upsert found no row')
  return { row, isNew: false }
}

export async function selectMemberPayments(
  db: Db,
  memberId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: PaymentRowRecord[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(billingPayments)
      .where(eq(billingPayments.memberId, memberId))
      .orderBy(desc(billingPayments.paidAt), desc(billingPayments.createdAt))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(billingPayments).where(eq(billingPayments.memberId, memberId)),
  ])
  return { rows, total: totals[0]?.total ?? 0 }
}

export async function selectSubscriptionPayments(
  db: Db,
  subscriptionId: string,
): Promise<PaymentRowRecord[]> {
  return db
    .select()
    .from(billingPayments)
    .where(eq(billingPayments.subscriptionId, subscriptionId))
    .orderBy(asc(billingPayments.paidAt))
}

export async function selectPaymentsByRefs(
  db: Db,
  provider: 'demo' | 'stripe',
  refs: string[],
): Promise<PaymentRowRecord[]> {
  if (refs.length === 0) return []
  return db
    .select()
    .from(billingPayments)
    .where(
      and(
        eq(billingPayments.provider, provider),
        or(
          inArray(billingPayments.providerChargeRef, refs),
          inArray(billingPayments.providerPaymentId, refs),
        ),
      ),
    )
}

/** Raises a payment's refunded amount to `refundedMinor` (never lowers it: refunds reported twice count once). */
export async function recordPaymentRefund(
  db: Db,
  id: string,
  refundedMinor: number,
  at: Date,
): Promise<void> {
  await db
    .update(billingPayments)
    .set({
      refundedMinor: sql`greatest(${billingPayments.refundedMinor}, ${refundedMinor})`,
      refundedAt: sql`coalesce(${billingPayments.refundedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(billingPayments.id, id))
}

/** Remembers an event; false when it was already handled (a duplicate delivery). */
export async function insertProviderEventIfNew(
  db: Db,
  event: { provider: 'demo' | 'stripe'; eventId: string; type: string; occurredAt: Date; processedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(billingProviderEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: billingProviderEvents.eventId })
  return rows.length > 0
}
