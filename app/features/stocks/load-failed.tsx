import { useTranslation } from '#app/i18n/use-translation.tsx'

/** Parts of the report fetched when opened (the checks, the fair value's calculation): what failed, and a retry. */
export function LoadFailed({
  message,
  onRetry,
  className,
}: {
  message: string
  onRetry(): void
  className: string
}) {
  const { t } = useTranslation('common')
  return (
    <p role="alert" className={`flex flex-wrap items-center gap-2 text-sm text-ink-800 ${className}`}>
      {message}
      <button
        type="button"
        onClick={onRetry}
        className="font-medium text-brand-700 underline underline-offset-2"
      >
        {t('actions.retry')}
      </button>
    </p>
  )
}
