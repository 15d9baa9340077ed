/**
 * A member's email address on the account page (issue 26): added, verified by a link whose page's button confirms,
 * changed (verified again) or removed. Members log in by phone; the address is only where their mail goes.
 * The schemas are marked pure, so a page that needs only the codes does not pull zod in (ADR 0011).
 */
import { z } from 'zod'

export const MemberEmailErrorCode = {
  empty: 'EMAIL_EMPTY',
  invalid: 'EMAIL_INVALID',
  /** Too many verification mails to the member or to the address: the message says how long to wait (`count` minutes). */
  sendLimited: 'ACCOUNT_EMAIL_SEND_LIMITED',
  /** Asked to send a verification again while no address waits for one. */
  nothingToVerify: 'ACCOUNT_EMAIL_NOTHING_TO_VERIFY',
} as const

/** `PUT /member/email`: the address to verify (a new one replaces the old, which stops receiving mail). */
export const MemberEmailRequest = /* @__PURE__ */ z.object({
  email: z
    .string()
    .trim()
    .min(1, MemberEmailErrorCode.empty)
    .max(254, MemberEmailErrorCode.invalid)
    .pipe(z.email(MemberEmailErrorCode.invalid)),
})
export type MemberEmailRequest = z.infer<typeof MemberEmailRequest>

/** The account page's view of the address; null fields when the member has none. */
export interface MemberEmailView {
  address: string | null
  isVerified: boolean
  /** When the verification mail was last asked for (ISO), while unverified. */
  requestedAt: string | null
}

export interface MemberEmailVerifiedAnswer {
  verified: true
}
