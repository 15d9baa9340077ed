/**
 * Renewals billing charges itself: an adapter that does not renew subscriptions by itself (`renewalEvent`, the demo
 * provider) has each renewing subscription charged shortly before its period ends, through the same event path as
 * any payment, and a plan whose renewal was cancelled ended when its period does. Stripe renews by itself and
 * reports it by webhook (billing-events.ts).
 */
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { periodEnd, type SubscriptionService } from '#server/modules/subscriptions/subscriptions.service.ts'
import type { PaymentEvent, PaymentsProvider } from '#server/providers/payments/payments-provider.ts'
import { selectPrice } from './billing.repo.ts'
import type { BillingMail } from './billing-mail.ts'
import { type BillingLog, toProviderPrice } from './billing-terms.ts'

/**
 * Subscriptions billing renews itself (the demo provider's) are renewed this long before their period ends, so no
 * one loses access in between.
 */
const renewalLeadMs = 10 * 60 * 1000

/** A renewing plan's reminder goes out this long before it renews (issue 26: 7 days). */
export const renewalReminderLeadMs = 7 * 24 * 60 * 60 * 1000

export function createRenewals({
  db,
  clock,
  provider,
  subscriptions,
  processPaymentEvent,
  mail,
  log,
}: {
  db: Db
  clock: Clock
  provider: PaymentsProvider
  subscriptions: SubscriptionService
  processPaymentEvent(event: PaymentEvent): Promise<unknown>
  mail?: BillingMail | undefined
  log: BillingLog
}) {
  /**
   * The renewals billing charges (a job, every few minutes): each renewing subscription whose period ends within
   * the lead time is charged the catalogue price of the plan it renews into, through the same event path (ids
   * derived from the period, so two processes renewing at once renew once). A plan whose renewal was cancelled
   * ends when its period does.
   */
  async function renewDueSubscriptions(): Promise<{ renewed: number; ended: number }> {
    const { renewalEvent } = provider
    if (!renewalEvent) return { renewed: 0, ended: 0 }
    const now = clock.now()
    let renewed = 0
    let ended = 0
    for (const subscription of await subscriptions.listDueRenewals(
      provider.name,
      new Date(now.getTime() + renewalLeadMs),
    )) {
      if (subscription.cancelAtPeriodEnd) {
        if (subscription.endsAt > now) continue
        await db.transaction(async (t) => {
          const tx = t as unknown as Db
          const row = await subscriptions.findSubscription(subscription.id, { tx, forUpdate: true })
          if (row) await subscriptions.endPaidSubscription(row, row.endsAt, { actor: 'system' }, tx)
        })
        ended += 1
        continue
      }
      const tier = subscription.scheduledTier ?? subscription.tier
      const period = subscription.scheduledPeriod ?? subscription.period
      const price = subscription.currency
        ? await selectPrice(db, { tier, period, currency: subscription.currency })
        : undefined
      if (!price || !subscription.providerSubscriptionId) {
        log.warn(
          { subscriptionId: subscription.id },
          'renewal without a catalogue price; the plan will lapse',
        )
        continue
      }
      await processPaymentEvent(
        renewalEvent({
          providerSubscriptionId: subscription.providerSubscriptionId,
          price: toProviderPrice(price),
          periodStart: subscription.endsAt,
          periodEnd: periodEnd(subscription.endsAt, period),
          now,
        }),
      )
      renewed += 1
    }
    return { renewed, ended }
  }

  /**
   * The renewal reminders (the `renewal-reminders` job, daily): each plan that renews within the next 7 days gets
   * one reminder for that renewal, whichever provider renews it — the key names the subscription and the end of the
   * period it renews, so a daily run, a restart or two processes remind once, and the next period is reminded
   * anew. A plan whose renewal was cancelled gets none. The amount is the catalogue price it renews at (a scheduled
   * downgrade's), else the price it was bought at.
   */
  async function remindRenewals(): Promise<{ reminded: number }> {
    if (!mail) return { reminded: 0 }
    const now = clock.now()
    const to = new Date(now.getTime() + renewalReminderLeadMs)
    let reminded = 0
    let after: { endsAt: Date; id: string } | null = null
    for (;;) {
      const page = await subscriptions.listRenewingBetween(now, to, after)
      for (const subscription of page) {
        const tier = subscription.scheduledTier ?? subscription.tier
        const period = subscription.scheduledPeriod ?? subscription.period
        const price = subscription.currency
          ? await selectPrice(db, { tier, period, currency: subscription.currency })
          : undefined
        const amountMinor = price?.amountMinor ?? subscription.priceMinor
        if (!subscription.currency || amountMinor === null) continue
        try {
          if (
            await mail.sendRenewalReminder({
              memberId: subscription.memberId,
              subscriptionId: subscription.id,
              tier,
              period,
              amountMinor,
              currency: subscription.currency,
              renewsAt: subscription.endsAt,
            })
          )
            reminded += 1
        } catch (error) {
          log.warn({ subscriptionId: subscription.id, err: error }, 'renewal reminder not queued')
        }
      }
      const last = page.at(-1)
      if (!last || page.length < 500) break
      after = { endsAt: last.endsAt, id: last.id }
    }
    return { reminded }
  }

  return { renewDueSubscriptions, remindRenewals }
}
