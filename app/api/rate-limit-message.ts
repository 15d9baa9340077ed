/**
 * The sentence a page shows when the API answered 429 (RATE_LIMITED): how long to wait, from the `retry-after`
 * header the client kept, in the page's language (errors.json, plural forms). Without a usable wait it is
 * the plain "wait a moment" message.
 */
import type { TFunction } from '#app/i18n/i18n.ts'
import { CommonErrorCode } from '#contracts/error-codes.ts'
import { rateLimitedMessageCode, retryWaitOf } from '#contracts/retry-wait.ts'
import { ApiError } from './api-client.ts'

/** The translate function of `useTranslation` (any namespaces; keys are given with their `ns:` prefix). */
export type Translate = TFunction

export function rateLimitedMessage(t: Translate, retryAfterSeconds: number | null): string {
  const wait = retryWaitOf(retryAfterSeconds)
  return wait
    ? t(`errors:${rateLimitedMessageCode[wait.unit]}`, { count: wait.count })
    : t(`errors:${CommonErrorCode.rateLimited}`)
}

/** Whether a failure is a per-address limit (as opposed to a quota, which has its own code and message). */
export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === CommonErrorCode.rateLimited
}
