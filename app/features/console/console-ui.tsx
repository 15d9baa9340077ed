/**
 * Small pieces the console's pages share: a labelled select and text area in the design system's look, the
 * loading state of a section, the line saying what an action did, a translated error line (and a refused field's,
 * beside the field), and times shown in the firm's time zone.
 */
import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react'
import { Spinner } from '#app/components/spinner.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import type { Locale } from '#contracts/regions.ts'
import { errorKeyOf, fieldCodesOf } from './console-client.ts'
import type { ConsoleActionState } from './use-console-action.ts'

const controlShape = 'w-full rounded-lg border bg-white px-3 text-sm text-ink-900'
const controlClass = `${controlShape} border-ink-300 focus:border-brand-600`

/** A labelled select; `error` (translated) is shown under it and announced. */
export function SelectField({
  label,
  error,
  children,
  ...rest
}: {
  label: string
  error?: string | undefined
  children: ReactNode
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId()
  const messageId = `${id}-message`
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        className={`h-10 ${error ? `${controlShape} border-loss` : controlClass}`}
        {...rest}
      >
        {children}
      </select>
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-loss">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function TextAreaField({
  label,
  ...rest
}: { label: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink-800">
        {label}
      </label>
      <textarea id={id} className={`py-2 font-mono ${controlClass}`} {...rest} />
    </div>
  )
}

export function ConsoleLoading() {
  const { t } = useTranslation('console')
  return (
    <div className="flex justify-center py-16">
      <Spinner label={t('loading')} />
    </div>
  )
}

/** What the last action did (saved, removed…), read out to screen readers as it appears; darker than the gain
 * colour so it keeps 4.5:1 on the grey panels too. The site settings' tabs draw it boxed. */
export function ConsoleNotice({ notice, isBoxed = false }: { notice: string; isBoxed?: boolean }) {
  if (!notice) return null
  return (
    <p
      role="status"
      className={
        isBoxed
          ? 'rounded-lg border border-gain bg-white px-3 py-2 text-sm text-ink-900'
          : 'text-sm text-[color-mix(in_srgb,var(--color-gain)_75%,black)]'
      }
    >
      {notice}
    </p>
  )
}

/** What an action (use-console-action.ts) last said: its notice, or the failure it ended in. */
export function ConsoleActionLines({
  action,
  isBoxed,
}: {
  action: Pick<ConsoleActionState, 'notice' | 'error'>
  isBoxed?: boolean
}) {
  return (
    <>
      <ConsoleNotice notice={action.notice} isBoxed={isBoxed} />
      <ConsoleError error={action.error} />
    </>
  )
}

/** A failure of the API in the reader's language (errors.json has every CONSOLE_* code). */
export function ConsoleError({ error }: { error: unknown }) {
  const { t } = useTranslation()
  if (!error) return null
  return (
    <p role="alert" className="rounded-lg border border-loss px-3 py-2 text-sm text-loss">
      {t(errorKeyOf(error), { defaultValue: t('errors:INTERNAL_ERROR') })}
    </p>
  )
}

/** A refused field's message in the reader's language, for fields the design system's inputs do not draw. */
export function ConsoleFieldMessage({ message }: { message: string | undefined }) {
  if (!message) return null
  return (
    <p role="alert" className="text-sm text-loss">
      {message}
    </p>
  )
}

/**
 * The message of a refused field by its path (`title.en`, `holdings.2.weightPercent`…): the form's own checks
 * (`codes`, path → error code) else the fields the API's refusal named (`error`).
 */
export function useFieldMessages(
  error: unknown,
  codes: Readonly<Record<string, string>> = {},
): (field: string) => string | undefined {
  const { t } = useTranslation('errors')
  const refused = fieldCodesOf(error)
  return (field) => {
    const code = codes[field] ?? refused[field]
    return code ? t(code, { defaultValue: t('VALIDATION_FAILED') }) : undefined
  }
}

/** An instant as the firm's wall clock (the console's times are the firm's, wherever the editor sits). */
export function formatFirmTime(iso: string | null, timeZone: string, displayLocale: string): string {
  if (!iso) return '—'
  return new Intl.DateTimeFormat(displayLocale, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso))
}

/**
 * A text kept in both languages, shown in the console's language (English when the Chinese one is empty: the
 * console requires both, older rows may lack one).
 */
export function useTextInConsoleLanguage(): (text: Record<Locale, string>) => string {
  const { locale } = useRootData()
  return (text) => text[locale] || text.en
}
