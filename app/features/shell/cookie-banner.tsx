/**
 * Cookie consent (spec §2, §4): shown until the reader accepts; acceptance is kept in the `privacy` cookie for a
 * year, so the server stops rendering the banner. Behaviour analytics load only after acceptance.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { cookieNames, writeBrowserCookie } from '#app/api/cookies.ts'
import { Button, buttonClassName } from '#app/components/button.tsx'

const oneYearSeconds = 365 * 24 * 60 * 60

function loadAnalyticsScript(url: string): void {
  const script = document.createElement('script')
  script.async = true
  script.src = url
  document.body.appendChild(script)
}

export function CookieBanner({
  hasAccepted,
  analyticsScriptUrl,
}: {
  hasAccepted: boolean
  analyticsScriptUrl?: string | undefined
}) {
  const { t } = useTranslation('shell')
  const [isVisible, setIsVisible] = useState(!hasAccepted)
  if (!isVisible) return null
  return (
    <section
      aria-label={t('cookies.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-ink-100 bg-white p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
      data-testid="cookie-banner"
    >
      <div className="mx-auto flex max-w-screen-xl flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <p className="text-sm text-ink-800">{t('cookies.message')}</p>
        <div className="flex shrink-0 gap-2">
          <Link to="/cookie-policy" className={buttonClassName('secondary', 'sm')}>
            {t('cookies.viewDetail')}
          </Link>
          <Button
            size="sm"
            onClick={() => {
              writeBrowserCookie(cookieNames.privacy, 'accepted', oneYearSeconds)
              setIsVisible(false)
              if (analyticsScriptUrl) loadAnalyticsScript(analyticsScriptUrl)
            }}
          >
            {t('cookies.accept')}
          </Button>
        </div>
      </div>
    </section>
  )
}
