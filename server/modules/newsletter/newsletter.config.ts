/** The newsletter module's slice of the configuration: how often one client address may sign up. */
import { z } from 'zod'
import type { EnvOf } from '#server/config/env-values.ts'

export const newsletterEnv = {
  NEWSLETTER_RATE_PER_10_MINUTES: z.coerce.number().int().min(1).default(10),
}

/** The slice the newsletter variables fill in `Config`. */
export interface NewsletterSlice {
  /** Email and contact sign-ups per client address in 10 minutes. */
  newsletterRatePer10Minutes: number
}

export function newsletterConfigOf(e: EnvOf<typeof newsletterEnv>): NewsletterSlice {
  return { newsletterRatePer10Minutes: e.NEWSLETTER_RATE_PER_10_MINUTES }
}
