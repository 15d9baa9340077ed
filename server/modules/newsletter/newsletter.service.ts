/**
 * Email (and contact) subscriptions from the footer form and the contact-subscription dialog.
 * Decides identity (one row per email, compared case-insensitively); leaves delivery to the mailing tool that
 * reads the table.
 */

import type { Locale, Region } from '#contracts/regions.ts'
import type { SubscribeEmailAnswer, SubscribeEmailRequest } from '#contracts/site.ts'
import type { Db } from '#server/db/database.ts'
import {
  deleteSignup,
  type SignupFilter,
  type SignupRow,
  selectSignupBatch,
  selectSignups,
  upsertSignup,
} from './newsletter.repo.ts'

export type { SignupFilter, SignupRow } from './newsletter.repo.ts'

/** Rows an export reads at a time: the whole list is never held in memory. */
const exportBatchSize = 1000

export function createNewsletterService({ db }: { db: Db }) {
  async function subscribeEmail(
    request: SubscribeEmailRequest,
    reader: { locale: Locale; region: Region },
  ): Promise<SubscribeEmailAnswer> {
    const { existed } = await upsertSignup(db, {
      email: request.email.toLowerCase(),
      name: request.source === 'contact-dialog' ? (request.name ?? null) : null,
      phone: request.source === 'contact-dialog' ? request.phone : null,
      locale: reader.locale,
      region: reader.region,
      source: request.source,
    })
    return { subscribed: true, alreadySubscribed: existed }
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

  return { subscribeEmail, listSignups, eachSignup, removeSignup }
}

export type NewsletterService = ReturnType<typeof createNewsletterService>
