/**
 * Links to the same page on the other language's domain (spec §2). A plain link: the other site is another
 * origin, and its server remembers the choice in the i18n_redirected cookie.
 */
import { Languages } from 'lucide-react'
import { useLocation } from 'react-router'
import { useRootData } from '#app/use-root-data.ts'
import { regionSettings } from '#contracts/regions.ts'

export function LanguageSwitcher({ className }: { className?: string }) {
  const { region, publicConfig } = useRootData()
  const location = useLocation()
  const target = regionSettings[region].otherLanguageRegion
  const targetLocale = regionSettings[target].locale
  const href = `${publicConfig.siteOrigins[target]}${location.pathname}${location.search}`
  const label = targetLocale === 'zh-Hant' ? '繁體中文' : 'English'
  return (
    <a
      href={href}
      hrefLang={targetLocale}
      lang={targetLocale}
      className={
        className ??
        'inline-flex items-center gap-1 rounded-lg px-2 py-2 text-sm text-ink-800 hover:bg-ink-100'
      }
      data-testid="language-switcher"
    >
      <Languages className="size-4" aria-hidden="true" />
      {label}
    </a>
  )
}
