/**
 * The weekly digest's desk in the console, without zod (pages import it): who may do what, how often a test may be
 * sent, what the audit log calls a send and what the API answers when it refuses. The wire shapes are in mail.ts.
 */
import type { ConsoleRole } from './console-rules.ts'

/** Preview, test-send and read the send log: editors (admins pass every route). */
export const digestDeskRoles = ['editor'] as const satisfies readonly ConsoleRole[]

/** Sending the issue to every recipient is the admins' alone (no role declared: admins only). */
export const digestSendRoles = ['admin'] as const satisfies readonly ConsoleRole[]

/** Test sends per staff member and hour: enough to check a change, not a way to mail at will. */
export const digestTestsPerHour = 5

export const digestAuditActions = {
  /** "Send now": the week's issue queued to every recipient (after: the week and how many were queued). */
  send: 'digest.send',
} as const

export const DigestErrorCode = {
  /** 409 — a test goes to the staff member's own verified address, and they have none. */
  noVerifiedEmail: 'DIGEST_NO_VERIFIED_EMAIL',
  /** 429 — too many test sends this hour (`params.count`: minutes to wait). */
  testsLimited: 'DIGEST_TESTS_LIMITED',
} as const
