/**
 * Cookie consent (spec §2, §4): shown until the reader accepts; acceptance is kept in the `privacy` cookie for a
 * year — on the regional sites' shared parent domain when they have one, so every regional site sees it; otherwise
 * the language switcher carries it (ADR 0010) — and the server stops rendering the banner. Behaviour analytics load
 * only after acceptance. While it shows, its height is the page's `--cookie-banner-height`, which the page keeps free
 * at its foot (app.css) and full-height screens (the chat) take off their own height, so it never covers a button.
 */
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { writeBrowserCookie } from '#app/api/cookies.ts'
import { Button, buttonClassName } from '#app/components/button.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { useRootData } from '#app/use-root-data.ts'
import { cookieDomainOfHost } from '#contracts/cookie-domains.ts'
import { cookieNames } from '#contracts/cookie-names.ts'

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
  const { publicConfig } = useRootData()
  const [isVisible, setIsVisible] = useState(!hasAccepted)
  const bannerRef = useRef<HTMLElement>(null)
  useEffect(() => {
    const banner = bannerRef.current
    if (!isVisible || !banner) return
    const root = document.documentElement
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--cookie-banner-height', `${banner.offsetHeight}px`),
    )
    observer.observe(banner)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--cookie-banner-height')
    }
  }, [isVisible])
  if (!isVisible) return null
  return (
    <section
      ref={bannerRef}
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
              writeBrowserCookie(
                cookieNames.privacy,
                'accepted',
                oneYearSeconds,
                cookieDomainOfHost(publicConfig.cookieDomain, window.location.hostname),
              )
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
