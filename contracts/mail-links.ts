/**
 * Where a message's links lead: one page, /mail/{link}, for the newsletter confirmation, the unsubscribe and the
 * verification of a member's email address (each with ?token=…), and the one-click unsubscribe a mail client POSTs
 * (List-Unsubscribe-Post, RFC 8058) under the API's prefix. No zod here: the page imports it (ADR 0011).
 */
export const mailLinks = ['confirm', 'unsubscribe', 'verify'] as const
export type MailLink = (typeof mailLinks)[number]

export function isMailLink(value: string | undefined): value is MailLink {
  return (mailLinks as readonly string[]).includes(value ?? '')
}

/** The page a link of kind `link` opens. */
export function mailLinkPath(link: MailLink): string {
  return `/mail/${link}`
}

export const mailOneClickUnsubscribeApiPath = '/mail/unsubscribe'
