/** The message of a failed alerts call, in the reader's language (its code's message in `errors`). */

import { ApiError } from '#app/api/api-client.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'

export function useAlertFailure() {
  const { t, i18n } = useTranslation('errors')
  return (error: unknown, max?: number) => {
    const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
    return t(i18n.exists(`errors:${code}`) ? `errors:${code}` : 'errors:INTERNAL_ERROR', { max: max ?? '' })
  }
}
