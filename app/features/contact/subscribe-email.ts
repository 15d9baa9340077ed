/**
 * Sends an email/contact subscription and reports the outcome as a toast (spec §8: 'Subscription Successful' /
 * 'Subscription Failed'). Field errors are caught before sending by the same contract the API checks.
 */
import type { z } from 'zod'
import { api, dataOf } from '#app/api/api-client.ts'
import { isRateLimited, rateLimitedMessage, type Translate } from '#app/api/rate-limit-message.ts'
import type { FieldError } from '#contracts/envelope.ts'
import type { SubscribeEmailAnswer, SubscribeEmailRequest } from '#contracts/site.ts'

export type FieldErrors = Partial<Record<string, string>>

/** First error code per field, from a contract's safeParse failure. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '')
    errors[field] ??= issue.message
  }
  return errors
}

export function fieldErrorsFromWire(fields: FieldError[]): FieldErrors {
  return Object.fromEntries(fields.map((f) => [f.field, f.code]))
}

/** The failure toast: the spec's 'Subscription Failed', or, past the sign-up limit, how long to wait. */
export function subscribeFailureMessage(t: Translate, error: unknown): string {
  return isRateLimited(error)
    ? rateLimitedMessage(t, error.retryAfterSeconds)
    : t('common:toast.subscribeFailed')
}

export async function subscribeEmail(request: SubscribeEmailRequest): Promise<SubscribeEmailAnswer> {
  return dataOf(await api.post<SubscribeEmailAnswer>('/home/subEmail', request))
}
