/**
 * Transactional mail to a member (issue 26): the payment receipt, the refund confirmation, the renewal reminder, a
 * failing payment and an expert's answer. Decides that such a message goes only to the member's verified address
 * (accounts' `verifiedEmailOf`; none verified, none sent), in the language and to the site they gave it on, with
 * amounts, plans and dates written for that reader, and the idempotency key that names each message once and for
 * all (a payment is receipted once, a renewal reminded once). Leaves when each happens to the modules that report
 * it (billing, expert), and queuing and sending to the mail service. Transactional: no list, so no unsubscribe.
 */
import type { Currency, SubscriptionPeriod, Tier } from '#contracts/billing-rules.ts'
import enMail from '#contracts/messages/en/mail.json' with { type: 'json' }
import zhMail from '#contracts/messages/zh-Hant/mail.json' with { type: 'json' }
import { formatMoney } from '#contracts/money-format.ts'
import { type Locale, type Region, regionSettings } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import type { QueueMailRequest } from './mail.service.ts'
import type { MailKind } from './mail-templates.ts'

const catalogues: Record<Locale, typeof enMail> = { en: enMail, 'zh-Hant': zhMail }

export interface MemberMailRecipient {
  address: string
  locale: Locale
  region: Region
}

export interface MemberMailDependencies {
  /** Accounts: the member's verified address, language and site; undefined when none is verified. */
  verifiedEmailOf(memberId: string): Promise<MemberMailRecipient | undefined>
  queueMail(request: QueueMailRequest, tx?: Db): Promise<boolean>
  siteOrigins: Record<Region, string>
  log: { info(details: object, message: string): void }
}

/** A plan as the mail names it. */
interface PlanFacts {
  tier: Tier
  period: SubscriptionPeriod
}

interface Money {
  amountMinor: number
  currency: Currency
}

/** The account page, where payments, the plan and its renewal are. */
const accountPath = '/member/account'
const expertPath = '/member/expert'

export function createMemberMail({ verifiedEmailOf, queueMail, siteOrigins, log }: MemberMailDependencies) {
  /** Queues one message to the member's verified address; false when they have none, or it was queued before. */
  async function mailMember(input: {
    memberId: string
    idempotencyKey: string
    kind: MailKind
    path: string
    values: (place: { locale: Locale; displayLocale: string; timeZone: string }) => Record<string, string>
  }): Promise<boolean> {
    const recipient = await verifiedEmailOf(input.memberId)
    if (!recipient) {
      log.info({ kind: input.kind }, 'no verified address; transactional mail not queued')
      return false
    }
    const { displayLocale, timeZone } = regionSettings[recipient.region]
    const origin = siteOrigins[recipient.region]
    return queueMail({
      idempotencyKey: input.idempotencyKey,
      kind: input.kind,
      to: recipient.address,
      locale: recipient.locale,
      siteOrigin: origin,
      variables: {
        actionUrl: `${origin}${input.path}`,
        values: input.values({ locale: recipient.locale, displayLocale, timeZone }),
      },
    })
  }

  const dateOf = (at: Date, place: { displayLocale: string; timeZone: string }) =>
    new Intl.DateTimeFormat(place.displayLocale, { dateStyle: 'long', timeZone: place.timeZone }).format(at)

  /**
   * After a successful payment (the first period, a renewal, an upgrade): once per payment (`receiptKey`, billing's
   * own id of it). `paymentId` is the one the reader can quote: the provider's invoice or payment id.
   */
  function sendPaymentReceipt(
    payment: PlanFacts & Money & { memberId: string; paymentId: string; receiptKey: string; paidAt: Date },
  ) {
    return mailMember({
      memberId: payment.memberId,
      idempotencyKey: `payment-receipt:${payment.receiptKey}`,
      kind: 'payment-receipt',
      path: accountPath,
      values: (place) => ({
        amount: formatMoney(payment.amountMinor, payment.currency, place.displayLocale),
        plan: catalogues[place.locale].plans[payment.tier],
        period: catalogues[place.locale].periods[payment.period],
        paidOn: dateOf(payment.paidAt, place),
        paymentId: payment.paymentId,
      }),
    })
  }

  /** After the 7-day refund went through: once per subscription refunded. */
  function sendRefundConfirmation(
    refund: Money & { memberId: string; subscriptionId: string; tier: Tier; refundedAt: Date },
  ) {
    return mailMember({
      memberId: refund.memberId,
      idempotencyKey: `refund-confirmation:${refund.subscriptionId}`,
      kind: 'refund-confirmation',
      path: accountPath,
      values: (place) => ({
        amount: formatMoney(refund.amountMinor, refund.currency, place.displayLocale),
        plan: catalogues[place.locale].plans[refund.tier],
        refundedOn: dateOf(refund.refundedAt, place),
      }),
    })
  }

  /** Seven days before a plan renews: once per renewal (the subscription and the end of the period it renews). */
  function sendRenewalReminder(
    renewal: PlanFacts & Money & { memberId: string; subscriptionId: string; renewsAt: Date },
  ) {
    return mailMember({
      memberId: renewal.memberId,
      idempotencyKey: `renewal-reminder:${renewal.subscriptionId}:${renewal.renewsAt.toISOString()}`,
      kind: 'renewal-reminder',
      path: accountPath,
      values: (place) => ({
        amount: formatMoney(renewal.amountMinor, renewal.currency, place.displayLocale),
        plan: catalogues[place.locale].plans[renewal.tier],
        period: catalogues[place.locale].periods[renewal.period],
        renewsOn: dateOf(renewal.renewsAt, place),
      }),
    })
  }

  /** The provider could not charge a renewal: once per period that failed. */
  function sendPaymentFailing(failing: {
    memberId: string
    subscriptionId: string
    tier: Tier
    periodEndsAt: Date
  }) {
    return mailMember({
      memberId: failing.memberId,
      idempotencyKey: `payment-failing:${failing.subscriptionId}:${failing.periodEndsAt.toISOString()}`,
      kind: 'payment-failing',
      path: accountPath,
      values: (place) => ({ plan: catalogues[place.locale].plans[failing.tier] }),
    })
  }

  /** An analyst answered the member's question: once per question. */
  function sendExpertAnswerReady(answer: {
    memberId: string
    questionId: string
    stock: { code: string; nameEn: string; nameZh: string }
  }) {
    return mailMember({
      memberId: answer.memberId,
      idempotencyKey: `expert-answer-ready:${answer.questionId}`,
      kind: 'expert-answer-ready',
      path: expertPath,
      values: (place) => {
        const name = place.locale === 'zh-Hant' ? answer.stock.nameZh : answer.stock.nameEn
        return {
          stock: name && name !== answer.stock.code ? `${name} (${answer.stock.code})` : answer.stock.code,
        }
      },
    })
  }

  return {
    sendPaymentReceipt,
    sendRefundConfirmation,
    sendRenewalReminder,
    sendPaymentFailing,
    sendExpertAnswerReady,
  }
}

export type MemberMail = ReturnType<typeof createMemberMail>
