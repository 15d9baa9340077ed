/**
 * Email (and contact) subscriptions from the footer form and the contact-subscription dialog, with double opt-in.
 * Decides identity (one row per email, compared case-insensitively), that the confirmation is the first mail an
 * address ever gets (one a day at most, whatever the sign-ups), and that a sign-up receives the list's mail only
 * once confirmed and until it unsubscribes. Leaves queuing, sending, suppression and unsubscribe links to the mail
 * module (`queueMail`, handed over by server/services.ts).
 */
import { timingSafeEqual } from 'node:crypto'
import { mailLinkPath } from '#contracts/mail-links.ts'
import type { Locale, Region } from '#contracts/regions.ts'
import type { SubscribeEmailAnswer, SubscribeEmailRequest } from '#contracts/site.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { keyedHash } from '#server/kernel/secrets.ts'
import type { QueueMailRequest } from '#server/modules/mail/mail.service.ts'
import {
  confirmSignupRow,
  deleteSignup,
  markUnsubscribed,
  type SignupFilter,
  type SignupRow,
  selectSignup,
  selectSignupBatch,
  selectSignups,
  upsertSignup,
} from './newsletter.repo.ts'

export type { SignupFilter, SignupRow } from './newsletter.repo.ts'

/** Rows an export reads at a time: the whole list is never held in memory. */
const exportBatchSize = 1000

/** The newsletter's list name on its messages (List-Id, unsubscribes). */
export const newsletterList = 'newsletter'

export interface NewsletterDependencies {
  db: Db
  clock: Clock
  /** Signs confirmation links (the session secret). */
  secret: string
  siteOrigins: Record<Region, string>
  /** The mail module's queue: false when a message with the key was queued before. */
  queueMail(request: QueueMailRequest): Promise<boolean>
  /** The mail module takes an address back onto a list it had left. */
  resubscribe(address: string, list: string): Promise<void>
}

export function createNewsletterService({
  db,
  clock,
  secret,
  siteOrigins,
  queueMail,
  resubscribe,
}: NewsletterDependencies) {
  const confirmSignature = (signupId: string) => keyedHash(secret, 'newsletter-confirm', signupId)

  /** Reads a confirmation token (`<sign-up id>.<signature>`): the sign-up's id when the signature is right. */
  function signupIdOfToken(token: string): string | undefined {
    const [id, signature] = token.split('.')
    if (!id || !signature || !/^[0-9a-f-]{36}$/.test(id)) return undefined
    const expected = Buffer.from(confirmSignature(id))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined
  }

  async function subscribeEmail(
    request: SubscribeEmailRequest,
    reader: { locale: Locale; region: Region },
  ): Promise<SubscribeEmailAnswer> {
    const email = request.email.toLowerCase()
    const { id, isReceiving } = await upsertSignup(db, {
      email,
      name: request.source === 'contact-dialog' ? (request.name ?? null) : null,
      phone: request.source === 'contact-dialog' ? request.phone : null,
      locale: reader.locale,
      region: reader.region,
      source: request.source,
    })
    if (isReceiving) return { subscribed: true, alreadySubscribed: true }
    // The confirmation: at most one a day per address, however often it is signed up (the key says so).
    const day = clock.now().toISOString().slice(0, 10)
    const origin = siteOrigins[reader.region]
    await queueMail({
      idempotencyKey: `newsletter-confirmation:${id}:${day}`,
      kind: 'newsletter-confirmation',
      to: email,
      locale: reader.locale,
      siteOrigin: origin,
      variables: { actionUrl: `${origin}${mailLinkPath('confirm')}?token=${id}.${confirmSignature(id)}` },
    })
    return { subscribed: true, alreadySubscribed: false }
  }

  /**
   * The confirmation link's page: confirms the sign-up and sends the welcome (the first message of the list, with
   * its unsubscribe link). 'confirmed' again for a sign-up confirmed before; 'invalid' for a wrong or stale token.
   */
  async function confirmSignup(token: string): Promise<'confirmed' | 'invalid'> {
    const id = signupIdOfToken(token)
    if (!id) return 'invalid'
    const now = clock.now()
    const changed = await confirmSignupRow(db, id, now)
    if (!changed) return (await selectSignup(db, id)) ? 'confirmed' : 'invalid'
    await resubscribe(changed.email, newsletterList)
    const region = (changed.region in siteOrigins ? changed.region : 'en') as Region
    const origin = siteOrigins[region]
    await queueMail({
      idempotencyKey: `newsletter-welcome:${id}:${now.toISOString()}`,
      kind: 'newsletter-welcome',
      list: newsletterList,
      to: changed.email,
      locale: changed.locale === 'zh-Hant' ? 'zh-Hant' : 'en',
      siteOrigin: origin,
      variables: { actionUrl: `${origin}/` },
    })
    return 'confirmed'
  }

  /** Told by the mail module when an address leaves the newsletter's list. */
  async function recordUnsubscribe(email: string, list: string): Promise<void> {
    if (list === newsletterList) await markUnsubscribed(db, email, clock.now())
  }

  /** The console's list: a page of matching sign-ups, newest first. */
  async function listSignups(filter: SignupFilter, page: { page: number; pageSize: number }) {
    return selectSignups(db, filter, page)
  }

  /** Every matching sign-up, newest first, a batch at a time (the console's CSV export). */
  async function* eachSignup(filter: SignupFilter): AsyncGenerator<SignupRow> {
    let after: SignupRow | null = null
    for (;;) {
      const batch = await selectSignupBatch(db, filter, after, exportBatchSize)
      yield* batch
      if (batch.length < exportBatchSize) return
      after = batch.at(-1) ?? null
    }
  }

  /** Removes a sign-up (in the caller's transaction, with its audit entry); the row as it was, or undefined. */
  async function removeSignup(id: string, tx: Db = db): Promise<SignupRow | undefined> {
    return deleteSignup(tx, id)
  }

  return { subscribeEmail, confirmSignup, recordUnsubscribe, listSignups, eachSignup, removeSignup }
}

export type NewsletterService = ReturnType<typeof createNewsletterService>
