/** What the search page says past the keyword-search limit: how long until this address may search again. */
import type { Translate } from '#app/api/rate-limit-message.ts'
import { retryWaitOf } from '#contracts/retry-wait.ts'

export function searchLimitMessage(t: Translate, retryAfterSeconds: number | null): string {
  const wait = retryWaitOf(retryAfterSeconds)
  return wait ? t(`lists.search.tooManyIn.${wait.unit}`, { count: wait.count }) : t('lists.search.tooMany')
}
