/**
 * A member's email address on the account page (issue 26): added, verified by a link whose page's button confirms,
 * changed (verified again) or removed. Members log in by phone; the address is only where their mail goes.
 * No zod here: the account page imports it (ADR 0011); the request's schema is in accounts.ts.
 */
export const MemberEmailErrorCode = {
  empty: 'EMAIL_EMPTY',
  invalid: 'EMAIL_INVALID',
  /** Too many verification mails to the member or to the address: the message says how long to wait (`count` minutes). */
  sendLimited: 'ACCOUNT_EMAIL_SEND_LIMITED',
  /** Asked to send a verification again while no address waits for one. */
  nothingToVerify: 'ACCOUNT_EMAIL_NOTHING_TO_VERIFY',
} as const

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
