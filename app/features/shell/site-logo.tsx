import { useTranslation } from '#app/i18n/use-translation.tsx'

export function SiteLogo() {
  const { t } = useTranslation()
  return (
    <span className="inline-flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#111a2e" />
        <path
          d="M7 21l6-6 4 4 8-9"
          fill="none"
          stroke="#12a39a"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="25" cy="10" r="2" fill="#c99a2e" />
      </svg>
      <span className="hidden text-lg font-bold tracking-tight text-ink-950 sm:inline">{t('siteName')}</span>
    </span>
  )
}
