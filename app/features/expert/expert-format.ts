/**
 * How the expert desk says times and failures: instants on the reader's clock, calendar days as written, and a
 * failure's sentence from errors.json (else the generic one).
 */
import { useCallback } from 'react'
import { ApiError } from '#app/api/api-client.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'

export function useFormats() {
  const { displayLocale, timeZone } = useRootData()
  return {
    time: (iso: string) =>
      new Intl.DateTimeFormat(displayLocale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(iso),
      ),
    /** A calendar day (`YYYY-MM-DD`) as written, whatever the reader's zone. */
    day: (day: string) =>
      new Intl.DateTimeFormat(displayLocale, { timeZone: 'UTC', dateStyle: 'long' }).format(
        new Date(`${day}T00:00:00Z`),
      ),
  }
}

/** A failure's sentence: the code's message in errors.json, else the generic one. */
export function useErrorText() {
  const { t, i18n } = useTranslation('errors')
  return useCallback(
    (error: unknown) => {
      const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
      return t(i18n.exists(`errors:${code}`) ? code : 'INTERNAL_ERROR')
    },
    [t, i18n],
  )
}
