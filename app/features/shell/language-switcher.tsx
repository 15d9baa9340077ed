/**
 * Links to the same page on the other language's domain (spec §2); the other site remembers the choice in the
 * i18n_redirected cookie. When the two sites share no cookie domain and the reader has something there to carry —
 * a login or the cookie consent — the link starts this site's hand-over (ADR 0010), which carries both and lands on
 * the same page; otherwise it is a plain link, which a click still sends through the hand-over for the visitor's
 * device id (ADR 0026).
 */

import { __iconData as languagesShape } from 'lucide-react/icons/languages'
import type { MouseEvent } from 'react'
import { useLocation } from 'react-router'
import { outlineIcon } from '#app/components/icons.tsx'
import { useAccount } from '#app/features/account/account-provider.tsx'
import { useRootData } from '#app/use-root-data.ts'
import { sharesCookies } from '#contracts/cookie-domains.ts'
import { regionSettings } from '#contracts/regions.ts'
import { handoverSwitchHref } from '#contracts/site-handover-paths.ts'

const Languages = outlineIcon(languagesShape)

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}

export function LanguageSwitcher({ className }: { className?: string }) {
  const { region, publicConfig, hasAcceptedCookies } = useRootData()
  const { isLoggedIn } = useAccount()
  const location = useLocation()
  const target = regionSettings[region].otherLanguageRegion
  const targetLocale = regionSettings[target].locale
  const path = `${location.pathname}${location.search}`
  const plainHref = `${publicConfig.siteOrigins[target]}${path}`
  const handoverHref = handoverSwitchHref(target, path)
  const canCarry = !sharesCookies(
    publicConfig.cookieDomain,
    new URL(publicConfig.siteOrigins[region]).host,
    new URL(publicConfig.siteOrigins[target]).host,
  )
  const href = canCarry && (isLoggedIn || hasAcceptedCookies) ? handoverHref : plainHref
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
      onClick={(event) => {
        // Between sites that share no cookies, a click always takes the hand-over: the consent may have been given
        // on this page after it was drawn, and a visitor's device id (HttpOnly, so the page cannot see it) carries
        // the free allowances they used here (ADR 0026). The server makes it a plain move when nothing is to carry.
        // The link itself stays plain for a reader with nothing the page knows of, so crawlers follow no redirects.
        if (href === plainHref && canCarry && isPlainClick(event)) {
          event.preventDefault()
          window.location.assign(handoverHref)
        }
      }}
    >
      <Languages className="size-4" aria-hidden="true" />
      {label}
    </a>
  )
}
