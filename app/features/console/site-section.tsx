/**
 * /console/site (admins): the site's administration in tabs — site texts, the header menu, redirects, contact
 * channels and the price catalogue. Each tab loads from /api/console/site/* and shows what readers will see.
 */
import { clsx } from 'clsx'
import { Link } from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ConsoleMe } from '#contracts/console-rules.ts'
import { SiteContactTab } from './site-contact-tab.tsx'
import { SiteMenuTab } from './site-menu-tab.tsx'
import { SitePricesTab } from './site-prices-tab.tsx'
import { SiteRedirectsTab } from './site-redirects-tab.tsx'
import { SiteTextEditor, SiteTextsTab } from './site-texts-tab.tsx'
import { type SiteView, sitePathOf, siteTabs } from './site-view.ts'

export function SiteSection({ view, me }: { view: SiteView; me: ConsoleMe }) {
  const { t } = useTranslation(['console', 'console-site'], { nsMode: 'fallback' })
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-ink-950">{t('site.title')}</h1>
      <nav aria-label={t('site.tabs')}>
        <ul className="flex flex-wrap gap-1 border-b border-ink-100">
          {siteTabs.map((tab) => {
            const isCurrent = view.tab === tab
            return (
              <li key={tab}>
                <Link
                  to={sitePathOf(tab === 'texts' ? { tab, text: null } : { tab })}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={clsx(
                    '-mb-px block border-b-2 px-3 py-2 text-sm font-medium',
                    isCurrent
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-ink-700 hover:text-ink-950',
                  )}
                >
                  {t(`site.tabNames.${tab}`)}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      <SiteTabView view={view} me={me} />
    </div>
  )
}

function SiteTabView({ view, me }: { view: SiteView; me: ConsoleMe }) {
  switch (view.tab) {
    case 'texts':
      return view.text ? (
        <SiteTextEditor key={`${view.text.key}:${view.text.locale}`} text={view.text} me={me} />
      ) : (
        <SiteTextsTab me={me} />
      )
    case 'menu':
      return <SiteMenuTab />
    case 'redirects':
      return <SiteRedirectsTab />
    case 'contact':
      return <SiteContactTab me={me} />
    case 'prices':
      return <SitePricesTab />
  }
}
