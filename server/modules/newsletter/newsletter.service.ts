/**
 * Email (and contact) subscriptions from the footer form and the contact-subscription dialog.
 * Decides identity (one row per email, compared case-insensitively); leaves delivery to the mailing tool that
 * reads the table.
 */

import type { Locale, Region } from '#contracts/regions.ts'
import type { SubscribeEmailAnswer, SubscribeEmailRequest } from '#contracts/site.ts'
import type { Db } from '#server/db/database.ts'
import { upsertSignup } from './newsletter.repo.ts'

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

  return { subscribeEmail }
}

export type NewsletterService = ReturnType<typeof createNewsletterService>
