/**
 * The footer (spec §2): agreements and policies, tagline, copyright, subscription form, contact and the plans. The shell
 * hydrates it after the page (deferHydration); `data-hydrated` says its buttons and form now answer.
 */

import { __iconData as messageSquareShape } from 'lucide-react/icons/message-square'
import { useEffect, useRef } from 'react'
import { outlineIcon } from '#app/components/icons.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { useContact } from '#app/features/contact/contact-provider.tsx'
import { NewsletterForm } from '#app/features/contact/newsletter-form.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { SiteTextData } from '#contracts/site.ts'
import { SiteLogo } from './site-logo.tsx'

const MessageSquare = outlineIcon(messageSquareShape)

export function SiteFooter({ footer, year }: { footer: SiteTextData | undefined; year: number }) {
  const { t } = useTranslation('shell')
  const { openContact } = useContact()
  const footerRef = useRef<HTMLElement>(null)
  useEffect(() => {
    footerRef.current?.setAttribute('data-hydrated', 'true')
  }, [])
  return (
    <footer ref={footerRef} data-site-footer="" className="mt-16 bg-ink-950 text-ink-100">
      <div className="mx-auto grid max-w-screen-2xl gap-10 px-4 py-12 md:grid-cols-2 lg:grid-cols-3 lg:px-6">
        <div className="flex flex-col gap-3">
          <span className="[&_span]:text-white">
            <SiteLogo />
          </span>
          {footer?.tagline ? <p className="text-sm text-ink-300">{footer.tagline}</p> : null}
          <button
            type="button"
            onClick={openContact}
            className="mt-2 inline-flex w-fit items-center gap-2 rounded-lg border border-ink-700 px-3 py-2 text-sm hover:bg-ink-800"
          >
            <MessageSquare className="size-4" aria-hidden="true" />
            {t('contact.open')}
          </button>
          <PageLink
            to="/subscribe"
            className="w-fit text-sm text-ink-300 underline-offset-4 hover:text-white hover:underline"
          >
            {t('footer.plans')}
          </PageLink>
        </div>
        <nav aria-label={t('footer.policies')}>
          <h2 className="mb-3 text-sm font-semibold text-white">{t('footer.policies')}</h2>
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {(footer?.links ?? []).map((link) => (
              <li key={link.href}>
                <PageLink to={link.href} className="text-ink-300 hover:text-white">
                  {link.label}
                </PageLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="[&_label]:text-ink-100">
          <h2 className="mb-1 text-sm font-semibold text-white">{t('newsletter.title')}</h2>
          <p className="mb-3 text-sm text-ink-300">{t('newsletter.description')}</p>
          <NewsletterForm source="footer" tone="dark" />
        </div>
      </div>
      <div className="border-t border-ink-800">
        <p className="mx-auto max-w-screen-2xl px-4 py-4 text-xs text-ink-300 lg:px-6">
          {t('footer.copyright', { year })} {t('footer.riskNotice')}
        </p>
      </div>
    </footer>
  )
}
