/** The message of a failed alerts call, in the reader's language (its code's message in `errors`). */
import { useTranslation } from 'react-i18next'
import { ApiError } from '#app/api/api-client.ts'

export function useAlertFailure() {
  const { t, i18n } = useTranslation('errors')
  return (error: unknown, max?: number) => {
    const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
    return t(i18n.exists(`errors:${code}`) ? `errors:${code}` : 'errors:INTERNAL_ERROR', { max: max ?? '' })
  }
}
