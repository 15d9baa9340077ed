/**
 * The mail billing asks for (issue 26): a receipt after each payment, the refund's confirmation, the reminder
 * seven days before a renewal and the notice of a renewal that could not be charged. Billing decides when; the
 * mail module's member mail (server/modules/mail/member-mail.ts) decides to whom, in which words, and once.
 */
import type { MemberMail } from '#server/modules/mail/member-mail.ts'

export type BillingMail = Pick<
  MemberMail,
  'sendPaymentReceipt' | 'sendRefundConfirmation' | 'sendRenewalReminder' | 'sendPaymentFailing'
>
